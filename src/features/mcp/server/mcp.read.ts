import { fullName } from '../../../shared/person.ts';
import { statusName, TASK_TYPE } from '../../../shared/tasks.ts';
import type { Scorecard } from '../../kpis/kpis.schemas.ts';
import type { MeetingArchive } from '../../live/live.schemas.ts';
import type { Card } from '../../tasks/tasks.schemas.ts';

// What the read tools make of the API's answers: only what an assistant needs to answer the
// question, with names instead of ids where a person would use them.

const nameOf = (scorecard: Scorecard, userId: string) => {
  const person = scorecard.people.find((p) => p.id === userId);
  return person ? fullName(person) : userId;
};

/** The column of the meeting date to look at: the current one, else the last one shown. */
const currentColumn = (scorecard: Scorecard) => {
  const current = scorecard.sessions.findIndex((s) => s.id === scorecard.currentSessionId);
  return current >= 0 ? current : scorecard.sessions.length - 1;
};

/** Goals off track or overdue, and KPIs whose latest value misses its goal. */
export const offTrack = (goals: Card[], scorecard: Scorecard) => ({
  quarter: { from: scorecard.dateSince, until: scorecard.dateUntil },
  goals: goals
    .filter((goal) => goal.shownStatus === '2' || goal.shownStatus === '4')
    .map((goal) => ({
      id: goal.id,
      title: goal.title,
      status: statusName(TASK_TYPE.goal, goal.shownStatus),
      dueDate: goal.dueDate,
      milestones: goal.milestones.total > 0 ? `${goal.milestones.done} of ${goal.milestones.total}` : null,
    })),
  kpis: scorecard.scores.flatMap((row) => {
    const latest = [...row.cells].reverse().find((cell) => cell?.measured != null);
    return latest && latest.met === false
      ? [
          {
            id: row.id,
            title: row.title,
            owner: nameOf(scorecard, row.userId),
            latest: latest.measured,
            goal: `${row.goal} ${row.score}`,
          },
        ]
      : [];
  }),
});

/** Who has not entered a value for the current meeting date, with the KPIs missing. */
export const withoutValues = (scorecard: Scorecard) => {
  const column = currentColumn(scorecard);
  const session = scorecard.sessions[column];
  if (!session) return { meetingDate: null, missing: [] };
  const missing = new Map<string, string[]>();
  for (const row of scorecard.scores) {
    if (row.cells[column]?.measured != null) continue;
    missing.set(row.userId, [...(missing.get(row.userId) ?? []), row.title]);
  }
  return {
    meetingDate: session.sessionDate,
    missing: [...missing].map(([userId, kpis]) => ({ person: nameOf(scorecard, userId), kpis })),
  };
};

const titles = (groups: MeetingArchive['todosCreated']) =>
  groups.flatMap((group) =>
    group.items.map((item) => ({ title: item.title, owner: group.fullName, dueDate: item.dueDate })),
  );

/** The archive of a held session, in short. */
export const archiveSummary = (archive: MeetingArchive) => ({
  meeting: archive.meetingTitle,
  date: archive.meetingDate,
  startedAt: archive.startedAt,
  finishedAt: archive.finishedAt,
  rating: archive.avgScore,
  attended: [...archive.attendeesAdmins, ...archive.attendeesMembers].map((p) => p.fullName),
  absent: archive.notAttended.map((p) => p.fullName),
  headlines: titles(archive.headlines).map((h) => h.title),
  issuesSolved: titles(archive.issuesSolved),
  todosCreated: titles(archive.todosCreated),
  goalsChanged: archive.goalsChanged.map((g) => ({ title: g.title, owner: g.fullName, status: g.status })),
  kpisMissed: archive.kpis.flatMap((owner) =>
    owner.list
      .filter((kpi) => kpi.met === false)
      .map((kpi) => ({ title: kpi.title, owner: owner.fullName, value: kpi.measured })),
  ),
  cascadingMessages: archive.cascadingMessages.map((m) => m.text),
  note: archive.note,
});
