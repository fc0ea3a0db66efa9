import { Button, Group, Select, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { errorText } from '../../../client/ui/FormError.tsx';
import { timeMessages } from '../time.messages.ts';
import { formatMinutes, parseDuration } from '../time.money.ts';
import type { Week } from '../time.schemas.ts';
import { useLoggable } from './time.queries.ts';
import { useSetCell } from './timesheet.queries.ts';
import { shortDate, weekdayOf } from './week.ts';

// The week grid (decision 090): a row per project and task, a cell per day. A cell sets the
// task's time on that day; a cell holding several entries opens the day instead.

/** The row's name stays in view while a narrow screen scrolls the days sideways. */
const STICKY = { position: 'sticky', left: 0, zIndex: 1, background: 'var(--mantine-color-body)' } as const;

interface Row {
  projectId: string;
  taskId: string;
  label: string;
}

const rowKey = (row: { projectId: string; taskId: string }) => `${row.projectId}:${row.taskId}`;

/** The rows the week's entries need, in the order they first appear, then the ones added here. */
const rowsOf = (week: Week, added: Row[]) => {
  const rows = new Map<string, Row>();
  for (const e of week.entries) {
    rows.set(rowKey(e), {
      projectId: e.projectId,
      taskId: e.taskId,
      label: `${e.accountTitle} / ${e.projectName} — ${e.taskTitle}`,
    });
  }
  for (const row of added) if (!rows.has(rowKey(row))) rows.set(rowKey(row), row);
  return [...rows.values()];
};

/** One day of one task: type a duration, Enter or leaving the field saves it. */
const Cell = ({
  row,
  date,
  minutes,
  count,
  locked,
  onOpenDay,
}: {
  row: Row;
  date: string;
  minutes: number;
  count: number;
  locked: boolean;
  onOpenDay: (date: string) => void;
}) => {
  const shown = minutes > 0 ? formatMinutes(minutes) : '';
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useSetCell();
  const label = timeMessages.timeSheetCell(row.label, `${weekdayOf(date)}, ${shortDate(date)}`);
  if (count > 1) {
    return (
      <Tooltip label={timeMessages.timeSheetManyEntries(count)}>
        <Button
          variant="subtle"
          size="compact-sm"
          ff="monospace"
          aria-label={`${label}: ${timeMessages.timeSheetManyEntries(count)}`}
          onClick={() => onOpenDay(date)}
        >
          {shown}
        </Button>
      </Tooltip>
    );
  }
  const commit = () => {
    if (text === null || text.trim() === shown) return setText(null);
    const typed = text.trim() === '' ? 0 : parseDuration(text);
    if (typed === null) return setError(timeMessages.timeDurationFormat);
    setError(null);
    save.mutate(
      { projectId: row.projectId, taskId: row.taskId, spentOn: date, minutes: typed },
      { onSuccess: () => setText(null), onError: (e) => setError(errorText(e)) },
    );
  };
  return (
    <Tooltip label={error} opened={error !== null} color="red" withinPortal position="bottom">
      <TextInput
        size="xs"
        w={64}
        styles={{ input: { textAlign: 'right', fontFamily: 'var(--mantine-font-family-monospace)' } }}
        aria-label={label}
        value={text ?? shown}
        readOnly={locked || save.isPending}
        error={error !== null}
        aria-invalid={error !== null}
        aria-description={error ?? undefined}
        onChange={(e) => setText(e.currentTarget.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
          if (e.key === 'Escape') {
            setText(null);
            setError(null);
          }
        }}
      />
    </Tooltip>
  );
};

/** Adds a row for a project and task the week has no time on yet. */
const AddRow = ({ onAdd }: { onAdd: (row: Row) => void }) => {
  const loggable = useLoggable();
  const data = (loggable.data ?? []).map((p) => ({
    group: `${p.accountTitle} / ${p.name}`,
    items: p.tasks.map((t) => ({ value: `${p.id}:${t.id}`, label: `${p.name} — ${t.title}` })),
  }));
  return (
    <Select
      label={timeMessages.timeSheetAddRow}
      placeholder={timeMessages.timeSheetChooseTask}
      data={data}
      searchable
      value={null}
      maw={360}
      leftSection={<IconPlus size={14} />}
      nothingFoundMessage={timeMessages.timeNoProjects}
      onChange={(value) => {
        const [projectId, taskId] = (value ?? '').split(':');
        const project = loggable.data?.find((p) => p.id === projectId);
        const task = project?.tasks.find((t) => t.id === taskId);
        if (project && task) {
          onAdd({
            projectId: project.id,
            taskId: task.id,
            label: `${project.accountTitle} / ${project.name} — ${task.title}`,
          });
        }
      }}
    />
  );
};

export const TimesheetGrid = ({ week, onOpenDay }: { week: Week; onOpenDay: (date: string) => void }) => {
  const [added, setAdded] = useState<Row[]>([]);
  const rows = rowsOf(week, added);
  const locked = week.sheet.status === 'submitted' || week.sheet.status === 'approved';
  const of = (row: Row, date: string) =>
    week.entries.filter((e) => e.projectId === row.projectId && e.taskId === row.taskId && e.spentOn === date);
  return (
    <Stack gap="sm">
      {rows.length === 0 ? (
        <Text c="dimmed">{timeMessages.timeSheetEmpty}</Text>
      ) : (
        <Table.ScrollContainer minWidth={760} type="native" tabIndex={0} aria-label={timeMessages.timeViewWeek}>
          <Table verticalSpacing={4} horizontalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th style={STICKY}>{timeMessages.timeSheetTask}</Table.Th>
                {week.days.map((d) => (
                  <Table.Th key={d.date} ta="right">
                    <Button variant="subtle" size="compact-xs" onClick={() => onOpenDay(d.date)}>
                      {weekdayOf(d.date).slice(0, 3)} {shortDate(d.date).split(' ')[1]}
                    </Button>
                  </Table.Th>
                ))}
                <Table.Th ta="right">{timeMessages.timeTotal}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => {
                const total = week.entries
                  .filter((e) => e.projectId === row.projectId && e.taskId === row.taskId)
                  .reduce((sum, e) => sum + e.minutes, 0);
                return (
                  <Table.Tr key={rowKey(row)}>
                    <Table.Td style={STICKY} miw={140}>
                      <Text size="sm" lineClamp={2}>
                        {row.label}
                      </Text>
                    </Table.Td>
                    {week.days.map((d) => {
                      const here = of(row, d.date);
                      return (
                        <Table.Td key={d.date} ta="right">
                          <Group justify="flex-end">
                            <Cell
                              row={row}
                              date={d.date}
                              minutes={here.reduce((sum, e) => sum + e.minutes, 0)}
                              count={here.length}
                              locked={locked || d.locked}
                              onOpenDay={onOpenDay}
                            />
                          </Group>
                        </Table.Td>
                      );
                    })}
                    <Table.Td ta="right" ff="monospace">
                      {formatMinutes(total)}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
              <Table.Tr fw={700}>
                <Table.Td style={STICKY}>{timeMessages.timeTotal}</Table.Td>
                {week.days.map((d) => (
                  <Table.Td key={d.date} ta="right" ff="monospace">
                    {formatMinutes(d.minutes)}
                  </Table.Td>
                ))}
                <Table.Td ta="right" ff="monospace" data-testid="sheet-total">
                  {formatMinutes(week.totalMinutes)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {!locked && <AddRow onAdd={(row) => setAdded((rows) => [...rows, row])} />}
    </Stack>
  );
};
