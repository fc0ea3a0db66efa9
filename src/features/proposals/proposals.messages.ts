import type { ProposalRule } from './proposals.kinds.ts';
import type { ProposalEvidence } from './proposals.schemas.ts';

// Texts of proposed issues (decision 123): the panel, the evidence, the issue an accepted
// proposal becomes, and the settings.

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export const proposalsMessages = {
  title: 'Proposed issues',
  badge: 'Proposed',
  intro: 'Cadence proposes these from the meeting’s numbers. Nothing is added until a leader accepts it.',
  empty: 'Nothing to propose right now.',
  emptyDismissed: 'Nothing dismissed or snoozed.',
  loadFailed: 'The proposed issues could not be loaded',
  actionFailed: 'That did not work',
  refresh: 'Check now',
  refreshed: (open: number) => (open === 0 ? 'Nothing to propose' : `${plural(open, 'proposal')} open`),
  accept: 'Accept',
  acceptLabel: (title: string) => `Accept the proposal about ${title}`,
  accepted: 'Added to the issues list',
  dismiss: 'Dismiss',
  dismissLabel: (title: string) => `Dismiss the proposal about ${title}`,
  dismissed: 'Dismissed: it comes back only if its figures change',
  dismissedBadge: 'Dismissed',
  snooze: 'Snooze',
  snoozeLabel: (title: string) => `Snooze the proposal about ${title}`,
  snoozeNext: 'Until the next meeting',
  snoozeWeek: 'For a week',
  snoozed: 'Snoozed',
  restore: 'Restore',
  restoreLabel: (title: string) => `Restore the proposal about ${title}`,
  restored: 'Proposed again',
  showOpen: 'Proposed',
  showDecided: 'Dismissed and snoozed',
  membersReadOnly: 'Leaders accept, dismiss or snooze proposals.',
  snoozedUntil: (when: string) => `Snoozed until ${when}`,
  origin: 'From',
  age: (days: number) => (days === 0 ? 'Proposed today' : `Proposed ${plural(days, 'day')} ago`),
  ruleNames: {
    kpiOffGoal: 'KPI off goal',
    goalOffTrack: 'Goal off track',
    todoLate: 'To-do overdue',
    budgetAlert: 'Budget alert',
    issueStale: 'Issue open a long time',
    lowRating: 'Low meeting rating',
    missedSessions: 'Missed meetings',
  } satisfies Record<ProposalRule, string>,
  /** The evidence in a sentence. */
  evidence: (e: ProposalEvidence): string => {
    switch (e.rule) {
      case 'kpiOffGoal': {
        const values = e.values.map((v) => `${v.value ?? '—'} (${v.date})`).join(', ');
        return e.kind === 'offGoal'
          ? `Missed its goal ${e.goal} ${plural(e.values.length, 'period')} in a row: ${values}`
          : `Moving away from its goal ${e.goal} for ${plural(e.values.length, 'period')}: ${values}`;
      }
      case 'goalOffTrack':
        if (e.kind === 'offTrack') return 'Marked Off Track';
        if (e.kind === 'overdue') return `Past its due date (${e.dueDate}) and not done`;
        return `At risk: ${e.reason ?? ''}`;
      case 'todoLate': {
        const parts = [];
        if (e.daysOverdue > 0) parts.push(`${plural(e.daysOverdue, 'day')} overdue (due ${e.dueDate})`);
        if (e.sessionsCarried > 0) parts.push(`open through ${plural(e.sessionsCarried, 'meeting')}`);
        return parts.join(', ');
      }
      case 'budgetAlert':
        return `${e.usedPercent} % of its budget used (alert at ${e.alertPercent} %)`;
      case 'issueStale':
        return `On the issues list for ${plural(e.weeksOpen, 'week')} (since ${e.openSince})`;
      case 'lowRating':
        return `The meeting of ${e.sessionDate} was rated ${e.average} on average, lowest ${e.lowest} (${plural(e.ratings, 'rating')})`;
      case 'missedSessions':
        return `Missed ${plural(e.sessionDates.length, 'meeting')} in a row: ${e.sessionDates.join(', ')}`;
    }
  },
  /** The accepted issue's title. */
  issueTitle: (rule: ProposalRule, originTitle: string) => {
    switch (rule) {
      case 'kpiOffGoal':
        return `KPI off goal: ${originTitle}`;
      case 'goalOffTrack':
        return `Goal off track: ${originTitle}`;
      case 'todoLate':
        return `To-do overdue: ${originTitle}`;
      case 'budgetAlert':
        return `Budget alert: ${originTitle}`;
      case 'issueStale':
        return `Still open: ${originTitle}`;
      case 'lowRating':
        return `Meeting rating: ${originTitle}`;
      case 'missedSessions':
        return `Missed meetings: ${originTitle}`;
    }
  },
  issueFrom: 'Proposed by Cadence from',
  /** A held session as an origin: the meeting and its date. */
  sessionTitle: (meeting: string, date: string) => `${meeting} of ${date}`,
  // Settings
  settingsTitle: 'Proposal rules',
  settingsDescription: 'Which rules propose issues for this meeting, and when they are prepared before each meeting.',
  hoursBefore: 'Prepare proposals',
  hoursOption: (hours: number) =>
    hours === 1
      ? '1 hour before the meeting'
      : hours % 24 === 0 && hours > 24
        ? `${hours / 24} days before the meeting`
        : `${hours} hours before the meeting`,
  ruleHelp: {
    kpiOffGoal: 'A KPI off its goal some weeks in a row, or moving away from it',
    goalOffTrack: 'A goal off track, past due, or at risk (an overdue milestone or the pace)',
    todoLate: 'A to-do overdue, or open through some meetings',
    budgetAlert: 'A project of this meeting past its budget alert percentage',
    issueStale: 'An issue on the list for some weeks',
    lowRating: 'The last meeting rated low on average, or by anyone',
    missedSessions: 'Someone who missed some meetings in a row',
  } satisfies Record<ProposalRule, string>,
  fields: {
    periods: 'Weeks off goal in a row',
    trendPeriods: 'Weeks moving away',
    overdueDays: 'Days overdue',
    sessions: 'Meetings in a row',
    weeks: 'Weeks on the list',
    average: 'Average under',
    lowest: 'Any rating under',
  } as Record<string, string>,
  saveRules: 'Save rules',
  saved: 'Settings saved',
  saveFailed: 'The settings could not be saved',
  settingsLoadFailed: 'The settings could not be loaded',
  leadersOnly: 'Only the meeting’s leaders and workspace admins change this.',
  // Errors
  notOpen: 'This proposal is not open any more',
  notDecided: 'This proposal is open already',
  snoozePast: 'Pick a day after today',
  noNextSession: 'The meeting has no next session: pick a day',
};
