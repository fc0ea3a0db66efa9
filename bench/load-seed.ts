import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.ts';
import { authSessions } from '../src/db/schema/index.ts';
import { hashToken } from '../src/features/auth/server/tokens.service.ts';

// The load bench's workspace (docs/decisions/028-load-bench.md). What the API makes cheaply
// and whose side effects matter (a workspace, the dashboard meetings with their sessions and
// agenda, the boards and lists) goes through the API; the bulk (users, sign-ins, the other
// meetings and their sessions, cards, measurables, cells) is INSERT … SELECT generate_series,
// in the shape the services write it. Sizes are bounded: seeding stays a few seconds on PostgreSQL.

export interface LoadSize {
  users: number;
  meetings: number;
  /** Meetings with a board whose dashboards the virtual users open (all users are members). */
  dashboards: number;
  listsPerBoard: number;
  cards: number;
  scores: number;
  /** Weeks of past sessions. */
  weeks: number;
  /** Weeks of past sessions of the dashboard meetings (default `weeks`). */
  dashboardWeeks?: number;
  /** Members of each dashboard meeting besides its leader (default: every user). */
  dashboardMembers?: number;
  /** Members of each other meeting besides its leader (default 5). */
  membersPerMeeting?: number;
  /** Notifications of each user (default 200, the bell's load; the EXPLAIN suite needs a few). */
  notificationsPerUser?: number;
}

export const sizeFromEnv = (env = process.env): LoadSize => {
  const big = env.BENCH_BIG === '1';
  const size: LoadSize = {
    users: Number(env.BENCH_USERS ?? 50),
    meetings: Number(env.BENCH_MEETINGS ?? 500),
    dashboards: Number(env.BENCH_DASHBOARDS ?? 10),
    listsPerBoard: 10,
    cards: Number(env.BENCH_CARDS ?? (big ? 100_000 : 10_000)),
    scores: Number(env.BENCH_SCORES ?? 100),
    weeks: Number(env.BENCH_WEEKS ?? (big ? 260 : 52)),
  };
  const limits: [keyof LoadSize, number, number][] = [
    ['users', 1, 500],
    ['meetings', 1, 5000],
    ['dashboards', 1, 50],
    ['cards', 0, 200_000],
    ['scores', 1, 500],
    ['weeks', 1, 520],
  ];
  for (const [key, min, max] of limits) {
    const value = size[key] ?? 0;
    if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${key} must be ${min}…${max}`);
  }
  size.dashboards = Math.min(size.dashboards, size.meetings);
  return size;
};

export interface LoadFixture {
  tenantId: string;
  /** One bearer token per user, each its own auth session. */
  tokens: string[];
  dashboards: { meetingId: string; boardId: string; listIds: string[] }[];
  /** The meeting with every measurable (the scorecard call). */
  kpiMeetingId: string;
  kpiSince: string;
  kpiUntil: string;
  /** Cards the virtual users change (PATCH), a sample over the dashboards' boards. */
  cardIds: string[];
  /** The month view's window (6 weeks from the Monday on or before the 1st), as the calendar asks. */
  month: { start: string; end: string };
  counts: Record<string, number>;
}

/** The rows of `db.execute` (both drivers answer `{ rows }`). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const NOTIFICATIONS_PER_USER = 200;
/** FullCalendar's month grid: six weeks from the week (Monday first) holding the month's 1st. */
const monthWindow = (today: Date) => {
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
  const start = new Date(first.getTime() - ((first.getUTCDay() + 6) % 7) * 86_400_000);
  return { start: isoDate(start), end: isoDate(new Date(start.getTime() + 42 * 86_400_000)) };
};
/** A literal array of server-made ids (never user input), for INSERT … SELECT. */
const uuidArray = (ids: string[]) => sql.raw(`array[${ids.map((id) => `'${id}'`).join(',')}]::uuid[]`);

export const seedLoadWorkspace = async (app: FastifyInstance, database: Database, size: LoadSize) => {
  const { db } = database;
  const call = async <T>(method: 'GET' | 'POST', url: string, body?: unknown, token?: string) => {
    const response = await app.inject({
      method,
      url: `/api/v2${url}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return (response.json() as { result: T }).result;
  };
  const stamp = Date.now().toString(36);
  const email = `load-owner-${stamp}@example.test`;
  await call('POST', '/register', {
    user: { firstName: 'Load', lastName: 'Owner', email, password: 'load-bench-password', timezone: 'UTC' },
    tenant: { name: `Load bench ${stamp}` },
  });
  // The answer names nobody (it does not reveal existing emails): the owner and workspace by email.
  const [owner] = rowsOf<{ user_id: string; tenant_id: string }>(
    await db.execute(sql`
      select m.user_id, m.tenant_id from users u join memberships m on m.user_id = u.id where u.email = ${email}`),
  );
  const tenantId = owner!.tenant_id;
  const ownerId = owner!.user_id;

  // People: users, memberships and one sign-in each (the token's SHA-256, as createSession stores it).
  const others = await db.execute(sql`
    insert into users (email, first_name, last_name, timezone)
    select 'load-' || g || '-' || ${stamp} || '@example.test', 'Load', 'User ' || g, 'UTC'
    from generate_series(1, ${size.users - 1}) g
    returning id`);
  const userIds = [ownerId, ...rowsOf<{ id: string }>(others).map((row) => row.id)];
  await db.execute(sql`
    insert into memberships (tenant_id, user_id, is_admin)
    select ${tenantId}::uuid, u, '0' from unnest(${uuidArray(userIds.slice(1))}) u`);
  const tokens = userIds.map(() => randomBytes(32).toString('base64url'));
  await db.insert(authSessions).values(
    userIds.map((userId, i) => ({
      tokenHash: hashToken(tokens[i]!),
      userId,
      tenantId,
      remember: true,
      expiresAt: new Date(Date.now() + 30 * 86_400_000),
    })),
  );
  const ownerToken = tokens[0]!;

  // Dashboard meetings through the API: sessions from `weeks` ago, agenda, every user a member.
  const weeksAgo = (weeks: number) => new Date(Date.now() - weeks * 7 * 86_400_000);
  const start = weeksAgo(size.weeks);
  const dashboardStart = weeksAgo(size.dashboardWeeks ?? size.weeks);
  const dashboardMembers = userIds.slice(1, 1 + (size.dashboardMembers ?? userIds.length));
  const perMeeting = Math.min(size.membersPerMeeting ?? 5, userIds.length - 1);
  const dashboards: LoadFixture['dashboards'] = [];
  for (let i = 0; i < size.dashboards; i++) {
    const meeting = await call<{ id: string }>(
      'POST',
      '/meetings',
      {
        title: `Dashboard ${String(i + 1).padStart(2, '0')}`,
        sharepointUrl: 'https://meet.example.com/load',
        startDate: isoDate(dashboardStart),
        startTime: '09:00',
        timezone: 'UTC',
        repeatEvery: 1,
        repeatType: 'weeks',
        members: dashboardMembers,
      },
      ownerToken,
    );
    const board = await call<{ id: string }>(
      'POST',
      '/boards',
      {
        name: `Board ${i + 1}`,
        meetingIds: [meeting.id],
        lists: Array.from({ length: size.listsPerBoard }, (_, n) => `List ${n + 1}`),
      },
      ownerToken,
    );
    const lists = await call<{ id: string }[]>('GET', `/boards/${board.id}/task-types`, undefined, ownerToken);
    dashboards.push({ meetingId: meeting.id, boardId: board.id, listIds: lists.map((list) => list.id) });
  }

  // The other meetings: a leader and `perMeeting` members each, weekly sessions like the API makes them.
  const rest = size.meetings - size.dashboards;
  if (rest > 0) {
    await db.execute(sql`
      with made as (
        insert into meetings (tenant_id, title, start_date, start_time, timezone, repeat_every, repeat_type, created_by)
        select ${tenantId}::uuid, 'Meeting ' || lpad(g::text, 4, '0'), ${isoDate(start)}::date, '09:00', 'UTC', 1, 'weeks', ${ownerId}::uuid
        from generate_series(1, ${rest}) g
        returning id
      ), numbered as (select id, row_number() over () - 1 as n from made)
      insert into meeting_people (meeting_id, user_id, role, sort)
      select id, ${ownerId}::uuid, 'leader', 0 from numbered
      union all
      select id, (${uuidArray(userIds)})[1 + ((n * ${perMeeting} + k) % ${userIds.length})], 'member', k
      from numbered, generate_series(1, ${perMeeting}) k
      on conflict do nothing`);
    await db.execute(sql`
      insert into sessions (tenant_id, meeting_id, session_date, starts_at)
      select m.tenant_id, m.id, d::date, d::date + time '09:00'
      from meetings m, generate_series(m.start_date::timestamp, current_date + 400, interval '7 days') d
      where m.tenant_id = ${tenantId}::uuid and not m.id = any(${uuidArray(dashboards.map((d) => d.meetingId))})`);
  }
  // Past sessions were held: history for the meetings' "last session".
  await db.execute(sql`
    update sessions set started_at = starts_at, finished_at = starts_at + interval '90 minutes'
    where tenant_id = ${tenantId}::uuid and starts_at < now() - interval '1 day'`);

  // Cards: spread over every dashboard board's lists in turn, in the meetings of their board, each
  // due on a day of the year around today (the calendar's month shows about a twelfth of them).
  if (size.cards > 0) {
    await db.execute(sql`
      with l as (
        select id, board_id, row_number() over (order by board_id, sort) - 1 as n
        from board_lists where tenant_id = ${tenantId}::uuid
      ), total as (select count(*) as c from l)
      insert into tasks (tenant_id, title, description, type, status, due_date, user_id, board_id, board_list_id,
        show_in_tasks, sort, created_by, changed_by)
      select ${tenantId}::uuid, 'Card ' || g, '<p>Some words to search through</p>', '4',
        case when g % 5 = 0 then '1' else '0' end,
        current_date - 182 + (g % 365),
        (${uuidArray(userIds)})[1 + g % ${userIds.length}], l.board_id, l.id,
        case when g % 3 = 0 then '1' else '0' end, g / (select c from total), ${ownerId}::uuid, ${ownerId}::uuid
      from generate_series(0, ${size.cards - 1}) g
      join l on l.n = g % (select c from total)`);
    // An action item has at least one member (src/shared/tasks.ts): its owner.
    await db.execute(sql`
      insert into task_members (task_id, user_id)
      select id, user_id from tasks where tenant_id = ${tenantId}::uuid and show_in_tasks = '1'`);
    await db.execute(sql`
      insert into task_meetings (task_id, meeting_id)
      select t.id, bm.meeting_id from tasks t join board_meetings bm on bm.board_id = t.board_id
      where t.tenant_id = ${tenantId}::uuid`);
  }
  const sample = await db.execute(sql`
    select id from tasks where tenant_id = ${tenantId}::uuid order by random() limit 500`);

  // The bell: NOTIFICATIONS_PER_USER each (unless sized) over the last 100 days, the newest fifth unread.
  await db.execute(sql`
    insert into notifications (tenant_id, receiver_id, sender_id, kind, message, link, status, created_at)
    select ${tenantId}::uuid, u, ${ownerId}::uuid, 'cardMember', 'Someone added you to "Card ' || g || '"',
      '/home', case when g % 5 = 0 then 'unseen' else 'read' end, now() - (g * interval '2 hours')
    from unnest(${uuidArray(userIds)}) u, generate_series(1, ${size.notificationsPerUser ?? NOTIFICATIONS_PER_USER}) g`);

  // The scorecard: measurables on the first dashboard meeting, a cell for each of its sessions,
  // the past ones measured.
  const kpiMeetingId = dashboards[0]!.meetingId;
  await db.execute(sql`
    insert into scores (tenant_id, meeting_id, user_id, title, goal, score, type, sort, created_by)
    select ${tenantId}::uuid, ${kpiMeetingId}::uuid, (${uuidArray(userIds)})[1 + g % ${userIds.length}],
      'Measurable ' || (g + 1), (array['>=', '<=', '=='])[1 + g % 3], (50 + g % 7)::text,
      (array['number', 'dollar', 'percentage'])[1 + g % 3], g, ${ownerId}::uuid
    from generate_series(0, ${size.scores - 1}) g`);
  await db.execute(sql`
    insert into score_cells (tenant_id, score_id, session_id, measured, changed_at)
    select s.tenant_id, s.id, x.id,
      case when x.starts_at < now() then (floor(random() * 100))::int::text end,
      case when x.starts_at < now() then x.starts_at end
    from scores s join sessions x on x.meeting_id = s.meeting_id
    where s.meeting_id = ${kpiMeetingId}::uuid
    on conflict do nothing`);

  // Fresh rows have no planner statistics and no visibility map until autovacuum gets to them; a
  // live database has both (index-only scans read the map, decision 072). Done here so that
  // autovacuum does not run over the bulk load during the measurement.
  await db.execute(sql`vacuum analyze`);
  const counted = await db.execute(sql`
    select
      (select count(*) from tasks where tenant_id = ${tenantId}::uuid) as cards,
      (select count(*) from meetings where tenant_id = ${tenantId}::uuid) as meetings,
      (select count(*) from sessions where tenant_id = ${tenantId}::uuid) as sessions,
      (select count(*) from meeting_people p join meetings m on m.id = p.meeting_id where m.tenant_id = ${tenantId}::uuid) as "meetingPeople",
      (select count(*) from score_cells where tenant_id = ${tenantId}::uuid) as cells,
      (select count(*) from tasks where tenant_id = ${tenantId}::uuid and due_date is not null) as "cardsWithDueDates",
      (select count(*) from notifications where tenant_id = ${tenantId}::uuid) as notifications`);
  const counts = Object.fromEntries(
    Object.entries(rowsOf<Record<string, string>>(counted)[0]!).map(([key, value]) => [key, Number(value)]),
  );
  const today = new Date();
  const fixture: LoadFixture = {
    tenantId,
    tokens,
    dashboards,
    kpiMeetingId,
    kpiSince: isoDate(new Date(today.getTime() - 52 * 7 * 86_400_000)),
    kpiUntil: isoDate(today),
    cardIds: rowsOf<{ id: string }>(sample).map((row) => row.id),
    month: monthWindow(today),
    counts: { users: userIds.length, ...counts },
  };
  return fixture;
};
