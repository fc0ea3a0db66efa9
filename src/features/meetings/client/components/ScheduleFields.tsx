import { Group, List, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { inZone } from '../../../../client/lib/dayjs.ts';
import { addDays, utcToZonedParts } from '../../../../shared/dates.ts';
import { messages } from '../../../../shared/messages.ts';
import { ZIsoDate } from '../../../../shared/validation.ts';
import { meetingsMessages } from '../../meetings.messages.ts';
import { occurrences, type RepeatUnit } from '../../meetings.recurrence.ts';
import { ZTime } from '../../meetings.schemas.ts';
import { type Interval, REPEAT_OPTIONS, ruleOf, TIME_OPTIONS, UNIT_OPTIONS } from '../meetings.format.ts';

// The schedule of a meeting — start date and time and the repeat rule — as the wizard's
// step two and the meeting form both ask for it, with a preview of the dates it gives.

export interface ScheduleValues {
  /** 'YYYY-MM-DD' from the date input ('' when empty). */
  startDate: string;
  /** 'HH:mm', one of the 15-minute slots. */
  startTime: string | null;
  interval: Interval | null;
  /** Custom rules only. */
  repeatEvery: number | string;
  repeatType: RepeatUnit | null;
  noOfCycles: number | string;
  endDate: string;
}

export type ScheduleField = keyof ScheduleValues;

export interface ScheduleProblem {
  field: ScheduleField;
  kind: 'required' | 'invalid';
  message: string;
}

export const scheduleDefaults = (startDate: string): ScheduleValues => ({
  startDate,
  startTime: null,
  // document 1 §4: every 1 week by default.
  interval: 'weekly',
  repeatEvery: 1,
  repeatType: 'weeks',
  noOfCycles: '',
  endDate: '',
});

const isInteger = (value: number | string, min: number, max: number) => {
  const n = typeof value === 'number' ? value : Number.parseInt(value, 10);
  return Number.isInteger(n) && n >= min && n <= max && String(value).trim() !== '';
};

/** What is missing or wrong, with the server's own checks (the schemas' ZIsoDate and ZTime). */
export const scheduleProblems = (values: ScheduleValues): ScheduleProblem[] => {
  const problems: ScheduleProblem[] = [];
  const required = (field: ScheduleField) => problems.push({ field, kind: 'required', message: messages.required });
  const invalid = (field: ScheduleField, message: string) => problems.push({ field, kind: 'invalid', message });
  if (!values.startDate) required('startDate');
  else if (!ZIsoDate.safeParse(values.startDate).success) invalid('startDate', messages.invalidDate);
  if (!values.startTime) required('startTime');
  else if (!ZTime.safeParse(values.startTime).success) invalid('startTime', meetingsMessages.invalidTime);
  if (!values.interval) required('interval');
  if (values.interval === 'custom') {
    // Repeat-every is parsed as an integer (document 1 §5).
    if (String(values.repeatEvery).trim() === '') required('repeatEvery');
    else if (!isInteger(values.repeatEvery, 1, 1000)) invalid('repeatEvery', messages.invalidValue);
    if (!values.repeatType) required('repeatType');
  }
  if (values.interval && values.interval !== 'none') {
    if (String(values.noOfCycles).trim() !== '' && !isInteger(values.noOfCycles, 1, 5000)) {
      invalid('noOfCycles', messages.invalidValue);
    }
    if (values.endDate) {
      if (!ZIsoDate.safeParse(values.endDate).success) invalid('endDate', messages.invalidDate);
      else if (values.startDate && values.endDate < values.startDate)
        invalid('endDate', meetingsMessages.endBeforeStart);
    }
  }
  return problems;
};

/** The API's fields for a valid schedule; 'Do not repeat' is repeat-every 0 with no unit. */
export const schedulePayload = (values: ScheduleValues) => {
  const rule = ruleOf(values.interval ?? 'none', {
    repeatEvery: Number.parseInt(String(values.repeatEvery), 10) || 1,
    repeatType: values.repeatType,
  });
  const repeats = rule.repeatEvery > 0 && rule.repeatType !== null;
  return {
    startDate: values.startDate,
    startTime: values.startTime ?? '',
    repeatEvery: rule.repeatEvery,
    repeatType: rule.repeatType,
    noOfCycles: repeats && String(values.noOfCycles).trim() !== '' ? Number(values.noOfCycles) : null,
    endDate: repeats && values.endDate ? values.endDate : null,
  };
};

const PREVIEW_COUNT = 5;

/** The next few dates of the rule from now, as instants (document 1 §2 wizard, §4). */
export const upcomingDates = (values: ScheduleValues, timezone: string, now = new Date()): Date[] => {
  if (scheduleProblems(values).length > 0) return [];
  const payload = schedulePayload(values);
  const today = utcToZonedParts(now, timezone).date;
  const from = payload.startDate > today ? payload.startDate : today;
  const all = occurrences({ ...payload, timezone }, addDays(from, 3 * 366), 5000);
  return all
    .filter((occurrence) => occurrence.startsAt.getTime() >= now.getTime())
    .slice(0, PREVIEW_COUNT)
    .map((o) => o.startsAt);
};

export const SchedulePreview = ({
  values,
  timezone,
  viewerTimezone,
}: {
  values: ScheduleValues;
  timezone: string;
  viewerTimezone: string;
}) => {
  const dates = upcomingDates(values, timezone);
  if (scheduleProblems(values).length > 0) return null;
  return (
    <Stack gap={4} aria-live="polite">
      <Text size="sm" fw={600}>
        {meetingsMessages.upcomingDates}
      </Text>
      {dates.length === 0 ? (
        <Text size="sm" c="dimmed">
          {meetingsMessages.noUpcomingDates}
        </Text>
      ) : (
        <List size="sm" spacing={2} aria-label={meetingsMessages.upcomingDates}>
          {dates.map((date) => (
            <List.Item key={date.toISOString()}>
              {inZone(date, viewerTimezone).format('ddd, MMM D, YYYY h:mm A')}
            </List.Item>
          ))}
        </List>
      )}
      <Text size="xs" c="dimmed">
        {meetingsMessages.timesInZone(viewerTimezone)}
      </Text>
    </Stack>
  );
};

type Errors = Partial<Record<ScheduleField, ReactNode>>;

/** The schedule inputs. `errors` holds a message, or `true` to mark a field without one. */
export const ScheduleFields = ({
  values,
  onChange,
  errors,
}: {
  values: ScheduleValues;
  onChange: (patch: Partial<ScheduleValues>) => void;
  errors: Errors;
}) => {
  const repeats = values.interval !== null && values.interval !== 'none';
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          type="date"
          label={meetingsMessages.startDate}
          required
          value={values.startDate}
          onChange={(event) => onChange({ startDate: event.currentTarget.value })}
          error={errors.startDate}
        />
        <Select
          label={meetingsMessages.startTime}
          required
          searchable
          data={TIME_OPTIONS}
          value={values.startTime}
          onChange={(value) => onChange({ startTime: value })}
          error={errors.startTime}
          comboboxProps={{ withinPortal: true }}
          maxDropdownHeight={240}
        />
      </SimpleGrid>
      <Select
        label={meetingsMessages.repeat}
        required
        data={REPEAT_OPTIONS}
        value={values.interval}
        onChange={(value) => onChange({ interval: value as Interval | null })}
        error={errors.interval}
        allowDeselect={false}
      />
      {values.interval === 'custom' && (
        <SimpleGrid cols={2} spacing="sm">
          <NumberInput
            label={meetingsMessages.repeatEvery}
            required
            min={1}
            max={1000}
            allowDecimal={false}
            allowNegative={false}
            value={values.repeatEvery}
            onChange={(value) => onChange({ repeatEvery: value })}
            error={errors.repeatEvery}
          />
          <Select
            label={meetingsMessages.repeatUnit}
            required
            data={UNIT_OPTIONS}
            value={values.repeatType}
            onChange={(value) => onChange({ repeatType: value as RepeatUnit | null })}
            error={errors.repeatType}
            allowDeselect={false}
          />
        </SimpleGrid>
      )}
      {repeats && (
        <Group grow align="flex-start" gap="sm">
          <NumberInput
            label={meetingsMessages.numberOfMeetings}
            description={meetingsMessages.optionalHint}
            min={1}
            max={5000}
            allowDecimal={false}
            allowNegative={false}
            value={values.noOfCycles}
            onChange={(value) => onChange({ noOfCycles: value })}
            error={errors.noOfCycles}
          />
          <TextInput
            type="date"
            label={meetingsMessages.endDate}
            description={meetingsMessages.optionalHint}
            value={values.endDate}
            min={values.startDate || undefined}
            onChange={(event) => onChange({ endDate: event.currentTarget.value })}
            error={errors.endDate}
          />
        </Group>
      )}
    </Stack>
  );
};
