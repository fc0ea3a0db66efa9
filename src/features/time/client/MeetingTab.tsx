import { ActionIcon, Group, Popover, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconEdit } from '@tabler/icons-react';
import { useState } from 'react';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { addDays } from '../../../shared/dates.ts';
import { timeMessages } from '../time.messages.ts';
import { formatMinutes, formatMoney, parseDuration } from '../time.money.ts';
import type { TeamRow, TeamWeek } from '../time.schemas.ts';
import { CostRateEditor } from './CostRateEditor.tsx';
import { useSetCapacity, useTeamWeek, useWeek } from './time.queries.ts';
import { shiftWeek, shortDate, todayIso, weekdayOf } from './week.ts';

/** A person's weekly capacity, edited in place (admins). */
const CapacityEditor = ({ row }: { row: TeamRow }) => {
  const [opened, setOpened] = useState(false);
  const [text, setText] = useState(formatMinutes(Math.round(row.capacity * 60)));
  const [error, setError] = useState<string | null>(null);
  const save = useSetCapacity();
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus withinPortal>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={timeMessages.timeSetCapacity(row.name)}
          onClick={() => setOpened((o) => !o)}
        >
          <IconEdit size={14} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const minutes = parseDuration(text);
            if (minutes === null) return setError(timeMessages.timeDurationFormat);
            save.mutate(
              { userId: row.userId, weeklyMinutes: minutes },
              { onSuccess: () => setOpened(false), onError: (e) => setError((e as Error).message) },
            );
          }}
        >
          <TextInput
            label={timeMessages.timeSetCapacity(row.name)}
            description={timeMessages.timeDurationHint}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
        </form>
      </Popover.Dropdown>
    </Popover>
  );
};

const hoursText = (hours: number) => formatMinutes(Math.round(hours * 60));

const MinutesRow = ({ label, minutes, strong }: { label: string; minutes: number; strong?: boolean }) => (
  <Group justify="space-between" wrap="nowrap" gap="xs" pl={strong ? 0 : 'md'}>
    <Text size="sm" fw={strong ? 600 : undefined} c={strong ? undefined : 'dimmed'} truncate>
      {label}
    </Text>
    <Text size="sm" ff="monospace" c={strong ? undefined : 'dimmed'}>
      {formatMinutes(minutes)}
    </Text>
  </Group>
);

/** A meeting's time in the week and, where logged against its sessions, per session (decision 068). */
const MeetingTime = ({ meeting }: { meeting: TeamWeek['meetings'][number] }) => {
  const onSessions = meeting.sessions.reduce((sum, s) => sum + s.minutes, 0);
  return (
    <Stack gap={2} maw={480} data-testid="meeting-time">
      <MinutesRow label={meeting.title} minutes={meeting.minutes} strong />
      {meeting.sessions.map((s) => (
        <MinutesRow
          key={s.sessionId}
          label={timeMessages.timeSessionOn(`${weekdayOf(s.sessionDate).slice(0, 3)}, ${shortDate(s.sessionDate)}`)}
          minutes={s.minutes}
        />
      ))}
      {onSessions > 0 && meeting.minutes > onSessions && (
        <MinutesRow label={timeMessages.timeNoSessionTime} minutes={meeting.minutes - onSessions} />
      )}
    </Stack>
  );
};

/** document 3 §2 Meeting tab: a week's team totals and a row per employee (admins). */
export const MeetingTab = ({ isAdmin }: { isAdmin: boolean }) => {
  const [day, setDay] = useState(todayIso);
  // The week starts on the caller's first day of week: the week view knows it.
  const start = useWeek(day).data?.start ?? null;
  const team = useTeamWeek(start ?? day, isAdmin && start !== null);
  if (!isAdmin) return <Text c="dimmed">{timeMessages.timeTeamAdminsOnly}</Text>;
  if (!start || team.isPending) return <SectionLoading />;
  if (team.isError)
    return <SectionError title={timeMessages.timeLoadFailed} error={team.error} onRetry={() => team.refetch()} />;
  const data = team.data;
  const cells = (r: TeamWeek['totals']) => (
    <>
      <Table.Td ta="right">{hoursText(r.totalHours)}</Table.Td>
      <Table.Td ta="right">{hoursText(r.capacity)}</Table.Td>
      <Table.Td ta="right">{hoursText(r.billableHours)}</Table.Td>
      <Table.Td ta="right">{hoursText(r.nonBillableHours)}</Table.Td>
      <Table.Td ta="right">{r.billablePercent} %</Table.Td>
      <Table.Td ta="right">{r.nonBillablePercent} %</Table.Td>
      <Table.Td ta="right">{r.utilisationPercent} %</Table.Td>
    </>
  );
  return (
    <Stack gap="md">
      <Group gap="xs">
        <ActionIcon
          variant="default"
          aria-label={timeMessages.timePreviousWeek}
          onClick={() => setDay(shiftWeek(start, -1))}
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
        <ActionIcon
          variant="default"
          aria-label={timeMessages.timeNextWeek}
          onClick={() => setDay(shiftWeek(start, 1))}
        >
          <IconChevronRight size={18} />
        </ActionIcon>
        <Text fw={600}>{timeMessages.timeWeekOf(shortDate(start), shortDate(addDays(start, 6)))}</Text>
      </Group>
      <Table.ScrollContainer minWidth={860} type="native" tabIndex={0} aria-label={timeMessages.timeTabMeeting}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{timeMessages.timeEmployee}</Table.Th>
              <Table.Th ta="right">{timeMessages.timeHours}</Table.Th>
              <Table.Th ta="right">{timeMessages.timeCapacity}</Table.Th>
              <Table.Th ta="right">{timeMessages.timeBillableHours}</Table.Th>
              <Table.Th ta="right">{timeMessages.timeNonBillableHours}</Table.Th>
              <Table.Th ta="right">{timeMessages.timeBillablePercent}</Table.Th>
              <Table.Th ta="right">{timeMessages.timeNonBillablePercent}</Table.Th>
              <Table.Th ta="right">{timeMessages.timeUtilisation}</Table.Th>
              <Table.Th ta="right">{timeMessages.timeCostRate}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr fw={700} data-testid="team-totals">
              <Table.Td>{timeMessages.timeTeamTotals}</Table.Td>
              {cells(data.totals)}
              <Table.Td />
            </Table.Tr>
            {data.items.map((row) => (
              <Table.Tr key={row.userId}>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Text size="sm">{row.name}</Text>
                    <CapacityEditor row={row} />
                  </Group>
                </Table.Td>
                {cells(row)}
                <Table.Td ta="right">
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Text size="sm" ff={row.hourlyCost === null ? undefined : 'monospace'}>
                      {row.hourlyCost === null ? timeMessages.timeNoCostRate : formatMoney(row.hourlyCost)}
                    </Text>
                    <CostRateEditor userId={row.userId} name={row.name} current={row.hourlyCost} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text fw={600}>{timeMessages.timeByMeeting}</Text>
      {data.meetings.length === 0 ? (
        <Text c="dimmed">{timeMessages.timeNoMeetingTime}</Text>
      ) : (
        data.meetings.map((m) => <MeetingTime key={m.meetingId} meeting={m} />)
      )}
    </Stack>
  );
};
