import { z } from 'zod';
import { KPI_GOALS, KPI_VALUE_MAX, normaliseKpiValue } from '../../shared/kpis.ts';
import { isoDate, pageOf, pageParams, requiredText } from '../../shared/validation.ts';
import { tasksMessages } from './tasks.messages.ts';

// Milestones of a goal: steps with an owner and a due date; the goal's progress is the share done.

/** At most this many milestones on one goal. */
export const MILESTONES_MAX = 50;

export const ZMilestone = z
  .object({
    id: z.uuid(),
    goalId: z.uuid(),
    title: z.string(),
    ownerId: z.uuid().nullable(),
    dueDate: z.string().nullable(),
    /** When it was ticked done; null while open. */
    doneAt: z.string().nullable(),
    sort: z.number(),
  })
  .meta({ id: 'Milestone' });
export type Milestone = z.infer<typeof ZMilestone>;

/** What else counts in a goal's progress: its linked cards and one KPI with the goal's target. */
export const ZProgressSources = z
  .object({
    cards: z.object({
      items: z.array(z.object({ id: z.uuid(), title: z.string(), done: z.boolean() })),
      done: z.number(),
      total: z.number(),
    }),
    kpi: z
      .object({
        scoreId: z.uuid(),
        title: z.string(),
        comparator: z.enum(KPI_GOALS),
        target: z.string(),
        /** The KPI's latest value entered; null before any. */
        latest: z.string().nullable(),
        /** The share of the target it reaches, 0–1; null without a value. */
        share: z.number().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'ProgressSources' });
export type ProgressSources = z.infer<typeof ZProgressSources>;

/** At most this many cards count in one goal. */
export const GOAL_CARDS_MAX = 200;

/** The goal's linked cards, every one (replacing the others), and its KPI with a target, or none. */
export const ZSetProgressSources = z.object({
  cardIds: z.array(z.uuid()).max(GOAL_CARDS_MAX),
  kpi: z
    .object({
      scoreId: z.uuid(),
      target: z
        .string()
        .max(KPI_VALUE_MAX * 2)
        .transform((value, context) => {
          const normalised = normaliseKpiValue(value);
          if (!normalised) {
            context.addIssue({ code: 'custom', message: tasksMessages.progressTargetNotANumber });
            return z.NEVER;
          }
          return normalised;
        }),
    })
    .nullable(),
});
export type SetProgressSources = z.infer<typeof ZSetProgressSources>;

/** The progress dialog's choices: a page at a time, searched by title. */
export const GOAL_CHOICES_PAGE = 50;
export const GOAL_CHOICES_MAX_PAGE = 100;
export const ZGoalChoicesQuery = z.object({
  /** Words the title contains (any case); all when empty. */
  q: z.string().trim().max(100).optional(),
  ...pageParams({ size: GOAL_CHOICES_PAGE, max: GOAL_CHOICES_MAX_PAGE }),
});
export type GoalChoicesQuery = z.infer<typeof ZGoalChoicesQuery>;

/** A KPI a goal may count: one of a meeting of the goal the caller sees. */
export const ZGoalKpiChoice = z
  .object({
    id: z.uuid(),
    title: z.string(),
    meetingId: z.uuid(),
    meetingTitle: z.string(),
    comparator: z.enum(KPI_GOALS),
    /** The KPI's own weekly target (every KPI has one): where the goal's target can start from. */
    target: z.string(),
  })
  .meta({ id: 'GoalKpiChoice' });
export type GoalKpiChoice = z.infer<typeof ZGoalKpiChoice>;
export const ZGoalKpiChoices = pageOf(ZGoalKpiChoice).meta({ id: 'GoalKpiChoices' });
export type GoalKpiChoices = z.infer<typeof ZGoalKpiChoices>;

/** An open card (no goal) of a meeting of the goal the caller sees. */
export const ZGoalCardChoice = z
  .object({
    id: z.uuid(),
    title: z.string(),
    /** The goal it counts in now, if any: linking it here takes it from that one. */
    countsInGoalId: z.uuid().nullable(),
  })
  .meta({ id: 'GoalCardChoice' });
export type GoalCardChoice = z.infer<typeof ZGoalCardChoice>;
export const ZGoalCardChoices = pageOf(ZGoalCardChoice).meta({ id: 'GoalCardChoices' });
export type GoalCardChoices = z.infer<typeof ZGoalCardChoices>;

/** A goal's milestones in order, with what they add up to. */
export const ZMilestones = z
  .object({
    items: z.array(ZMilestone),
    done: z.number(),
    total: z.number(),
    /**
     * The goal's progress, 0–100, rounded: the mean of the parts it has (the share of milestones
     * done, of linked cards done, of the KPI target reached); null with none.
     */
    progress: z.number().nullable(),
    sources: ZProgressSources,
    /** Why the goal looks at risk (an overdue milestone, or the pace so far), or null. */
    atRisk: z.string().nullable(),
  })
  .meta({ id: 'Milestones' });
export type Milestones = z.infer<typeof ZMilestones>;

export const ZCreateMilestone = z.object({
  title: requiredText(255),
  ownerId: z.uuid().nullish(),
  dueDate: isoDate().nullish(),
});
export type CreateMilestone = z.infer<typeof ZCreateMilestone>;
export const ZUpdateMilestone = z
  .object({
    title: requiredText(255),
    ownerId: z.uuid().nullable(),
    dueDate: isoDate().nullable(),
    done: z.boolean(),
  })
  .partial();
export type UpdateMilestone = z.infer<typeof ZUpdateMilestone>;
/** The goal's milestones, every one, in their new order. */
export const ZOrderMilestones = z.object({ ids: z.array(z.uuid()).min(1).max(MILESTONES_MAX) });

/** The caller's open milestones (home's To Do's): at most this many, soonest due first. */
export const MY_MILESTONES_MAX = 50;

export const ZMyMilestone = z
  .object({
    id: z.uuid(),
    title: z.string(),
    dueDate: z.string().nullable(),
    goalId: z.uuid(),
    goalTitle: z.string(),
  })
  .meta({ id: 'MyMilestone' });
export type MyMilestone = z.infer<typeof ZMyMilestone>;

/** The first MY_MILESTONES_MAX of the caller's open milestones, and how many there are. */
export const ZMyMilestones = z.object({ items: z.array(ZMyMilestone), total: z.number() }).meta({ id: 'MyMilestones' });
export type MyMilestones = z.infer<typeof ZMyMilestones>;
