import { ActionIcon, Alert, Button, Group, Paper, Stack, Table, Tabs, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconEdit, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from '../../../client/lib/router/index.ts';
import { useClock } from '../../../client/lib/useNow.ts';
import { ConfirmDialog } from '../../../client/ui/ConfirmDialog.tsx';
import { errorText } from '../../../client/ui/FormError.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { Segmented } from '../../../client/ui/Segmented.tsx';
import { addDays } from '../../../shared/dates.ts';
import { isoDate } from '../../../shared/validation.ts';
import { timeMessages } from '../time.messages.ts';
import { formatMinutes } from '../time.money.ts';
import type { Entry, Timer } from '../time.schemas.ts';
import { EntryDialog } from './EntryDialog.tsx';
import { TimesheetGrid } from './TimesheetGrid.tsx';
import { useDeleteEntry, useResetTimer, useStartTimer, useStopTimer, useTimer, useWeek } from './time.queries.ts';
import { WeekSheetBar } from './WeekSheetBar.tsx';
import { shiftWeek, shortDate, todayIso, weekdayOf } from './week.ts';

const elapsedText = (startedAt: string, now: number) => {
  const seconds = Math.max(0, Math.floor((now - Date.parse(startedAt)) / 1000));
  const hh = Math.floor(seconds / 3600);
  const mm = String(Math.floor((seconds % 3600) / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return `${hh}:${mm}:${ss}`;
};

/** The running timer (owned by the server: every tab shows the same), with Stop and Reset. */
const TimerBar = ({ timer, onStartNew }: { timer: Timer | undefined; onStartNew: () => void }) => {
  const now = useClock(1000);
  const stop = useStopTimer();
  const reset = useResetTimer();
  if (timer?.timerStatus !== 'STARTED_TIMER' || !timer.startedAt) {
    return (
      <Group>
        <Button leftSection={<IconPlayerPlay size={16} />} variant="light" onClick={onStartNew}>
          {timeMessages.timeStartTimer}
        </Button>
      </Group>
    );
  }
  const what = `${timer.projectName} / ${timer.taskTitle}`;
  return (
    <Paper withBorder p="sm" role="status" aria-label={timeMessages.timeRunning(what)}>
      <Group justify="space-between" wrap="wrap">
        <Stack gap={0}>
          <Text fw={600}>{timeMessages.timeRunning(what)}</Text>
          {timer.note && (
            <Text size="sm" c="dimmed">
              {timer.note}
            </Text>
          )}
        </Stack>
        <Group>
          <Text ff="monospace" size="xl" data-testid="timer-elapsed">
            {elapsedText(timer.startedAt, now)}
          </Text>
          <Button color="red" onClick={() => stop.mutate()} loading={stop.isPending}>
            {timeMessages.timeStop}
          </Button>
          <Button variant="default" onClick={() => reset.mutate()} loading={reset.isPending}>
            {timeMessages.timeReset}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
};

type Dialog = { mode: 'entry' | 'timer'; entry: Entry | null } | null;

/**
 * document 3 §2 Time tab: week navigation, day tabs with totals, entries with Start, edit and
 * delete; or the week as a grid (decision 090, ?view=week). The week's timesheet state is above both.
 */
export const TimeTab = () => {
  const [params, setParams] = useSearchParams();
  // A link to a week (a notification's) names a day of it.
  const [day, setDay] = useState(() => {
    const linked = params.get('day');
    return linked && isoDate().safeParse(linked).success ? linked : todayIso();
  });
  const view = params.get('view') === 'week' ? 'week' : 'day';
  const showView = (next: string, date?: string) => {
    if (date) setDay(date);
    setParams(
      (current) => {
        const nextParams = new URLSearchParams(current);
        if (next === 'week') nextParams.set('view', 'week');
        else nextParams.delete('view');
        return nextParams;
      },
      { replace: true },
    );
  };
  const week = useWeek(day);
  const timer = useTimer();
  const startTimer = useStartTimer();
  const remove = useDeleteEntry();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [deleting, setDeleting] = useState<Entry | null>(null);
  // The week the answer is for: while another week loads, the last one is shown (placeholder)
  // and must not pull the selected day back into it.
  const start = week.isPlaceholderData ? undefined : week.data?.start;
  // The selected day stays in the week shown.
  useEffect(() => {
    if (start && (day < start || day >= shiftWeek(start, 1))) setDay(start);
  }, [start, day]);

  if (week.isPending) return <SectionLoading />;
  if (week.isError)
    return <SectionError title={timeMessages.timeLoadFailed} error={week.error} onRetry={() => week.refetch()} />;
  const data = week.data;
  const entries = data.entries.filter((e) => e.spentOn === day);
  const shownDay = data.days.find((d) => d.date === day);
  const dayMinutes = shownDay?.minutes ?? 0;
  const dayLocked = shownDay?.locked ?? false;
  return (
    <Stack gap="md">
      <TimerBar timer={timer.data} onStartNew={() => setDialog({ mode: 'timer', entry: null })} />
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <ActionIcon
            variant="default"
            aria-label={timeMessages.timePreviousWeek}
            onClick={() => setDay(shiftWeek(data.start, -1))}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Button variant="default" size="xs" onClick={() => setDay(todayIso())}>
            {timeMessages.timeThisWeek}
          </Button>
          <ActionIcon
            variant="default"
            aria-label={timeMessages.timeNextWeek}
            onClick={() => setDay(shiftWeek(data.start, 1))}
          >
            <IconChevronRight size={18} />
          </ActionIcon>
          <Text fw={600} data-testid="week-range">
            {timeMessages.timeWeekOf(shortDate(data.start), shortDate(addDays(data.start, 6)))}
          </Text>
        </Group>
        <Group gap="md">
          <Text>
            {timeMessages.timeWeekTotal}: <b data-testid="week-total">{formatMinutes(data.totalMinutes)}</b>
          </Text>
          <Button onClick={() => setDialog({ mode: 'entry', entry: null })}>{timeMessages.timeNewEntry}</Button>
        </Group>
      </Group>
      <WeekSheetBar week={data}>
        <Segmented
          aria-label={timeMessages.timeView}
          value={view}
          onChange={(next) => showView(next)}
          data={[
            { value: 'day', label: timeMessages.timeViewDay },
            { value: 'week', label: timeMessages.timeViewWeek },
          ]}
        />
      </WeekSheetBar>
      {view === 'week' ? (
        <TimesheetGrid week={data} onOpenDay={(date) => showView('day', date)} />
      ) : (
        <>
          <Tabs value={day} onChange={(value) => value && setDay(value)} variant="pills">
            <Tabs.List style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
              {data.days.map((d) => (
                <Tabs.Tab
                  key={d.date}
                  value={d.date}
                  px={{ base: 8, sm: 'md' }}
                  aria-label={`${weekdayOf(d.date)} ${formatMinutes(d.minutes)}`}
                >
                  <Stack gap={0} align="center">
                    <Text size="sm">{weekdayOf(d.date).slice(0, 3)}</Text>
                    <Text size="xs">{formatMinutes(d.minutes)}</Text>
                  </Stack>
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
          <Text>
            {weekdayOf(day)}, {shortDate(day)} — {timeMessages.timeDayTotal}:{' '}
            <b data-testid="day-total">{formatMinutes(dayMinutes)}</b>
          </Text>
          {entries.length === 0 ? (
            <Text c="dimmed">{timeMessages.timeNoEntries}</Text>
          ) : (
            <Table.ScrollContainer minWidth={330}>
              <Table verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{timeMessages.timeProject}</Table.Th>
                    <Table.Th ta="right">{timeMessages.timeDuration}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {entries.map((entry) => {
                    const what = `${entry.projectName} / ${entry.taskTitle}`;
                    return (
                      <Table.Tr key={entry.id}>
                        <Table.Td>
                          <Text size="sm" fw={600}>
                            {entry.accountTitle} / {entry.projectName}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {entry.taskTitle}
                            {entry.meetingTitle ? ` · ${entry.meetingTitle}` : ''}
                            {entry.sessionDate ? `, ${shortDate(entry.sessionDate)}` : ''}
                          </Text>
                          {entry.note && (
                            <Text size="sm" mt={2}>
                              {entry.note}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td ta="right" ff="monospace">
                          {formatMinutes(entry.minutes)}
                        </Table.Td>
                        <Table.Td>
                          <Group gap={4} justify="flex-end" wrap="nowrap">
                            <ActionIcon
                              variant="subtle"
                              aria-label={timeMessages.timeEntryStart(what)}
                              disabled={dayLocked}
                              onClick={() => startTimer.mutate({ entryId: entry.id })}
                            >
                              <IconPlayerPlay size={16} />
                            </ActionIcon>
                            <ActionIcon
                              variant="subtle"
                              aria-label={timeMessages.timeEntryEdit(what)}
                              disabled={dayLocked}
                              onClick={() => setDialog({ mode: 'entry', entry })}
                            >
                              <IconEdit size={16} />
                            </ActionIcon>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={timeMessages.timeEntryDelete(what)}
                              disabled={dayLocked}
                              onClick={() => setDeleting(entry)}
                            >
                              <IconTrash size={16} />
                            </ActionIcon>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {dayLocked && <Alert color="blue">{timeMessages.timeDayLocked}</Alert>}
        </>
      )}
      {dialog && (
        <EntryDialog
          opened
          onClose={() => setDialog(null)}
          onSaved={(saved) => setDay(saved.spentOn)}
          entry={dialog.entry}
          day={day}
          mode={dialog.mode}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={timeMessages.timeDeleteEntryTitle}
        confirmLabel={timeMessages.timeDelete}
        pending={remove.isPending}
        error={remove.error ? errorText(remove.error) : null}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      >
        {timeMessages.timeDeleteEntryText(formatMinutes(deleting?.minutes ?? 0))}
      </ConfirmDialog>
    </Stack>
  );
};
