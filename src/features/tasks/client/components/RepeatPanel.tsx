import { Button, Chip, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { useState } from 'react';
import { errorText, FormError, fieldErrorsOf } from '../../../../client/ui/FormError.tsx';
import { Segmented } from '../../../../client/ui/Segmented.tsx';
import type { IsoDate } from '../../../../shared/dates.ts';
import { messages } from '../../../../shared/messages.ts';
import type { TaskRepeat } from '../../repeat.schemas.ts';
import { tasksMessages } from '../../tasks.messages.ts';
import {
  REPEAT_FREQUENCIES,
  type RepeatAdvance,
  type RepeatFrequency,
  type RepeatRule,
  weekdayOf,
} from '../../tasks.repeat.ts';
import type { Task } from '../../tasks.schemas.ts';
import { repeatSummary, upcomingDates, weekdayChoices } from '../repeat.format.ts';
import { useSetRepeat, useStopRepeat } from '../repeat.queries.ts';
import { formatDay } from '../tasks.format.ts';

// A to-do's or card's repeat: what it is in words, and a form to set or change it from this
// occurrence on, with the next dates it will make. Saved apart from the card's other fields.

type Ends = 'never' | 'on' | 'after';
type Fields = Partial<Record<'frequency' | 'interval' | 'weekdays' | 'monthDay' | 'endsOn' | 'count', string>>;

interface Draft {
  frequency: RepeatFrequency;
  interval: number | string;
  weekdays: string[];
  monthDay: number | string;
  ends: Ends;
  endsOn: string;
  count: number | string;
  advance: RepeatAdvance;
}

const draftOf = (repeat: TaskRepeat | null, start: IsoDate): Draft => ({
  frequency: repeat?.frequency ?? 'weekly',
  interval: repeat?.interval ?? 1,
  weekdays: (repeat?.weekdays.length ? repeat.weekdays : [weekdayOf(start)]).map(String),
  monthDay: repeat?.monthDay ?? Number(start.slice(8, 10)),
  ends: repeat?.endsOn ? 'on' : repeat?.count ? 'after' : 'never',
  endsOn: repeat?.endsOn ?? '',
  count: repeat?.count ?? 10,
  advance: repeat?.advance ?? 'done',
});

const ruleOf = (draft: Draft): RepeatRule => ({
  frequency: draft.frequency,
  interval: Number(draft.interval) || 1,
  weekdays: draft.frequency === 'weekly' ? draft.weekdays.map(Number) : [],
  monthDay: draft.frequency === 'monthly' ? Number(draft.monthDay) || null : null,
  endsOn: draft.ends === 'on' && draft.endsOn ? draft.endsOn : null,
  count: draft.ends === 'after' ? Number(draft.count) || null : null,
  advance: draft.advance,
});

/** The repeat's rule as the API takes it back (to use this card for the next ones). */
const ruleInput = (repeat: TaskRepeat) => ({
  frequency: repeat.frequency,
  interval: repeat.interval,
  weekdays: repeat.weekdays,
  monthDay: repeat.monthDay,
  endsOn: repeat.endsOn,
  count: repeat.count,
  advance: repeat.advance,
});

const RepeatForm = ({ task, today, onDone }: { task: Task; today: IsoDate; onDone: () => void }) => {
  const start = task.dueDate ?? today;
  const [draft, setDraft] = useState<Draft>(() => draftOf(task.repeat, start));
  const [fields, setFields] = useState<Fields>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSetRepeat();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const rule = ruleOf(draft);
  const preview = upcomingDates(rule, start);

  const submit = () => {
    setFailure(null);
    setFields({});
    save.mutate(
      { id: task.id, rule },
      {
        onSuccess: onDone,
        onError: (error) => {
          const known: Fields = fieldErrorsOf(error);
          setFields(known);
          if (Object.keys(known).length === 0) setFailure(errorText(error));
        },
      },
    );
  };

  return (
    <Stack
      gap="xs"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          label={tasksMessages.repeatFrequency}
          data={REPEAT_FREQUENCIES.map((value) => ({ value, label: tasksMessages.repeatFrequencies[value] }))}
          value={draft.frequency}
          allowDeselect={false}
          onChange={(value) => value && set('frequency', value as RepeatFrequency)}
          error={fields.frequency}
          w={140}
          comboboxProps={{ withinPortal: false }}
        />
        <NumberInput
          label={tasksMessages.repeatEvery}
          min={1}
          max={99}
          value={draft.interval}
          onChange={(value) => set('interval', value)}
          rightSection={<Text size="xs">{tasksMessages.repeatUnit(draft.frequency, Number(draft.interval) || 1)}</Text>}
          rightSectionWidth={64}
          error={fields.interval}
          w={140}
        />
      </Group>
      {draft.frequency === 'weekly' && (
        <Stack gap={4}>
          <Text size="sm" fw={500} id={`repeat-days-${task.id}`}>
            {tasksMessages.repeatOnDays}
          </Text>
          <Chip.Group multiple value={draft.weekdays} onChange={(value) => set('weekdays', value)}>
            <Group gap={4} role="group" aria-labelledby={`repeat-days-${task.id}`}>
              {weekdayChoices.map((day) => (
                <Chip key={day.value} value={day.value} size="xs">
                  {day.label}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <FormError message={fields.weekdays} />
        </Stack>
      )}
      {draft.frequency === 'monthly' && (
        <NumberInput
          label={tasksMessages.repeatMonthDay}
          description={tasksMessages.repeatMonthDayHint}
          min={1}
          max={31}
          value={draft.monthDay}
          onChange={(value) => set('monthDay', value)}
          error={fields.monthDay}
          w={200}
        />
      )}
      <Stack gap={4}>
        <Text size="sm" fw={500} id={`repeat-ends-${task.id}`}>
          {tasksMessages.repeatEnds}
        </Text>
        <Segmented
          size="xs"
          aria-labelledby={`repeat-ends-${task.id}`}
          value={draft.ends}
          onChange={(value) => set('ends', value as Ends)}
          data={[
            { value: 'never', label: tasksMessages.repeatEndsNever },
            { value: 'on', label: tasksMessages.repeatEndsOn },
            { value: 'after', label: tasksMessages.repeatEndsAfter },
          ]}
        />
        {draft.ends === 'on' && (
          <TextInput
            type="date"
            aria-label={tasksMessages.repeatEndsDate}
            value={draft.endsOn}
            onChange={(event) => set('endsOn', event.currentTarget.value)}
            error={fields.endsOn}
            w={200}
          />
        )}
        {draft.ends === 'after' && (
          <NumberInput
            aria-label={tasksMessages.repeatTimes}
            min={1}
            max={1000}
            value={draft.count}
            onChange={(value) => set('count', value)}
            rightSection={<Text size="xs">{tasksMessages.repeatTimes.toLowerCase()}</Text>}
            rightSectionWidth={56}
            error={fields.count}
            w={140}
          />
        )}
      </Stack>
      <Select
        label={tasksMessages.repeatAdvance}
        data={[
          { value: 'done', label: tasksMessages.repeatAdvanceDone },
          { value: 'due', label: tasksMessages.repeatAdvanceDue },
        ]}
        value={draft.advance}
        allowDeselect={false}
        onChange={(value) => value && set('advance', value as RepeatAdvance)}
        comboboxProps={{ withinPortal: false }}
      />
      {preview.length > 0 && (
        <Text size="xs" c="dimmed">
          {tasksMessages.repeatNextDates(preview.map(formatDay).join(' · '))}
        </Text>
      )}
      <FormError message={failure} />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" size="xs" onClick={onDone}>
          {messages.cancelButton}
        </Button>
        <Button type="submit" size="xs" loading={save.isPending}>
          {tasksMessages.repeatSave}
        </Button>
      </Group>
    </Stack>
  );
};

/**
 * The card's repeat in words with its actions; `offerTemplate`: a button that makes the next
 * occurrences like this card as it is now (where edits save field by field).
 */
export const RepeatPanel = ({
  task,
  today,
  offerTemplate = false,
}: {
  task: Task;
  today: IsoDate;
  offerTemplate?: boolean;
}) => {
  const [editing, setEditing] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const stop = useStopRepeat();
  const reuse = useSetRepeat();
  if (editing) return <RepeatForm task={task} today={today} onDone={() => setEditing(false)} />;
  const { repeat } = task;
  return (
    <Stack gap={6}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconRepeat size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm">{repeat ? repeatSummary(repeat) : tasksMessages.repeatNone}</Text>
      </Group>
      <Group gap="xs">
        <Button size="xs" variant="light" onClick={() => setEditing(true)}>
          {repeat ? tasksMessages.repeatChange : tasksMessages.repeatButton}
        </Button>
        {repeat && offerTemplate && (
          <Button
            size="xs"
            variant="subtle"
            loading={reuse.isPending}
            onClick={() => {
              setFailure(null);
              reuse.mutate(
                { id: task.id, rule: ruleInput(repeat) },
                { onSuccess: () => setNote(tasksMessages.repeatUsedForNext), onError: (e) => setFailure(errorText(e)) },
              );
            }}
          >
            {tasksMessages.repeatUseForNext}
          </Button>
        )}
        {repeat && (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            loading={stop.isPending}
            onClick={() => {
              setFailure(null);
              stop.mutate(task.id, { onError: (e) => setFailure(errorText(e)) });
            }}
          >
            {tasksMessages.repeatStop}
          </Button>
        )}
      </Group>
      {note && (
        <Text size="xs" c="dimmed" role="status">
          {note}
        </Text>
      )}
      <FormError message={failure} />
    </Stack>
  );
};
