import { z } from 'zod';
import { messages } from '../../shared/messages.ts';
import { pageOf, pageParams } from '../../shared/validation.ts';
import { osHealthMessages } from './os-health.messages.ts';

// Operating-system health (decision 124): per quarter, for one meeting or every meeting the
// caller sees, figures worked out from the data on request. Imported by server and client.

/** The EOS bars the page draws as reference lines. */
export const HEALTH_BARS = { goalsPct: 80, todosPct: 90 } as const;
/** A session started within this many minutes of its scheduled start is on time (as the reports say). */
export const HEALTH_ON_TIME_MINUTES = 5;
export const HEALTH_QUARTERS_DEFAULT = 4;
export const HEALTH_QUARTERS_MAX = 8;

const ZQuarterId = z
  .string({ error: osHealthMessages.quarterFormat })
  .regex(/^(19|2\d)\d{2}-Q[1-4]$/, { error: osHealthMessages.quarterFormat });

const scope = {
  /** One meeting; without it, every meeting the caller sees. */
  meetingId: z.uuid({ error: messages.notFound }).optional(),
};

/** `GET os-health`: the last `quarters` quarters up to `until` (default: the current one). */
export const ZHealthQuery = z.strictObject({
  ...scope,
  until: ZQuarterId.optional(),
  quarters: z.coerce
    .number({ error: osHealthMessages.quartersRange })
    .int({ error: osHealthMessages.quartersRange })
    .min(1, { error: osHealthMessages.quartersRange })
    .max(HEALTH_QUARTERS_MAX, { error: osHealthMessages.quartersRange })
    .default(HEALTH_QUARTERS_DEFAULT),
});
export type HealthQuery = z.infer<typeof ZHealthQuery>;

/** The headline figures, in the page's order; each has a chart and a column in the CSV. */
export const HEALTH_FIGURES = [
  'goalsPct',
  'todosPct',
  'heldPct',
  'onTimePct',
  'ratingAverage',
  'issuesPerSession',
  'issuesMedianAgeDays',
  'scorecardPct',
] as const;
export type HealthFigure = (typeof HEALTH_FIGURES)[number];

export const ZHealthQuarter = z
  .object({
    id: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    goalsTotal: z.number(),
    goalsDone: z.number(),
    goalsPct: z.number().nullable(),
    todosDue: z.number(),
    todosDoneWhenDue: z.number(),
    todosPct: z.number().nullable(),
    sessionsScheduled: z.number(),
    sessionsHeldOnSchedule: z.number(),
    heldPct: z.number().nullable(),
    sessionsHeld: z.number(),
    /** Held sessions that were scheduled: the base of the on-time share. */
    sessionsHeldScheduled: z.number(),
    sessionsStartedOnTime: z.number(),
    onTimePct: z.number().nullable(),
    ratingCount: z.number(),
    ratingAverage: z.number().nullable(),
    issuesSolved: z.number(),
    issuesPerSession: z.number().nullable(),
    issuesMedianAgeDays: z.number().nullable(),
    kpiCells: z.number(),
    kpiCellsOnTime: z.number(),
    scorecardPct: z.number().nullable(),
  })
  .meta({ id: 'HealthQuarter' });
export type HealthQuarter = z.infer<typeof ZHealthQuarter>;

export const ZHealthMove = z
  .object({
    figure: z.enum(HEALTH_FIGURES),
    previous: z.number(),
    latest: z.number(),
    change: z.number(),
  })
  .meta({ id: 'HealthMove' });
export type HealthMove = z.infer<typeof ZHealthMove>;

export const ZHealth = z
  .object({
    meetingId: z.string().nullable(),
    meetingTitle: z.string().nullable(),
    /** How many meetings the figures cover. */
    meetings: z.number(),
    bars: z.object({ goalsPct: z.number(), todosPct: z.number() }),
    /** Oldest first; the last is `until`. */
    quarters: z.array(ZHealthQuarter),
    /** The latest quarter against the one before, for each figure both have. */
    moved: z.array(ZHealthMove),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof ZHealth>;

export const HEALTH_ITEM_FIGURES = ['goals', 'todos', 'sessions', 'issues', 'scorecard'] as const;
export type HealthItemFigure = (typeof HEALTH_ITEM_FIGURES)[number];

/** `GET os-health/items`: what one figure of one quarter counted, a page at a time. */
export const ZHealthItemsQuery = z.strictObject({
  ...scope,
  figure: z.enum(HEALTH_ITEM_FIGURES, { error: messages.invalidValue }),
  quarter: ZQuarterId,
  ...pageParams({ size: 25, max: 100 }),
});
export type HealthItemsQuery = z.infer<typeof ZHealthItemsQuery>;

export const ZHealthItem = z
  .object({
    /** A task's id, a session's id, or `{scoreId}/{sessionId}` for a scorecard value. */
    id: z.string(),
    kind: z.enum(['task', 'session', 'cell']),
    title: z.string(),
    meetingId: z.string().nullable(),
    meetingTitle: z.string().nullable(),
    /** The date that placed it in the quarter (due date, session date). */
    date: z.string().nullable(),
    /** Whether it counts on the good side of the figure. */
    counted: z.boolean(),
    /** Sessions: started on time; others null. */
    onTime: z.boolean().nullable(),
    /** Sessions: the mean rating; issues: age in days when solved; others null. */
    value: z.number().nullable(),
  })
  .meta({ id: 'HealthItem' });
export type HealthItem = z.infer<typeof ZHealthItem>;

export const ZHealthItemsPage = pageOf(ZHealthItem).meta({ id: 'HealthItemsPage' });
export type HealthItemsPage = z.infer<typeof ZHealthItemsPage>;
