import { Anchor, Button, Card, Group, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from '../../../client/lib/router/index.ts';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { Segmented } from '../../../client/ui/Segmented.tsx';
import { showError } from '../../../client/ui/toast.ts';
import { osHealthMessages } from '../os-health.messages.ts';
import { HEALTH_FIGURES, type Health, type HealthFigure } from '../os-health.schemas.ts';
import { formatFigure, HealthFigureCard, signedChange } from './HealthFigureCard.tsx';
import { HealthItemsDialog } from './HealthItemsDialog.tsx';
import { downloadHealthCsv, useHealth } from './os-health.queries.ts';

// /health (every meeting the caller sees) and /health/:meetingId: the figures by quarter
// (decision 124), what moved since last quarter, a chart each, the history as a table, a CSV.

const isEmpty = (health: Health) =>
  health.quarters.every(
    (q) => q.goalsTotal === 0 && q.todosDue === 0 && q.sessionsScheduled === 0 && q.sessionsHeld === 0,
  );

const Moved = ({ health }: { health: Health }) => (
  <Card withBorder radius="md" padding="md">
    <Title order={2} size="h5" mb="xs">
      {osHealthMessages.movedTitle}
    </Title>
    {health.moved.length === 0 ? (
      <Text size="sm" c="dimmed">
        {osHealthMessages.movedNone}
      </Text>
    ) : (
      <List size="sm" spacing={2}>
        {health.moved.map((m) => (
          <List.Item key={m.figure}>
            {`${osHealthMessages.figures[m.figure]}: ${formatFigure(m.figure, m.previous)} → ${formatFigure(m.figure, m.latest)} (${signedChange(m.change)})`}
          </List.Item>
        ))}
      </List>
    )}
  </Card>
);

const History = ({ health }: { health: Health }) => (
  <Card withBorder radius="md" padding="md">
    <Table.ScrollContainer minWidth={480}>
      <Table fz="sm" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{osHealthMessages.columns.quarter}</Table.Th>
            {health.quarters.map((q) => (
              <Table.Th key={q.id} scope="col" ta="right">
                {q.id}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {HEALTH_FIGURES.map((figure) => (
            <Table.Tr key={figure}>
              <Table.Th scope="row" fw={500}>
                {osHealthMessages.figures[figure]}
              </Table.Th>
              {health.quarters.map((q) => (
                <Table.Td key={q.id} ta="right">
                  {formatFigure(figure, q[figure])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  </Card>
);

export const HealthPage = () => {
  const { meetingId } = useParams();
  const [quarters, setQuarters] = useState('4');
  const [open, setOpen] = useState<HealthFigure | null>(null);
  const [downloading, setDownloading] = useState(false);
  const params = { meetingId, quarters: Number(quarters) };
  const health = useHealth(params);
  const title = health.data?.meetingTitle
    ? osHealthMessages.meetingPageTitle(health.data.meetingTitle)
    : osHealthMessages.pageTitle;
  const download = async () => {
    setDownloading(true);
    try {
      await downloadHealthCsv(params, osHealthMessages.exportFailed);
    } catch (error) {
      showError(error instanceof Error ? error.message : osHealthMessages.exportFailed);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {meetingId ? osHealthMessages.meetingIntro : osHealthMessages.pageIntro}
        </Text>
        {meetingId && (
          <Anchor component={Link} to="/health" size="sm">
            {osHealthMessages.scopeAll}
          </Anchor>
        )}
      </Stack>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" id="health-quarters-label">
            {osHealthMessages.quartersLabel}
          </Text>
          <Segmented
            aria-labelledby="health-quarters-label"
            value={quarters}
            onChange={setQuarters}
            data={['4', '8']}
            size="xs"
          />
        </Group>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={download}
          loading={downloading}
          disabled={!health.data}
        >
          {osHealthMessages.exportCsv}
        </Button>
      </Group>
      {health.isPending ? (
        <SectionLoading />
      ) : health.isError ? (
        <SectionError title={osHealthMessages.loadFailed} error={health.error} onRetry={() => health.refetch()} />
      ) : isEmpty(health.data) ? (
        <Card withBorder radius="md" padding="lg">
          <Text size="sm">{osHealthMessages.empty}</Text>
        </Card>
      ) : (
        <>
          <Moved health={health.data} />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
            {HEALTH_FIGURES.map((figure) => (
              <HealthFigureCard key={figure} figure={figure} health={health.data} onOpen={() => setOpen(figure)} />
            ))}
          </SimpleGrid>
          <History health={health.data} />
          {open && (
            <HealthItemsDialog
              key={open}
              opened
              onClose={() => setOpen(null)}
              figure={open}
              quarters={health.data.quarters.map((q) => q.id)}
              initialQuarter={health.data.quarters.at(-1)?.id ?? ''}
              meetingId={meetingId}
            />
          )}
        </>
      )}
    </Stack>
  );
};
