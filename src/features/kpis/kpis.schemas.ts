import { z } from 'zod';
import {
  isKpiValueText,
  KPI_FORMULA_MAX,
  KPI_FREQUENCIES,
  KPI_GOAL_PERIODS_MAX,
  KPI_NOTE_MAX,
  KPI_SCORE_GOALS,
  KPI_TITLE_MAX,
  KPI_TYPES,
  KPI_UNITS_MAX,
  KPI_VALUE_MAX,
  normaliseKpiValue,
  QUARTER_ID,
} from '../../shared/kpis.ts';
import { messages } from '../../shared/messages.ts';
import { ZPersonSummary } from '../../shared/person.ts';
import { onceFieldsValid, pageOf, pageParams, requiredText, ZIsoDate } from '../../shared/validation.ts';
import { ZSessionSummary } from '../meetings/meetings.schemas.ts';
import { KPI_DISPLAYS } from './kpis.figures.ts';
import { kpisMessages } from './kpis.messages.ts';

// The scorecard (KPI) of a meeting (document 2 §2–§7): scores (measurables), one cell per
// score × meeting date, and the scorecard view. Imported by the server's routes and the client.
// Wire names follow the spec: a score's `goal` is its comparator and `score` its target; a
// cell's `measured` is the value. Routes: see docs/decisions/015-kpi-scorecard.md and docs/api.md.

export const ZKpiGoal = z.enum(KPI_SCORE_GOALS);
export const ZKpiType = z.enum(KPI_TYPES);
export const ZKpiFrequency = z.enum(KPI_FREQUENCIES);

export const ZKpiDisplay = z.enum(KPI_DISPLAYS);

/** The trailing views: the last 4 or 13 periods (query text, as a query string sends it). */
export const ZTrailing = z.enum(['4', '13'], { error: kpisMessages.kpiInvalidTrailing });

/** Why a formula cell has no value (docs/decisions/105): shown as the empty cell's label. */
export const FORMULA_REASONS = ['missingInput', 'divisionByZero', 'deletedInput', 'outOfRange'] as const;
export const ZFormulaReason = z.enum(FORMULA_REASONS);
export type FormulaReason = z.infer<typeof ZFormulaReason>;

/**
 * A typed number, normalised as the spec says (commas removed, leading '.' → '0.'; '$', '%'
 * and spaces dropped). Empty → null. A duration ('1:30', '90m') or a yes/no ('Yes') is kept as
 * typed: the measurable's type reads it (the service, `normaliseKpiValueAs`), since only the type
 * says whether '90' is minutes. Anything else → 400 "Enter a number".
 */
export const ZKpiValue = z
  .string()
  .max(KPI_VALUE_MAX * 2, { error: messages.tooLong(KPI_VALUE_MAX) })
  .nullish()
  .transform((value, context) => {
    const normalised = normaliseKpiValue(value);
    if (normalised === undefined && value && isKpiValueText(value)) return value.trim();
    if (normalised === undefined || (normalised !== null && normalised.length > KPI_VALUE_MAX)) {
      context.addIssue({ code: 'custom', message: kpisMessages.kpiInvalidNumber });
      return z.NEVER;
    }
    return normalised;
  });

/** A value as typed, read later in its measurable's unit; '' or null clears it. */
export const ZKpiInput = z
  .string()
  .max(KPI_VALUE_MAX * 2, { error: messages.tooLong(KPI_VALUE_MAX) })
  .nullish()
  .transform((value) => (value === undefined ? undefined : value?.trim() || null));

/**
 * A scoreboard cell as one cell is saved and sent live (`PUT scores/{scoreId}/cells/{sessionId}`,
 * `kpi.cell.changed`): one per score and meeting date; its id is `{scoreId}/{sessionId}`.
 */
export const ZScoreCell = z
  .object({
    id: z.string(),
    scoreId: z.string(),
    sessionId: z.string(),
    /** The normalised value ('1250', '0.5'); null when nothing was entered. */
    measured: z.string().nullable(),
    /** `measured` as a number, for charts; null when empty. */
    value: z.number().nullable(),
    note: z.string().nullable(),
    /** Meets the goal (green) / not (red); null when there is no value (not coloured). */
    met: z.boolean().nullable(),
    changedAt: z.string().nullable(),
    changedBy: z.string().nullable(),
    /** A fed KPI's cell (decision 119): the feed's value, or a person's overriding it; absent otherwise. */
    source: z.enum(['feed', 'override']).optional(),
    /** With `override`: the value the feed sent. */
    fedValue: z.string().optional(),
  })
  .meta({ id: 'ScoreCell' });
export type ScoreCell = z.infer<typeof ZScoreCell>;

/**
 * A cell in the scorecard view (docs/decisions/019). Its place names it: the row's score and
 * the session of the same index in `sessions` (its spec id is `{scoreId}/{sessionId}`), so it
 * repeats neither; `null` in place of a cell with neither a value nor a note.
 */
export const ZScorecardCell = z
  .object({
    /** The normalised value ('1250', '0.5'); null when only a note was entered. */
    measured: z.string().nullable(),
    /** Meets the goal (green) / not (red); null when there is no value (not coloured). */
    met: z.boolean().nullable(),
    note: z.string().nullable(),
    /** A formula cell without a value: why (never sent for entered cells). */
    reason: ZFormulaReason.nullable().optional(),
    /** A fed KPI's cell (decision 119): the feed's value, or a person's overriding it; absent otherwise. */
    source: z.enum(['feed', 'override']).optional(),
    /** With `override`: the value the feed sent, which the person's replaced. */
    fedValue: z.string().optional(),
  })
  .meta({ id: 'ScorecardCell' });
export type ScorecardCell = z.infer<typeof ZScorecardCell>;

/** A temporary goal as stored and sent. */
export const ZGoalPeriod = z
  .object({
    startsOn: z.string(),
    endsOn: z.string(),
    goal: ZKpiGoal,
    score: z.string(),
    scoreMax: z.string().nullable(),
  })
  .meta({ id: 'GoalPeriod' });
export type GoalPeriod = z.infer<typeof ZGoalPeriod>;

/** A score (measurable) of a meeting. */
export const ZScore = z
  .object({
    id: z.string(),
    meetingId: z.string(),
    /** The owner. */
    userId: z.string(),
    title: z.string(),
    /** The comparator: the value meets the goal when `measured goal score`. */
    goal: ZKpiGoal,
    /** The target (normalised decimal text); a range's lower end. */
    score: z.string(),
    /** A range's upper end ('between'); null otherwise. */
    scoreMax: z.string().nullable(),
    /** Temporary goals: a different goal from a date to a date (docs/decisions/107), by start date. */
    goalPeriods: z.array(ZGoalPeriod),
    /** '$' or any other unit text; null for none. */
    units: z.string().nullable(),
    type: ZKpiType,
    /**
     * A formula measurable's expression, other scores referenced as `{id}`; its cells are
     * computed (read-only). Null for an entered measurable.
     */
    formula: z.string().nullable(),
    /** How the row shows its values: as entered, as a running total, or as a rolling average. */
    display: ZKpiDisplay,
    /** Periods the rolling average spans (2–52). */
    rollingPeriods: z.number(),
    /** A value per meeting date (weekly), per calendar month, or per quarter of the workspace. */
    frequency: ZKpiFrequency,
    sort: z.number(),
    createdAt: z.string(),
    createdBy: z.string().nullable(),
    changedAt: z.string(),
    changedBy: z.string().nullable(),
  })
  .meta({ id: 'Score' });
export type Score = z.infer<typeof ZScore>;

/** A score with its cells over the requested range and figures over those cells. */
export const ZScorecardRow = ZScore.extend({
  /** One per column of the scorecard, in the same order as `sessions`; null where nothing was entered. */
  cells: z.array(ZScorecardCell.nullable()),
  /** Mean of the values in the range; null when there are none. */
  average: z.number().nullable(),
  /** Sum of the values in the range; null when there are none. */
  total: z.number().nullable(),
  /** The value of the latest period in the range that has one; null when there are none. */
  latest: z.number().nullable(),
  /**
   * What each column shows when `display` is 'cumulative' or 'rolling' (null where the period has
   * no value); null for 'values'.
   */
  shown: z.array(z.number().nullable()).nullable(),
  /** Cells in the range that meet the goal. */
  hits: z.number(),
  /** Cells in the range that have a value. */
  counted: z.number(),
  /** The caller may delete this score (its owner, creator, meeting leaders, workspace admins). */
  canDelete: z.boolean(),
}).meta({ id: 'ScorecardRow' });
export type ScorecardRow = z.infer<typeof ZScorecardRow>;

/**
 * A column: a meeting date; on a monthly or quarterly scorecard a period, its id and
 * `sessionDate` its first day (YYYY-MM-DD), `startsAt` that day at 00:00 UTC.
 */
export const ZScorecardSession = ZSessionSummary.extend({
  /** The meeting's current session (the live one, else the next one), or the period holding today: highlighted. */
  isCurrent: z.boolean(),
  /** A period's last day; absent for a meeting date. */
  endsOn: z.string().optional(),
  /** A period's name ('Mar 2026', 'Q2 2026'); absent for a meeting date. */
  label: z.string().optional(),
}).meta({ id: 'ScorecardSession' });
export type ScorecardSession = z.infer<typeof ZScorecardSession>;

/** Per owner: their scores and how many of their values in the range met the goal. */
export const ZScorecardOwner = z
  .object({
    userId: z.string(),
    scoreCount: z.number(),
    hits: z.number(),
    counted: z.number(),
  })
  .meta({ id: 'ScorecardOwner' });
export type ScorecardOwner = z.infer<typeof ZScorecardOwner>;

/** `GET meetings/{id}/kpis` (getScoreBoard). */
export const ZScorecard = z
  .object({
    meetingId: z.string(),
    /** Which measurables and columns: weekly (meeting dates), monthly or quarterly (periods). */
    frequency: ZKpiFrequency,
    /** The meeting's measurables per frequency (every owner), for the scorecard's tabs. */
    frequencyCounts: z.object({ weekly: z.number(), monthly: z.number(), quarterly: z.number() }),
    /** The range shown (inclusive); `quarterId` when asked by quarter. */
    quarterId: z.string().nullable(),
    /** '4' or '13' when a trailing view was asked for. */
    trailing: ZTrailing.nullable(),
    dateSince: z.string(),
    dateUntil: z.string(),
    /** The columns: the meeting's dates in the range, oldest first (deleted columns left out). */
    sessions: z.array(ZScorecardSession),
    /** The current session's id, also when it is outside the range; null when the meeting has none. */
    currentSessionId: z.string().nullable(),
    /** The rows, in the meeting's order (`sort`), filtered by `userId` when asked. */
    scores: z.array(ZScorecardRow),
    owners: z.array(ZScorecardOwner),
    /** The scores' owners and the meeting's people, for names and avatars. */
    people: z.array(ZPersonSummary),
    /** Who may own a score: the meeting's leaders and members (ids, sorted by first name). */
    assignableUserIds: z.array(z.string()),
    permissions: z.object({
      /** Add, edit, clone, reorder scores and enter values and notes: participants and workspace admins. */
      canEdit: z.boolean(),
      /** Delete meeting date columns: leaders and workspace admins. */
      canDeleteColumns: z.boolean(),
    }),
  })
  .meta({ id: 'Scorecard' });
export type Scorecard = z.infer<typeof ZScorecard>;

/**
 * The query of `GET meetings/{id}/kpis` and of the export: `quarterId` ('2026-Q2'), or
 * `dateSince`/`dateUntil` (YYYY-MM-DD; either may be left out). Neither: the current quarter
 * (in the meeting's time zone). `userId`: only that owner's scores.
 */
export const ZScorecardQuery = z
  .object({
    quarterId: z.string().regex(QUARTER_ID, { error: kpisMessages.kpiInvalidQuarter }).optional(),
    dateSince: ZIsoDate.optional(),
    dateUntil: ZIsoDate.optional(),
    userId: z.uuid().optional(),
    /** The last 4 or 13 meeting dates up to the current one, instead of a quarter or dates. */
    trailing: ZTrailing.optional(),
    /**
     * Weekly (default): meeting dates; monthly or quarterly: those measurables, a column per period
     * (by default the last 13 months or 5 quarters up to the current one).
     */
    frequency: ZKpiFrequency.default('weekly'),
  })
  .refine((q) => !(q.dateSince && q.dateUntil && q.dateSince > q.dateUntil), {
    ...onceFieldsValid,
    error: kpisMessages.kpiRangeOrder,
    path: ['dateUntil'],
  });
export type ScorecardQuery = z.infer<typeof ZScorecardQuery>;

export const ZExportFormat = z.enum(['csv', 'xlsx']);
export type ExportFormat = z.infer<typeof ZExportFormat>;

/** `GET meetings/{id}/kpis/export`: the same filters as the scorecard, plus the file format. */
export const ZScorecardExportQuery = z
  .object({
    format: ZExportFormat.default('csv'),
    quarterId: z.string().regex(QUARTER_ID, { error: kpisMessages.kpiInvalidQuarter }).optional(),
    dateSince: ZIsoDate.optional(),
    dateUntil: ZIsoDate.optional(),
    userId: z.uuid().optional(),
    trailing: ZTrailing.optional(),
    frequency: ZKpiFrequency.default('weekly'),
  })
  .refine((q) => !(q.dateSince && q.dateUntil && q.dateSince > q.dateUntil), {
    ...onceFieldsValid,
    error: kpisMessages.kpiRangeOrder,
    path: ['dateUntil'],
  });
export type ScorecardExportQuery = z.infer<typeof ZScorecardExportQuery>;

/**
 * A formula as stored: other scores as `{id}` (the form turns names into ids). '' or null: an
 * entered measurable. Checked by the service (syntax, inputs, cycles).
 */
const ZFormula = z
  .string()
  .max(KPI_FORMULA_MAX, { error: messages.tooLong(KPI_FORMULA_MAX) })
  .nullish()
  .transform((value) => (value === undefined ? undefined : value?.trim() || null));

const ZRollingPeriods = z
  .number()
  .int({ error: kpisMessages.kpiRollingPeriods })
  .min(2, { error: kpisMessages.kpiRollingPeriods })
  .max(52, { error: kpisMessages.kpiRollingPeriods });

const ZTarget = ZKpiValue.refine((value) => value !== null, { error: messages.required });

/** A range's upper end: required with 'between', not below the lower end (checked with both). */
const rangeChecked = (
  value: { goal?: string; score?: string | null; scoreMax?: string | null },
  context: z.RefinementCtx,
  path: (string | number)[] = [],
) => {
  if (value.goal !== 'between') return;
  if (!value.scoreMax) context.addIssue({ code: 'custom', message: messages.required, path: [...path, 'scoreMax'] });
  else if (value.score && Number(value.scoreMax) < Number(value.score))
    context.addIssue({ code: 'custom', message: kpisMessages.kpiRangeBelow, path: [...path, 'scoreMax'] });
};

/** A temporary goal as sent: dates (start not after end), a goal and its target(s). */
const ZGoalPeriodInput = z
  .object({
    startsOn: ZIsoDate,
    endsOn: ZIsoDate,
    goal: ZKpiGoal,
    score: ZTarget,
    scoreMax: ZKpiValue.optional(),
  })
  .superRefine((period, context) => {
    if (period.startsOn > period.endsOn)
      context.addIssue({ code: 'custom', message: kpisMessages.kpiRangeOrder, path: ['endsOn'] });
    rangeChecked(period, context);
  });

/** Every temporary goal of the measurable (the list replaces the one saved). */
const ZGoalPeriods = z.array(ZGoalPeriodInput).max(KPI_GOAL_PERIODS_MAX, {
  error: kpisMessages.kpiTooManyGoalPeriods,
});
const ZUnits = z
  .string()
  .trim()
  .max(KPI_UNITS_MAX, { error: messages.tooLong(KPI_UNITS_MAX) })
  .nullish()
  .transform((value) => value || null);

/** `POST meetings/{meetingId}/scores` (saveScore, new): title, user, goal, target, units, type. */
export const ZCreateScore = z
  .object({
    title: requiredText(KPI_TITLE_MAX),
    /** The owner: a leader or member of the meeting. */
    userId: z.uuid({ error: messages.required }),
    goal: ZKpiGoal,
    score: ZTarget,
    scoreMax: ZKpiValue.optional(),
    units: ZUnits,
    type: ZKpiType.default('number'),
    formula: ZFormula,
    display: ZKpiDisplay.default('values'),
    rollingPeriods: ZRollingPeriods.default(4),
    frequency: ZKpiFrequency.default('weekly'),
    goalPeriods: ZGoalPeriods.optional(),
  })
  .superRefine((value, context) => rangeChecked(value, context));
export type CreateScore = z.infer<typeof ZCreateScore>;

/** `PATCH scores/{id}` (saveScore, edit): any of the fields. */
export const ZUpdateScore = z
  .object({
    title: requiredText(KPI_TITLE_MAX).optional(),
    userId: z.uuid().optional(),
    goal: ZKpiGoal.optional(),
    score: ZTarget.optional(),
    /** With goal 'between' (sent together: the server checks the range with the stored ends too). */
    scoreMax: ZKpiValue.optional(),
    units: ZUnits.optional(),
    type: ZKpiType.optional(),
    formula: ZFormula,
    display: ZKpiDisplay.optional(),
    rollingPeriods: ZRollingPeriods.optional(),
    frequency: ZKpiFrequency.optional(),
    goalPeriods: ZGoalPeriods.optional(),
  })
  .superRefine((value, context) => rangeChecked(value, context));
export type UpdateScore = z.infer<typeof ZUpdateScore>;

/**
 * `POST scores/{id}/clone` (Clone Score): a new score with the fields of this one, changed by
 * what the body gives; placed right after it, with empty cells (values are not copied).
 */
export const ZCloneScore = ZUpdateScore;
export type CloneScore = z.infer<typeof ZCloneScore>;

/** `PUT meetings/{meetingId}/scores/order` (saveScoreOrder): every score id of the meeting, in the new order. */
export const ZScoreOrder = z.object({ ids: z.array(z.uuid()).min(1).max(500) });
export type ScoreOrder = z.infer<typeof ZScoreOrder>;

/**
 * `PUT scores/{scoreId}/cells/{sessionId}` (saveScoreBoard): the value and/or the note.
 * A field left out stays as it is; null or '' clears it.
 */
export const ZSaveCell = z.object({
  /** As typed ('1,250', '1:30', 'Yes'): the service reads it in the measurable's unit (400 with the unit's message). */
  measured: ZKpiInput.optional(),
  note: z
    .string()
    .trim()
    .max(KPI_NOTE_MAX, { error: messages.tooLong(KPI_NOTE_MAX) })
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null)),
});
export type SaveCell = z.infer<typeof ZSaveCell>;

/** A formula cell recomputed because one of its inputs changed. */
export const ZComputedCell = z
  .object({
    scoreId: z.string(),
    sessionId: z.string(),
    measured: z.string().nullable(),
    met: z.boolean().nullable(),
    reason: ZFormulaReason.nullable(),
  })
  .meta({ id: 'ComputedCell' });
export type ComputedCell = z.infer<typeof ZComputedCell>;

/**
 * `PUT scores/{scoreId}/cells/{sessionId}` answer (and the `kpi.cell.changed` event): the cell,
 * and the formula cells its value changed.
 */
export const ZSavedCell = ZScoreCell.extend({ computed: z.array(ZComputedCell) }).meta({ id: 'SavedCell' });
export type SavedCell = z.infer<typeof ZSavedCell>;

/** `DELETE meetings/{meetingId}/kpis/sessions/{sessionId}` (Delete meeting date) answer. */
export const ZDeletedColumn = z
  .object({ sessionId: z.string(), cellsDeleted: z.number() })
  .meta({ id: 'DeletedColumn' });
export type DeletedColumn = z.infer<typeof ZDeletedColumn>;

/**
 * A period's first day in a path (YYYY-MM-DD). Any short text: the service answers a date that
 * is none, or starts no period, with 400 and the reason (a path that names no record is a 404).
 */
export const ZPeriodStart = z.string().max(10);

/**
 * A value of a monthly or quarterly measurable (`PUT scores/{id}/periods/{periodStart}`, the
 * `kpi.period.changed` event, `GET scores/{id}/periods`): as a scoreboard cell, with the period in
 * place of the session (`sessionId` is the period's first day, so the scorecard finds its column).
 */
export const ZPeriodCell = ZScoreCell.extend({
  periodStart: z.string(),
  periodEnd: z.string(),
  periodKind: z.enum(['month', 'quarter']),
}).meta({ id: 'PeriodCell' });
export type PeriodCell = z.infer<typeof ZPeriodCell>;

/** `GET scores/{id}/periods`: the score's saved period values, newest first, a page at a time. */
export const ZPeriodCellsQuery = z
  .object({
    dateSince: ZIsoDate.optional(),
    dateUntil: ZIsoDate.optional(),
    ...pageParams({ size: 50, max: 200 }),
  })
  .strict()
  .refine((q) => !(q.dateSince && q.dateUntil && q.dateSince > q.dateUntil), {
    ...onceFieldsValid,
    error: kpisMessages.kpiRangeOrder,
    path: ['dateUntil'],
  });
export type PeriodCellsQuery = z.infer<typeof ZPeriodCellsQuery>;

export const ZPeriodCellPage = pageOf(ZPeriodCell).meta({ id: 'PeriodCellPage' });
export type PeriodCellPage = z.infer<typeof ZPeriodCellPage>;
