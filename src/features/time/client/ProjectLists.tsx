import { ActionIcon, Button, Checkbox, Group, Select, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type Dispatch, type SetStateAction, useState } from 'react';
import { type ProjectBudgetType, type ProjectRateMode, TIME_DEFAULTS } from '../../../shared/constants.ts';
import { timeMessages } from '../time.messages.ts';
import { formatMinutes, moneyText } from '../time.money.ts';

// The Edit Project dialog's task and team lists (document 3 §5): each row's budget and rate
// inputs follow the project's modes; a list cannot be emptied ('You need to add at least one
// entry'); Add is disabled while the new row is empty; people on the team are not offered again.

export interface TaskRow {
  id?: string;
  title: string;
  billable: boolean;
  budget: string;
  budgetHours: string;
  hourlyRate: string;
}
export interface MemberRow {
  userId: string;
  name: string;
  manage: boolean;
  budgetHours: string;
  hourlyRate: string;
}

export const hoursText = (minutes: number) => formatMinutes(minutes);
/** An input's label line: the Add buttons line up with their input whether or not it shows an error. */
const LABEL_HEIGHT = 'calc(var(--mantine-font-size-sm) * var(--mantine-line-height) + 4px)';

type Errors = Record<string, string>;
interface ListProps {
  budgetType: ProjectBudgetType;
  hourlyRate: ProjectRateMode;
  errors: Errors;
  setErrors: Dispatch<SetStateAction<Errors>>;
}

export const TaskRows = ({
  tasks,
  setTasks,
  budgetType,
  hourlyRate,
  errors,
  setErrors,
}: ListProps & { tasks: TaskRow[]; setTasks: Dispatch<SetStateAction<TaskRow[]>> }) => {
  const [newTask, setNewTask] = useState('');
  return (
    <>
      <Text fw={600}>{timeMessages.timeTasks}</Text>
      {tasks.map((task, i) => (
        <Group key={task.id ?? `new-${i}`} align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            label={timeMessages.timeTaskTitle}
            value={task.title}
            onChange={(e) => {
              const title = e.currentTarget.value;
              setTasks((list) => list.map((t, j) => (j === i ? { ...t, title } : t)));
            }}
            style={{ flex: '1 1 160px' }}
          />
          <Checkbox
            label={timeMessages.timeBillable}
            checked={task.billable}
            onChange={(e) => {
              const billable = e.currentTarget.checked;
              setTasks((list) => list.map((t, j) => (j === i ? { ...t, billable } : t)));
            }}
            mb={8}
          />
          {budgetType === 'fees_per_task' && (
            <TextInput
              label={timeMessages.timeTaskBudget}
              w={100}
              value={task.budget}
              error={errors[`tasks.${i}.budget`]}
              onChange={(e) => {
                const budget = e.currentTarget.value;
                setTasks((list) => list.map((t, j) => (j === i ? { ...t, budget } : t)));
              }}
            />
          )}
          {budgetType === 'hours_per_task' && (
            <TextInput
              label={timeMessages.timeBudgetHours}
              w={100}
              value={task.budgetHours}
              error={errors[`tasks.${i}.budgetHours`]}
              onChange={(e) => {
                const budgetHours = e.currentTarget.value;
                setTasks((list) => list.map((t, j) => (j === i ? { ...t, budgetHours } : t)));
              }}
            />
          )}
          {hourlyRate === 'task' && (
            <TextInput
              label={timeMessages.timeHourlyRate}
              w={100}
              value={task.hourlyRate}
              error={errors[`tasks.${i}.hourlyRate`]}
              onChange={(e) => {
                const hourlyRate = e.currentTarget.value;
                setTasks((list) => list.map((t, j) => (j === i ? { ...t, hourlyRate } : t)));
              }}
            />
          )}
          <ActionIcon
            variant="subtle"
            color="red"
            mb={6}
            aria-label={timeMessages.timeRemoveTask(task.title)}
            onClick={() => {
              if (tasks.length === 1) setErrors((e) => ({ ...e, tasks: timeMessages.timeAtLeastOne }));
              else setTasks((list) => list.filter((_, j) => j !== i));
            }}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group align="flex-start" gap="xs">
        <TextInput
          label={timeMessages.timeTaskTitle}
          value={newTask}
          onChange={(e) => setNewTask(e.currentTarget.value)}
          error={errors.tasks}
          style={{ flex: 1 }}
        />
        <Button
          variant="light"
          mt={LABEL_HEIGHT}
          disabled={!newTask.trim()}
          onClick={() => {
            setTasks((list) => [
              ...list,
              {
                title: newTask.trim(),
                billable: true,
                budget: moneyText(TIME_DEFAULTS.taskBudget),
                budgetHours: hoursText(TIME_DEFAULTS.taskBudgetMinutes),
                hourlyRate: moneyText(TIME_DEFAULTS.taskHourlyRate),
              },
            ]);
            setNewTask('');
            setErrors(({ tasks: _t, ...rest }) => rest);
          }}
        >
          {timeMessages.timeAddTask}
        </Button>
      </Group>
    </>
  );
};

export const MemberRows = ({
  members,
  setMembers,
  candidates,
  budgetType,
  hourlyRate,
  errors,
  setErrors,
}: ListProps & {
  members: MemberRow[];
  setMembers: Dispatch<SetStateAction<MemberRow[]>>;
  candidates: { id: string; firstName: string; lastName: string }[];
}) => {
  const [newMember, setNewMember] = useState<string | null>(null);
  return (
    <>
      <Text fw={600}>{timeMessages.timeTeam}</Text>
      {members.map((member, i) => (
        <Group key={member.userId} align="flex-end" gap="xs" wrap="wrap">
          <Text style={{ flex: '1 1 140px' }} mb={8}>
            {member.name}
          </Text>
          <Checkbox
            label={timeMessages.timeManages}
            checked={member.manage}
            onChange={(e) => {
              const manage = e.currentTarget.checked;
              setMembers((list) => list.map((m, j) => (j === i ? { ...m, manage } : m)));
            }}
            mb={8}
          />
          {budgetType === 'hours_per_person' && (
            <TextInput
              label={timeMessages.timeBudgetHours}
              w={100}
              value={member.budgetHours}
              error={errors[`teams.${i}.budgetHours`]}
              onChange={(e) => {
                const budgetHours = e.currentTarget.value;
                setMembers((list) => list.map((m, j) => (j === i ? { ...m, budgetHours } : m)));
              }}
            />
          )}
          {hourlyRate === 'person' && (
            <TextInput
              label={timeMessages.timeHourlyRate}
              w={100}
              value={member.hourlyRate}
              error={errors[`teams.${i}.hourlyRate`]}
              onChange={(e) => {
                const hourlyRate = e.currentTarget.value;
                setMembers((list) => list.map((m, j) => (j === i ? { ...m, hourlyRate } : m)));
              }}
            />
          )}
          <ActionIcon
            variant="subtle"
            color="red"
            mb={6}
            aria-label={timeMessages.timeRemoveMember(member.name)}
            onClick={() => {
              if (members.length === 1) setErrors((e) => ({ ...e, teams: timeMessages.timeAtLeastOne }));
              else setMembers((list) => list.filter((_, j) => j !== i));
            }}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group align="flex-start" gap="xs">
        <Select
          label={timeMessages.timeChooseMember}
          searchable
          data={candidates.map((p) => ({ value: p.id, label: `${p.firstName} ${p.lastName}`.trim() }))}
          value={newMember}
          onChange={setNewMember}
          error={errors.teams}
          style={{ flex: 1 }}
        />
        <Button
          variant="light"
          mt={LABEL_HEIGHT}
          disabled={!newMember}
          onClick={() => {
            const person = candidates.find((p) => p.id === newMember);
            if (!person) return;
            setMembers((list) => [
              ...list,
              {
                userId: person.id,
                name: `${person.firstName} ${person.lastName}`.trim(),
                manage: false,
                budgetHours: hoursText(TIME_DEFAULTS.memberBudgetMinutes),
                hourlyRate: moneyText(TIME_DEFAULTS.memberHourlyRate),
              },
            ]);
            setNewMember(null);
            setErrors(({ teams: _t, ...rest }) => rest);
          }}
        >
          {timeMessages.timeAddMember}
        </Button>
      </Group>
    </>
  );
};
