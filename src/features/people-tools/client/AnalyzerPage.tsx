import {
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Pagination,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAdjustments, IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from '../../../client/lib/router/index.ts';
import { useSelf } from '../../../client/lib/self.ts';
import { DialogForm } from '../../../client/ui/DialogForm.tsx';
import { errorText } from '../../../client/ui/FormError.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { showError, showSuccess } from '../../../client/ui/toast.ts';
import { quarterLabel } from '../../../shared/kpis.ts';
import { fullName } from '../../../shared/person.ts';
import { useSimpleMeetings } from '../../meetings/client/meetings.queries.ts';
import { useGroups } from '../../people/client/people.queries.ts';
import { quarterOptionLabel, todayLocal } from '../../quarters/client/quarters.format.ts';
import { useQuarters } from '../../quarters/client/quarters.queries.ts';
import { analyzerMessages as m } from '../people-tools.messages.ts';
import type { AnalyzerBar, AnalyzerRow } from '../people-tools.schemas.ts';
import { AnalyzerTable, VerdictBadge } from './AnalyzerTable.tsx';
import {
  ANALYZER_PAGE,
  type AnalyzerParams,
  HISTORY_PAGE,
  useAnalyzer,
  useAnalyzerHistory,
  useRatePerson,
  useSaveBar,
} from './analyzer.queries.ts';

// The People Analyzer page (decision 116): pick a quarter and a team, rate people against the
// workspace's bar, open a person's history. Only the caller's reports (an admin: everyone) show.

const BarDialog = ({ bar, onClose }: { bar: AnalyzerBar; onClose: () => void }) => {
  const save = useSaveBar();
  const [minPlus, setMinPlus] = useState<number | string>(bar.minPlus);
  const [maxMinus, setMaxMinus] = useState<number | string>(bar.maxMinus);
  const [gwcRequired, setGwcRequired] = useState(bar.gwcRequired);
  return (
    <Modal opened onClose={onClose} title={m.editBar} centered>
      <DialogForm
        onSubmit={() =>
          save.mutate(
            { minPlus: Number(minPlus), maxMinus: Number(maxMinus), gwcRequired },
            {
              onSuccess: () => {
                showSuccess(m.barSaved);
                onClose();
              },
            },
          )
        }
        onCancel={onClose}
        submitLabel={m.save}
        pending={save.isPending}
        failure={save.error ? errorText(save.error) : null}
      >
        <NumberInput label={m.barMinPlus} min={0} max={20} value={minPlus} onChange={setMinPlus} data-autofocus />
        <NumberInput label={m.barMaxMinus} min={0} max={20} value={maxMinus} onChange={setMaxMinus} />
        <Checkbox label={m.barGwc} checked={gwcRequired} onChange={(e) => setGwcRequired(e.currentTarget.checked)} />
      </DialogForm>
    </Modal>
  );
};

const HistoryDialog = ({ row, bar, onClose }: { row: AnalyzerRow; bar: AnalyzerBar; onClose: () => void }) => {
  const [offset, setOffset] = useState(0);
  const history = useAnalyzerHistory(row.person.id, offset);
  const gwcWord = (answer: boolean | null) => (answer === null ? m.notRated : answer ? m.yes : m.no);
  return (
    <Modal opened onClose={onClose} title={m.historyOf(fullName(row.person))} centered size="lg">
      {history.isPending ? (
        <SectionLoading />
      ) : history.isError ? (
        <SectionError title={m.loadFailed} error={history.error} onRetry={() => void history.refetch()} />
      ) : history.data.items.length === 0 ? (
        <Text c="gray.7">{m.historyEmpty}</Text>
      ) : (
        <Stack gap="sm">
          {history.data.items.map((item) => (
            <Card
              key={item.quarter}
              withBorder
              padding="sm"
              component="section"
              aria-label={quarterLabel(item.quarter)}
            >
              <Group justify="space-between" wrap="wrap" gap="xs" mb={6}>
                <Text fw={700}>{quarterLabel(item.quarter)}</Text>
                <VerdictBadge verdict={item.verdict} bar={bar} />
              </Group>
              <Group gap={6} wrap="wrap">
                {item.marks.map((mark) => (
                  <Badge key={mark.id} variant="outline" color="dark" radius="sm" tt="none">
                    {mark.title}
                    {mark.retired ? ` (${m.retiredValue})` : ''}:{' '}
                    {mark.mark === '+' ? m.markPlus : mark.mark === '+/-' ? m.markMixed : m.markMinus}
                  </Badge>
                ))}
              </Group>
              <Text size="sm" mt={6}>
                {m.getsIt}: {gwcWord(item.getsIt)} · {m.wantsIt}: {gwcWord(item.wantsIt)} · {m.capacityFull}:{' '}
                {gwcWord(item.capacity)}
              </Text>
              {item.ratedBy && (
                <Text size="xs" c="gray.7" mt={4}>
                  {m.ratedBy(fullName(item.ratedBy), new Date(item.updatedAt).toLocaleDateString())}
                </Text>
              )}
            </Card>
          ))}
          {history.data.total > HISTORY_PAGE && (
            <Group justify="space-between">
              <Button
                variant="default"
                size="xs"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - HISTORY_PAGE))}
              >
                {m.previous}
              </Button>
              <Button
                variant="default"
                size="xs"
                disabled={offset + HISTORY_PAGE >= history.data.total}
                onClick={() => setOffset(offset + HISTORY_PAGE)}
              >
                {m.next}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
};

/** The quarters that have started, the latest first, from the start of last year. */
const useStartedQuarters = () => {
  const today = todayLocal();
  const year = Number(today.slice(0, 4));
  const quarters = useQuarters(`${year - 1}-01-01`, today);
  const started = useMemo(
    () => (quarters.data ?? []).filter((quarter) => quarter.startDate <= today).reverse(),
    [quarters.data, today],
  );
  return { quarters, started };
};

const TeamPicker = ({ value, onChange }: { value: string; onChange: (value: string) => void }) => {
  const isAdmin = useSelf().data?.tenant?.isAdmin === '1';
  const meetings = useSimpleMeetings(true, !isAdmin);
  const groups = useGroups();
  const data = [
    { value: 'mine', label: m.teamMine },
    ...((meetings.data ?? []).length > 0
      ? [
          {
            group: m.teamMeetings,
            items: (meetings.data ?? []).map((meeting) => ({ value: `meeting:${meeting.id}`, label: meeting.title })),
          },
        ]
      : []),
    ...((groups.data?.groups ?? []).length > 0
      ? [
          {
            group: m.teamGroups,
            items: (groups.data?.groups ?? []).map((group) => ({ value: `group:${group.id}`, label: group.name })),
          },
        ]
      : []),
  ];
  return (
    <Select
      label={m.team}
      data={data}
      value={value}
      onChange={(next) => onChange(next === null ? 'mine' : String(next))}
      allowDeselect={false}
      searchable
      w={{ base: '100%', xs: 260 }}
    />
  );
};

export const AnalyzerPage = () => {
  const { quarters, started } = useStartedQuarters();
  const [quarter, setQuarter] = useState<string | null>(null);
  const [team, setTeam] = useState('mine');
  const [page, setPage] = useState(1);
  const [historyOf, setHistoryOf] = useState<AnalyzerRow | null>(null);
  const [editingBar, setEditingBar] = useState(false);
  const [pendingKey, setPendingKey] = useState<string | null>(null);
  useEffect(() => {
    if (!quarter && started[0]) setQuarter(started[0].id);
  }, [quarter, started]);

  const [kind, teamId] = team.split(':') as [string, string | undefined];
  const params: AnalyzerParams = {
    quarter: quarter ?? '',
    meetingId: kind === 'meeting' ? (teamId ?? null) : null,
    groupId: kind === 'group' ? (teamId ?? null) : null,
    offset: (page - 1) * ANALYZER_PAGE,
  };
  const table = useAnalyzer(params, quarter !== null);
  const rate = useRatePerson(params);

  return (
    <Stack gap="md" p={{ base: 'sm', sm: 'md' }} maw={1200}>
      <Anchor component={Link} to="/people" size="sm">
        <Group gap={4} component="span" wrap="nowrap">
          <IconArrowLeft size={14} aria-hidden />
          {m.backToPeople}
        </Group>
      </Anchor>
      <Title order={1} size="h2">
        {m.title}
      </Title>
      <Text size="sm" c="gray.7">
        {m.hint}
      </Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={m.quarter}
          data={started.map((q) => ({ value: q.id, label: quarterOptionLabel(q) }))}
          value={quarter}
          onChange={(next) => {
            setQuarter(next);
            setPage(1);
          }}
          allowDeselect={false}
          disabled={quarters.isPending}
          w={{ base: '100%', xs: 280 }}
        />
        <TeamPicker
          value={team}
          onChange={(next) => {
            setTeam(next);
            setPage(1);
          }}
        />
      </Group>
      {quarters.isError ? (
        <SectionError title={m.loadFailed} error={quarters.error} onRetry={() => void quarters.refetch()} />
      ) : table.isPending ? (
        <SectionLoading />
      ) : table.isError ? (
        <SectionError title={m.loadFailed} error={table.error} onRetry={() => void table.refetch()} />
      ) : (
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm">
              <Text span fw={700}>
                {m.bar}:
              </Text>{' '}
              {m.barSummary(table.data.bar.minPlus, table.data.bar.maxMinus, table.data.bar.gwcRequired)}
            </Text>
            {table.data.canEditBar && (
              <Button
                variant="default"
                size="xs"
                leftSection={<IconAdjustments size={14} />}
                onClick={() => setEditingBar(true)}
              >
                {m.editBar}
              </Button>
            )}
          </Group>
          {table.data.coreValues.length === 0 && (
            <Text size="sm" c="gray.7" role="note">
              {m.noCoreValues}
            </Text>
          )}
          {table.data.items.length === 0 ? (
            <Text c="gray.7">{m.empty}</Text>
          ) : (
            <AnalyzerTable
              table={table.data}
              pendingKey={pendingKey}
              onHistory={setHistoryOf}
              onRate={(row, input, key) => {
                setPendingKey(key);
                rate.mutate(
                  { personId: row.person.id, input },
                  {
                    onError: (error) => showError(errorText(error) || m.saveFailed),
                    onSettled: () => setPendingKey(null),
                  },
                );
              }}
            />
          )}
          {table.data.total > ANALYZER_PAGE && (
            <Pagination total={Math.ceil(table.data.total / ANALYZER_PAGE)} value={page} onChange={setPage} size="sm" />
          )}
          {editingBar && <BarDialog bar={table.data.bar} onClose={() => setEditingBar(false)} />}
          {historyOf && <HistoryDialog row={historyOf} bar={table.data.bar} onClose={() => setHistoryOf(null)} />}
        </Stack>
      )}
    </Stack>
  );
};
