import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { sessionAttendees, sessions, users } from '../src/db/schema/index.ts';
import { archiveSession } from '../src/features/live/server/live.archive.ts';
import { loadAttendees } from '../src/features/live/server/live.attendees.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import type { TenantContext } from '../src/server/context.ts';
import { createMailer } from '../src/server/mail/mailer.ts';
import { addDays } from '../src/shared/dates.ts';
import { quarterOf, quarterRange } from '../src/shared/kpis.ts';

// `npm run seed:demo`: a demo workspace with people and meetings of every kind and a year of
// held sessions, on the configured database (DATA_DIR or DATABASE_URL). Everything goes
// through the API, as a person would make it. Running it again changes nothing.

const DEMO_PASSWORD = 'demo-cadence';
const DEMO_ADMIN = 'demo@cadence.local';
const PEOPLE = [
  { firstName: 'Dana', lastName: 'Demo', email: DEMO_ADMIN, jobTitle: 'CEO' },
  { firstName: 'Miguel', lastName: 'Ortiz', email: 'miguel@cadence.local', jobTitle: 'Head of Sales' },
  { firstName: 'Priya', lastName: 'Nair', email: 'priya@cadence.local', jobTitle: 'Head of Marketing' },
  { firstName: 'Tom', lastName: 'Becker', email: 'tom@cadence.local', jobTitle: 'Operations' },
  { firstName: 'Aiko', lastName: 'Tanaka', email: 'aiko@cadence.local', jobTitle: 'Account Manager' },
  { firstName: 'Sam', lastName: 'Okafor', email: 'sam@cadence.local', jobTitle: 'Engineer' },
];

const main = async () => {
  const config = loadConfig();
  const database = await openDatabase(config);
  await migrate(database);
  const [existing] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN));
  if (existing) {
    console.log(`The demo workspace is already there. Sign in as ${DEMO_ADMIN} / ${DEMO_PASSWORD}`);
    await database.close();
    return;
  }
  const app = await buildApp({ database, config, mailer: createMailer(undefined, { info() {}, warn() {} }) });
  const call = async <T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object, token?: string) => {
    const response = await app.inject({
      method,
      url: `/api/v2${url}`,
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    if (response.statusCode >= 400) throw new Error(`${method} ${url}: ${response.body}`);
    return response.json().result as T;
  };
  const signIn = async (email: string) =>
    (await call<{ accessToken: string }>('POST', '/signin', { email, password: DEMO_PASSWORD })).accessToken;

  // Each person signs up (their own first workspace); the admin invites them to the demo one and
  // they accept (decision 022: register answers no ids, and adding an account is an invitation).
  const ids: string[] = [];
  const sessionTokens: string[] = [];
  let tenantId = '';
  for (const person of PEOPLE) {
    await call('POST', '/register', {
      user: { ...person, password: DEMO_PASSWORD, timezone: 'America/New_York' },
      tenant: { name: person.email === DEMO_ADMIN ? 'Demo Company' : `${person.firstName}'s workspace` },
    });
    const session = await call<{ accessToken: string; id: string; tenantId: string }>('POST', '/signin', {
      email: person.email,
      password: DEMO_PASSWORD,
    });
    ids.push(session.id);
    sessionTokens.push(session.accessToken);
    if (person.email === DEMO_ADMIN) tenantId = session.tenantId;
  }
  const admin = sessionTokens[0]!;
  for (const [i, person] of PEOPLE.entries()) {
    const token = sessionTokens[i]!;
    await call('PATCH', '/self', { jobTitle: person.jobTitle }, token);
    if (i === 0) continue;
    await call('POST', '/tenants/add-user', { email: person.email }, admin);
    const [invitation] = await call<{ id: string }[]>('GET', '/invitations', undefined, token);
    await call('POST', `/invitations/${invitation!.id}/accept`, {}, token);
    await call('POST', '/switch-tenant', { id: tenantId }, token);
  }

  const yearAgo = addDays(new Date().toISOString().slice(0, 10), -364);
  const [dana, miguel, priya, tom, aiko, sam] = ids as [string, string, string, string, string, string];
  const meetingsToMake = [
    {
      title: 'Leadership L10',
      type: 'meeting',
      startTime: '09:00',
      administrators: [dana],
      members: [miguel, priya, tom],
    },
    { title: 'Marketing Team', type: 'team', startTime: '14:00', administrators: [priya], members: [dana, sam] },
    { title: 'Sales Team', type: 'team', startTime: '10:30', administrators: [miguel], members: [aiko, dana] },
    {
      title: 'Engineering Sync',
      type: 'team',
      startTime: '11:00',
      administrators: [tom],
      members: [sam],
      repeatEvery: 2,
    },
    {
      title: 'Acme Corp',
      type: 'account',
      startTime: '15:00',
      administrators: [aiko],
      members: [miguel],
      repeatType: 'months',
    },
    {
      title: 'Globex',
      type: 'account',
      startTime: '16:00',
      administrators: [aiko],
      members: [dana],
      repeatType: 'months',
    },
  ];
  const made: { id: string; title: string; administratorIds: string[]; shareWithIds: string[] }[] = [];
  for (const meeting of meetingsToMake) {
    const created = await call<(typeof made)[number]>(
      'POST',
      '/meetings',
      {
        repeatType: 'weeks',
        repeatEvery: 1,
        ...meeting,
        sharepointUrl: `https://meet.example.com/${meeting.title.toLowerCase().replaceAll(' ', '-')}`,
        startDate: yearAgo,
        timezone: 'America/New_York',
      },
      admin,
    );
    made.push(created);
  }

  // Boards with lists and a few hundred cards: two boards per team meeting, made by the
  // meeting's leader, cards owned by its people, some done, some with due dates and checklists.
  const BOARDS = [
    { name: 'Quarter priorities', color: '#0079BF', lists: ['Backlog', 'This week', 'In progress', 'Review', 'Done'] },
    { name: 'Projects', color: '#61BD4F', lists: ['Ideas', 'Planned', 'Doing', 'Waiting', 'Shipped'] },
  ];
  const VERBS = ['Draft', 'Review', 'Call', 'Prepare', 'Update', 'Fix', 'Plan', 'Send', 'Check', 'Hire for'];
  const THINGS = ['the budget', 'Q3 targets', 'the pricing page', 'onboarding', 'the hiring plan', 'the release notes'];
  const tokens = new Map<string, string>([[dana, admin]]);
  const tokenOf = async (userId: string) => {
    const known = tokens.get(userId);
    if (known) return known;
    const person = PEOPLE[ids.indexOf(userId)]!;
    const token = await signIn(person.email);
    await call('POST', '/switch-tenant', { id: tenantId }, token);
    tokens.set(userId, token);
    return token;
  };
  let cards = 0;
  const today = new Date().toISOString().slice(0, 10);
  for (const meeting of made.slice(0, 4)) {
    const leader = await tokenOf(meeting.administratorIds[0]!);
    const people = [...meeting.administratorIds, ...meeting.shareWithIds];
    for (const board of BOARDS) {
      const created = await call<{ id: string }>('POST', '/boards', { ...board, meetingIds: [meeting.id] }, leader);
      const lists = await call<{ id: string }[]>('GET', `/boards/${created.id}/task-types`, undefined, leader);
      for (let i = 0; i < 40; i++) {
        const owner = people[i % people.length]!;
        const list = lists[i % lists.length]!;
        const task = await call<{ id: string }>(
          'POST',
          '/tasks',
          {
            title: `${VERBS[i % VERBS.length]} ${THINGS[(i * 7) % THINGS.length]}`,
            description: i % 3 === 0 ? '<p>Notes from the last meeting.</p>' : undefined,
            type: i % 9 === 0 ? '1' : '4',
            status: list === lists.at(-1) ? '1' : '0',
            userId: owner,
            meetingIds: [meeting.id],
            taskTypeId: list.id,
            showInTasks: i % 4 === 0 ? '0' : '1',
            dueDate: i % 2 === 0 ? addDays(today, (i % 11) - 4) : undefined,
          },
          leader,
        );
        if (i % 5 === 0) {
          const checklist = await call<{ id: string }>(
            'POST',
            '/checklists',
            { taskId: task.id, title: 'Steps' },
            leader,
          );
          for (const [n, title] of ['Gather input', 'Write it', 'Share it'].entries())
            await call(
              'POST',
              '/checklist-items',
              { checklistId: checklist.id, title, status: n < i % 3 ? '1' : '0' },
              leader,
            );
        }
        cards++;
      }
    }
  }
  // KPI scorecards: five measurables per team meeting with a year of weekly values, made
  // through the API (docs/decisions/015), and goals due at the end of the current quarter.
  const MEASURABLES = [
    { title: 'Revenue booked', goal: '>=', score: '25000', units: '$', type: 'dollar', base: 26000, spread: 9000 },
    { title: 'New qualified leads', goal: '>=', score: '40', units: 'leads', type: 'number', base: 42, spread: 18 },
    { title: 'Customer churn', goal: '<=', score: '2.5', units: '%', type: 'percentage', base: 2.3, spread: 1.4 },
    { title: 'Support tickets open', goal: '<=', score: '30', units: null, type: 'number', base: 28, spread: 14 },
    { title: 'Releases shipped', goal: '==', score: '1', units: null, type: 'number', base: 1, spread: 1 },
  ] as const;
  // A fixed sequence (not Math.random), so two runs on two machines show the same demo.
  let seed = 42;
  const nextRandom = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  let kpiValues = 0;
  const quarterEnd = quarterRange(quarterOf(today))!.dateUntil;
  for (const meeting of made.slice(0, 4)) {
    const leader = await tokenOf(meeting.administratorIds[0]!);
    const people = [...meeting.administratorIds, ...meeting.shareWithIds];
    const scoreIds: { id: string; base: number; spread: number; decimals: number }[] = [];
    for (const [i, m] of MEASURABLES.entries()) {
      const { base, spread, ...fields } = m;
      const score = await call<{ id: string }>(
        'POST',
        `/meetings/${meeting.id}/scores`,
        { ...fields, userId: people[i % people.length] },
        leader,
      );
      scoreIds.push({ id: score.id, base, spread, decimals: m.type === 'percentage' ? 1 : 0 });
    }
    const card = await call<{ sessions: { id: string; sessionDate: string }[] }>(
      'GET',
      `/meetings/${meeting.id}/kpis?dateSince=${yearAgo}&dateUntil=${today}`,
      undefined,
      leader,
    );
    for (const session of card.sessions.filter((s) => s.sessionDate < today)) {
      for (const score of scoreIds) {
        const value = Math.max(0, score.base + (nextRandom() - 0.5) * score.spread);
        const note = nextRandom() < 0.04 ? 'Seasonal dip, see the issues list.' : undefined;
        await call(
          'PUT',
          `/scores/${score.id}/cells/${session.id}`,
          { measured: value.toFixed(score.decimals), note },
          leader,
        );
        kpiValues++;
      }
    }
    for (const [i, title] of [
      'Launch the partner programme',
      'Cut onboarding time in half',
      'Hire two engineers',
    ].entries()) {
      await call(
        'POST',
        '/tasks',
        {
          title,
          type: '1',
          status: i === 1 ? '2' : '0',
          userId: people[i % people.length],
          meetingIds: [meeting.id],
          dueDate: quarterEnd,
        },
        leader,
      );
    }
  }
  // The year behind us was held: each past session ran for an hour and a half.
  await database.db
    .update(sessions)
    .set({ startedAt: sessions.startsAt, finishedAt: sql`${sessions.startsAt} + interval '90 minutes'` })
    .where(and(eq(sessions.tenantId, tenantId), lt(sessions.startsAt, new Date(Date.now() - 24 * 3600 * 1000))));
  const held = await database.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.tenantId, tenantId), isNotNull(sessions.finishedAt)));
  // Everyone came and rated it 7 to 10; each held session gets its archive, as finishing it would.
  const ctx: TenantContext = {
    db: database.db,
    userId: dana,
    tenantId,
    isAdmin: true,
    publish: () => {},
    sendMail: async () => {},
    disconnect: () => {},
  };
  const byMeeting = new Map(
    made.map((m) => [m.id, { id: m.id, tenantId, leaderIds: m.administratorIds, memberIds: m.shareWithIds }]),
  );
  for (const [n, session] of held.entries()) {
    const meeting = byMeeting.get(session.meetingId)!;
    const people = [...new Set([...meeting.leaderIds, ...meeting.memberIds])];
    await database.db.insert(sessionAttendees).values(
      people.map((userId, i) => ({
        sessionId: session.id,
        userId,
        tenantId,
        roleAtJoin: meeting.leaderIds.includes(userId) ? 'leader' : 'member',
        joinedAt: session.startedAt,
        score: 7 + ((n + i) % 4),
      })),
    );
    await archiveSession(ctx, session, await loadAttendees(database.db, session, meeting), config.publicUrl);
  }
  await app.close();
  await database.close();
  console.log(
    `Demo workspace "Demo Company": ${PEOPLE.length} people, ${meetingsToMake.length} meetings, ${held.length} held sessions, ${cards} cards on ${made.slice(0, 4).length * BOARDS.length} boards, ${kpiValues} KPI values.`,
  );
  console.log(
    `Sign in as ${DEMO_ADMIN} (or any of ${PEOPLE.slice(1)
      .map((p) => p.email)
      .join(', ')}) / ${DEMO_PASSWORD}`,
  );
};

main().catch((error: Error) => {
  console.error(`seed:demo failed: ${error.message}`);
  process.exit(1);
});
