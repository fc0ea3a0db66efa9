import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadFile } from '../../../client/lib/download.ts';
import { Link, useParams } from '../../../client/lib/router/index.ts';
import { errorText } from '../../../client/ui/FormError.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { showError } from '../../../client/ui/toast.ts';
import { fullName } from '../../../shared/person.ts';
import { peopleToolsMessages as m } from '../people-tools.messages.ts';
import type { Conversation } from '../people-tools.schemas.ts';
import { ConversationForm, FormView } from './ConversationForm.tsx';
import { useConversation, useConversationActions } from './people-tools.queries.ts';

const Summary = ({ conversation }: { conversation: Conversation }) => {
  const { saveSummary, acknowledge } = useConversationActions(conversation.id);
  const [summary, setSummary] = useState(conversation.summary ?? '');
  const mine = conversation.role === 'manager' ? conversation.managerAckAt : conversation.reportAckAt;
  const ack = (name: string, at: string | null) =>
    at ? m.acknowledgedBy(`${name} (${at.slice(0, 10)})`) : `${name}: ${m.notAcknowledged}`;
  return (
    <Card withBorder padding="md" component="section" aria-label={m.summary}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {m.summary}
        </Title>
        {conversation.role === 'admin' ? (
          <Text style={{ whiteSpace: 'pre-wrap' }}>{conversation.summary || '—'}</Text>
        ) : (
          <>
            <Textarea
              aria-label={m.summary}
              description={m.summaryAckReset}
              value={summary}
              onChange={(e) => setSummary(e.currentTarget.value)}
              autosize
              minRows={3}
            />
            <Group gap="xs">
              <Button variant="default" onClick={() => saveSummary.mutate(summary)} loading={saveSummary.isPending}>
                {m.saveSummary}
              </Button>
              <Button
                onClick={() => acknowledge.mutate()}
                loading={acknowledge.isPending}
                disabled={mine !== null || !conversation.summary}
              >
                {m.acknowledge}
              </Button>
            </Group>
          </>
        )}
        {(saveSummary.error || acknowledge.error) && (
          <Text size="sm" c="red.8" role="alert">
            {errorText(saveSummary.error ?? acknowledge.error)}
          </Text>
        )}
        <Text size="sm" c="gray.7">
          {ack(fullName(conversation.manager), conversation.managerAckAt)}
        </Text>
        <Text size="sm" c="gray.7">
          {ack(fullName(conversation.report), conversation.reportAckAt)}
        </Text>
      </Stack>
    </Card>
  );
};

/** A quarterly or annual conversation: my form, then both side by side, the summary, the PDF. */
export const ConversationPage = () => {
  const { conversationId = '' } = useParams();
  const query = useConversation(conversationId);
  if (query.isPending) return <SectionLoading />;
  if (query.isError)
    return <SectionError title={m.loadFailed} error={query.error} onRetry={() => void query.refetch()} />;
  const c = query.data;
  const mySubmitted = c.myForm?.submittedAt != null;
  const both = c.managerSubmitted && c.reportSubmitted;
  const title = m.conversationTitle(c.kind === 'annual' ? m.annual : m.quarterly, c.period);
  return (
    <Stack gap="lg" p={{ base: 'sm', sm: 'md' }} maw={1040}>
      <Stack gap={2}>
        <Anchor component={Link} to={`/one-on-ones/${c.pairId}`} size="sm">
          {`${fullName(c.manager)} · ${fullName(c.report)}`}
        </Anchor>
        <Group justify="space-between" wrap="wrap">
          <Title order={1} size="h2">
            {title}
          </Title>
          <Button
            variant="light"
            leftSection={<IconFileTypePdf size={16} />}
            onClick={() =>
              downloadFile(`/conversations/${c.id}/export`, `conversation-${c.period}.pdf`, m.loadFailed).catch(
                (error) => showError(errorText(error)),
              )
            }
          >
            {m.exportPdf}
          </Button>
        </Group>
        <Group gap="xs">
          <Text size="sm" c="gray.7">
            {c.heldOn}
          </Text>
          <Badge variant="light" color={c.managerSubmitted ? 'teal' : 'gray'}>
            {`${m.managerSide}: ${c.managerSubmitted ? m.formSubmitted : m.formPending}`}
          </Badge>
          <Badge variant="light" color={c.reportSubmitted ? 'teal' : 'gray'}>
            {`${m.reportSide}: ${c.reportSubmitted ? m.formSubmitted : m.formPending}`}
          </Badge>
        </Group>
      </Stack>
      {c.role !== 'admin' && !mySubmitted && (
        <Card withBorder padding="md">
          <Title order={2} size="h4" mb="xs">
            {m.myForm}
          </Title>
          <ConversationForm conversation={c} />
        </Card>
      )}
      {(mySubmitted || c.role === 'admin') && (
        <Card withBorder padding="md" component="section" aria-label={m.sideBySide}>
          <Title order={2} size="h4" mb="xs">
            {m.sideBySide}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <FormView title={`${m.managerSide}: ${fullName(c.manager)}`} form={c.managerForm} conversation={c} />
            <FormView title={`${m.reportSide}: ${fullName(c.report)}`} form={c.reportForm} conversation={c} />
          </SimpleGrid>
        </Card>
      )}
      {both && <Summary key={c.summary ?? ''} conversation={c} />}
    </Stack>
  );
};
