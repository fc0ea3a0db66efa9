// Rules of the live meeting (document 1 §4, §9), in one place for server and client.

/** A start within this long of a scheduled session passes without asking (document 1 §9: 12 hours). */
export const START_WINDOW_MS = 12 * 3600 * 1000;

/** Recap scores (document 1 §9). */
export const RECAP_SCORE = { min: 1, max: 10 } as const;
export const RECAP_NOTE_MAX = 2000;

/** Why a start needs the caller to confirm first; sent as `errors.confirm` of a 409. */
export const START_CONFIRMATIONS = ['notLeader', 'unscheduled'] as const;
export type StartConfirmation = (typeof START_CONFIRMATIONS)[number];

/**
 * Seconds left on a step: its duration minus the time since it began. Negative once over time
 * (document 1 §2: the timer may go negative). A step that has not begun has its whole duration.
 */
export const stepSecondsLeft = (durationMinutes: number, stepStartedAt: string | null, nowMs: number) => {
  const total = Math.round(durationMinutes * 60);
  if (!stepStartedAt) return total;
  return total - Math.floor((nowMs - Date.parse(stepStartedAt)) / 1000);
};

/** mm:ss, with a leading minus sign when negative; minutes are not wrapped into hours. */
export const formatClock = (seconds: number) => {
  const sign = seconds < 0 ? '-' : '';
  const abs = Math.abs(seconds);
  const minutes = Math.floor(abs / 60);
  const rest = abs % 60;
  return `${sign}${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
};

/** The meeting's average recap score: of the scores given, leaving out anyone marked 'Did not attend'; null when none. */
export const averageScore = (people: { score: number | null; notAttended: boolean }[]): number | null => {
  const given = people.flatMap((person) => (person.notAttended || person.score === null ? [] : [person.score]));
  return given.length === 0 ? null : given.reduce((sum, score) => sum + score, 0) / given.length;
};

/** The email check of the recap's "add by email" field (its ADD stays disabled until this passes). */
export const looksLikeEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim());

/** A session is live from its start until it is finished (document 1 §4: Start versus Join). */
export const isLiveSession = (
  session: { startedAt: string | Date | null; finishedAt: string | Date | null } | null | undefined,
) => Boolean(session?.startedAt && !session.finishedAt);

export const livePath = (meetingId: string, sessionId: string) => `/live-meeting/${meetingId}/${sessionId}`;
export const archivePath = (sessionId: string) => `/meeting-archives/${sessionId}`;

/** Guests (non-meeting attendees added by email) per session. */
export const LIVE_GUESTS_MAX = 50;

/** To-dos made from one issue in one call. */
export const LIVE_TODOS_FROM_ISSUE_MAX = 20;

/** Minutes to one decimal, as the timing report shows them. */
const minutes = (seconds: number) => Math.round(seconds / 6) / 10;

/**
 * The timing report of a session (archive and recap mail): per step its planned minutes, the
 * minutes spent in it (over all its visits and the session's runs) and the overrun (negative:
 * time left over); then the session's totals against its planned duration.
 */
export const timingReport = (
  steps: { id: string; title: string; duration: number }[],
  spentSeconds: Record<string, number>,
) => {
  const items = steps.map((step) => {
    const spent = spentSeconds[step.id] ?? 0;
    return {
      agendaItemId: step.id,
      title: step.title,
      plannedMinutes: step.duration,
      actualMinutes: minutes(spent),
      overrunMinutes: minutes(spent - step.duration * 60),
    };
  });
  const planned = steps.reduce((sum, step) => sum + step.duration, 0);
  const spent = steps.reduce((sum, step) => sum + (spentSeconds[step.id] ?? 0), 0);
  return {
    items,
    plannedMinutes: planned,
    actualMinutes: minutes(spent),
    overrunMinutes: minutes(spent - planned * 60),
  };
};

/**
 * How long an open item has been carried from meeting to meeting: whole days from the day it
 * was made (`madeOn`) to `today` under a week, then whole weeks; null on its first day. Nothing
 * is copied between sessions: the same item stays on the meeting's list until it is done.
 */
export const carryAge = (madeOn: string, today: string): { unit: 'day' | 'week'; count: number } | null => {
  const days = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${madeOn}T00:00:00Z`)) / 86_400_000);
  if (!(days >= 1)) return null;
  return days < 7 ? { unit: 'day', count: days } : { unit: 'week', count: Math.floor(days / 7) };
};
