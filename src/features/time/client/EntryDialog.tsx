import { Modal, Select, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DialogForm } from '../../../client/ui/DialogForm.tsx';
import { errorText } from '../../../client/ui/FormError.tsx';
import { addDays } from '../../../shared/dates.ts';
import { messages } from '../../../shared/messages.ts';
import { isoDate } from '../../../shared/validation.ts';
import { timeMessages } from '../time.messages.ts';
import { formatMinutes, parseDuration } from '../time.money.ts';
import type { Entry } from '../time.schemas.ts';
import {
  useLoggable,
  useMeetingSessions,
  useMyMeetings,
  useSaveEntry,
  useStartTimer,
  useWeek,
} from './time.queries.ts';
import { shortDate, weekdayOf } from './week.ts';

const sessionLabel = (date: string) => `${weekdayOf(date)}, ${shortDate(date)}`;

/**
 * The Session choice of an entry (decision 068): the chosen meeting's sessions in the person's
 * week of the entry's day. Until one is picked it follows the meeting and the day: the session
 * on the entry's day, if any. An edited entry keeps its own session.
 */
const useSessionChoice = (entry: Entry | null, meetingId: string | null, spentOn: string, enabled: boolean) => {
  // The person's week (from their first day of week) as the server reads it: the Time tab's query.
  const valid = enabled && meetingId !== null && isoDate().safeParse(spentOn).success;
  const week = useWeek(spentOn, valid);
  const from = valid && !week.isPlaceholderData ? (week.data?.start ?? null) : null;
  const list = useMeetingSessions(meetingId, from, from && addDays(from, 6));
  // undefined: not picked (the default applies); null: none chosen.
  const [picked, setPicked] = useState<string | null | undefined>(entry ? entry.sessionId : undefined);
  const options = (list.data ?? []).map((s) => ({ value: s.id, label: sessionLabel(s.sessionDate) }));
  const own = entry?.meetingId === meetingId ? entry : null;
  if (own?.sessionId && own.sessionDate && !options.some((o) => o.value === own.sessionId)) {
    options.push({ value: own.sessionId, label: sessionLabel(own.sessionDate) });
  }
  const fallback = list.data?.find((s) => s.sessionDate === spentOn)?.id ?? null;
  const value =
    picked === undefined || (picked !== null && !options.some((o) => o.value === picked)) ? fallback : picked;
  return { options, value: meetingId ? value : null, setPicked, loading: list.isFetching };
};

/**
 * New Entry / edit an entry, or (mode 'timer') what a new timer runs for. Durations are typed
 * the ways people type them (1:30, 1.5, 90m); the server says what it refuses, under the fields.
 */
export const EntryDialog = ({
  opened,
  onClose,
  entry,
  day,
  mode,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  /** The entry as saved: the Time tab shows its day. */
  onSaved?: (entry: Entry) => void;
  entry: Entry | null;
  day: string;
  mode: 'entry' | 'timer';
}) => {
  const loggable = useLoggable();
  const meetings = useMyMeetings();
  const save = useSaveEntry();
  const start = useStartTimer();
  const [projectId, setProjectId] = useState<string | null>(entry?.projectId ?? null);
  const [taskId, setTaskId] = useState<string | null>(entry?.taskId ?? null);
  const [note, setNote] = useState(entry?.note ?? '');
  const [duration, setDuration] = useState(entry ? formatMinutes(entry.minutes) : '');
  const [spentOn, setSpentOn] = useState(entry?.spentOn ?? day);
  const [meetingId, setMeetingId] = useState<string | null>(entry?.meetingId ?? null);
  const session = useSessionChoice(entry, meetingId, spentOn, mode === 'entry');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const project = loggable.data?.find((p) => p.id === projectId);

  const submit = () => {
    const found: Record<string, string> = {};
    const minutes = parseDuration(duration);
    if (!projectId) found.projectId = messages.required;
    if (!taskId) found.taskId = messages.required;
    if (mode === 'entry') {
      if (minutes === null) found.minutes = timeMessages.timeDurationFormat;
      else if (minutes <= 0) found.minutes = timeMessages.timeDurationPositive;
      const date = isoDate().safeParse(spentOn);
      if (!date.success) found.spentOn = date.error.issues[0]?.message ?? messages.invalidDate;
    }
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0 || !projectId || !taskId) return;
    const onError = (error: unknown) => {
      const fields = (error as { errors?: Record<string, string> }).errors ?? {};
      setErrors(fields);
      setFailure(errorText(error));
    };
    if (mode === 'timer') {
      start.mutate({ projectId, taskId, note, meetingId }, { onSuccess: onClose, onError });
      return;
    }
    save.mutate(
      { id: entry?.id, projectId, taskId, note, minutes: minutes ?? 0, spentOn, meetingId, sessionId: session.value },
      {
        onSuccess: (saved) => {
          onSaved?.(saved);
          onClose();
        },
        onError,
      },
    );
  };

  const title =
    mode === 'timer' ? timeMessages.timeStartTimer : entry ? timeMessages.timeEditEntry : timeMessages.timeNewEntry;
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg">
      <DialogForm
        onSubmit={submit}
        onCancel={onClose}
        submitLabel={mode === 'timer' ? timeMessages.timeStart : timeMessages.timeSave}
        pending={save.isPending || start.isPending}
        failure={failure}
      >
        <Select
          label={timeMessages.timeProject}
          required
          searchable
          data={(loggable.data ?? []).map((p) => ({ value: p.id, label: `${p.accountTitle} / ${p.name}` }))}
          value={projectId}
          onChange={(value) => {
            setProjectId(value);
            setTaskId(loggable.data?.find((p) => p.id === value)?.tasks[0]?.id ?? null);
          }}
          error={errors.projectId}
          nothingFoundMessage={timeMessages.timeNoProjects}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={timeMessages.timeTask}
          required
          data={(project?.tasks ?? []).map((t) => ({ value: t.id, label: t.title }))}
          value={taskId}
          onChange={setTaskId}
          error={errors.taskId}
          disabled={!project}
        />
        {mode === 'entry' && (
          <>
            <TextInput
              label={timeMessages.timeDuration}
              description={timeMessages.timeDurationHint}
              required
              value={duration}
              onChange={(event) => setDuration(event.currentTarget.value)}
              error={errors.minutes}
              data-autofocus
            />
            <TextInput
              label={timeMessages.timeDate}
              type="date"
              required
              value={spentOn}
              onChange={(event) => setSpentOn(event.currentTarget.value)}
              error={errors.spentOn}
            />
          </>
        )}
        <Textarea
          label={timeMessages.timeNote}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          error={errors.note}
          autosize
          minRows={2}
        />
        <Select
          label={timeMessages.timeMeeting}
          clearable
          data={(meetings.data ?? []).map((m) => ({ value: m.id, label: m.title }))}
          value={meetingId}
          onChange={(value) => {
            setMeetingId(value);
            session.setPicked(undefined);
          }}
          error={errors.meetingId}
        />
        {mode === 'entry' && meetingId && (
          <Select
            label={timeMessages.timeSession}
            description={timeMessages.timeSessionHint}
            clearable
            data={session.options}
            value={session.value}
            onChange={session.setPicked}
            error={errors.sessionId}
            placeholder={session.loading || session.options.length > 0 ? undefined : timeMessages.timeNoSessions}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </DialogForm>
    </Modal>
  );
};
