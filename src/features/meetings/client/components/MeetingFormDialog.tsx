import {
  Alert,
  Button,
  ColorInput,
  Divider,
  Group,
  Input,
  List,
  Modal,
  MultiSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../../../../client/lib/api.ts';
import { readMeetingImage } from '../../../../client/lib/imageFile.ts';
import { useWorkspacePeople } from '../../../../client/lib/workspacePeople.ts';
import { errorText, FormError } from '../../../../client/ui/FormError.tsx';
import { personLabel } from '../../../../client/ui/PersonAvatar.tsx';
import { PhotoInput } from '../../../../client/ui/PhotoInput.tsx';
import { Segmented } from '../../../../client/ui/Segmented.tsx';
import { showError, showSuccess } from '../../../../client/ui/toast.ts';
import { useDelayedClose } from '../../../../client/ui/useDelayedClose.ts';
import { DIALOG_CLOSE_DELAY_MS, MEETING_IMAGE_MAX_BYTES, MEETING_IMAGE_TYPES } from '../../../../shared/constants.ts';
import { messages } from '../../../../shared/messages.ts';
import { fullName } from '../../../../shared/person.ts';
import { meetingsMessages } from '../../meetings.messages.ts';
import { intervalOf } from '../../meetings.recurrence.ts';
import { type Meeting, type MeetingType, ZUpdateMeeting } from '../../meetings.schemas.ts';
import { DEFAULT_MEETING_COLOR, MEETING_SWATCHES } from '../meetings.format.ts';
import { linkError } from '../meetings.links.ts';
import { useUpdateMeeting } from '../meetings.mutations.ts';
import { useViewer } from '../meetings.queries.ts';
import { GroupQuickAdd } from './GroupQuickAdd.tsx';
import {
  type ScheduleField,
  ScheduleFields,
  SchedulePreview,
  type ScheduleValues,
  schedulePayload,
  scheduleProblems,
} from './ScheduleFields.tsx';

// The meeting form of document 1 §5: on save, a missing colour, title, leaders, members, URL or
// start time raises an alert '<field> field is required.'; other mistakes show at their field.

interface Values extends ScheduleValues {
  title: string;
  type: MeetingType;
  description: string;
  color: string;
  location: string;
  sharepointUrl: string;
  fileDriveUrl: string;
  facebookGroupUrl: string;
  image: string | null;
  administrators: string[];
  members: string[];
}

const initialValues = (meeting: Meeting): Values => ({
  title: meeting.title,
  type: meeting.type,
  description: meeting.description ?? '',
  // A meeting made by the wizard has no colour yet: offer the first swatch rather than an error.
  color: meeting.color ?? DEFAULT_MEETING_COLOR,
  location: meeting.location ?? '',
  sharepointUrl: meeting.sharepointUrl ?? '',
  fileDriveUrl: meeting.fileDriveUrl ?? '',
  facebookGroupUrl: meeting.facebookGroupUrl ?? '',
  image: meeting.image,
  startDate: meeting.startDate,
  startTime: meeting.startTime,
  interval: intervalOf(meeting.repeatEvery, meeting.repeatType),
  repeatEvery: meeting.repeatEvery > 0 ? meeting.repeatEvery : 1,
  repeatType: meeting.repeatType ?? 'weeks',
  noOfCycles: meeting.noOfCycles ?? '',
  endDate: meeting.endDate ?? '',
  administrators: meeting.administratorIds,
  members: meeting.shareWithIds,
});

type Field = keyof Values;

/** The fields whose absence is an alert, in the form's order, with the name the alert uses. */
const ALERT_FIELDS: [Field, string][] = [
  ['title', meetingsMessages.fieldTitle],
  ['color', meetingsMessages.color],
  ['sharepointUrl', meetingsMessages.fieldUrl],
  ['startTime', meetingsMessages.startTime],
  ['administrators', meetingsMessages.leaders],
  ['members', messages.members],
];

const isEmpty = (value: unknown) => (Array.isArray(value) ? value.length === 0 : !String(value ?? '').trim());

/** Field errors the server would give, checked with the schemas' own pieces. */
const fieldErrors = (values: Values): Partial<Record<Field, string>> => {
  const errors: Partial<Record<Field, string>> = {};
  const check = (field: Field, schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }) => {
    const result = schema.safeParse(values[field]) as { success: boolean; error?: { issues: { message: string }[] } };
    if (!result.success) errors[field] = result.error?.issues[0]?.message ?? messages.invalidValue;
  };
  if (!isEmpty(values.title)) check('title', ZUpdateMeeting.shape.title);
  for (const field of ['sharepointUrl', 'fileDriveUrl', 'facebookGroupUrl'] as const) {
    const problem = isEmpty(values[field]) ? null : linkError(values[field]);
    if (problem) errors[field] = problem;
  }
  check('description', ZUpdateMeeting.shape.description);
  check('location', ZUpdateMeeting.shape.location);
  for (const problem of scheduleProblems(values)) {
    // A missing start time is one of the alerts; the rest show at their field.
    if (problem.field === 'startTime' && problem.kind === 'required') continue;
    errors[problem.field] ??= problem.message;
  }
  return errors;
};

const MeetingForm = ({ meeting, onClose }: { meeting: Meeting; onClose: () => void }) => {
  const viewer = useViewer();
  const people = useWorkspacePeople();
  const update = useUpdateMeeting({ silent: true });
  const closeSoon = useDelayedClose(onClose);
  const [values, setValues] = useState<Values>(() => initialValues(meeting));
  const [missing, setMissing] = useState<string[]>([]);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [imageError, setImageError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const set = (patch: Partial<Values>) => {
    setValues((current) => ({ ...current, ...patch }));
    // A field that changes loses its mark until the next save.
    const fields = Object.keys(patch) as Field[];
    setErrors((current) => {
      const next = { ...current };
      for (const field of fields) delete next[field];
      return next;
    });
    const labels = ALERT_FIELDS.filter(([field]) => fields.includes(field)).map(([, label]) => label);
    if (labels.length > 0) setMissing((current) => current.filter((label) => !labels.includes(label)));
  };

  // People of the workspace, plus anyone already in the meeting who is not (any more).
  const options = (() => {
    const list = (people.data ?? []).map((p) => ({ value: p.id, label: fullName(p) }));
    for (const person of [...meeting.administrators, ...meeting.members]) {
      if (!list.some((option) => option.value === person.id))
        list.push({ value: person.id, label: personLabel(person) });
    }
    return list;
  })();

  // PhotoInput has checked the type and size (the error toast); the picture is kept until Save,
  // as a data URL scaled to what the API takes.
  const keepImage = (image: string | null) => {
    set({ image });
    setImageError(null);
  };
  const pickImage = async (file: File) => {
    let dataUrl: string;
    try {
      dataUrl = await readMeetingImage(file);
    } catch (error) {
      // Its message is for the user (a picture the browser cannot read).
      showError(error instanceof Error ? error.message : messages.imageWrongType);
      return null;
    }
    keepImage(dataUrl);
    return dataUrl;
  };

  const save = () => {
    setFailure(null);
    const absent = ALERT_FIELDS.filter(([field]) => isEmpty(values[field])).map(([, label]) => label);
    const invalid = fieldErrors(values);
    setMissing(absent);
    setErrors(invalid);
    if (absent.length > 0 || Object.keys(invalid).length > 0) return;

    const schedule = schedulePayload(values);
    const before = schedulePayload(initialValues(meeting));
    const ruleChanged = (Object.keys(schedule) as (keyof typeof schedule)[]).some((k) => schedule[k] !== before[k]);
    const patch: Record<string, unknown> = {
      title: values.title.trim(),
      ...(values.type !== meeting.type ? { type: values.type } : {}),
      description: values.description,
      color: values.color,
      location: values.location,
      sharepointUrl: values.sharepointUrl.trim(),
      fileDriveUrl: values.fileDriveUrl.trim(),
      facebookGroupUrl: values.facebookGroupUrl.trim(),
      administrators: values.administrators,
      members: values.members,
      // Only a changed rule is sent: it reshapes the meeting dates still to come.
      ...(ruleChanged ? schedule : {}),
    };
    if (values.image !== meeting.image) patch.image = values.image;
    update.mutate(
      { id: meeting.id, patch },
      {
        onSuccess: () => {
          setSaved(true);
          showSuccess(meetingsMessages.meetingUpdated);
          closeSoon();
        },
        onError: (error) => {
          setImageError(error instanceof ApiError ? (error.errors?.image ?? null) : null);
          setFailure(errorText(error));
        },
      },
    );
  };

  const scheduleErrors: Partial<Record<ScheduleField, ReactNode>> = {
    startDate: errors.startDate,
    startTime: errors.startTime ?? (missing.includes(meetingsMessages.startTime) || undefined),
    interval: errors.interval,
    repeatEvery: errors.repeatEvery,
    repeatType: errors.repeatType,
    noOfCycles: errors.noOfCycles,
    endDate: errors.endDate,
  };
  const marked = (field: Field, label: string): ReactNode => errors[field] ?? (missing.includes(label) || undefined);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Stack gap="sm">
        <PhotoInput
          name={values.title || meeting.title}
          image={values.image}
          maxBytes={MEETING_IMAGE_MAX_BYTES}
          tooLargeMessage={messages.imageTooLarge}
          types={MEETING_IMAGE_TYPES}
          wrongTypeMessage={messages.imageWrongType}
          radius="md"
          error={imageError}
          label={meetingsMessages.meetingImage}
          alt={meetingsMessages.meetingImage}
          chooseLabel={messages.chooseImage}
          removeLabel={messages.removeImage}
          upload={pickImage}
          remove={async () => keepImage(null)}
        />
        <TextInput
          label={meetingsMessages.fieldTitle}
          required
          data-autofocus
          value={values.title}
          onChange={(e) => set({ title: e.currentTarget.value })}
          error={marked('title', meetingsMessages.fieldTitle)}
        />
        <ColorInput
          label={meetingsMessages.color}
          withEyeDropper={false}
          required
          format="hex"
          swatches={MEETING_SWATCHES}
          swatchesPerRow={11}
          value={values.color}
          onChange={(color) => set({ color })}
          error={marked('color', meetingsMessages.color)}
        />
        {meeting.type !== 'account' && (
          // A meeting and a team meeting change into each other; an account stays an account.
          <Input.Wrapper label={meetingsMessages.meetingTypeLabel} labelElement="div">
            <Segmented
              fullWidth
              style={{ marginTop: 4 }}
              aria-label={meetingsMessages.meetingTypeLabel}
              data={[
                { value: 'meeting', label: meetingsMessages.meetingKindMeeting },
                { value: 'team', label: meetingsMessages.meetingKindTeam },
              ]}
              value={values.type}
              onChange={(value) => set({ type: value as MeetingType })}
            />
          </Input.Wrapper>
        )}
        <Textarea
          label={meetingsMessages.description}
          autosize
          minRows={2}
          maxRows={6}
          value={values.description}
          onChange={(e) => set({ description: e.currentTarget.value })}
          error={errors.description}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={meetingsMessages.videoConferenceLink}
            required
            placeholder="https://"
            value={values.sharepointUrl}
            onChange={(e) => set({ sharepointUrl: e.currentTarget.value })}
            error={marked('sharepointUrl', meetingsMessages.fieldUrl)}
          />
          <TextInput
            label={meetingsMessages.location}
            value={values.location}
            onChange={(e) => set({ location: e.currentTarget.value })}
            error={errors.location}
          />
          <TextInput
            label={meetingsMessages.fileDriveUrl}
            placeholder="https://"
            value={values.fileDriveUrl}
            onChange={(e) => set({ fileDriveUrl: e.currentTarget.value })}
            error={errors.fileDriveUrl}
          />
          <TextInput
            label={meetingsMessages.groupUrl}
            placeholder="https://"
            value={values.facebookGroupUrl}
            onChange={(e) => set({ facebookGroupUrl: e.currentTarget.value })}
            error={errors.facebookGroupUrl}
          />
        </SimpleGrid>
        <Divider my={4} />
        <ScheduleFields values={values} onChange={set} errors={scheduleErrors} />
        {meeting.timezone !== viewer.timezone && (
          <Text size="xs" c="dimmed">
            {meetingsMessages.timesInZone(meeting.timezone)}
          </Text>
        )}
        <SchedulePreview values={values} timezone={meeting.timezone} viewerTimezone={viewer.timezone} />
        <Divider my={4} />
        <MultiSelect
          label={meetingsMessages.leaders}
          required
          searchable
          data={options}
          value={values.administrators}
          onChange={(administrators) => set({ administrators })}
          error={marked('administrators', meetingsMessages.leaders)}
          disabled={people.isPending}
          comboboxProps={{ withinPortal: true }}
        />
        <MultiSelect
          label={messages.members}
          required
          searchable
          data={options}
          value={values.members}
          onChange={(members) => set({ members })}
          error={marked('members', messages.members)}
          disabled={people.isPending}
          comboboxProps={{ withinPortal: true }}
        />
        <GroupQuickAdd
          allowed={new Set((people.data ?? []).map((person) => person.id))}
          onAdd={(userIds) => set({ members: [...new Set([...values.members, ...userIds])] })}
          disabled={people.isPending}
        />
        {people.isError && <FormError message={meetingsMessages.peopleLoadFailed} />}
        {/* Beside the Save button, where the user is looking when it appears. */}
        {missing.length > 0 && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" p="sm">
            <List size="sm" spacing={2}>
              {missing.map((label) => (
                <List.Item key={label}>{meetingsMessages.fieldIsRequired(label)}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <FormError message={failure} />
        <Group justify="flex-end" className="cadence-dialog-footer">
          <Button variant="default" onClick={onClose}>
            {messages.cancelButton}
          </Button>
          <Button type="submit" loading={update.isPending || saved}>
            {messages.saveButton}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** 'Edit meeting', from the list and the dashboard: PATCH /meetings/{id}. */
export const MeetingFormDialog = ({
  meeting,
  opened,
  onClose,
}: {
  meeting: Meeting | null;
  opened: boolean;
  onClose: () => void;
}) => (
  <Modal
    opened={opened && meeting !== null}
    onClose={onClose}
    title={meetingsMessages.editMeeting}
    size="lg"
    centered
    transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
  >
    {meeting && <MeetingForm meeting={meeting} onClose={onClose} />}
  </Modal>
);
