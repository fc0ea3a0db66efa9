import { Modal, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../../client/lib/api.ts';
import { DialogForm } from '../../../../client/ui/DialogForm.tsx';
import { errorText } from '../../../../client/ui/FormError.tsx';
import { useDelayedClose } from '../../../../client/ui/useDelayedClose.ts';
import { DIALOG_CLOSE_DELAY_MS } from '../../../../shared/constants.ts';
import {
  KPI_TITLE_MAX,
  KPI_UNITS_MAX,
  KPI_VALUE_MAX,
  type KpiGoal,
  type KpiType,
  normaliseKpiValue,
} from '../../../../shared/kpis.ts';
import { messages } from '../../../../shared/messages.ts';
import type { PersonSummary } from '../../../../shared/person.ts';
import { kpisMessages } from '../../kpis.messages.ts';
import type { ScorecardRow } from '../../kpis.schemas.ts';
import { useSaveScore } from '../kpis.queries.ts';

// The score form (document 2 §2, §5): "Add Score", "Edit Score" or "Clone Score", with the
// user (owner), title, goal comparator, target, units and type. A clone starts from the
// score's fields and gets empty values.

export type ScoreDialogState =
  | { mode: 'add' }
  | { mode: 'edit'; score: ScorecardRow }
  | { mode: 'clone'; score: ScorecardRow }
  | null;

const GOAL_OPTIONS: { value: KpiGoal; label: string }[] = [
  { value: '>=', label: kpisMessages.kpiGoalAtLeast },
  { value: '<=', label: kpisMessages.kpiGoalAtMost },
  { value: '==', label: kpisMessages.kpiGoalExactly },
];

const TYPE_OPTIONS: { value: KpiType; label: string }[] = [
  { value: 'number', label: kpisMessages.kpiTypeNumber },
  { value: 'dollar', label: kpisMessages.kpiTypeDollar },
  { value: 'percentage', label: kpisMessages.kpiTypePercentage },
];

interface Values {
  title: string;
  userId: string | null;
  goal: KpiGoal;
  score: string;
  units: string;
  type: KpiType;
}
type Field = 'title' | 'userId' | 'goal' | 'score' | 'units' | 'type';
type Errors = Partial<Record<Field, string>>;

const titleOf = (state: NonNullable<ScoreDialogState>) =>
  state.mode === 'add'
    ? kpisMessages.kpiAddScore
    : state.mode === 'edit'
      ? kpisMessages.kpiEditScore
      : kpisMessages.kpiCloneScore;

const ScoreForm = ({
  meetingId,
  state,
  people,
  defaultUserId,
  onClose,
}: {
  meetingId: string;
  state: NonNullable<ScoreDialogState>;
  people: PersonSummary[];
  defaultUserId: string | null;
  onClose: () => void;
}) => {
  const source = state.mode === 'add' ? null : state.score;
  const [values, setValues] = useState<Values>({
    title: source?.title ?? '',
    userId: source?.userId ?? (people.some((p) => p.id === defaultUserId) ? defaultUserId : null),
    goal: source?.goal ?? '>=',
    score: source?.score ?? '',
    units: source?.units ?? '',
    type: source?.type ?? 'number',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveScore(meetingId);
  const closeSoon = useDelayedClose(onClose);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    // A field's message goes once the person changes it.
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  };

  const submit = () => {
    setFailure(null);
    const problems: Errors = {};
    if (values.title.trim() === '') problems.title = messages.required;
    if (!values.userId) problems.userId = messages.required;
    const target = normaliseKpiValue(values.score);
    if (target === null) problems.score = messages.required;
    else if (target === undefined) problems.score = kpisMessages.kpiInvalidNumber;
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !values.userId || !target) return;
    const body = {
      title: values.title.trim(),
      userId: values.userId,
      goal: values.goal,
      score: target,
      units: values.units.trim() || null,
      type: values.type,
    };
    const onError = (error: unknown) => {
      const fields = error instanceof ApiError ? (error.errors ?? {}) : {};
      const mapped: Errors = {};
      for (const key of ['title', 'userId', 'goal', 'score', 'units', 'type'] as const)
        if (fields[key]) mapped[key] = fields[key];
      setErrors(mapped);
      setFailure(Object.keys(mapped).length > 0 ? null : errorText(error));
    };
    if (state.mode === 'add') save.mutate({ mode: 'add', body }, { onSuccess: closeSoon, onError });
    else save.mutate({ mode: state.mode, id: state.score.id, body }, { onSuccess: closeSoon, onError });
  };

  return (
    <DialogForm
      onSubmit={submit}
      onCancel={onClose}
      submitLabel={messages.saveButton}
      pending={save.isPending}
      failure={failure}
    >
      <TextInput
        label={kpisMessages.kpiTitleLabel}
        required
        data-autofocus
        maxLength={KPI_TITLE_MAX}
        value={values.title}
        onChange={(event) => set('title', event.currentTarget.value)}
        error={errors.title}
      />
      <Select
        label={kpisMessages.kpiOwnerLabel}
        placeholder={messages.taskOwnerPlaceholder}
        required
        searchable
        data={people.map((person) => ({
          value: person.id,
          label: person.deleted
            ? messages.deletedPerson(`${person.firstName} ${person.lastName}`)
            : `${person.firstName} ${person.lastName}`,
        }))}
        value={values.userId}
        onChange={(value) => set('userId', value)}
        error={errors.userId}
        comboboxProps={{ withinPortal: true }}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label={kpisMessages.kpiGoalLabel}
          required
          data={GOAL_OPTIONS}
          value={values.goal}
          allowDeselect={false}
          onChange={(value) => value && set('goal', value as KpiGoal)}
          error={errors.goal}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label={kpisMessages.kpiTargetLabel}
          required
          inputMode="decimal"
          maxLength={KPI_VALUE_MAX}
          value={values.score}
          onChange={(event) => set('score', event.currentTarget.value)}
          error={errors.score}
        />
      </SimpleGrid>
      <Stack gap={4}>
        <Text size="sm" fw={500} component="span" id="score-type-label">
          {kpisMessages.kpiTypeLabel}
        </Text>
        <SegmentedControl
          aria-labelledby="score-type-label"
          data={TYPE_OPTIONS}
          value={values.type}
          onChange={(value) => {
            const type = value as KpiType;
            // The units follow the type unless the person typed their own.
            setValues((v) => ({
              ...v,
              type,
              units:
                v.units === '' || v.units === '$' || v.units === '%'
                  ? type === 'dollar'
                    ? '$'
                    : type === 'percentage'
                      ? '%'
                      : ''
                  : v.units,
            }));
          }}
        />
      </Stack>
      <TextInput
        label={kpisMessages.kpiUnitsLabel}
        description={kpisMessages.kpiUnitsHint}
        maxLength={KPI_UNITS_MAX}
        value={values.units}
        onChange={(event) => set('units', event.currentTarget.value)}
        error={errors.units}
      />
    </DialogForm>
  );
};

export const ScoreFormDialog = ({
  meetingId,
  state,
  people,
  defaultUserId = null,
  onClose,
}: {
  meetingId: string;
  state: ScoreDialogState;
  /** Who may own a score (the meeting's leaders and members). */
  people: PersonSummary[];
  defaultUserId?: string | null;
  onClose: () => void;
}) => {
  const [shown, setShown] = useState<ScoreDialogState>(state);
  if (state !== null && state !== shown) setShown(state);
  const current = state ?? shown;
  return (
    <Modal
      opened={state !== null}
      onClose={onClose}
      title={current ? titleOf(current) : ''}
      centered
      transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
    >
      {current && (
        <ScoreForm
          key={current.mode === 'add' ? 'add' : `${current.mode}-${current.score.id}`}
          meetingId={meetingId}
          state={current}
          people={people}
          defaultUserId={defaultUserId}
          onClose={onClose}
        />
      )}
    </Modal>
  );
};
