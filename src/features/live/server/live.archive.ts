import { and, asc, desc, eq, gt, gte, isNotNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { meetings, sessionArchives, sessions, tasks, users } from '../../../db/schema/index.ts';
import { anyOf } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { notFound } from '../../../shared/errors.ts';
import { goalOn } from '../../../shared/kpis.ts';
import { averageScore, timingReport } from '../../../shared/live.ts';
import { TASK_TYPE } from '../../../shared/tasks.ts';
import { loadTemplateText, mailOf } from '../../emails/server/emails.send.ts';
import { getScorecard } from '../../kpis/server/scorecard.service.ts';
import type { MeetingAccess } from '../../meetings/server/meetings.access.ts';
import { ofMeeting } from '../../tasks/server/task-lists.service.ts';
import { liveMessages } from '../live.messages.ts';
import type { LiveAttendee, MeetingArchive } from '../live.schemas.ts';
import { findVisibleSession, type SessionRow } from './live.access.ts';
import { archivedGoals } from './live.archive-goals.ts';
import { loadGuests } from './live.attendees.ts';
import { concludeLists, sendCascadingMessages } from './live.conclude.ts';
import { recapValues } from './live.mails.ts';

// The archive of a held session (document 3 §3): a snapshot written once, when the session is
// finished, so that it tells what the meeting was then whatever changes later; the recap email
// built from it (docs/decisions/017-live-meeting.md); and the snapshot read back.

type Archived = MeetingArchive;
type Person = { userId: string; fullName: string };
type Items = Archived['openActionItems'];

const nameOf = (first: string | null, last: string | null) =>
  first === null ? liveMessages.liveNobody : `${first} ${last ?? ''}`.trim();

/** Items grouped by person, people by name, in the order the rows came (due date, then title). */
const byPerson = (
  rows: { userId: string | null; fullName: string; id: string; title: string; dueDate: string | null }[],
) => {
  const groups = new Map<string, Items[number]>();
  for (const row of rows) {
    const key = row.userId ?? '';
    const group = groups.get(key) ?? { userId: key, fullName: row.fullName, items: [] };
    group.items.push({ id: row.id, title: row.title, dueDate: row.dueDate });
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => a.fullName.localeCompare(b.fullName));
};

/**
 * The scorecard of the session as the scorecard shows that date: every weekly score with its value
 * (a formula's computed), per owner, against the goal in force on the date (a temporary goal, a
 * range). Monthly and quarterly measurables have no value per meeting date: not archived here.
 */
const archivedKpis = async (ctx: TenantContext, session: SessionRow): Promise<Archived['kpis']> => {
  const card = await getScorecard(ctx, session.meetingId, {
    dateSince: session.sessionDate,
    dateUntil: session.sessionDate,
    frequency: 'weekly',
  });
  const column = card.sessions.findIndex((s) => s.id === session.id);
  const people = new Map(card.people.map((person) => [person.id, person]));
  const owners = new Map<string, Archived['kpis'][number]>();
  for (const row of card.scores) {
    const cell = column >= 0 ? row.cells[column] : null;
    const target = goalOn(row, row.goalPeriods, session.sessionDate);
    const person = people.get(row.userId);
    const owner = owners.get(row.userId) ?? {
      userId: row.userId,
      fullName: nameOf(person?.firstName ?? null, person?.lastName ?? null),
      list: [],
    };
    owner.list.push({
      title: row.title,
      measured: cell?.measured ?? null,
      score: target.score,
      scoreMax: target.scoreMax,
      goal: target.goal,
      type: row.type,
      units: row.units ?? '',
      met: cell?.met ?? null,
    });
    owners.set(row.userId, owner);
  }
  return [...owners.values()].sort((a, b) => a.fullName.localeCompare(b.fullName));
};

/**
 * The meeting's action items as the session leaves them: to-dos done since the previous held
 * session and still open, to-dos made during the session, issues solved during it (ticked done
 * in it, by Solve or otherwise), the issues and goals added and the goals finished during it, and
 * the headlines (`startedAt`: the session's first start that day). The meeting's items are those
 * its lists show: linked to it or on one of its boards.
 */
const archivedActionItems = async (ctx: TenantContext, session: SessionRow, startedAt: Date) => {
  const previous = alias(sessions, 'previous');
  const [before] = await ctx.db
    .select({ finishedAt: previous.finishedAt })
    .from(previous)
    .where(and(eq(previous.meetingId, session.meetingId), isNotNull(previous.finishedAt), ne(previous.id, session.id)))
    .orderBy(desc(previous.finishedAt))
    .limit(1);
  // The first meeting counts everything done before it.
  const since = before?.finishedAt ?? new Date(0);
  const todo = eq(tasks.type, TASK_TYPE.todo);
  const rows = await ctx.db
    .select({
      id: tasks.id,
      title: tasks.title,
      type: tasks.type,
      status: tasks.status,
      showInTasks: tasks.showInTasks,
      dueDate: tasks.dueDate,
      completedAt: tasks.completedAt,
      completedInSessionId: tasks.completedInSessionId,
      createdAt: tasks.createdAt,
      userId: tasks.userId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(tasks)
    .leftJoin(users, eq(users.id, tasks.userId))
    .where(
      and(
        eq(tasks.tenantId, ctx.tenantId),
        ofMeeting(ctx, session.meetingId),
        or(
          and(todo, eq(tasks.showInTasks, '1'), or(eq(tasks.status, '0'), gt(tasks.completedAt, since))),
          and(todo, gte(tasks.createdAt, startedAt)),
          and(
            eq(tasks.type, TASK_TYPE.issue),
            eq(tasks.status, '1'),
            or(gte(tasks.completedAt, startedAt), eq(tasks.completedInSessionId, session.id)),
          ),
          // Issues and goals added during the session, and goals finished in it.
          and(or(eq(tasks.type, TASK_TYPE.issue), eq(tasks.type, TASK_TYPE.goal)), gte(tasks.createdAt, startedAt)),
          and(eq(tasks.type, TASK_TYPE.goal), eq(tasks.status, '1'), gte(tasks.completedAt, startedAt)),
          // Headlines still open, and those read (done) during the session.
          and(eq(tasks.type, TASK_TYPE.headline), or(eq(tasks.status, '0'), gte(tasks.completedAt, startedAt))),
        ),
      ),
    )
    .orderBy(sql`${tasks.dueDate} asc nulls last`, asc(tasks.title));
  const named = rows.map((row) => ({ ...row, fullName: nameOf(row.firstName, row.lastName) }));
  const isTodo = (row: (typeof named)[number]) => row.type === TASK_TYPE.todo;
  const actionItem = (row: (typeof named)[number]) => isTodo(row) && row.showInTasks === '1';
  const finishedInSession = (row: (typeof named)[number]) =>
    row.status === '1' &&
    (row.completedInSessionId === session.id || (row.completedAt !== null && row.completedAt >= startedAt));
  return {
    completedActionItems: byPerson(
      named.filter(
        (row) => actionItem(row) && row.status === '1' && row.completedAt !== null && row.completedAt > since,
      ),
    ),
    openActionItems: byPerson(named.filter((row) => actionItem(row) && row.status === '0')),
    todosCreated: byPerson(named.filter((row) => isTodo(row) && row.createdAt >= startedAt)),
    issuesSolved: byPerson(named.filter((row) => row.type === TASK_TYPE.issue && finishedInSession(row))),
    issuesCreated: byPerson(named.filter((row) => row.type === TASK_TYPE.issue && row.createdAt >= startedAt)),
    goalsCreated: byPerson(named.filter((row) => row.type === TASK_TYPE.goal && row.createdAt >= startedAt)),
    goalsFinished: byPerson(named.filter((row) => row.type === TASK_TYPE.goal && finishedInSession(row))),
    headlines: byPerson(named.filter((row) => row.type === TASK_TYPE.headline)),
  };
};

/** The conclude's lists (decision 081) as the archive keeps them, grouped by person. */
const archivedConclude = async (ctx: TenantContext, session: SessionRow, startedAt: Date) => {
  const lists = await concludeLists(ctx, session.meetingId, startedAt, session.finishedAt);
  const grouped = (rows: typeof lists.todos) =>
    byPerson(rows.map((row) => ({ ...row, fullName: row.ownerName ?? liveMessages.liveNobody })));
  return {
    todosReassigned: grouped(lists.todos.filter((row) => row.reassigned)),
    headlineIssues: grouped(lists.headlineIssues),
    backburnerIssues: grouped(lists.backburnerIssues),
    goalsChanged: lists.goalsChanged.map((row) => ({
      id: row.id,
      title: row.title,
      fullName: row.ownerName ?? liveMessages.liveNobody,
      status: row.status,
    })),
  };
};

/**
 * Writes the archive of a session just finished (`people`: its recap as it ends), sends its
 * cascading messages to their audiences, and mails the recap to every attendee who
 * has an account, and to the guests added by email. A day's session started again (`heldBefore`: its archive so far)
 * gets one archive for the day: from the first start, its runs' minutes added up (decision 027).
 */
export const archiveSession = async (
  ctx: TenantContext,
  session: SessionRow,
  people: LiveAttendee[],
  access: MeetingAccess,
  publicUrl: string,
  steps: { id: string; title: string; duration: number }[],
  heldBefore?: Archived,
) => {
  const [info] = await ctx.db
    .select({ title: meetings.title })
    .from(meetings)
    .where(eq(meetings.id, session.meetingId));
  const thisRunStartedAt = session.startedAt!;
  const startedAt = heldBefore ? new Date(heldBefore.startedAt) : thisRunStartedAt;
  const finishedAt = session.finishedAt!;
  const runMinutes = Math.max(0, Math.round((finishedAt.getTime() - thisRunStartedAt.getTime()) / 60_000));
  const attended = people.filter((p) => !p.notAttended && (p.joinedAt !== null || p.score !== null));
  const person = (p: (typeof people)[number]): Person => ({ userId: p.id, fullName: nameOf(p.firstName, p.lastName) });
  const attendedIds = new Set(attended.map((p) => p.id));
  const rated = attended.filter((p) => p.score !== null);
  const avgScore = averageScore(attended);
  const guests = await loadGuests(ctx.db, session.id);

  const snapshot: Omit<Archived, 'note' | 'link'> = {
    sessionId: session.id,
    meetingId: session.meetingId,
    meetingTitle: info!.title,
    meetingDate: session.sessionDate,
    meetingDuration: (heldBefore?.meetingDuration ?? 0) + runMinutes,
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    attendeesAdmins: attended.filter((p) => p.role === 'leader').map(person),
    attendeesMembers: attended.filter((p) => p.role !== 'leader').map(person),
    // The meeting's people who were not there, and anyone marked 'Did not attend'.
    notAttended: people
      .filter((p) => !attendedIds.has(p.id) && (p.notAttended || (p.role !== 'other' && !p.deleted)))
      .map(person),
    guests,
    kpis: await archivedKpis(ctx, session),
    ...(await archivedActionItems(ctx, session, startedAt)),
    timing: steps.length > 0 ? timingReport(steps, session.stepSeconds) : null,
    ...(await archivedConclude(ctx, session, startedAt)),
    cascadingMessages: await sendCascadingMessages(ctx, session, { title: info!.title, access }),
    ...(await archivedGoals(ctx, session, startedAt)),
    scores: rated.map((p) => ({ ...person(p), score: p.score, note: p.note })),
    avgScore,
  };
  await ctx.db
    .insert(sessionArchives)
    .values({ sessionId: session.id, tenantId: ctx.tenantId, meetingId: session.meetingId, snapshot, avgScore })
    .onConflictDoUpdate({ target: sessionArchives.sessionId, set: { snapshot, avgScore } });

  const accounts = attended.filter((p) => !p.deleted).map((p) => p.id);
  const emails =
    accounts.length === 0
      ? []
      : (await ctx.db.select({ email: users.email }).from(users).where(anyOf(users.id, accounts))).map((u) => u.email);
  const recipients = [...new Set([...emails, ...guests])];
  if (recipients.length === 0) return;
  const text = await loadTemplateText(ctx.db, { tenantId: ctx.tenantId }, 'meeting-recap');
  const values = recapValues({ ...snapshot, note: session.note, link: session.link }, publicUrl);
  await ctx.sendMail(recipients.map((to) => mailOf(text, to, values)));
};

/** `GET sessions/{id}/archive/`: the snapshot, with the session's note and recording link as they are now. */
export const getArchive = async (ctx: TenantContext, sessionId: string): Promise<MeetingArchive> => {
  const { session } = await findVisibleSession(ctx, sessionId);
  const [archive] = await ctx.db
    .select({ snapshot: sessionArchives.snapshot })
    .from(sessionArchives)
    .where(eq(sessionArchives.sessionId, session.id));
  if (!archive) throw notFound(liveMessages.archiveNotFound);
  type Later =
    | 'issuesCreated'
    | 'goalsCreated'
    | 'goalsFinished'
    | 'headlines'
    | 'timing'
    | 'todosReassigned'
    | 'headlineIssues'
    | 'backburnerIssues'
    | 'goalsChanged'
    | 'cascadingMessages'
    | 'goals'
    | 'goalsTotal';
  type Stored = Omit<MeetingArchive, 'note' | 'link' | Later> & Partial<Pick<MeetingArchive, Later>>;
  return {
    issuesCreated: [],
    goalsCreated: [],
    goalsFinished: [],
    headlines: [],
    timing: null,
    todosReassigned: [],
    headlineIssues: [],
    backburnerIssues: [],
    goalsChanged: [],
    cascadingMessages: [],
    goals: null,
    goalsTotal: 0,
    ...(archive.snapshot as Stored),
    note: session.note,
    link: session.link,
  };
};
