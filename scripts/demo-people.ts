import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { addDays, zonedTimeToUtc } from '../src/shared/dates.ts';
import { quarterOf, shiftQuarter } from '../src/shared/kpis.ts';

// The demo workspace's people tools (decisions 108–110): core values, the org chart its reporting
// lines come from, weekly 1:1s between each manager and their reports with a few weeks already
// held (notes and talking points), and last quarter's conversation with both forms in. Made
// through the API as the people would; the past 1:1s are written in one statement each, dated as
// they happened (the API only makes the coming one).

type Call = <T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object, token?: string) => Promise<T>;

export interface DemoPeople {
  dana: string;
  miguel: string;
  priya: string;
  tom: string;
  aiko: string;
  sam: string;
}

const CORE_VALUES = [
  { title: 'Help first', description: 'We drop what we are doing when a teammate is stuck.' },
  { title: 'Own it', description: 'We say what we will do, do it, and say so when we cannot.' },
  { title: 'Keep it simple', description: 'The plain way first; clever only when it pays.' },
];

const TIME = '10:00';
const ZONE = 'America/New_York';
const WEEKS_HELD = 6;

/** Each pair's weekly 1:1s: what was said, one week after another (oldest first). */
const NOTES = [
  'Settled in after the offsite. Agreed to review the pipeline every Monday.',
  'Blocked on the pricing sheet; asked Finance for the new numbers.',
  'Good week: two demos booked. Talked about the training budget.',
  'Workload is high. Moved the newsletter to next sprint.',
  'Back on track. Shared feedback from the Acme call.',
  'Planning next quarter’s goals; first draft by Friday.',
];
const ONE_OFF_POINTS = ['Training budget', 'Holiday cover in August', 'Feedback on the Acme pitch', 'Hiring plan'];

interface Held {
  pairId: string;
  managerId: string;
  reportId: string;
}

export const seedPeopleTools = async (
  database: { db: Db },
  call: Call,
  tenantId: string,
  people: DemoPeople,
  tokenOf: (userId: string) => Promise<string>,
) => {
  const admin = await tokenOf(people.dana);
  for (const value of CORE_VALUES) await call('POST', '/core-values', value, admin);
  const valueIds = (await call<{ values: { id: string }[] }>('GET', '/core-values', undefined, admin)).values.map(
    (value) => value.id,
  );

  // The default chart (visionary, integrator, sales/marketing, operations, finance, and a seat
  // under two of them) with a marketing seat of its own; everyone in a seat.
  const chart = await call<{ seats: { id: string; jobTitle: string; parentId: string | null }[] }>(
    'POST',
    '/org-chart',
    {},
    admin,
  );
  const seat = (title: string) => chart.seats.find((s) => s.jobTitle === title)!;
  const marketing = await call<{ id: string }>(
    'POST',
    '/org-chart/seats',
    { row: 3, seatNumber: 4, jobTitle: 'Marketing', parentId: seat('Integrator').id },
    admin,
  );
  const places: [string, string][] = [
    [seat('Visionary').id, people.dana],
    [seat('Integrator').id, people.tom],
    [seat('Sales/Marketing').id, people.miguel],
    [seat('Sales').id, people.aiko],
    [marketing.id, people.priya],
    [seat('Operations').id, people.sam],
  ];
  for (const [seatId, userId] of places)
    await call('PATCH', `/org-chart/seats/${seatId}`, { coworkers: [userId] }, admin);

  // Weekly 1:1s on Mondays, started eight weeks ago: each manager with each of their reports.
  const today = new Date().toISOString().slice(0, 10);
  const monday = addDays(today, -((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7));
  const startDate = addDays(monday, -7 * (WEEKS_HELD + 2));
  const pairs: Held[] = [];
  for (const [managerId, reportId] of [
    [people.dana, people.tom],
    [people.tom, people.miguel],
    [people.tom, people.priya],
    [people.tom, people.sam],
    [people.miguel, people.aiko],
  ] as const) {
    const pair = await call<{ id: string }>(
      'POST',
      '/one-on-ones',
      { reportId, startDate, startTime: TIME, timezone: ZONE },
      await tokenOf(managerId),
    );
    pairs.push({ pairId: pair.id, managerId, reportId });
  }

  // The weeks already held (skipping one, as happens), each with its notes; a one-off point
  // discussed in some, and a recurring one with a note every week.
  const held = pairs.flatMap((pair, p) =>
    Array.from({ length: WEEKS_HELD + 1 }, (_, week) => week)
      .filter((week) => week !== 2 + (p % 3))
      .map((week) => {
        const heldOn = addDays(startDate, 7 * week);
        const startsAt = zonedTimeToUtc(heldOn, TIME, ZONE);
        return {
          ...pair,
          heldOn,
          startsAt: startsAt.toISOString(),
          finishedAt: new Date(startsAt.getTime() + 35 * 60_000).toISOString(),
          sharedNotes: NOTES[(week + p) % NOTES.length]!,
          privateNote: week % 3 === 0 ? 'Follow up on workload next week.' : null,
          point: week % 2 === 0 ? ONE_OFF_POINTS[(week / 2 + p) % ONE_OFF_POINTS.length]! : null,
        };
      }),
  );
  const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
  await database.db.transaction(async (tx) => {
    const made = rows<{ id: string; pair_id: string; held_on: string }>(
      await tx.execute(sql`
        insert into one_on_ones (tenant_id, pair_id, held_on, starts_at, started_at, finished_at, shared_notes, created_at)
        select ${tenantId}::uuid, v."pairId", v."heldOn", v."startsAt", v."startsAt", v."finishedAt", v."sharedNotes",
          v."startsAt" - interval '3 days'
        from jsonb_to_recordset(${JSON.stringify(held)}::jsonb)
          as v("pairId" uuid, "heldOn" date, "startsAt" timestamptz, "finishedAt" timestamptz, "sharedNotes" text)
        returning id, pair_id, held_on::text`),
    );
    const idOf = new Map(made.map((row) => [`${row.pair_id}:${row.held_on}`, row.id]));
    const withIds = held.map((h) => ({ ...h, id: idOf.get(`${h.pairId}:${h.heldOn}`)! }));
    await tx.execute(sql`
      insert into one_on_one_private_notes (one_on_one_id, user_id, tenant_id, body, changed_at)
      select v.id, v."managerId", ${tenantId}::uuid, v."privateNote", v."finishedAt"
      from jsonb_to_recordset(${JSON.stringify(withIds.filter((h) => h.privateNote))}::jsonb)
        as v(id uuid, "managerId" uuid, "privateNote" text, "finishedAt" timestamptz)`);
    // One-off points, ticked in the 1:1 they were discussed in.
    await tx.execute(sql`
      insert into talking_points (tenant_id, pair_id, one_on_one_id, title, author_id, done_at, sort, created_at)
      select ${tenantId}::uuid, v."pairId", v.id, v.point, v."reportId", v."finishedAt", 1, v."startsAt" - interval '2 days'
      from jsonb_to_recordset(${JSON.stringify(withIds.filter((h) => h.point))}::jsonb)
        as v(id uuid, "pairId" uuid, point text, "reportId" uuid, "startsAt" timestamptz, "finishedAt" timestamptz)`);
    // A recurring point per pair, with its note each week: its history.
    const recurring = rows<{ id: string; pair_id: string }>(
      await tx.execute(sql`
        insert into talking_points (tenant_id, pair_id, title, recurring, author_id, sort, created_at)
        select ${tenantId}::uuid, v."pairId", 'Priorities this week', true, v."managerId", 0,
          ${`${startDate}T00:00:00Z`}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as v("pairId" uuid, "managerId" uuid)
        returning id, pair_id`),
    );
    const pointOf = new Map(recurring.map((row) => [row.pair_id, row.id]));
    const notes = withIds.map((h, n) => ({
      pointId: pointOf.get(h.pairId)!,
      id: h.id,
      body: ['Close the Acme renewal', 'Hire the second engineer', 'Ship the pricing page', 'Quarter goals'][n % 4],
      at: h.finishedAt,
    }));
    await tx.execute(sql`
      insert into talking_point_notes (point_id, one_on_one_id, tenant_id, body, changed_at)
      select v."pointId", v.id, ${tenantId}::uuid, v.body, v.at
      from jsonb_to_recordset(${JSON.stringify(notes)}::jsonb) as v("pointId" uuid, id uuid, body text, at timestamptz)`);
  });

  // Last quarter's conversation between Miguel and Aiko: both forms in, summed up, acknowledged.
  const miguelAiko = pairs[4]!;
  const managerToken = await tokenOf(miguelAiko.managerId);
  const reportToken = await tokenOf(miguelAiko.reportId);
  const conversation = await call<{ id: string }>(
    'POST',
    `/one-on-ones/${miguelAiko.pairId}/conversations`,
    { kind: 'quarterly', period: shiftQuarter(quarterOf(today), -1), heldOn: addDays(monday, -14) },
    managerToken,
  );
  const ratings = (pattern: ('+' | '+/-' | '-')[]) =>
    Object.fromEntries(valueIds.map((id, i) => [id, pattern[i % pattern.length]!]));
  const forms: [string, object][] = [
    [
      managerToken,
      {
        working: 'Aiko owns the Acme account end to end; the renewal came in early.',
        notWorking: 'Forecasts arrive late in the month.',
        values: ratings(['+', '+', '+/-']),
        gwc: { getsIt: true, wantsIt: true, capacity: true },
      },
    ],
    [
      reportToken,
      {
        working: 'Clear priorities every Monday; the weekly 1:1 keeps me unblocked.',
        notWorking: 'Too many internal meetings on Thursdays.',
        values: ratings(['+', '+/-', '+']),
        gwc: { getsIt: true, wantsIt: true, capacity: false },
      },
    ],
  ];
  for (const [token, answers] of forms)
    await call('PUT', `/conversations/${conversation.id}/form`, { answers, submit: true }, token);
  await call(
    'PUT',
    `/conversations/${conversation.id}/summary`,
    { summary: 'A strong quarter. Forecasts by the 25th; Thursdays get one meeting fewer.' },
    managerToken,
  );
  for (const token of [managerToken, reportToken])
    await call('POST', `/conversations/${conversation.id}/acknowledge`, {}, token);
  return { coreValues: CORE_VALUES.length, pairs: pairs.length, oneOnOnes: held.length, conversations: 1 };
};
