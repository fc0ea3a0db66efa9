import { z } from 'zod';
import { messages } from '../../shared/messages.ts';
import { ZIsoDate } from '../../shared/validation.ts';
import {
  ORIGIN_KINDS,
  PROPOSAL_HOURS_MAX,
  PROPOSAL_RULES,
  PROPOSAL_STATES,
  PROPOSALS_PAGE,
} from './proposals.kinds.ts';

// Proposed issues' wire format (decision 123): a meeting's proposals, their evidence, and the
// settings of the rules that make them.

const count = (min: number, max: number) =>
  z
    .number({ error: messages.invalidValue })
    .int({ error: messages.invalidValue })
    .min(min, { error: messages.invalidValue })
    .max(max, { error: messages.invalidValue });

// Each rule's settings: on/off and its thresholds. Defaults are the EOS habits: two weeks off
// goal (or three moving away), to-dos carried through two sessions, issues older than four weeks.
export const ZRuleSettings = z
  .object({
    kpiOffGoal: z.strictObject({ enabled: z.boolean(), periods: count(1, 13), trendPeriods: count(2, 13) }),
    goalOffTrack: z.strictObject({ enabled: z.boolean() }),
    todoLate: z.strictObject({ enabled: z.boolean(), overdueDays: count(1, 365), sessions: count(1, 13) }),
    budgetAlert: z.strictObject({ enabled: z.boolean() }),
    issueStale: z.strictObject({ enabled: z.boolean(), weeks: count(1, 52) }),
    lowRating: z.strictObject({ enabled: z.boolean(), average: count(2, 10), lowest: count(2, 10) }),
    missedSessions: z.strictObject({ enabled: z.boolean(), sessions: count(1, 13) }),
  })
  .meta({ id: 'ProposalRuleSettings' });
export type RuleSettings = z.infer<typeof ZRuleSettings>;

export const DEFAULT_RULES: RuleSettings = {
  kpiOffGoal: { enabled: true, periods: 2, trendPeriods: 3 },
  goalOffTrack: { enabled: true },
  todoLate: { enabled: true, overdueDays: 1, sessions: 2 },
  budgetAlert: { enabled: true },
  issueStale: { enabled: true, weeks: 4 },
  lowRating: { enabled: true, average: 8, lowest: 5 },
  missedSessions: { enabled: true, sessions: 2 },
};

export const ZProposalSettings = z
  .object({
    hoursBefore: z.number(),
    rules: ZRuleSettings,
    /** The meeting's leaders and workspace admins. */
    canEdit: z.boolean(),
  })
  .meta({ id: 'ProposalSettings' });
export type ProposalSettings = z.infer<typeof ZProposalSettings>;

/** `PUT meetings/{id}/proposals/settings`: any of the fields; a rule is replaced whole. */
export const ZSetProposalSettings = z
  .strictObject({
    hoursBefore: count(1, PROPOSAL_HOURS_MAX).optional(),
    rules: ZRuleSettings.partial().strict().optional(),
  })
  .meta({ id: 'SetProposalSettings' });
export type SetProposalSettings = z.infer<typeof ZSetProposalSettings>;

// Evidence: the figures that made a rule fire, by rule.

const ZValueOn = z.object({ date: z.string(), value: z.string().nullable() });
export const ZProposalEvidence = z
  .discriminatedUnion('rule', [
    z.object({
      rule: z.literal('kpiOffGoal'),
      /** offGoal: the last `values` all missed; trending: each further from the goal than the one before. */
      kind: z.enum(['offGoal', 'trending']),
      goal: z.string(),
      values: z.array(ZValueOn),
    }),
    z.object({
      rule: z.literal('goalOffTrack'),
      kind: z.enum(['offTrack', 'overdue', 'atRisk']),
      dueDate: z.string().nullable(),
      /** At risk: why (an overdue milestone, or the pace). */
      reason: z.string().nullable(),
    }),
    z.object({
      rule: z.literal('todoLate'),
      dueDate: z.string().nullable(),
      daysOverdue: z.number(),
      /** Finished sessions it stayed open through. */
      sessionsCarried: z.number(),
    }),
    z.object({ rule: z.literal('budgetAlert'), usedPercent: z.number(), alertPercent: z.number() }),
    z.object({ rule: z.literal('issueStale'), openSince: z.string(), weeksOpen: z.number() }),
    z.object({
      rule: z.literal('lowRating'),
      sessionDate: z.string(),
      average: z.number(),
      lowest: z.number(),
      ratings: z.number(),
    }),
    z.object({ rule: z.literal('missedSessions'), sessionDates: z.array(z.string()) }),
  ])
  .meta({ id: 'ProposalEvidence' });
export type ProposalEvidence = z.infer<typeof ZProposalEvidence>;

export const ZProposal = z
  .object({
    id: z.uuid(),
    meetingId: z.uuid(),
    rule: z.enum(PROPOSAL_RULES),
    status: z.enum(PROPOSAL_STATES),
    origin: z.object({ kind: z.enum(ORIGIN_KINDS), id: z.uuid(), title: z.string(), link: z.string() }),
    evidence: ZProposalEvidence,
    /** Since when the rule has fired on this origin (the proposal's age). */
    proposedAt: z.string(),
    ageDays: z.number(),
    snoozedUntil: z.string().nullable(),
    /** The issue it became, when accepted (null again if that issue was deleted). */
    issueId: z.uuid().nullable(),
    decidedAt: z.string().nullable(),
    decidedBy: z.uuid().nullable(),
  })
  .meta({ id: 'Proposal' });
export type Proposal = z.infer<typeof ZProposal>;

export const ZProposalListQuery = z.object({
  /** open (default): what the Issues step shows; hidden: dismissed and snoozed (to undo); accepted. */
  state: z.enum(['open', 'hidden', 'accepted']).default('open'),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(PROPOSALS_PAGE.max).default(PROPOSALS_PAGE.size),
});
export type ProposalListQuery = z.infer<typeof ZProposalListQuery>;

export const ZProposalPage = z
  .object({
    items: z.array(ZProposal),
    total: z.number(),
    offset: z.number(),
    /** Whether the caller may accept, dismiss, snooze and refresh. */
    canManage: z.boolean(),
  })
  .meta({ id: 'ProposalPage' });
export type ProposalPage = z.infer<typeof ZProposalPage>;

export const ZRefreshResult = z
  .object({ open: z.number(), added: z.number(), removed: z.number() })
  .meta({ id: 'ProposalRefresh' });
export type RefreshResult = z.infer<typeof ZRefreshResult>;

/** `POST …/accept`: the issue's owner (a person of the meeting; default: the origin's owner, or the caller). */
export const ZAcceptProposal = z
  .strictObject({ userId: z.uuid({ error: messages.notFound }).optional() })
  .meta({ id: 'AcceptProposal' });
export type AcceptProposal = z.infer<typeof ZAcceptProposal>;

/** `POST …/snooze`: until a date (the meeting's timezone's start of that day), or null: the next session. */
export const ZSnoozeProposal = z.strictObject({ until: ZIsoDate.nullable() }).meta({ id: 'SnoozeProposal' });
export type SnoozeProposal = z.infer<typeof ZSnoozeProposal>;
