import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { KPI_GOAL_PERIODS_MAX, KPI_VALUE_MAX, type KpiScoreGoal } from '../../../../shared/kpis.ts';
import { kpisMessages } from '../../kpis.messages.ts';

// Temporary goals in the score form (docs/decisions/107): rows of from, to, goal and target
// (and the upper end of a range). The server checks them; its messages show under the list.

export interface GoalPeriodDraft {
  startsOn: string;
  endsOn: string;
  goal: KpiScoreGoal;
  score: string;
  scoreMax: string;
}

export const GoalPeriodsField = ({
  periods,
  goalOptions,
  error,
  onChange,
}: {
  periods: GoalPeriodDraft[];
  goalOptions: { value: KpiScoreGoal; label: string }[];
  error: string | undefined;
  onChange: (periods: GoalPeriodDraft[]) => void;
}) => {
  const update = (index: number, patch: Partial<GoalPeriodDraft>) =>
    onChange(periods.map((period, i) => (i === index ? { ...period, ...patch } : period)));
  return (
    <Stack gap="xs">
      <div>
        <Text size="sm" fw={500}>
          {kpisMessages.kpiGoalPeriods}
        </Text>
        <Text size="xs" c="dimmed">
          {kpisMessages.kpiGoalPeriodsHint}
        </Text>
      </div>
      {periods.map((period, index) => {
        const n = index + 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; their place is their identity
          <Group key={index} gap="xs" align="flex-end" wrap="wrap" data-testid="goal-period">
            <TextInput
              type="date"
              size="xs"
              aria-label={kpisMessages.kpiGoalPeriodFrom(n)}
              value={period.startsOn}
              onChange={(event) => update(index, { startsOn: event.currentTarget.value })}
            />
            <TextInput
              type="date"
              size="xs"
              aria-label={kpisMessages.kpiGoalPeriodTo(n)}
              value={period.endsOn}
              onChange={(event) => update(index, { endsOn: event.currentTarget.value })}
            />
            <Select
              size="xs"
              w={150}
              aria-label={kpisMessages.kpiGoalPeriodGoal(n)}
              data={goalOptions}
              value={period.goal}
              allowDeselect={false}
              onChange={(value) => value && update(index, { goal: value as KpiScoreGoal })}
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput
              size="xs"
              w={90}
              inputMode="decimal"
              maxLength={KPI_VALUE_MAX}
              aria-label={kpisMessages.kpiGoalPeriodTarget(n)}
              value={period.score}
              onChange={(event) => update(index, { score: event.currentTarget.value })}
            />
            {period.goal === 'between' && (
              <TextInput
                size="xs"
                w={90}
                inputMode="decimal"
                maxLength={KPI_VALUE_MAX}
                aria-label={kpisMessages.kpiGoalPeriodTargetMax(n)}
                value={period.scoreMax}
                onChange={(event) => update(index, { scoreMax: event.currentTarget.value })}
              />
            )}
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={kpisMessages.kpiRemoveGoalPeriod(n)}
              onClick={() => onChange(periods.filter((_period, i) => i !== index))}
            >
              <IconTrash size={14} />
            </ActionIcon>
          </Group>
        );
      })}
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
      {periods.length < KPI_GOAL_PERIODS_MAX && (
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => onChange([...periods, { startsOn: '', endsOn: '', goal: '>=', score: '', scoreMax: '' }])}
          style={{ alignSelf: 'flex-start' }}
        >
          {kpisMessages.kpiAddGoalPeriod}
        </Button>
      )}
    </Stack>
  );
};
