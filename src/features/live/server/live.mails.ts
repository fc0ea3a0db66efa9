import type { EmailValues } from '../../../shared/emailTemplates.ts';
import { formatKpiGoal, formatKpiValue, type KpiScoreGoal, type KpiType } from '../../../shared/kpis.ts';
import { archivePath } from '../../../shared/live.ts';
import { messages } from '../../../shared/messages.ts';
import { statusName } from '../../../shared/tasks.ts';
import { liveMessages } from '../live.messages.ts';
import type { MeetingArchive } from '../live.schemas.ts';

// The recap email every attendee gets when a meeting is finished: the ratings, the to-dos made,
// the issues solved, the issues and goals added in it, the goals finished, the headlines, the
// KPIs against goal, the timing and a link to its archive. The workspace's 'meeting-recap'
// template (decision 050) places them: the lists are its {{summary}}.

/** 'Nov 23, 2026' (the spec's 'MMM D, YYYY') of a calendar date. */
export const mailDate = (isoDate: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );

const itemLines = (groups: MeetingArchive['todosCreated']) =>
  groups.length === 0
    ? [`  ${liveMessages.archiveNoItems}`]
    : groups.flatMap((group) =>
        group.items.map(
          (item) => `  - ${item.title} (${group.fullName}${item.dueDate ? `, due ${mailDate(item.dueDate)}` : ''})`,
        ),
      );

/** Each KPI's value this session against its goal (met, missed, or not entered). */
const kpiLines = (kpis: MeetingArchive['kpis']) =>
  kpis.length === 0
    ? []
    : [
        '',
        `${messages.kpiSection}:`,
        ...kpis.flatMap((owner) =>
          owner.list.map((kpi) => {
            const typed = {
              goal: kpi.goal as KpiScoreGoal,
              score: kpi.score,
              scoreMax: kpi.scoreMax ?? null,
              type: kpi.type as KpiType,
              units: kpi.units,
            };
            const value = kpi.measured === null ? '–' : formatKpiValue(kpi.measured, typed);
            const verdict =
              kpi.met === null ? '' : ` (${kpi.met ? liveMessages.recapKpiMet : liveMessages.recapKpiMissed})`;
            return `  - ${kpi.title} (${owner.fullName}): ${value}, ${liveMessages.recapKpiGoal} ${formatKpiGoal(typed)}${verdict}`;
          }),
        ),
      ];

/** Planned against spent minutes per step, then the session's total. */
const timingLines = (timing: MeetingArchive['timing']) =>
  timing
    ? [
        '',
        `${liveMessages.recapTiming}:`,
        ...timing.items.map(
          (item) =>
            `  - ${liveMessages.recapTimingLine(item.title, item.plannedMinutes, item.actualMinutes, item.overrunMinutes)}`,
        ),
        `  ${liveMessages.recapTimingTotal(timing.plannedMinutes, timing.actualMinutes, timing.overrunMinutes)}`,
      ]
    : [];

/** The conclude's lists (decision 081): re-assigned to-dos, headlines made issues, backburner, goals, messages. */
const concludeLines = (archive: MeetingArchive) => [
  '',
  `${liveMessages.recapReassigned}:`,
  ...itemLines(archive.todosReassigned),
  '',
  `${liveMessages.archiveHeadlineIssues}:`,
  ...itemLines(archive.headlineIssues),
  '',
  `${liveMessages.archiveBackburner}:`,
  ...itemLines(archive.backburnerIssues),
  '',
  `${liveMessages.archiveGoalsChanged}:`,
  ...(archive.goalsChanged.length === 0
    ? [`  ${liveMessages.archiveNoItems}`]
    : archive.goalsChanged.map((goal) => `  - ${goal.title} (${goal.fullName}): ${statusName('1', goal.status)}`)),
  '',
  `${liveMessages.recapMailCascading}:`,
  ...(archive.cascadingMessages.length === 0
    ? [`  ${liveMessages.archiveNoItems}`]
    : archive.cascadingMessages.map(
        (message) =>
          `  - ${liveMessages.cascadingTo(message.audience === 'everyone' ? liveMessages.cascadingEveryone : (message.audienceName ?? '–'))}: ${message.text}`,
      )),
];

/** The values of the 'meeting-recap' template for a finished meeting. */
export const recapValues = (archive: MeetingArchive, publicUrl: string): EmailValues<'meeting-recap'> => {
  const ratings =
    archive.scores.length === 0
      ? [`  ${liveMessages.archiveNoScores}`]
      : archive.scores.map((row) => `  - ${row.fullName}: ${row.score}${row.note ? ` — ${row.note}` : ''}`);
  const attendees = [...archive.attendeesAdmins, ...archive.attendeesMembers].map((p) => p.fullName);
  const summary = [
    `${messages.archiveAttendees}: ${[...attendees, ...archive.guests].join(', ') || '–'}`,
    `${messages.archiveNotAttended}: ${archive.notAttended.map((p) => p.fullName).join(', ') || '–'}`,
    ...kpiLines(archive.kpis),
    '',
    `${liveMessages.archiveScores} (${messages.recapAverage(archive.avgScore)}):`,
    ...ratings,
    '',
    `${messages.recapTodosCreated}:`,
    ...itemLines(archive.todosCreated),
    ...concludeLines(archive),
    '',
    `${messages.recapIssuesSolved}:`,
    ...itemLines(archive.issuesSolved),
    '',
    `${liveMessages.recapIssuesCreated}:`,
    ...itemLines(archive.issuesCreated),
    '',
    `${liveMessages.recapGoalsCreated}:`,
    ...itemLines(archive.goalsCreated),
    '',
    `${liveMessages.recapGoalsFinished}:`,
    ...itemLines(archive.goalsFinished),
    '',
    `${liveMessages.recapHeadlines}:`,
    ...itemLines(archive.headlines),
    ...timingLines(archive.timing),
    ...(archive.note ? ['', `${liveMessages.recapNote}: ${archive.note}`] : []),
  ];
  return {
    meetingTitle: archive.meetingTitle,
    meetingDate: mailDate(archive.meetingDate),
    meetingDuration: String(archive.meetingDuration),
    summary: summary.join('\n'),
    link: `${publicUrl}${archivePath(archive.sessionId)}`,
  };
};
