import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  List,
  Modal,
  MultiSelect,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconCopy } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useNavigate } from '../../../../client/lib/router/index.ts';
import { useWorkspacePeople } from '../../../../client/lib/workspacePeople.ts';
import { errorText, FormError } from '../../../../client/ui/FormError.tsx';
import { SectionError, SectionLoading } from '../../../../client/ui/SectionState.tsx';
import { Segmented } from '../../../../client/ui/Segmented.tsx';
import { showSuccess } from '../../../../client/ui/toast.ts';
import { DIALOG_CLOSE_DELAY_MS } from '../../../../shared/constants.ts';
import { messages } from '../../../../shared/messages.ts';
import { fullName } from '../../../../shared/person.ts';
import { meetingsMessages } from '../../meetings.messages.ts';
import type { MeetingType } from '../../meetings.schemas.ts';
import { dashboardPath, repeatText, timeLabel, totalMinutes, usDate } from '../meetings.format.ts';
import { normalisedLink } from '../meetings.links.ts';
import { useCreateMeeting } from '../meetings.mutations.ts';
import { useMeeting, useMeetingTemplates, useSimpleMeetings, useViewer } from '../meetings.queries.ts';
import { GroupQuickAdd } from './GroupQuickAdd.tsx';
import {
  ScheduleFields,
  SchedulePreview,
  type ScheduleValues,
  scheduleDefaults,
  schedulePayload,
} from './ScheduleFields.tsx';
import { AgendaPreview, SummaryRow } from './WizardParts.tsx';
import { type DetailField, detailProblems, requiredMessages } from './wizard.problems.ts';

// The new-meeting wizard of document 1 §2: four steps, a back arrow returns one step.

const CLONE = 'clone';
const STEPS = [
  meetingsMessages.wizardStepAgenda,
  meetingsMessages.wizardStepDetails,
  meetingsMessages.wizardStepUsers,
  meetingsMessages.wizardStepConfirm,
] as const;

const todayIn = (timezone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date());

const WizardBody = ({ type, onClose }: { type: MeetingType; onClose: () => void }) => {
  const viewer = useViewer();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const templates = useMeetingTemplates();
  const simple = useSimpleMeetings();
  const people = useWorkspacePeople();
  const create = useCreateMeeting();

  const [choice, setChoice] = useState<string | null>(null);
  const [cloneId, setCloneId] = useState<string | null>(null);
  const [sourceError, setSourceError] = useState(false);
  const [title, setTitle] = useState('');
  // The Meetings page makes a meeting or a team meeting; the Accounts page an account.
  const [kind, setKind] = useState<MeetingType>(type);
  const [url, setUrl] = useState('');
  const [schedule, setSchedule] = useState<ScheduleValues>(() => scheduleDefaults(todayIn(viewer.timezone)));
  const [showProblems, setShowProblems] = useState(false);
  const [leaders, setLeaders] = useState<string[]>([]);
  const [members, setMembers] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);

  const defaultTemplate = templates.data?.find((t) => t.isDefault) ?? templates.data?.[0];
  const selected = choice ?? defaultTemplate?.id ?? null;
  const template = templates.data?.find((t) => t.id === selected);
  const cloneSource = simple.data?.find((m) => m.id === cloneId);
  // A clone keeps the source's people (the server adds them): the summary shows them too.
  const cloned = useMeeting(cloneId ?? '', selected === CLONE && cloneId !== null);
  const clonedPeople = selected === CLONE ? cloned.data : undefined;
  const allLeaders = [...new Set([...(clonedPeople?.administratorIds ?? []), ...leaders])];
  const allMembers = [...new Set([...(clonedPeople?.shareWithIds ?? []), ...members])].filter(
    (id) => !allLeaders.includes(id),
  );
  const problems = useMemo(() => detailProblems(title, url, schedule), [title, url, schedule]);
  const errorOf = (field: DetailField): ReactNode => {
    if (!showProblems) return undefined;
    const problem = problems.find((p) => p.field === field);
    if (!problem) return undefined;
    return problem.kind === 'required' ? true : problem.message;
  };
  const required = showProblems ? problems.filter((p) => p.kind === 'required') : [];
  const personOptions = (people.data ?? []).map((person) => ({
    value: person.id,
    label: `${fullName(person)}${person.email ? ` (${person.email})` : ''}`,
  }));
  const nameOf = (id: string) => {
    const person = people.data?.find((p) => p.id === id);
    return person ? fullName(person) : id;
  };

  const next = () => {
    setFailure(null);
    if (step === 0) {
      if (selected === CLONE && !cloneId) {
        setSourceError(true);
        return;
      }
      setStep(1);
    } else if (step === 1) {
      setShowProblems(true);
      if (problems.length > 0) return;
      setStep(2);
    } else if (step === 2) {
      setStep(3);
    }
  };

  const back = () => {
    setFailure(null);
    setStep((value) => Math.max(0, value - 1));
  };

  const finish = () => {
    setFailure(null);
    const source =
      selected === CLONE
        ? { operation: 'clone' as const, sourceMeetingId: cloneId }
        : { operation: 'create' as const, templateId: selected };
    create.mutate(
      {
        ...source,
        title: title.trim(),
        sharepointUrl: url.trim(),
        ...schedulePayload(schedule),
        type: kind,
        administrators: leaders,
        members,
      },
      {
        onSuccess: (meeting) => {
          showSuccess(meetingsMessages.meetingCreated);
          onClose();
          void navigate(dashboardPath(meeting));
        },
        onError: (error) => setFailure(errorText(error)),
      },
    );
  };

  const stepContent: ReactNode[] = [
    // 1. Build Your Recurring Meeting Agenda
    <Stack gap="sm" key="agenda">
      {templates.isPending && <SectionLoading />}
      {templates.isError && (
        <SectionError
          title={meetingsMessages.templatesLoadFailed}
          error={templates.error}
          onRetry={() => void templates.refetch()}
          retrying={templates.isFetching}
        />
      )}
      {templates.data && (
        <Radio.Group
          value={selected}
          onChange={(value) => {
            setChoice(value);
            setSourceError(false);
          }}
          label={meetingsMessages.startFromTemplate}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="xs">
            {templates.data.map((item) => (
              <Radio.Card key={item.id} value={item.id} p="md" radius="md" aria-label={item.title}>
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator mt={2} />
                  <Stack gap={4} miw={0}>
                    <Group gap={6}>
                      <Text fw={600} size="sm">
                        {item.title}
                      </Text>
                      {item.isDefault && (
                        <Badge size="xs" variant="light">
                          {meetingsMessages.defaultBadge}
                        </Badge>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {item.description}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {meetingsMessages.agendaItemCount(item.agendaItems.length)} ·{' '}
                      {messages.minutesShort(totalMinutes(item.agendaItems))}
                    </Text>
                  </Stack>
                </Group>
              </Radio.Card>
            ))}
            <Radio.Card value={CLONE} p="md" radius="md" aria-label={meetingsMessages.cloneMeetingOption}>
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator mt={2} />
                <Stack gap={4}>
                  <Group gap={6}>
                    <IconCopy size={16} stroke={1.6} aria-hidden />
                    <Text fw={600} size="sm">
                      {meetingsMessages.cloneMeetingOption}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {meetingsMessages.cloneMeetingDescription}
                  </Text>
                </Stack>
              </Group>
            </Radio.Card>
          </SimpleGrid>
        </Radio.Group>
      )}
      {selected === CLONE && (
        <Select
          label={meetingsMessages.meetingToClone}
          required
          searchable
          data={(simple.data ?? []).map((m) => ({ value: m.id, label: m.title }))}
          value={cloneId}
          onChange={(value) => {
            setCloneId(value);
            setSourceError(false);
          }}
          nothingFoundMessage={meetingsMessages.noMeetingToClone}
          error={simple.isError ? meetingsMessages.meetingsLoadFailed : sourceError ? messages.required : undefined}
          disabled={simple.isPending}
          placeholder={simple.data?.length === 0 ? meetingsMessages.noMeetingToClone : undefined}
        />
      )}
      {template && selected !== CLONE && <AgendaPreview template={template} />}
    </Stack>,

    // 2. Meeting Details
    <Stack gap="sm" key="details">
      <TextInput
        label={meetingsMessages.meetingName}
        required
        data-autofocus
        value={title}
        onChange={(event) => setTitle(event.currentTarget.value)}
        error={errorOf('title')}
      />
      {type !== 'account' && (
        <Segmented
          aria-label={meetingsMessages.meetingKindLabel}
          data={[
            { value: 'meeting', label: meetingsMessages.meetingKindMeeting },
            { value: 'team', label: meetingsMessages.meetingKindTeam },
          ]}
          value={kind}
          onChange={(value) => setKind(value as MeetingType)}
        />
      )}
      <TextInput
        label={meetingsMessages.meetingUrl}
        required
        placeholder="https://"
        value={url}
        onChange={(event) => setUrl(event.currentTarget.value)}
        error={errorOf('sharepointUrl')}
      />
      <ScheduleFields
        values={schedule}
        onChange={(patch) => setSchedule((value) => ({ ...value, ...patch }))}
        errors={{
          startDate: errorOf('startDate'),
          startTime: errorOf('startTime'),
          interval: errorOf('interval'),
          repeatEvery: errorOf('repeatEvery'),
          repeatType: errorOf('repeatType'),
          noOfCycles: errorOf('noOfCycles'),
          endDate: errorOf('endDate'),
        }}
      />
      <SchedulePreview values={schedule} timezone={viewer.timezone} viewerTimezone={viewer.timezone} />
    </Stack>,

    // 3. Add Users
    <Stack gap="sm" key="users">
      {people.isError && (
        <SectionError
          title={meetingsMessages.peopleLoadFailed}
          error={people.error}
          onRetry={() => void people.refetch()}
          retrying={people.isFetching}
        />
      )}
      <MultiSelect
        label={meetingsMessages.leaders}
        placeholder={leaders.length === 0 ? meetingsMessages.pickPeople : undefined}
        description={meetingsMessages.leaderDefaultHint}
        data={personOptions}
        value={leaders}
        onChange={setLeaders}
        searchable
        disabled={people.isPending}
        comboboxProps={{ withinPortal: true }}
      />
      <MultiSelect
        label={messages.members}
        placeholder={members.length === 0 ? meetingsMessages.pickPeople : undefined}
        data={personOptions}
        value={members}
        onChange={setMembers}
        searchable
        disabled={people.isPending}
        comboboxProps={{ withinPortal: true }}
      />
      <GroupQuickAdd
        allowed={new Set(personOptions.map((option) => option.value))}
        onAdd={(userIds) => setMembers((current) => [...new Set([...current, ...userIds])])}
        disabled={people.isPending}
      />
      {selected === CLONE && (
        <Text size="xs" c="dimmed">
          {meetingsMessages.cloneKeepsPeopleHint}
        </Text>
      )}
    </Stack>,

    // 4. Confirm Details
    <Stack gap="sm" key="confirm">
      <Table withRowBorders verticalSpacing={6} fz="sm">
        <Table.Tbody>
          <SummaryRow label={messages.agendaLabel}>
            {selected === CLONE ? meetingsMessages.clonedFrom(cloneSource?.title ?? '') : template?.title}
          </SummaryRow>
          <SummaryRow label={meetingsMessages.meetingName}>{title.trim()}</SummaryRow>
          {type !== 'account' && (
            <SummaryRow label={meetingsMessages.meetingKindLabel}>
              {kind === 'team' ? meetingsMessages.meetingKindTeam : meetingsMessages.meetingKindMeeting}
            </SummaryRow>
          )}
          <SummaryRow label={meetingsMessages.meetingUrl}>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {normalisedLink(url)}
            </Text>
          </SummaryRow>
          <SummaryRow label={meetingsMessages.startDate}>{usDate(schedule.startDate)}</SummaryRow>
          <SummaryRow label={meetingsMessages.startTime}>
            {schedule.startTime ? timeLabel(schedule.startTime) : ''} ({viewer.timezone})
          </SummaryRow>
          <SummaryRow label={meetingsMessages.repeat}>
            {(() => {
              const rule = schedulePayload(schedule);
              const parts = [repeatText(rule.repeatEvery, rule.repeatType)];
              if (rule.noOfCycles) parts.push(`${meetingsMessages.numberOfMeetings}: ${rule.noOfCycles}`);
              if (rule.endDate) parts.push(`${meetingsMessages.endDate}: ${usDate(rule.endDate)}`);
              return parts.join(' · ');
            })()}
          </SummaryRow>
          <SummaryRow label={meetingsMessages.leaders}>
            {allLeaders.length > 0 ? allLeaders.map(nameOf).join(', ') : meetingsMessages.youLead}
          </SummaryRow>
          <SummaryRow label={messages.members}>
            {allMembers.length > 0
              ? allMembers.map(nameOf).join(', ')
              : selected === CLONE && cloned.isPending
                ? messages.loading
                : meetingsMessages.noneChosen}
          </SummaryRow>
        </Table.Tbody>
      </Table>
      <SchedulePreview values={schedule} timezone={viewer.timezone} viewerTimezone={viewer.timezone} />
    </Stack>,
  ];

  const nextLabel =
    step === 3
      ? messages.finish
      : step === 2 && leaders.length === 0 && members.length === 0
        ? meetingsMessages.skipButton
        : messages.nextButton;

  return (
    <Stack gap="md">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={back}
          aria-label={meetingsMessages.backButton}
          size="lg"
          disabled={step === 0}
          style={{ visibility: step === 0 ? 'hidden' : undefined }}
        >
          <IconArrowLeft size={20} />
        </ActionIcon>
        <Stepper
          active={step}
          size="xs"
          flex={1}
          allowNextStepsSelect={false}
          onStepClick={(index) => index < step && setStep(index)}
        >
          {STEPS.map((label, index) => (
            <Stepper.Step key={label} label={meetingsMessages.wizardStepsShort[index]} aria-label={label} />
          ))}
        </Stepper>
      </Group>
      <Title order={2} size="h4" aria-live="polite">
        {STEPS[step]}
      </Title>
      {stepContent[step]}
      {/* Beside the buttons, where the user is looking when it appears. */}
      {step === 1 && required.length > 0 && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" p="sm">
          <List size="sm" spacing={2}>
            {requiredMessages(required).map((text) => (
              <List.Item key={text}>{text}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <FormError message={failure} />
      <Group justify="flex-end" className="cadence-dialog-footer">
        <Button variant="default" onClick={onClose}>
          {messages.cancelButton}
        </Button>
        <Button
          onClick={step === 3 ? finish : next}
          loading={create.isPending}
          disabled={step === 0 && !templates.data}
        >
          {nextLabel}
        </Button>
      </Group>
    </Stack>
  );
};

export const NewMeetingWizard = ({
  opened,
  onClose,
  type,
}: {
  opened: boolean;
  onClose: () => void;
  type: MeetingType;
}) => (
  <Modal
    opened={opened}
    onClose={onClose}
    title={type === 'account' ? meetingsMessages.newAccountTitle : meetingsMessages.newMeetingTitle}
    size="xl"
    centered
    transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
  >
    <WizardBody type={type} onClose={onClose} />
  </Modal>
);
