import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  boardMeetings,
  boards,
  kpiRemovedSessions,
  scoreCells,
  scores,
  sessionAttendees,
  sessions,
  taskMeetings,
  tasks,
  users,
} from '../src/db/schema/index.ts';
import { createMeeting, joinWorkspace, type SignedUp, signUp } from './factories.ts';

// Operating-system health: a constructed history written straight into the tables with known
// dates, so each figure can be worked out by hand in the test (src/features/os-health).
// Meeting A: 13 weekly sessions in 2025-Q1 (Mondays Jan 6 – Mar 31, 09:00 UTC) and 3 in
// 2024-Q4; meeting B: one session in 2025-Q1. The hand-worked figures are in the test.

type Db = FastifyInstance['database']['db'];
const at = (iso: string) => new Date(iso);

export interface HealthCast {
  db: Db;
  tenantId: string;
  ada: SignedUp;
  lee: SignedUp;
  rob: SignedUp;
  outsider: SignedUp;
  meetingA: string;
  meetingB: string;
  sessionIds: Record<string, string>;
  taskIds: Record<string, string>;
}

const addSession = async (
  db: Db,
  tenantId: string,
  meetingId: string,
  date: string,
  startedAt: string | null,
  unscheduled = false,
  time = '09:00',
) => {
  const [row] = await db
    .insert(sessions)
    .values({
      tenantId,
      meetingId,
      sessionDate: date,
      startsAt: at(`${date}T${time}:00Z`),
      startedAt: startedAt ? at(startedAt) : null,
      finishedAt: startedAt ? new Date(at(startedAt).getTime() + 3_600_000) : null,
      unscheduled,
    })
    .returning({ id: sessions.id });
  return row!.id;
};

interface TaskSeed {
  title: string;
  type: '1' | '2' | '4';
  status?: '0' | '1' | '2' | '3';
  ownerId: string;
  meetings?: string[];
  boardId?: string;
  dueDate?: string | null;
  quarterId?: string | null;
  createdAt?: string;
  completedAt?: string | null;
  completedInSessionId?: string | null;
}

const addTask = async (db: Db, tenantId: string, seed: TaskSeed) => {
  const [row] = await db
    .insert(tasks)
    .values({
      tenantId,
      title: seed.title,
      type: seed.type,
      status: seed.status ?? '0',
      userId: seed.ownerId,
      boardId: seed.boardId ?? null,
      dueDate: seed.dueDate ?? null,
      quarterId: seed.quarterId ?? null,
      createdAt: at(seed.createdAt ?? '2024-10-01T00:00:00Z'),
      createdBy: seed.ownerId,
      completedAt: seed.completedAt ? at(seed.completedAt) : null,
      completedInSessionId: seed.completedInSessionId ?? null,
    })
    .returning({ id: tasks.id });
  const id = row!.id;
  for (const meetingId of seed.meetings ?? []) await db.insert(taskMeetings).values({ taskId: id, meetingId });
  return id;
};

/** Ada (admin) leads A, Lee is a member of A (owner time zone New York), Rob leads B only. */
export const healthHistory = async (app: FastifyInstance): Promise<HealthCast> => {
  const ada = await signUp(app, { firstName: 'Ada' });
  const lee = await joinWorkspace(app, ada, { firstName: 'Lee' });
  const rob = await joinWorkspace(app, ada, { firstName: 'Rob' });
  const outsider = await signUp(app, { firstName: 'Otto' });
  const db = app.database.db;
  const tenantId = ada.tenantId;
  await db.update(users).set({ timezone: 'America/New_York' }).where(eq(users.id, lee.userId));
  // One session each, long before the quarters asked for.
  const single = { repeatEvery: 0, repeatType: null, timezone: 'UTC' };
  const a = await createMeeting(ada, [lee.userId], { ...single, title: 'Alpha L10', startDate: '2024-06-03' });
  const b = await createMeeting(rob, [], { ...single, title: 'Beta L10', startDate: '2024-06-05' });
  const S: Record<string, string> = {};
  const A = a.id;
  const B = b.id;

  // Meeting A, 2025-Q1: [key, date, started at (null: not held)].
  const q1: [string, string, string | null][] = [
    ['s1', '2025-01-06', '2025-01-06T09:00:00Z'],
    ['s2', '2025-01-13', '2025-01-13T09:04:00Z'],
    ['s3', '2025-01-20', '2025-01-20T09:06:00Z'],
    ['s4', '2025-01-27', null],
    ['s5', '2025-02-03', '2025-02-03T09:00:00Z'],
    ['s6', '2025-02-10', '2025-02-10T09:30:00Z'],
    ['s7', '2025-02-17', null],
    ['s8', '2025-02-24', '2025-02-24T09:01:00Z'],
    ['s9', '2025-03-03', '2025-03-03T09:00:00Z'],
    ['s10', '2025-03-10', '2025-03-11T09:00:00Z'],
    ['s11', '2025-03-17', '2025-03-17T09:02:00Z'],
    ['s12', '2025-03-24', '2025-03-24T09:00:00Z'],
    ['s13', '2025-03-31', null],
    // 2024-Q4
    ['d1', '2024-12-02', '2024-12-02T09:00:00Z'],
    ['d2', '2024-12-09', '2024-12-09T09:10:00Z'],
    ['d3', '2024-12-16', null],
  ];
  for (const [key, date, started] of q1) S[key] = await addSession(db, tenantId, A, date, started);
  // Started on a Wednesday the rule has no date for.
  S.u = await addSession(db, tenantId, A, '2025-03-05', '2025-03-05T14:00:00Z', true, '14:00');
  S.b1 = await addSession(db, tenantId, B, '2025-01-08', '2025-01-08T09:00:00Z');

  // Ratings: [session, person, score, not attended].
  const rate = async (key: string, userId: string, score: number | null, notAttended = false) =>
    db.insert(sessionAttendees).values({
      tenantId,
      sessionId: S[key]!,
      userId,
      roleAtJoin: userId === ada.userId || userId === rob.userId ? 'leader' : 'member',
      joinedAt: notAttended ? null : at('2025-01-01T09:00:00Z'),
      score,
      notAttended,
    });
  for (const [key, ad, le] of [
    ['s1', 8, 6],
    ['s2', 9, 7],
    ['s3', 7, null],
    ['s5', 10, 8],
    ['s6', 6, null],
    ['s8', 9, null],
    ['s11', 8, 8],
    ['d1', 6, 6],
    ['d2', 7, null],
  ] as const) {
    await rate(key, ada.userId, ad);
    if (le !== null) await rate(key, lee.userId, le);
  }
  await rate('s4', ada.userId, 2); // a session not held: not counted
  await rate('s6', lee.userId, 3, true); // did not attend: not counted
  await rate('b1', rob.userId, 4);

  const T: Record<string, string> = {};
  const task = async (key: string, seed: TaskSeed) => {
    T[key] = await addTask(db, tenantId, seed);
  };
  // Issues solved in the room (created → solved): ages 24, 30, 23, 4, 75; Q4: 31; B: 6.
  const issue = (title: string, created: string, session: string, done: string, meetings = [A]) =>
    task(title, {
      title,
      type: '2',
      status: '1',
      ownerId: ada.userId,
      meetings,
      createdAt: `${created}T08:00:00Z`,
      completedAt: `${done}T09:30:00Z`,
      completedInSessionId: S[session]!,
    });
  await issue('i1', '2024-12-20', 's2', '2025-01-13');
  await issue('i2', '2025-01-04', 's5', '2025-02-03');
  await issue('i3', '2025-02-01', 's8', '2025-02-24');
  await issue('i4', '2025-03-01', 'u', '2025-03-05');
  await issue('i5', '2025-01-01', 's11', '2025-03-17');
  await issue('i8', '2024-11-01', 'd1', '2024-12-02');
  await issue('ib', '2025-01-02', 'b1', '2025-01-08', [B]);
  // Done, but not in a session: not an issue solved in the room.
  await task('i6', {
    title: 'i6',
    type: '2',
    status: '1',
    ownerId: ada.userId,
    meetings: [A],
    completedAt: '2025-02-05T10:00:00Z',
  });

  // Goals. g1 is in both meetings (counted once for the workspace); g7 is on A's board.
  const [board] = await db.insert(boards).values({ tenantId, name: 'Alpha board' }).returning({ id: boards.id });
  await db.insert(boardMeetings).values({ boardId: board!.id, meetingId: A });
  const goal = (key: string, seed: Partial<TaskSeed>) =>
    task(key, { title: key, type: '1', ownerId: ada.userId, meetings: [A], ...seed });
  await goal('g1', { quarterId: '2025-Q1', status: '1', dueDate: '2025-03-31', meetings: [A, B] });
  await goal('g2', { quarterId: '2025-Q1', status: '0', dueDate: '2025-03-31' });
  await goal('g3', { quarterId: null, status: '1', dueDate: '2025-02-15' });
  await goal('g4', { quarterId: '2025-Q1', status: '3', dueDate: '2025-06-30' });
  await goal('g5', { quarterId: '2025-Q2', status: '1', dueDate: '2025-03-01' });
  await goal('g6', { quarterId: 'H1 push', status: '1', dueDate: '2025-03-20' });
  await goal('g7', { quarterId: '2025-Q1', status: '1', meetings: [], boardId: board!.id });
  await goal('g8', { quarterId: '2024-Q4', status: '1' });
  await goal('g9', { quarterId: '2024-Q4', status: '1' });
  await goal('gb', { quarterId: '2025-Q1', status: '1', meetings: [B] });
  await goal('gx', { quarterId: '2025-Q1', status: '0', meetings: [] }); // of no meeting

  // To-dos: [key, owner, due, done at].
  const todo = (key: string, ownerId: string, dueDate: string | null, completedAt: string | null, meetings = [A]) =>
    task(key, {
      title: key,
      type: '4',
      status: completedAt ? '1' : '0',
      ownerId,
      meetings,
      dueDate,
      completedAt,
    });
  await todo('t1', ada.userId, '2025-01-10', '2025-01-09T12:00:00Z');
  await todo('t2', ada.userId, '2025-01-17', '2025-01-18T10:00:00Z');
  await todo('t3', ada.userId, '2025-02-07', null);
  await todo('t4', ada.userId, '2025-02-14', '2025-02-14T20:00:00Z');
  // Lee is in New York: 03:00 UTC on Mar 8 is still Mar 7 there.
  await todo('t5', lee.userId, '2025-03-07', '2025-03-08T03:00:00Z');
  await todo('t6', ada.userId, '2025-03-21', '2025-03-20T09:00:00Z');
  await todo('t7', ada.userId, null, '2025-02-01T09:00:00Z');
  await todo('t8', ada.userId, '2025-04-04', null);
  await todo('t10', ada.userId, '2024-12-05', '2024-12-04T09:00:00Z');
  await todo('t9', rob.userId, '2025-02-20', '2025-02-25T09:00:00Z', [B]);

  // Scorecard: k1 weekly (from 2024-11-01), k2 weekly (from 2025-02-01), k3 monthly.
  const score = async (title: string, createdAt: string, frequency = 'weekly') => {
    const [row] = await db
      .insert(scores)
      .values({
        tenantId,
        meetingId: A,
        userId: ada.userId,
        title,
        goal: '>=',
        score: '10',
        frequency,
        createdAt: at(createdAt),
      })
      .returning({ id: scores.id });
    return row!.id;
  };
  const k1 = await score('k1', '2024-11-01T00:00:00Z');
  const k2 = await score('k2', '2025-02-01T00:00:00Z');
  const k3 = await score('k3', '2024-11-01T00:00:00Z', 'monthly');
  // 'early': entered the day before the session; 'late': two hours after its start; 'empty'.
  const cell = async (scoreId: string, key: string, how: 'early' | 'late' | 'empty') => {
    const [s] = await db.select().from(sessions).where(eq(sessions.id, S[key]!));
    const base = (s!.startedAt ?? s!.startsAt).getTime();
    await db.insert(scoreCells).values({
      tenantId,
      scoreId,
      sessionId: S[key]!,
      measured: how === 'empty' ? null : '12',
      changedAt: how === 'empty' ? null : new Date(base + (how === 'early' ? -86_400_000 : 7_200_000)),
    });
  };
  for (const key of ['s1', 's2', 's3', 's5', 's6', 's8']) await cell(k1, key, 'early');
  for (const key of ['s9', 's10']) await cell(k1, key, 'late');
  for (const key of ['s11', 's12', 'u']) await cell(k1, key, 'empty');
  await cell(k1, 's4', 'early'); // not held
  await cell(k2, 's3', 'early'); // before k2 existed
  for (const key of ['s5', 's8', 's11']) await cell(k2, key, 'early');
  for (const key of ['s6', 's9']) await cell(k2, key, 'late');
  for (const key of ['s10', 's12', 'u']) await cell(k2, key, 'empty');
  await cell(k3, 's1', 'early'); // monthly
  await cell(k1, 'd1', 'early');
  await cell(k1, 'd2', 'empty');
  // s12 was taken off the scorecard.
  await db.insert(kpiRemovedSessions).values({ sessionId: S.s12!, tenantId, meetingId: A });

  return { db, tenantId, ada, lee, rob, outsider, meetingA: A, meetingB: B, sessionIds: S, taskIds: T };
};
