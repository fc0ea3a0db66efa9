import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  agendaItems,
  scoreCells,
  scores,
  sessionArchives,
  sessionAttendees,
  sessions,
  taskMeetings,
  taskMembers,
  tasks,
} from '../src/db/schema/index.ts';
import { createMeeting, joinWorkspace, type SignedUp, signUp } from './factories.ts';

// Reports: a constructed history of a meeting, written straight into the tables with
// known dates, so that each figure of a report can be worked out by hand in the test.

type Db = FastifyInstance['database']['db'];

export const at = (iso: string) => new Date(iso);

/** A held (or only scheduled) session on `date` at 09:00 UTC. */
export const addSession = async (
  db: Db,
  tenantId: string,
  meetingId: string,
  date: string,
  run?: { startedAt: string; finishedAt: string; note?: string },
) => {
  const [row] = await db
    .insert(sessions)
    .values({
      tenantId,
      meetingId,
      sessionDate: date,
      startsAt: at(`${date}T09:00:00Z`),
      startedAt: run ? at(run.startedAt) : null,
      finishedAt: run ? at(run.finishedAt) : null,
      note: run?.note ?? null,
    })
    .returning({ id: sessions.id });
  return row!.id;
};

export const addAttendee = (
  db: Db,
  tenantId: string,
  sessionId: string,
  userId: string,
  score: number | null,
  options: { notAttended?: boolean; role?: 'leader' | 'member' } = {},
) =>
  db.insert(sessionAttendees).values({
    tenantId,
    sessionId,
    userId,
    roleAtJoin: options.role ?? 'member',
    joinedAt: options.notAttended ? null : at('2025-01-01T09:00:00Z'),
    score,
    notAttended: options.notAttended ?? false,
  });

export interface TaskSeed {
  title: string;
  type: '1' | '2' | '3' | '4';
  status?: '0' | '1' | '2' | '3';
  dueDate?: string | null;
  ownerId: string;
  members?: string[];
  meetingId?: string | null;
  createdAt: string;
  createdBy: string;
  completedAt?: string | null;
  completedInSessionId?: string | null;
}

export const addTask = async (db: Db, tenantId: string, seed: TaskSeed) => {
  const [row] = await db
    .insert(tasks)
    .values({
      tenantId,
      title: seed.title,
      type: seed.type,
      status: seed.status ?? '0',
      dueDate: seed.dueDate ?? null,
      userId: seed.ownerId,
      showInTasks: '1',
      createdAt: at(seed.createdAt),
      createdBy: seed.createdBy,
      completedAt: seed.completedAt ? at(seed.completedAt) : null,
      completedInSessionId: seed.completedInSessionId ?? null,
    })
    .returning({ id: tasks.id });
  const id = row!.id;
  if (seed.meetingId) await db.insert(taskMeetings).values({ taskId: id, meetingId: seed.meetingId });
  const members = seed.members ?? [seed.ownerId];
  if (members.length > 0) await db.insert(taskMembers).values(members.map((userId) => ({ taskId: id, userId })));
  return id;
};

export const addScore = async (
  db: Db,
  tenantId: string,
  meetingId: string,
  seed: { title: string; ownerId: string; goal: '>=' | '<=' | '=='; score: string; units?: string; sort?: number },
) => {
  const [row] = await db
    .insert(scores)
    .values({
      tenantId,
      meetingId,
      userId: seed.ownerId,
      title: seed.title,
      goal: seed.goal,
      score: seed.score,
      units: seed.units ?? null,
      sort: seed.sort ?? 0,
    })
    .returning({ id: scores.id });
  return row!.id;
};

export const setCell = (db: Db, tenantId: string, scoreId: string, sessionId: string, measured: string | null) =>
  db
    .insert(scoreCells)
    .values({ tenantId, scoreId, sessionId, measured })
    .onConflictDoUpdate({ target: [scoreCells.scoreId, scoreCells.sessionId], set: { measured } });

/** The meeting's agenda as one checked item of `minutes` (its planned length). */
export const setPlannedMinutes = async (db: Db, tenantId: string, meetingId: string, minutes: number) => {
  await db.delete(agendaItems).where(eq(agendaItems.meetingId, meetingId));
  await db
    .insert(agendaItems)
    .values({ tenantId, meetingId, title: 'All of it', keyName: 'free_activity', sort: 0, duration: minutes });
};

/** An archive snapshot of a held session, with the texts the search reads. */
export const addArchive = (
  db: Db,
  tenantId: string,
  meetingId: string,
  sessionId: string,
  snapshot: {
    meetingTitle: string;
    issuesSolved?: string[];
    todosCreated?: string[];
    headlines?: string[];
    ratingNotes?: string[];
  },
  avgScore: number | null = null,
) => {
  const items = (titles: string[] = []) =>
    titles.length === 0
      ? []
      : [{ userId: '', fullName: 'Someone', items: titles.map((title) => ({ id: title, title, dueDate: null })) }];
  return db.insert(sessionArchives).values({
    sessionId,
    tenantId,
    meetingId,
    avgScore,
    snapshot: {
      meetingTitle: snapshot.meetingTitle,
      issuesSolved: items(snapshot.issuesSolved),
      todosCreated: items(snapshot.todosCreated),
      headlines: items(snapshot.headlines),
      scores: (snapshot.ratingNotes ?? []).map((note) => ({ userId: '', fullName: 'Rater', score: 8, note })),
    },
  });
};

/** A workspace: Ada (admin, leader), Lee (leader, not admin), Pat (member), Rob (in the workspace, not the meeting). */
export const reportsCast = async (app: FastifyInstance) => {
  const ada = await signUp(app, { firstName: 'Ada' });
  const lee = await joinWorkspace(app, ada, { firstName: 'Lee' });
  const pat = await joinWorkspace(app, ada, { firstName: 'Pat' });
  const rob = await joinWorkspace(app, ada, { firstName: 'Rob' });
  const meeting = await createMeeting(ada, [pat.userId], {
    title: 'Weekly L10',
    administrators: [ada.userId, lee.userId],
    // One session, long before the windows the tests ask for.
    startDate: '2024-06-03',
    repeatEvery: 0,
    repeatType: null,
  });
  return { ada, lee, pat, rob, meeting, db: app.database.db, tenantId: ada.tenantId };
};
export type ReportsCast = Awaited<ReturnType<typeof reportsCast>>;
export type { SignedUp };
