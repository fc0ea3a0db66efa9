import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  List,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from '../../../client/lib/router/index.ts';
import { DialogForm } from '../../../client/ui/DialogForm.tsx';
import { errorText } from '../../../client/ui/FormError.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { todayUtc } from '../../../shared/dates.ts';
import { fullName } from '../../../shared/person.ts';
import { peopleToolsMessages as m } from '../people-tools.messages.ts';
import type { OneOnOne, Pair, PulledItem } from '../people-tools.schemas.ts';
import {
  PAGE,
  useConversations,
  useCreateConversation,
  useHistory,
  useOneOnOne,
  usePair,
  useUpcoming,
  useUpdateOneOnOne,
  useUpdatePair,
} from './people-tools.queries.ts';
import { TalkingPoints } from './TalkingPoints.tsx';
import { when } from './when.ts';

const Pulled = ({ title, items }: { title: string; items: PulledItem[] }) => (
  <Stack gap={4}>
    <Text size="sm" fw={600}>
      {title}
    </Text>
    {items.length === 0 ? (
      <Text size="sm" c="gray.7">
        {m.nothingHere}
      </Text>
    ) : (
      <List size="sm" spacing={2}>
        {items.map((item) => (
          <List.Item key={item.id + item.kind + (item.dueDate ?? '')}>
            {item.title}
            {item.dueDate ? ` · ${item.dueDate}` : ''}
            {item.kind === 'kpi' || item.kind === 'milestone' ? ` · ${item.detail}` : ''}
          </List.Item>
        ))}
      </List>
    )}
  </Stack>
);

const Notes = ({ meeting }: { meeting: OneOnOne }) => {
  const update = useUpdateOneOnOne(meeting.id);
  const [shared, setShared] = useState(meeting.sharedNotes ?? '');
  const [mine, setMine] = useState(meeting.privateNotes ?? '');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Stack gap={4}>
        <Textarea
          label={m.sharedNotes}
          value={shared}
          onChange={(e) => setShared(e.currentTarget.value)}
          autosize
          minRows={3}
        />
        <Button size="xs" variant="light" w="fit-content" onClick={() => update.mutate({ sharedNotes: shared })}>
          {m.saveNotes}
        </Button>
      </Stack>
      <Stack gap={4}>
        <Textarea
          label={m.privateNotes}
          description={m.privateNotesHint}
          value={mine}
          onChange={(e) => setMine(e.currentTarget.value)}
          autosize
          minRows={3}
        />
        <Button size="xs" variant="light" w="fit-content" onClick={() => update.mutate({ privateNotes: mine })}>
          {m.saveNotes}
        </Button>
      </Stack>
      {update.error && (
        <Text size="sm" c="red.8" role="alert">
          {errorText(update.error)}
        </Text>
      )}
    </SimpleGrid>
  );
};

const Current = ({ pair }: { pair: Pair }) => {
  const upcoming = useUpcoming(pair.id, pair.role !== 'admin');
  const meeting = useOneOnOne(upcoming.data?.id);
  const update = useUpdateOneOnOne(upcoming.data?.id ?? '');
  if (pair.role === 'admin') return null;
  if (upcoming.isPending || meeting.isPending) return <SectionLoading />;
  if (upcoming.isError || meeting.isError)
    return (
      <SectionError
        title={m.loadFailed}
        error={upcoming.error ?? meeting.error}
        onRetry={() => void upcoming.refetch()}
      />
    );
  const current = meeting.data;
  const live = current.startedAt !== null && current.finishedAt === null;
  return (
    <Card withBorder padding="md" component="section" aria-label={m.agendaTitle}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Title order={2} size="h3">
              {m.agendaTitle}
            </Title>
            <Text c="gray.7">{when(current.startsAt)}</Text>
            {live && <Badge color="green">{m.liveNow}</Badge>}
            {current.finishedAt && <Badge color="gray">{m.finished}</Badge>}
          </Group>
          {current.startedAt === null ? (
            <Button onClick={() => update.mutate({ state: 'started' })} loading={update.isPending}>
              {m.startOneOnOne}
            </Button>
          ) : live ? (
            <Button color="gray" onClick={() => update.mutate({ state: 'finished' })} loading={update.isPending}>
              {m.finishOneOnOne}
            </Button>
          ) : null}
        </Group>
        <TalkingPoints meeting={current} />
        {current.pulledIn && (
          <Stack gap="xs">
            <Title order={3} size="h4">
              {m.pulledIn}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <Pulled title={m.openTodos} items={current.pulledIn.todos} />
              <Pulled title={m.goalsAndMilestones} items={current.pulledIn.goals} />
              <Pulled title={m.offGoalKpis} items={current.pulledIn.kpis} />
            </SimpleGrid>
          </Stack>
        )}
        <Notes key={current.id} meeting={current} />
      </Stack>
    </Card>
  );
};

const HistorySection = ({ pairId }: { pairId: string }) => {
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const [limit, setLimit] = useState(10);
  const history = useHistory(pairId, search, limit);
  return (
    <Stack gap="xs" component="section" aria-label={m.history}>
      <Title order={2} size="h3">
        {m.history}
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setSearch(q.trim());
        }}
      >
        <TextInput
          aria-label={m.historySearch}
          placeholder={m.historySearch}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
        />
      </form>
      {history.isPending ? (
        <SectionLoading />
      ) : history.isError ? (
        <SectionError title={m.loadFailed} error={history.error} onRetry={() => void history.refetch()} />
      ) : history.data.items.length === 0 ? (
        <Text c="gray.7">{m.historyEmpty}</Text>
      ) : (
        history.data.items.map((item) => (
          <Card key={item.id} withBorder padding="sm" component="article" aria-label={item.heldOn}>
            <Text fw={600}>{item.heldOn}</Text>
            {item.sharedNotes === null ? (
              <Text size="sm" c="gray.7">
                {m.historyHidden}
              </Text>
            ) : (
              <Stack gap={2}>
                {item.points && item.points.length > 0 && <Text size="sm">{item.points.join(' · ')}</Text>}
                {item.sharedNotes && (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {item.sharedNotes}
                  </Text>
                )}
                {item.privateNotes && (
                  <Text size="sm" c="gray.7" style={{ whiteSpace: 'pre-wrap' }}>
                    {m.privateNotes}: {item.privateNotes}
                  </Text>
                )}
              </Stack>
            )}
          </Card>
        ))
      )}
      {(history.data?.total ?? 0) > limit && (
        <Button variant="subtle" w="fit-content" onClick={() => setLimit(limit + 10)}>
          {m.loadMore}
        </Button>
      )}
    </Stack>
  );
};

const NewConversation = ({ pairId, opened, onClose }: { pairId: string; opened: boolean; onClose: () => void }) => {
  const create = useCreateConversation(pairId);
  const today = todayUtc();
  const [kind, setKind] = useState<'quarterly' | 'annual'>('quarterly');
  const [period, setPeriod] = useState(`${today.slice(0, 4)}-Q${Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1}`);
  const [heldOn, setHeldOn] = useState(today);
  const close = () => {
    create.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={m.newConversation} centered>
      <DialogForm
        onSubmit={() => create.mutate({ kind, period, heldOn }, { onSuccess: close })}
        onCancel={close}
        submitLabel={m.newConversation}
        pending={create.isPending}
        failure={create.error ? errorText(create.error) : null}
      >
        <Select
          label={m.conversationKind}
          data={[
            { value: 'quarterly', label: m.quarterly },
            { value: 'annual', label: m.annual },
          ]}
          value={kind}
          onChange={(value) => value && setKind(value as 'quarterly' | 'annual')}
          allowDeselect={false}
        />
        <TextInput
          label={m.conversationPeriod}
          description={m.conversationPeriodHint}
          value={period}
          onChange={(e) => setPeriod(e.currentTarget.value)}
        />
        <TextInput
          label={m.conversationHeldOn}
          type="date"
          value={heldOn}
          onChange={(e) => setHeldOn(e.currentTarget.value)}
        />
      </DialogForm>
    </Modal>
  );
};

const ConversationsSection = ({ pair }: { pair: Pair }) => {
  const [limit, setLimit] = useState(PAGE);
  const [creating, setCreating] = useState(false);
  const list = useConversations(pair.id, limit);
  return (
    <Stack gap="xs" component="section" aria-label={m.conversationsTitle}>
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          {m.conversationsTitle}
        </Title>
        {pair.role !== 'admin' && <Button onClick={() => setCreating(true)}>{m.newConversation}</Button>}
      </Group>
      {list.isPending ? (
        <SectionLoading />
      ) : list.isError ? (
        <SectionError title={m.loadFailed} error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Text c="gray.7">{m.conversationsEmpty}</Text>
      ) : (
        list.data.items.map((item) => (
          <Group key={item.id} gap="xs" wrap="wrap">
            <Anchor component={Link} to={`/conversations/${item.id}`}>
              {m.conversationTitle(item.kind === 'annual' ? m.annual : m.quarterly, item.period)}
            </Anchor>
            <Text size="sm" c="gray.7">
              {item.heldOn}
            </Text>
            {item.managerSubmitted && item.reportSubmitted && <Badge variant="light">{m.sideBySide}</Badge>}
          </Group>
        ))
      )}
      {(list.data?.total ?? 0) > limit && (
        <Button variant="subtle" w="fit-content" onClick={() => setLimit(limit + PAGE)}>
          {m.loadMore}
        </Button>
      )}
      {creating && <NewConversation pairId={pair.id} opened onClose={() => setCreating(false)} />}
    </Stack>
  );
};

/** A pair's 1:1s: the current one live for both, past ones searchable, and their conversations. */
export const OneOnOnePage = () => {
  const { pairId = '' } = useParams();
  const pair = usePair(pairId);
  const share = useUpdatePair(pairId);
  if (pair.isPending) return <SectionLoading />;
  if (pair.isError) return <SectionError title={m.loadFailed} error={pair.error} onRetry={() => void pair.refetch()} />;
  const p = pair.data;
  const other = p.role === 'report' ? p.manager : p.report;
  return (
    <Stack gap="lg" p={{ base: 'sm', sm: 'md' }} maw={1040}>
      <Stack gap={2}>
        <Anchor component={Link} to="/people" size="sm">
          {m.oneOnOnesTitle}
        </Anchor>
        <Title order={1} size="h2">
          {p.role === 'admin' ? `${fullName(p.manager)} · ${fullName(p.report)}` : m.oneOnOneWith(fullName(other))}
        </Title>
        <Text size="sm" c="gray.7">
          {m.nextOn(when(p.nextAt))}
        </Text>
      </Stack>
      {p.role === 'report' && (
        <Switch
          label={m.shareWithAdmins}
          description={m.shareHint}
          checked={p.sharedWithAdmins}
          onChange={(e) => share.mutate({ sharedWithAdmins: e.currentTarget.checked })}
        />
      )}
      <Current pair={p} />
      <HistorySection pairId={p.id} />
      <ConversationsSection pair={p} />
    </Stack>
  );
};
