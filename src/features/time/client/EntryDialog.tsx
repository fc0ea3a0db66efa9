import { Modal, Select, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DialogForm } from '../../../client/ui/DialogForm.tsx';
import { errorText } from '../../../client/ui/FormError.tsx';
import { messages } from '../../../shared/messages.ts';
import { isoDate } from '../../../shared/validation.ts';
import { formatMinutes, parseDuration } from '../time.money.ts';
import type { Entry } from '../time.schemas.ts';
import { useLoggable, useMyMeetings, useSaveEntry, useStartTimer } from './time.queries.ts';

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
}: {
  opened: boolean;
  onClose: () => void;
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
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const project = loggable.data?.find((p) => p.id === projectId);

  const submit = () => {
    const found: Record<string, string> = {};
    const minutes = parseDuration(duration);
    if (!projectId) found.projectId = messages.required;
    if (!taskId) found.taskId = messages.required;
    if (mode === 'entry') {
      if (minutes === null) found.minutes = messages.timeDurationFormat;
      else if (minutes <= 0) found.minutes = messages.timeDurationPositive;
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
      { id: entry?.id, projectId, taskId, note, minutes: minutes ?? 0, spentOn, meetingId },
      { onSuccess: onClose, onError },
    );
  };

  const title = mode === 'timer' ? messages.timeStartTimer : entry ? messages.timeEditEntry : messages.timeNewEntry;
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg">
      <DialogForm
        onSubmit={submit}
        onCancel={onClose}
        submitLabel={mode === 'timer' ? messages.timeStart : messages.timeSave}
        pending={save.isPending || start.isPending}
        failure={failure}
      >
        <Select
          label={messages.timeProject}
          required
          searchable
          data={(loggable.data ?? []).map((p) => ({ value: p.id, label: `${p.accountTitle} / ${p.name}` }))}
          value={projectId}
          onChange={(value) => {
            setProjectId(value);
            setTaskId(loggable.data?.find((p) => p.id === value)?.tasks[0]?.id ?? null);
          }}
          error={errors.projectId}
          nothingFoundMessage={messages.timeNoProjects}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={messages.timeTask}
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
              label={messages.timeDuration}
              description={messages.timeDurationHint}
              required
              value={duration}
              onChange={(event) => setDuration(event.currentTarget.value)}
              error={errors.minutes}
              data-autofocus
            />
            <TextInput
              label={messages.timeDate}
              type="date"
              required
              value={spentOn}
              onChange={(event) => setSpentOn(event.currentTarget.value)}
              error={errors.spentOn}
            />
          </>
        )}
        <Textarea
          label={messages.timeNote}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          error={errors.note}
          autosize
          minRows={2}
        />
        <Select
          label={messages.timeMeeting}
          clearable
          data={(meetings.data ?? []).map((m) => ({ value: m.id, label: m.title }))}
          value={meetingId}
          onChange={setMeetingId}
          error={errors.meetingId}
        />
      </DialogForm>
    </Modal>
  );
};
