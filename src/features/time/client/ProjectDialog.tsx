import {
  Button,
  Checkbox,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../client/lib/api.ts';
import { DialogForm } from '../../../client/ui/DialogForm.tsx';
import { errorText } from '../../../client/ui/FormError.tsx';
import {
  FEE_BUDGET_TYPES,
  PROJECT_BUDGET_TYPES,
  PROJECT_RATE_MODES,
  type ProjectBudgetType,
  type ProjectRateMode,
  type ProjectType,
  TIME_DEFAULTS,
} from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import { timeMessages } from '../time.messages.ts';
import { moneyText, parseDuration, parseMoney } from '../time.money.ts';
import type { Project } from '../time.schemas.ts';
import { hoursText, type MemberRow, MemberRows, type TaskRow, TaskRows } from './ProjectLists.tsx';
import { useAccounts, useMyMeetings, usePeople, useSaveProject } from './time.queries.ts';

// The Edit Project dialog (document 3 §2, §5): type tabs Time / Fixed Fee / NonBillable; the
// budget and rate inputs of the chosen mode; tasks and team members that cannot be emptied.
// Money and hours are typed as text and read without floating point (decision 048).

export const ProjectDialog = ({
  project,
  accountId,
  onClose,
  isAdmin,
}: {
  project: Project | null;
  accountId: string | null;
  onClose: () => void;
  isAdmin: boolean;
}) => {
  const accounts = useAccounts();
  const meetings = useMyMeetings();
  const people = usePeople(true);
  const save = useSaveProject();
  const [form, setForm] = useState({
    accountId: project?.accountId ?? accountId,
    name: project?.name ?? '',
    note: project?.note ?? '',
    type: (project?.type ?? 'time') as ProjectType,
    hourlyRate: (project?.hourlyRate ?? 'no_rate') as ProjectRateMode,
    projectHoursRate: moneyText(project?.projectHoursRate ?? TIME_DEFAULTS.taskHourlyRate),
    budgetType: (project?.budgetType ?? 'no_budget') as ProjectBudgetType,
    totalProjectFee: moneyText(project?.totalProjectFee ?? 0),
    totalProjectHours: hoursText(project?.totalProjectMinutes ?? 100 * 60),
    fixedFee: moneyText(project?.fixedFee ?? 0),
    budgetReset: project?.budgetReset ?? 'never',
    budgetProjectExpenses: project?.budgetProjectExpenses ?? false,
    budgetEmailExceeds: project?.budgetEmailExceeds ?? false,
    percentOfBudgetExceed: String(project?.percentOfBudgetExceed ?? TIME_DEFAULTS.alertPercent),
    showToAdmins: project?.showToAdmins ?? false,
    showToAll: project?.showToAll ?? true,
    meetingId: project?.meetingId ?? null,
    applyRatesToLoggedTime: false,
  });
  const [tasks, setTasks] = useState<TaskRow[]>(
    (project?.tasks ?? []).map((t) => ({
      id: t.id,
      title: t.title,
      billable: t.billable,
      budget: moneyText(t.budget),
      budgetHours: hoursText(t.budgetMinutes),
      hourlyRate: moneyText(t.hourlyRate),
    })),
  );
  const [members, setMembers] = useState<MemberRow[]>(
    (project?.teams ?? []).map((m) => ({
      userId: m.userId,
      name: m.name,
      manage: m.manage,
      budgetHours: hoursText(m.budgetMinutes),
      hourlyRate: moneyText(m.hourlyRate),
    })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmType, setConfirmType] = useState<string | null>(null);
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const feeBudgets = form.type !== 'non_billable';
  const budgetChoices = PROJECT_BUDGET_TYPES.filter((b) => feeBudgets || !FEE_BUDGET_TYPES.includes(b));
  const candidates = (people.data ?? []).filter((p) => !members.some((m) => m.userId === p.id));

  const submit = (confirmTypeChange = false) => {
    const found: Record<string, string> = {};
    const money = (key: string, text: string) => {
      const value = parseMoney(text);
      if (value === null) found[key] = timeMessages.timeMoneyFormat;
      return value ?? 0;
    };
    const hours = (key: string, text: string) => {
      const value = parseDuration(text);
      if (value === null) found[key] = timeMessages.timeDurationFormat;
      return value ?? 0;
    };
    if (!form.name.trim()) found.name = messages.required;
    if (!form.accountId) found.accountId = messages.required;
    if (tasks.length === 0) found.tasks = timeMessages.timeAtLeastOne;
    if (members.length === 0) found.teams = timeMessages.timeAtLeastOne;
    const percent = Number(form.percentOfBudgetExceed);
    if (!Number.isInteger(percent) || percent < 1 || percent > 100)
      found.percentOfBudgetExceed = timeMessages.timePercent;
    const body = {
      accountId: form.accountId ?? '',
      name: form.name,
      note: isAdmin ? form.note : null,
      type: form.type,
      hourlyRate: form.hourlyRate,
      projectHoursRate: money('projectHoursRate', form.projectHoursRate),
      budgetType: form.budgetType,
      totalProjectFee: money('totalProjectFee', form.totalProjectFee),
      totalProjectMinutes: hours('totalProjectHours', form.totalProjectHours),
      fixedFee: money('fixedFee', form.fixedFee),
      budgetReset: form.budgetReset,
      budgetProjectExpenses: form.budgetProjectExpenses,
      budgetEmailExceeds: form.budgetEmailExceeds,
      percentOfBudgetExceed: percent,
      showToAdmins: form.showToAdmins,
      showToAll: form.showToAll,
      meetingId: form.meetingId,
      tasks: tasks.map((t, i) => ({
        ...(t.id ? { id: t.id } : {}),
        title: t.title,
        billable: t.billable,
        budget: money(`tasks.${i}.budget`, t.budget),
        budgetMinutes: hours(`tasks.${i}.budgetHours`, t.budgetHours),
        hourlyRate: money(`tasks.${i}.hourlyRate`, t.hourlyRate),
      })),
      teams: members.map((m, i) => ({
        userId: m.userId,
        manage: m.manage,
        budgetMinutes: hours(`teams.${i}.budgetHours`, m.budgetHours),
        hourlyRate: money(`teams.${i}.hourlyRate`, m.hourlyRate),
      })),
      confirmTypeChange,
      applyRatesToLoggedTime: form.applyRatesToLoggedTime,
    };
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { id: project?.id ?? null, body },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409 && error.errors?.type === 'confirm') {
            setConfirmType(error.message);
            return;
          }
          setErrors((error as ApiError).errors ?? {});
          setFailure(errorText(error));
        },
      },
    );
  };

  const moneyInput = (key: 'projectHoursRate' | 'totalProjectFee' | 'fixedFee', label: string) => (
    <TextInput label={label} value={form[key]} onChange={(e) => set(key, e.currentTarget.value)} error={errors[key]} />
  );

  return (
    <Modal
      opened
      onClose={onClose}
      title={project ? timeMessages.timeEditProject : timeMessages.timeNewProject}
      size="xl"
    >
      <DialogForm
        onSubmit={() => submit(false)}
        onCancel={onClose}
        submitLabel={timeMessages.timeSave}
        pending={save.isPending}
        failure={failure}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={timeMessages.timeAccount}
            required
            data={(accounts.data?.items ?? []).map((a) => ({ value: a.id, label: a.title }))}
            value={form.accountId}
            onChange={(value) => set('accountId', value)}
            error={errors.accountId}
          />
          <TextInput
            label={timeMessages.timeProjectName}
            required
            value={form.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={errors.name}
            data-autofocus
          />
        </SimpleGrid>
        {isAdmin && (
          <Textarea
            label={timeMessages.timeProjectNote}
            value={form.note}
            onChange={(e) => set('note', e.currentTarget.value)}
            autosize
            minRows={2}
          />
        )}
        <Text fw={600} size="sm">
          {timeMessages.timeProjectType}
        </Text>
        <Tabs
          value={form.type}
          onChange={(value) => {
            const type = (value ?? 'time') as ProjectType;
            setForm((f) => ({
              ...f,
              type,
              budgetType:
                type === 'non_billable' && FEE_BUDGET_TYPES.includes(f.budgetType) ? 'no_budget' : f.budgetType,
            }));
          }}
        >
          <Tabs.List>
            <Tabs.Tab value="time">{timeMessages.timeTypeTime}</Tabs.Tab>
            <Tabs.Tab value="fixed_fee">{timeMessages.timeTypeFixedFee}</Tabs.Tab>
            <Tabs.Tab value="non_billable">{timeMessages.timeTypeNonBillable}</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {form.type === 'fixed_fee' && moneyInput('fixedFee', timeMessages.timeFixedFee)}
          <Select
            label={timeMessages.timeRateMode}
            data={PROJECT_RATE_MODES.map((value) => ({ value, label: timeMessages.timeRateModes[value] }))}
            value={form.hourlyRate}
            onChange={(value) => value && set('hourlyRate', value as ProjectRateMode)}
            error={errors.hourlyRate}
            allowDeselect={false}
          />
          {form.hourlyRate === 'project' && moneyInput('projectHoursRate', timeMessages.timeProjectRate)}
          <Select
            label={timeMessages.timeBudgetType}
            data={budgetChoices.map((value) => ({ value, label: timeMessages.timeBudgetTypes[value] }))}
            value={form.budgetType}
            onChange={(value) => value && set('budgetType', value as ProjectBudgetType)}
            error={errors.budgetType}
            allowDeselect={false}
          />
          {form.budgetType === 'total_project_fees' && moneyInput('totalProjectFee', timeMessages.timeTotalFee)}
          {form.budgetType === 'total_project_hours' && (
            <TextInput
              label={timeMessages.timeTotalHours}
              description={timeMessages.timeDurationHint}
              value={form.totalProjectHours}
              onChange={(e) => set('totalProjectHours', e.currentTarget.value)}
              error={errors.totalProjectHours ?? errors.totalProjectMinutes}
            />
          )}
          {form.budgetType !== 'no_budget' && (
            <Select
              label={timeMessages.timeBudgetReset}
              data={[
                { value: 'never', label: timeMessages.timeResetNever },
                { value: 'monthly', label: timeMessages.timeResetMonthly },
              ]}
              value={form.budgetReset}
              onChange={(value) => value && set('budgetReset', value as 'never' | 'monthly')}
              allowDeselect={false}
            />
          )}
        </SimpleGrid>
        {form.budgetType !== 'no_budget' && (
          <Stack gap="xs">
            <Checkbox
              label={timeMessages.timeBudgetExpenses}
              description={timeMessages.timeBudgetExpensesHint}
              checked={form.budgetProjectExpenses}
              onChange={(e) => set('budgetProjectExpenses', e.currentTarget.checked)}
            />
            <Group align="flex-end">
              <Checkbox
                label={timeMessages.timeEmailAlert}
                checked={form.budgetEmailExceeds}
                onChange={(e) => set('budgetEmailExceeds', e.currentTarget.checked)}
              />
              <TextInput
                aria-label={timeMessages.timeAlertPercent}
                w={90}
                rightSection="%"
                disabled={!form.budgetEmailExceeds}
                value={form.percentOfBudgetExceed}
                onChange={(e) => set('percentOfBudgetExceed', e.currentTarget.value)}
                error={errors.percentOfBudgetExceed}
              />
            </Group>
            <Select
              label={timeMessages.timeAlertMeeting}
              clearable
              placeholder={timeMessages.timeNoMeeting}
              data={(meetings.data ?? []).map((m) => ({ value: m.id, label: m.title }))}
              value={form.meetingId}
              onChange={(value) => set('meetingId', value)}
              error={errors.meetingId}
            />
          </Stack>
        )}
        <Checkbox
          label={timeMessages.timeShowToAdmins}
          checked={form.showToAdmins}
          onChange={(e) => set('showToAdmins', e.currentTarget.checked)}
        />
        <Checkbox
          label={timeMessages.timeShowToAll}
          checked={form.showToAll}
          onChange={(e) => set('showToAll', e.currentTarget.checked)}
        />
        {project && (
          <Checkbox
            label={timeMessages.timeApplyRates}
            checked={form.applyRatesToLoggedTime}
            onChange={(e) => set('applyRatesToLoggedTime', e.currentTarget.checked)}
          />
        )}

        <TaskRows
          tasks={tasks}
          setTasks={setTasks}
          budgetType={form.budgetType}
          hourlyRate={form.hourlyRate}
          errors={errors}
          setErrors={setErrors}
        />
        <MemberRows
          members={members}
          setMembers={setMembers}
          candidates={candidates}
          budgetType={form.budgetType}
          hourlyRate={form.hourlyRate}
          errors={errors}
          setErrors={setErrors}
        />
      </DialogForm>
      <Modal
        opened={confirmType !== null}
        onClose={() => setConfirmType(null)}
        title={timeMessages.timeConfirmTypeTitle}
      >
        <Stack>
          <Text>{confirmType}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmType(null)}>
              {messages.cancelButton}
            </Button>
            <Button
              onClick={() => {
                setConfirmType(null);
                submit(true);
              }}
            >
              {timeMessages.timeConfirmSwitch}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Modal>
  );
};
