import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  Pagination,
  Select,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../../../client/lib/router/index.ts';
import { useSelf } from '../../../client/lib/self.ts';
import { DialogForm } from '../../../client/ui/DialogForm.tsx';
import { errorText } from '../../../client/ui/FormError.tsx';
import { PersonAvatar } from '../../../client/ui/PersonAvatar.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { showSuccess } from '../../../client/ui/toast.ts';
import { todayUtc } from '../../../shared/dates.ts';
import { fullName } from '../../../shared/person.ts';
import { analyzerMessages, peopleToolsMessages as m } from '../people-tools.messages.ts';
import type { Pair } from '../people-tools.schemas.ts';
import { CoreValuesPanel } from './CoreValuesPanel.tsx';
import { PAGE, useCreatePair, usePairs, useReportingLines } from './people-tools.queries.ts';
import { ReportingPanel } from './ReportingPanel.tsx';
import { when } from './when.ts';

const NewPairDialog = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const self = useSelf().data;
  const lines = useReportingLines(false, 0);
  const create = useCreatePair();
  const navigate = useNavigate();
  const mine = (lines.data?.items ?? []).filter((line) => line.manager?.id === self?.user.id);
  const [reportId, setReportId] = useState<string | null>(null);
  const [startDate, setStartDate] = useState(todayUtc());
  const [startTime, setStartTime] = useState('09:00');
  const [repeatWeeks, setRepeatWeeks] = useState<number | string>(1);
  const close = () => {
    create.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={m.newOneOnOne} centered>
      <DialogForm
        onSubmit={() =>
          create.mutate(
            {
              reportId: reportId ?? '',
              startDate,
              startTime,
              timezone: self?.user.timezone ?? 'UTC',
              repeatWeeks: Number(repeatWeeks) || 1,
            },
            {
              onSuccess: (pair) => {
                showSuccess(m.oneOnOneCreated);
                close();
                void navigate(`/one-on-ones/${pair.id}`);
              },
            },
          )
        }
        onCancel={close}
        submitLabel={m.newOneOnOne}
        pending={create.isPending}
        failure={create.error ? errorText(create.error) : null}
      >
        <Select
          label={m.oneOnOneReport}
          data={mine.map((line) => ({ value: line.person.id, label: fullName(line.person) }))}
          value={reportId}
          onChange={setReportId}
          required
          data-autofocus
        />
        <TextInput
          label={m.oneOnOneStartDate}
          type="date"
          value={startDate}
          onChange={(e) => setStartDate(e.currentTarget.value)}
        />
        <TextInput
          label={m.oneOnOneStartTime}
          type="time"
          value={startTime}
          onChange={(e) => setStartTime(e.currentTarget.value)}
        />
        <NumberInput label={m.oneOnOneRepeatWeeks} min={1} max={8} value={repeatWeeks} onChange={setRepeatWeeks} />
      </DialogForm>
    </Modal>
  );
};

const PairCard = ({ pair }: { pair: Pair }) => {
  const other = pair.role === 'report' ? pair.manager : pair.report;
  return (
    <Card withBorder padding="sm" component="article" aria-label={m.oneOnOneWith(fullName(other))}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="sm" wrap="nowrap">
          <PersonAvatar person={other} />
          <Stack gap={0}>
            <Text fw={600} component={Link} to={`/one-on-ones/${pair.id}`}>
              {pair.role === 'admin'
                ? `${fullName(pair.manager)} · ${fullName(pair.report)}`
                : m.oneOnOneWith(fullName(other))}
            </Text>
            <Text size="xs" c="gray.7">
              {pair.role === 'manager' ? m.youManage : pair.role === 'report' ? m.youReport : m.adminView} ·{' '}
              {m.nextOn(when(pair.nextAt))} · {pair.lastHeldOn ? m.lastHeld(pair.lastHeldOn) : m.neverHeld}
            </Text>
          </Stack>
        </Group>
        {pair.liveId && <Badge color="green">{m.liveNow}</Badge>}
      </Group>
    </Card>
  );
};

const PairsPanel = () => {
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const pairs = usePairs((page - 1) * PAGE);
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          {m.newOneOnOne}
        </Button>
      </Group>
      {pairs.isPending ? (
        <SectionLoading />
      ) : pairs.isError ? (
        <SectionError title={m.loadFailed} error={pairs.error} onRetry={() => void pairs.refetch()} />
      ) : pairs.data.items.length === 0 ? (
        <Text c="gray.7">{m.oneOnOnesEmpty}</Text>
      ) : (
        pairs.data.items.map((pair) => <PairCard key={pair.id} pair={pair} />)
      )}
      {(pairs.data?.total ?? 0) > PAGE && (
        <Pagination total={Math.ceil((pairs.data?.total ?? 0) / PAGE)} value={page} onChange={setPage} size="sm" />
      )}
      {creating && <NewPairDialog opened onClose={() => setCreating(false)} />}
    </Stack>
  );
};

/** People: the 1:1s, the workspace's core values and (admins) who reports to whom. */
export const PeopleToolsPage = () => {
  const isAdmin = useSelf().data?.tenant?.isAdmin === '1';
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'one-on-ones';
  return (
    <Stack gap="md" p={{ base: 'sm', sm: 'md' }} maw={960}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={1} size="h2">
          {m.peopleToolsTitle}
        </Title>
        <Button component={Link} to="/people/analyzer" variant="default" size="sm">
          {analyzerMessages.openAnalyzer}
        </Button>
      </Group>
      <Tabs value={tab} onChange={(value) => setParams(value && value !== 'one-on-ones' ? { tab: value } : {})}>
        <Tabs.List>
          <Tabs.Tab value="one-on-ones">{m.oneOnOnesTitle}</Tabs.Tab>
          <Tabs.Tab value="values">{m.coreValuesTitle}</Tabs.Tab>
          {isAdmin && <Tabs.Tab value="reporting">{m.reportingTitle}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="one-on-ones" pt="md">
          <PairsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="values" pt="md">
          <CoreValuesPanel />
        </Tabs.Panel>
        {isAdmin && (
          <Tabs.Panel value="reporting" pt="md">
            <ReportingPanel />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
};
