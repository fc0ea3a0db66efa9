import { and, eq, isNotNull, like, lt, sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { DataLockError } from '../src/db/data-lock.ts';
import { migrate } from '../src/db/migrate.ts';
import {
  boards,
  checklistItems,
  goalMilestones,
  meetings,
  rateLimitCounters,
  sessionAttendees,
  sessions,
  users,
} from '../src/db/schema/index.ts';
import { archiveSession } from '../src/features/live/server/live.archive.ts';
import { loadAttendees } from '../src/features/live/server/live.attendees.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import type { TenantContext } from '../src/server/context.ts';
import { dataMigrations } from '../src/server/data-migrations.ts';
import { createMailer } from '../src/server/mail/mailer.ts';
import { signatureHeader } from '../src/server/signing.ts';
import { addDays, addMonths } from '../src/shared/dates.ts';
import { normaliseKpiValue, quarterOf, quarterRange, shiftQuarter } from '../src/shared/kpis.ts';
import { DEMO_CHECKLIST, DEMO_COMMENTS, DEMO_CONTENT, DEMO_MILESTONES, DEMO_REPEATING } from './demo-content.ts';
import { during, type History, makeRandom, planHistory } from './demo-history.ts';
import { seedPeopleTools } from './demo-people.ts';

// `npm run seed:demo`: a demo workspace with people and meetings of every kind and a year of
// held sessions, on the configured database (DATA_DIR or DATABASE_URL). People, meetings and
// their work go through the API, as a person would make it; dates are then set back to when it
// happened; KPI values (910 PUTs before), checklist items, attendance and those dates are
// written in one statement each.
// Running it again changes nothing. On the embedded database it takes the data folder's lock,
// so it refuses to run beside a server on the same folder (docs/decisions/025).

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
  const began = Date.now();
  const config = loadConfig();
  const database = await openDatabase(config, { command: 'seed:demo' });
  await migrate(database, { dataMigrations });
  const [existing] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN));
  if (existing) {
    console.log(`The demo workspace is already there. Sign in as ${DEMO_ADMIN} / ${DEMO_PASSWORD}`);
    await database.close();
    return;
  }
  // Its accounts are made without the sign-up and sign-in limits: seeding spends none of them.
  const app = await buildApp({
    database,
    config: { ...config, authLimits: null },
    mailer: createMailer(undefined, { info() {}, warn() {} }),
  });
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

  // What each meeting worked on over the year (scripts/demo-content.ts): boards of cards, to-dos,
  // issues, headlines and quarterly goals, made through the API by the meeting's leader, then
  // backdated (created, changed, done) over the past four quarters (scripts/demo-history.ts).
  // Everyone's session was switched to the demo workspace above: no second sign-in.
  const tokens = new Map(ids.map((id, i) => [id, sessionTokens[i]!]));
  const tokenOf = async (userId: string) => tokens.get(userId)!;
  const random = makeRandom();
  const today = new Date().toISOString().slice(0, 10);
  const histories = new Map<string, History>();
  const comments: { id: string; at: Date }[] = [];
  // The checklists' items: written together once the cards are made.
  const checklistRows: (typeof checklistItems.$inferInsert)[] = [];
  const milestoneRows: (typeof goalMilestones.$inferInsert)[] = [];
  const counts = { cards: 0, todos: 0, issues: 0, headlines: 0, goals: 0, comments: 0, boards: 0 };
  for (const meeting of made) {
    const content = DEMO_CONTENT[meeting.title]!;
    const leader = await tokenOf(meeting.administratorIds[0]!);
    const people = [...meeting.administratorIds, ...meeting.shareWithIds];
    const add = async (fields: Record<string, unknown>, history: History) => {
      const task = await call<{ id: string }>(
        'POST',
        '/tasks',
        { meetingIds: [meeting.id], ...fields, dueDate: history.dueDate },
        leader,
      );
      histories.set(task.id, history);
      return task.id;
    };
    for (const board of content.boards) {
      const { cards, ...fields } = board;
      const created = await call<{ id: string }>('POST', '/boards', { ...fields, meetingIds: [meeting.id] }, leader);
      const lists = await call<{ id: string }[]>('GET', `/boards/${created.id}/task-types`, undefined, leader);
      counts.boards++;
      for (const [i, title] of cards.entries()) {
        // A third finished (in the last list), the rest spread over the others; some overdue.
        const done = i % 3 === 0;
        const history = planHistory(random, today, {
          done,
          due: done ? 'kept' : (['overdue', 'upcoming', undefined, 'upcoming'] as const)[i % 4],
        });
        const taskId = await add(
          {
            title,
            description: i % 3 === 1 ? `<p>${title}: notes from the meeting where it came up.</p>` : undefined,
            status: done ? '1' : '0',
            userId: people[i % people.length],
            taskTypeId: (done ? lists.at(-1) : lists[i % (lists.length - 1)])!.id,
            showInTasks: i % 4 === 3 ? '0' : '1',
          },
          history,
        );
        if (i % 4 === 1) {
          const checklist = await call<{ id: string }>('POST', '/checklists', { taskId, title: 'Steps' }, leader);
          for (const [n, title] of DEMO_CHECKLIST.entries()) {
            const status = n < i % 3 ? '1' : '0';
            // Open steps past the first have someone on them, due over the coming days.
            const owned = status === '0' && n > 0;
            checklistRows.push({
              tenantId,
              checklistId: checklist.id,
              title,
              status,
              sort: n,
              ownerId: owned ? people[(i + n) % people.length] : null,
              dueDate: owned ? addDays(today, n * 2 + (i % 5)) : null,
            });
          }
        }
        if (i % 3 !== 2) {
          const comment = await call<{ id: string }>(
            'POST',
            '/activities',
            { taskId, description: DEMO_COMMENTS[(i + counts.cards) % DEMO_COMMENTS.length] },
            await tokenOf(people[(i + 1) % people.length]!),
          );
          const span = history.changedAt.getTime() - history.createdAt.getTime();
          comments.push({ id: comment.id, at: new Date(history.createdAt.getTime() + span * random()) });
        }
        counts.cards++;
      }
    }
    for (const [i, title] of content.todos.entries()) {
      const done = i % 2 === 1;
      const due = done ? 'kept' : i % 4 === 0 ? 'overdue' : 'upcoming';
      await add(
        { title, status: done ? '1' : '0', userId: people[i % people.length] },
        planHistory(random, today, { done, due, maxAge: 120 }),
      );
      counts.todos++;
    }
    // Chores that repeat, in the first meeting: its leader owns them, due in the coming days.
    for (const chore of meeting === made[0] ? DEMO_REPEATING : []) {
      const dueDate = addDays(today, chore.dueIn);
      await add(
        { title: chore.title, userId: people[0], repeat: chore.repeat },
        { createdAt: new Date(`${addDays(today, -20)}T09:00:00Z`), changedAt: new Date(), completedAt: null, dueDate },
      );
      counts.todos++;
    }
    for (const [i, title] of content.issues.entries()) {
      // The older half was solved; the rest wait on the issues list.
      const done = i < content.issues.length / 2;
      await add(
        { title, type: '2', status: done ? '1' : '0', userId: people[i % people.length] },
        planHistory(random, today, done ? { done, minAge: 60 } : { done, maxAge: 90 }),
      );
      counts.issues++;
    }
    for (const [i, title] of content.headlines.entries()) {
      // Headlines are told once: all but the newest two have been dropped (done).
      const done = i >= 2;
      await add(
        { title, type: '3', status: done ? '1' : '0', userId: people[i % people.length] },
        planHistory(random, today, done ? { done, minAge: 30 } : { done, maxAge: 12 }),
      );
      counts.headlines++;
    }
    // One goal per quarter: the oldest reached, then one missed, last quarter's still open
    // (overdue) and this quarter's on or off track.
    const current = quarterOf(today);
    for (const [i, title] of content.goals.entries()) {
      const quarterId = shiftQuarter(current, i - (content.goals.length - 1));
      const range = quarterRange(quarterId)!;
      const status = (['1', '3', '0', counts.goals % 2 === 0 ? '0' : '2'] as const)[i] ?? '0';
      const earliest = (date: string) => (date < today ? date : today);
      const createdAt = during(earliest(addDays(range.dateSince, 4)), random);
      const closed = status === '1' || status === '3' ? during(addDays(range.dateUntil, -2), random) : null;
      const reviewed = during(earliest(addDays(range.dateSince, 30)), random);
      const goalId = await add(
        { title, type: '1', status, quarterId, userId: people[i % people.length] },
        {
          createdAt,
          changedAt: closed ?? (reviewed > createdAt ? reviewed : createdAt),
          completedAt: status === '1' ? closed : null,
          dueDate: range.dateUntil,
        },
      );
      counts.goals++;
      // Four milestones over the quarter: all done on a goal reached, half on one missed, the
      // first on last quarter's (so it shows at risk), the ones already due on this quarter's.
      const doneCount = status === '1' ? 4 : status === '3' ? 2 : i === content.goals.length - 2 ? 1 : null;
      for (const [n, step] of DEMO_MILESTONES.entries()) {
        const dueDate = addDays(range.dateSince, Math.round(((n + 1) * 88) / DEMO_MILESTONES.length));
        const done = doneCount === null ? dueDate < today : n < doneCount;
        milestoneRows.push({
          tenantId,
          goalId,
          title: step,
          ownerId: people[(i + n) % people.length],
          dueDate,
          doneAt: done ? new Date(`${earliest(dueDate)}T15:00:00Z`) : null,
          sort: n,
        });
      }
    }
  }
  counts.comments = comments.length;
  if (checklistRows.length) await database.db.insert(checklistItems).values(checklistRows);
  if (milestoneRows.length) await database.db.insert(goalMilestones).values(milestoneRows);
  // Backdated as they happened: the API stamps everything "now". One statement a table, the
  // dates passed as one JSON document.
  const asJson = (rows: object[]) => JSON.stringify(rows);
  const taskDates = [...histories].map(([id, h]) => ({
    id,
    created: h.createdAt,
    changed: h.changedAt,
    completed: h.completedAt,
  }));
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`
      update tasks t set created_at = v.created, changed_at = v.changed, completed_at = v.completed
      from jsonb_to_recordset(${asJson(taskDates)}::jsonb) as v(id uuid, created timestamptz, changed timestamptz, completed timestamptz)
      where t.id = v.id`);
    await tx.execute(sql`
      update checklists c set created_at = v.created, changed_at = v.changed
      from jsonb_to_recordset(${asJson(taskDates)}::jsonb) as v(id uuid, created timestamptz, changed timestamptz)
      where c.task_id = v.id`);
    await tx.execute(sql`
      update activities a set created_at = v.at, changed_at = v.at
      from jsonb_to_recordset(${asJson(comments)}::jsonb) as v(id uuid, at timestamptz)
      where a.id = v.id`);
    const started = sql`(${meetings.startDate} + ${meetings.startTime}::time) at time zone ${meetings.timezone}`;
    await tx
      .update(meetings)
      .set({ createdAt: sql`${started} - interval '3 days'`, changedAt: started })
      .where(eq(meetings.tenantId, tenantId));
    await tx
      .update(boards)
      .set({ createdAt: during(yearAgo, random), changedAt: during(addDays(yearAgo, 30), random) })
      .where(eq(boards.tenantId, tenantId));
  });

  // KPI scorecards: five measurables per team meeting with a year of weekly values, made
  // through the API (docs/decisions/015).
  let kpiValues = 0;
  for (const meeting of made) {
    const measurables = DEMO_CONTENT[meeting.title]!.measurables;
    if (measurables.length === 0) continue;
    const leader = await tokenOf(meeting.administratorIds[0]!);
    const people = [...meeting.administratorIds, ...meeting.shareWithIds];
    const scoreIds: { id: string; base: number; spread: number; decimals: number }[] = [];
    for (const [i, m] of measurables.entries()) {
      const { base, spread, decimals, ...fields } = m;
      const score = await call<{ id: string }>(
        'POST',
        `/meetings/${meeting.id}/scores`,
        { ...fields, userId: people[i % people.length] },
        leader,
      );
      scoreIds.push({ id: score.id, base, spread, decimals });
    }
    // A formula measurable over the first one (docs/decisions/105): computed, nothing to enter.
    const [first] = measurables;
    if (first?.type === 'dollar')
      await call(
        'POST',
        `/meetings/${meeting.id}/scores`,
        {
          title: `${first.title}, last 4 weeks`,
          userId: people[0],
          goal: '>=',
          score: String(Number(first.score) * 4),
          units: first.units,
          type: first.type,
          formula: `sum({${scoreIds[0]!.id}}, 4)`,
        },
        leader,
      );
    const card = await call<{ sessions: { id: string; sessionDate: string }[] }>(
      'GET',
      `/meetings/${meeting.id}/kpis?dateSince=${yearAgo}&dateUntil=${today}`,
      undefined,
      leader,
    );
    // The values, as the leader entered them at the end of each meeting: one statement.
    const cells: { scoreId: string; sessionId: string; measured: string | null | undefined; note?: string }[] = [];
    for (const session of card.sessions.filter((s) => s.sessionDate < today)) {
      for (const score of scoreIds) {
        const value = Math.max(0, score.base + (random() - 0.5) * score.spread);
        const note = random() < 0.04 ? 'Seasonal dip, see the issues list.' : undefined;
        cells.push({
          scoreId: score.id,
          sessionId: session.id,
          measured: normaliseKpiValue(value.toFixed(score.decimals)),
          note,
        });
      }
    }
    await database.db.execute(sql`
      update score_cells c set measured = v.measured, note = v.note,
        changed_at = s.starts_at + interval '90 minutes', changed_by = ${meeting.administratorIds[0]!}::uuid
      from jsonb_to_recordset(${JSON.stringify(cells)}::jsonb) as v("scoreId" uuid, "sessionId" uuid, measured text, note text),
        sessions s
      where c.score_id = v."scoreId" and c.session_id = v."sessionId" and s.id = v."sessionId"`);
    kpiValues += cells.length;
  }
  // A monthly measurable with a range goal and the past twelve months' values (decision 118).
  const monthlyMeeting = made.find((meeting) => DEMO_CONTENT[meeting.title]!.measurables.length > 0);
  if (monthlyMeeting) {
    const leader = await tokenOf(monthlyMeeting.administratorIds[0]!);
    const margin = await call<{ id: string }>(
      'POST',
      `/meetings/${monthlyMeeting.id}/scores`,
      {
        title: 'Gross margin',
        userId: monthlyMeeting.administratorIds[0],
        goal: 'between',
        score: '38',
        scoreMax: '45',
        units: '%',
        type: 'percentage',
        frequency: 'monthly',
      },
      leader,
    );
    const thisMonth = `${today.slice(0, 7)}-01`;
    for (let back = 12; back >= 1; back--) {
      const start = addMonths(thisMonth, -back, 1);
      const measured = (41 + 5 * Math.sin(back * 1.3)).toFixed(1);
      await call('PUT', `/scores/${margin.id}/periods/${start}`, { measured }, leader);
      kpiValues += 1;
    }
    // A KPI fed by another system (decision 119): twelve weeks of values the CRM sent, signed.
    const leads = await call<{ id: string }>(
      'POST',
      `/meetings/${monthlyMeeting.id}/scores`,
      { title: 'Website leads', userId: monthlyMeeting.administratorIds[0], goal: '>=', score: '40', type: 'number' },
      leader,
    );
    const feed = await call<{ url: string; secret: string }>('POST', `/scores/${leads.id}/feed`, {}, leader);
    for (let back = 12; back >= 1; back--) {
      const body = JSON.stringify({ date: addDays(today, -7 * back), value: Math.round(45 + 12 * Math.cos(back)) });
      const pushed = await app.inject({
        method: 'POST',
        url: new URL(feed.url).pathname,
        payload: body,
        headers: {
          'content-type': 'application/json',
          'cadence-signature': signatureHeader([feed.secret], Math.floor(Date.now() / 1000), body),
        },
      });
      if (pushed.statusCode === 200) kpiValues += 1;
    }
    // The demo's own pushes spend none of the feed's allowance.
    await database.db.delete(rateLimitCounters).where(like(rateLimitCounters.key, 'kpi-feed:%'));
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
    publicUrl: '',
    disconnect: () => {},
    leaveMeetingRoom: async () => {},
    leaveWorkspace: () => {},
  };
  const byMeeting = new Map(
    made.map((m) => [m.id, { id: m.id, tenantId, leaderIds: m.administratorIds, memberIds: m.shareWithIds }]),
  );
  await database.db.insert(sessionAttendees).values(
    held.flatMap((session, n) => {
      const meeting = byMeeting.get(session.meetingId)!;
      const people = [...new Set([...meeting.leaderIds, ...meeting.memberIds])];
      return people.map((userId, i) => ({
        sessionId: session.id,
        userId,
        tenantId,
        roleAtJoin: meeting.leaderIds.includes(userId) ? ('leader' as const) : ('member' as const),
        joinedAt: session.startedAt,
        score: 7 + ((n + i) % 4),
      }));
    }),
  );
  for (const session of held) {
    const meeting = byMeeting.get(session.meetingId)!;
    // Demo sessions have no step times: their archives show no timing report.
    await archiveSession(
      ctx,
      session,
      await loadAttendees(database.db, session, meeting),
      meeting,
      config.publicUrl,
      [],
    );
  }
  const peopleTools = await seedPeopleTools(database, call, tenantId, { dana, miguel, priya, tom, aiko, sam }, tokenOf);
  await app.close();
  await database.close();
  console.log(
    `Demo workspace "Demo Company": ${PEOPLE.length} people, ${meetingsToMake.length} meetings, ${held.length} held sessions, ` +
      `${counts.cards} cards on ${counts.boards} boards, ${counts.todos} other to-dos, ${counts.issues} issues, ${counts.headlines} headlines, ` +
      `${counts.goals} goals, ${counts.comments} comments, ${kpiValues} KPI values, ` +
      `${peopleTools.coreValues} core values, ${peopleTools.pairs} weekly 1:1s with ${peopleTools.oneOnOnes} held, ` +
      `${peopleTools.conversations} quarterly conversation, in ${((Date.now() - began) / 1000).toFixed(0)} s.`,
  );
  console.log(
    `Sign in as ${DEMO_ADMIN} (or any of ${PEOPLE.slice(1)
      .map((p) => p.email)
      .join(', ')}) / ${DEMO_PASSWORD}`,
  );
};

main().catch((error: Error) => {
  console.error(`seed:demo ${error instanceof DataLockError ? 'did not run' : 'failed'}: ${error.message}`);
  process.exit(1);
});
