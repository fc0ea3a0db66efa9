// Proposed issues' rules, states and limits, without the schemas: the meeting dashboard names
// them before any form (and the validation library with it) has loaded (decision 143).

export const PROPOSAL_RULES = [
  'kpiOffGoal',
  'goalOffTrack',
  'todoLate',
  'budgetAlert',
  'issueStale',
  'lowRating',
  'missedSessions',
] as const;
export type ProposalRule = (typeof PROPOSAL_RULES)[number];

export const ORIGIN_KINDS = ['kpi', 'goal', 'todo', 'project', 'issue', 'session', 'person'] as const;
export type OriginKind = (typeof ORIGIN_KINDS)[number];

export const PROPOSAL_STATES = ['open', 'accepted', 'dismissed', 'snoozed'] as const;
export type ProposalState = (typeof PROPOSAL_STATES)[number];

/** The hours before a session its proposals may be prepared: up to a week. */
export const PROPOSAL_HOURS_MAX = 168;
export const PROPOSAL_HOURS = [1, 2, 4, 12, 24, 48, 72, 168] as const;

/** A meeting's proposals page on the server: rows per page, and the most a client may ask. */
export const PROPOSALS_PAGE = { size: 50, max: 100 } as const;
