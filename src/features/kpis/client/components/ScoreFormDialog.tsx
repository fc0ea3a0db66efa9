import { Modal, NumberInput, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { ApiError } from '../../../../client/lib/api.ts';
import { DialogForm } from '../../../../client/ui/DialogForm.tsx';
import { errorText } from '../../../../client/ui/FormError.tsx';
import { useDelayedClose } from '../../../../client/ui/useDelayedClose.ts';
import { DIALOG_CLOSE_DELAY_MS } from '../../../../shared/constants.ts';
import {
  KPI_FORMULA_MAX,
  KPI_TITLE_MAX,
  KPI_UNITS_MAX,
  KPI_VALUE_MAX,
  type KpiFrequency,
  type KpiScoreGoal,
  type KpiType,
  normaliseKpiValueAs,
} from '../../../../shared/kpis.ts';
import { messages } from '../../../../shared/messages.ts';
import type { PersonSummary } from '../../../../shared/person.ts';
import type { KpiDisplay } from '../../kpis.figures.ts';
import { invalidValueMessage, kpisMessages } from '../../kpis.messages.ts';
import type { Score, ScorecardRow } from '../../kpis.schemas.ts';
import { formulaWithIds, formulaWithNames, typedTarget } from '../kpis.format.ts';
import { useSaveScore } from '../kpis.queries.ts';
import { type GoalPeriodDraft, GoalPeriodsField } from './GoalPeriodsField.tsx';
import { SegmentedField } from './SegmentedField.tsx';

// The score form (document 2 §2, §5): "Add Score", "Edit Score" or "Clone Score", with the
// user (owner), title, goal comparator, target, units and type. A clone starts from the
// score's fields and gets empty values. A formula measurable (docs/decisions/105) is typed with
// names in brackets ('[Deals] / [Calls] * 100'), inserted from a picker; the form sends ids.

export type ScoreDialogState =
  | { mode: 'add' }
  | { mode: 'edit'; score: ScorecardRow }
  | { mode: 'clone'; score: ScorecardRow }
  | null;

const GOAL_OPTIONS: { value: KpiScoreGoal; label: string }[] = [
  { value: '>=', label: kpisMessages.kpiGoalAtLeast },
  { value: '<=', label: kpisMessages.kpiGoalAtMost },
  { value: '==', label: kpisMessages.kpiGoalExactly },
  { value: 'between', label: kpisMessages.kpiGoalBetween },
];

const TYPE_OPTIONS: { value: KpiType; label: string }[] = [
  { value: 'number', label: kpisMessages.kpiTypeNumber },
  { value: 'dollar', label: kpisMessages.kpiTypeDollar },
  { value: 'percentage', label: kpisMessages.kpiTypePercentage },
  { value: 'yesno', label: kpisMessages.kpiTypeYesNo },
  { value: 'time', label: kpisMessages.kpiTypeTime },
];

const FREQUENCY_OPTIONS: { value: KpiFrequency; label: string }[] = [
  { value: 'weekly', label: kpisMessages.kpiFrequencyWeekly },
  { value: 'monthly', label: kpisMessages.kpiFrequencyMonthly },
  { value: 'quarterly', label: kpisMessages.kpiFrequencyQuarterly },
];

const YES_NO_OPTIONS = [
  { value: '1', label: kpisMessages.kpiYes },
  { value: '0', label: kpisMessages.kpiNo },
];

const DISPLAY_OPTIONS: { value: KpiDisplay; label: string }[] = [
  { value: 'values', label: kpisMessages.kpiDisplayValues },
  { value: 'cumulative', label: kpisMessages.kpiDisplayCumulative },
  { value: 'rolling', label: kpisMessages.kpiDisplayRolling },
];

interface Values {
  title: string;
  userId: string | null;
  goal: KpiScoreGoal;
  score: string;
  scoreMax: string;
  goalPeriods: GoalPeriodDraft[];
  units: string;
  type: KpiType;
  usesFormula: boolean;
  /** With names: '[Deals] / [Calls]'. */
  formula: string;
  display: KpiDisplay;
  rollingPeriods: number;
  frequency: KpiFrequency;
}
type Field =
  | 'title'
  | 'userId'
  | 'goal'
  | 'score'
  | 'scoreMax'
  | 'goalPeriods'
  | 'units'
  | 'type'
  | 'formula'
  | 'frequency'
  | 'rollingPeriods';
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
  scores,
  defaultUserId,
  defaultFrequency,
  onSaved,
  onClose,
}: {
  meetingId: string;
  state: NonNullable<ScoreDialogState>;
  onSaved?: (score: Score) => void;
  people: PersonSummary[];
  scores: readonly ScorecardRow[];
  defaultUserId: string | null;
  defaultFrequency: KpiFrequency;
  onClose: () => void;
}) => {
  const source = state.mode === 'add' ? null : state.score;
  // A formula may use the scorecard's other measurables (not the one being edited).
  const inputs = scores.filter((row) => state.mode !== 'edit' || row.id !== state.score.id);
  const formulaInput = useRef<HTMLTextAreaElement>(null);
  const [values, setValues] = useState<Values>({
    title: source?.title ?? '',
    userId: source?.userId ?? (people.some((p) => p.id === defaultUserId) ? defaultUserId : null),
    goal: source?.goal ?? '>=',
    score: source ? typedTarget(source.score, source.type) : '',
    scoreMax: source?.scoreMax ? typedTarget(source.scoreMax, source.type) : '',
    goalPeriods: (source?.goalPeriods ?? []).map((period) => ({ ...period, scoreMax: period.scoreMax ?? '' })),
    units: source?.units ?? '',
    type: source?.type ?? 'number',
    usesFormula: Boolean(source?.formula),
    formula: source?.formula ? formulaWithNames(source.formula, scores) : '',
    display: source?.display ?? 'values',
    rollingPeriods: source?.rollingPeriods ?? 4,
    frequency: source?.frequency ?? defaultFrequency,
  });
  const narrow = useMediaQuery('(max-width: 30em)') ?? false;
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveScore(meetingId);
  const closeSoon = useDelayedClose(onClose);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    // A field's message goes once the person changes it.
    setErrors((e) => (e[key as Field] ? { ...e, [key]: undefined } : e));
  };

  const submit = () => {
    setFailure(null);
    const problems: Errors = {};
    if (values.title.trim() === '') problems.title = messages.required;
    if (!values.userId) problems.userId = messages.required;
    const target = normaliseKpiValueAs(values.type, values.score);
    if (target === null) problems.score = messages.required;
    else if (target === undefined) problems.score = invalidValueMessage(values.type);
    const upper = values.goal === 'between' ? normaliseKpiValueAs(values.type, values.scoreMax) : null;
    if (values.goal === 'between' && upper === null) problems.scoreMax = messages.required;
    else if (upper === undefined) problems.scoreMax = invalidValueMessage(values.type);
    let formula: string | null = null;
    if (values.usesFormula) {
      const converted = formulaWithIds(values.formula, inputs);
      if (values.formula.trim() === '') problems.formula = kpisMessages.kpiFormulaEmpty;
      else if ('error' in converted) problems.formula = converted.error;
      else formula = converted.formula;
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !values.userId || !target) return;
    const body = {
      title: values.title.trim(),
      userId: values.userId,
      goal: values.goal,
      score: target,
      scoreMax: upper ?? null,
      goalPeriods: values.goalPeriods.map((period) => ({
        startsOn: period.startsOn,
        endsOn: period.endsOn,
        goal: period.goal,
        score: period.score,
        scoreMax: period.goal === 'between' ? period.scoreMax : null,
      })),
      units: values.units.trim() || null,
      type: values.type,
      formula,
      display: values.display,
      rollingPeriods: values.rollingPeriods,
      frequency: values.frequency,
    };
    const onError = (error: unknown) => {
      const fields = error instanceof ApiError ? (error.errors ?? {}) : {};
      const mapped: Errors = {};
      for (const key of [
        'title',
        'userId',
        'goal',
        'score',
        'scoreMax',
        'units',
        'type',
        'formula',
        'frequency',
        'rollingPeriods',
      ] as const)
        if (fields[key]) mapped[key] = fields[key];
      // A temporary goal's message names its row's field ('goalPeriods.0.endsOn').
      const periodMessage = Object.entries(fields).find(([key]) => key.startsWith('goalPeriods'))?.[1];
      if (periodMessage) mapped.goalPeriods = periodMessage;
      setErrors(mapped);
      setFailure(Object.keys(mapped).length > 0 ? null : errorText(error));
    };
    const onSuccess = (score: Score) => {
      onSaved?.(score);
      closeSoon();
    };
    if (state.mode === 'add') save.mutate({ mode: 'add', body }, { onSuccess, onError });
    else save.mutate({ mode: state.mode, id: state.score.id, body }, { onSuccess, onError });
  };

  /** Puts `[Title]` where the cursor is in the formula (at the end when it has no focus yet). */
  const insertInput = (id: string | null) => {
    const row = inputs.find((candidate) => candidate.id === id);
    if (!row) return;
    const token = `[${row.title}]`;
    const field = formulaInput.current;
    const at = field?.selectionStart ?? values.formula.length;
    const end = field?.selectionEnd ?? at;
    set('formula', `${values.formula.slice(0, at)}${token}${values.formula.slice(end)}`);
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(at + token.length, at + token.length);
    });
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
      <SegmentedField
        label={kpisMessages.kpiFrequencyLabel}
        data={FREQUENCY_OPTIONS}
        value={values.frequency}
        onChange={(frequency) => set('frequency', frequency)}
        error={errors.frequency}
      />
      <SegmentedField
        label={kpisMessages.kpiTypeLabel}
        data={TYPE_OPTIONS}
        value={values.type}
        vertical={narrow}
        error={errors.type}
        onChange={(type) => {
          // The units follow the type unless the person typed their own; a yes/no's goal is Yes or No.
          setValues((v) => ({
            ...v,
            type,
            units:
              type === 'yesno' || type === 'time'
                ? ''
                : v.units === '' || v.units === '$' || v.units === '%'
                  ? type === 'dollar'
                    ? '$'
                    : type === 'percentage'
                      ? '%'
                      : ''
                  : v.units,
            ...(type === 'yesno'
              ? { goal: '==' as const, score: v.score === '0' ? '0' : '1', scoreMax: '' }
              : v.type === 'yesno'
                ? { goal: '>=' as const, score: '' }
                : {}),
          }));
          setErrors({});
        }}
      />
      {values.type === 'yesno' ? (
        <Select
          label={kpisMessages.kpiGoalLabel}
          required
          data={YES_NO_OPTIONS}
          value={values.score === '0' ? '0' : '1'}
          allowDeselect={false}
          onChange={(value) => value && set('score', value)}
          error={errors.score ?? errors.goal}
          comboboxProps={{ withinPortal: true }}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={kpisMessages.kpiGoalLabel}
            required
            data={GOAL_OPTIONS}
            value={values.goal}
            allowDeselect={false}
            onChange={(value) => value && set('goal', value as KpiScoreGoal)}
            error={errors.goal}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label={kpisMessages.kpiTargetLabel}
            description={values.type === 'time' ? kpisMessages.kpiTimeHint : undefined}
            required
            inputMode={values.type === 'time' ? 'text' : 'decimal'}
            maxLength={KPI_VALUE_MAX}
            value={values.score}
            onChange={(event) => set('score', event.currentTarget.value)}
            error={errors.score}
          />
          {values.goal === 'between' && (
            <TextInput
              label={kpisMessages.kpiTargetMaxLabel}
              required
              inputMode={values.type === 'time' ? 'text' : 'decimal'}
              maxLength={KPI_VALUE_MAX}
              value={values.scoreMax}
              onChange={(event) => set('scoreMax', event.currentTarget.value)}
              error={errors.scoreMax}
            />
          )}
        </SimpleGrid>
      )}
      <GoalPeriodsField
        periods={values.goalPeriods}
        goalOptions={GOAL_OPTIONS}
        error={errors.goalPeriods}
        onChange={(periods) => set('goalPeriods', periods)}
      />
      {values.type !== 'yesno' && values.type !== 'time' && (
        <TextInput
          label={kpisMessages.kpiUnitsLabel}
          description={kpisMessages.kpiUnitsHint}
          maxLength={KPI_UNITS_MAX}
          value={values.units}
          onChange={(event) => set('units', event.currentTarget.value)}
          error={errors.units}
        />
      )}
      <Switch
        label={kpisMessages.kpiFormulaToggle}
        checked={values.usesFormula}
        onChange={(event) => set('usesFormula', event.currentTarget.checked)}
      />
      {values.usesFormula && (
        <Stack gap="xs">
          <Select
            label={kpisMessages.kpiFormulaInsert}
            placeholder={kpisMessages.kpiFormulaInsertPlaceholder}
            searchable
            data={inputs.map((row) => ({ value: row.id, label: row.title }))}
            value={null}
            onChange={insertInput}
            comboboxProps={{ withinPortal: true }}
          />
          <Textarea
            ref={formulaInput}
            label={kpisMessages.kpiFormulaLabel}
            description={kpisMessages.kpiFormulaHint}
            required
            autosize
            minRows={2}
            maxLength={KPI_FORMULA_MAX}
            value={values.formula}
            onChange={(event) => set('formula', event.currentTarget.value)}
            error={errors.formula}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
        </Stack>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label={kpisMessages.kpiDisplayLabel}
          data={DISPLAY_OPTIONS}
          value={values.display}
          allowDeselect={false}
          onChange={(value) => value && set('display', value as KpiDisplay)}
          comboboxProps={{ withinPortal: true }}
        />
        {values.display === 'rolling' && (
          <NumberInput
            label={kpisMessages.kpiRollingPeriodsLabel}
            min={2}
            max={52}
            allowDecimal={false}
            value={values.rollingPeriods}
            onChange={(value) => set('rollingPeriods', typeof value === 'number' ? value : 4)}
            error={errors.rollingPeriods}
          />
        )}
      </SimpleGrid>
    </DialogForm>
  );
};

export const ScoreFormDialog = ({
  meetingId,
  state,
  people,
  scores = [],
  defaultUserId = null,
  defaultFrequency = 'weekly',
  onSaved,
  onClose,
}: {
  meetingId: string;
  state: ScoreDialogState;
  /** A new score's frequency: the scorecard tab it is added from. */
  defaultFrequency?: KpiFrequency;
  /** After a save, with the saved score (a new frequency's tab may open). */
  onSaved?: (score: Score) => void;
  /** Who may own a score (the meeting's leaders and members). */
  people: PersonSummary[];
  /** The scorecard's measurables, which a formula may use. */
  scores?: readonly ScorecardRow[];
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
          scores={scores}
          defaultUserId={defaultUserId}
          defaultFrequency={defaultFrequency}
          onSaved={onSaved}
          onClose={onClose}
        />
      )}
    </Modal>
  );
};
