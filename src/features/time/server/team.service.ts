import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { timeCapacities } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import { TIME_DEFAULTS, TIME_REPORT_MAX_DAYS } from '../../../shared/constants.ts';
import { addDays } from '../../../shared/dates.ts';
import { badRequest } from '../../../shared/errors.ts';
import { csvText } from '../../kpis/server/kpis.export.ts';
import { findVisibleMeeting } from '../../meetings/server/meetings.access.ts';
import { timeMessages } from '../time.messages.ts';
import { formatMinutes, moneyText } from '../time.money.ts';
import type { Report, ReportQuery, TeamRow, TeamWeek } from '../time.schemas.ts';
import { assertAdmin } from './time.access.ts';

// The Meeting tab (team time rows, document 3 §3) and the Reports tab: hours are
// decimal numbers with two places for display; sums are whole minutes and integer cents.

const hours = (minutes: number) => Math.round(minutes / 0.6) / 100;
const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((part * 1000) / whole) / 10 : 0);

const teamRow = (r: { minutes: number; billable: number; capacity: number }) => ({
  utilisationPercent: percentOf(r.minutes, r.capacity),
  totalHours: hours(r.minutes),
  capacity: hours(r.capacity),
  billableHours: hours(r.billable),
  nonBillableHours: hours(r.minutes - r.billable),
  billablePercent: percentOf(r.billable, r.minutes),
  nonBillablePercent: r.minutes > 0 ? Math.round(1000 - (r.billable * 1000) / r.minutes) / 10 : 0,
});

/**
 * `GET time/team`: a week of the workspace's people (admins), a page of rows by name, the
 * team's totals over all of them, and the week's time per meeting, broken down by the sessions
 * it was logged against (decision 068). With `meetingId`, only the meeting's people and the time
 * logged against it (its leaders and the admins).
 */
export const teamWeek = async (
  ctx: TenantContext,
  query: { week: string; meetingId?: string | undefined; limit: number; offset: number },
): Promise<TeamWeek> => {
  if (query.meetingId) {
    const meeting = await findVisibleMeeting(ctx, query.meetingId);
    if (!ctx.isAdmin && !meeting.leaderIds.includes(ctx.userId)) assertAdmin(ctx);
  } else assertAdmin(ctx);
  const start = query.week;
  const end = addDays(start, 7);
  const meetingFilter = query.meetingId ? sql`and e.meeting_id = ${query.meetingId}` : sql``;
  const people = query.meetingId
    ? sql`join (select distinct user_id from meeting_people where meeting_id = ${query.meetingId}) mp on mp.user_id = u.id`
    : sql``;
  const result = await ctx.db.execute(sql`
    select u.id as "userId", trim(u.first_name || ' ' || u.last_name) as name,
      coalesce(c.weekly_minutes, ${TIME_DEFAULTS.weeklyCapacityMinutes})::int as capacity,
      w.minutes, w.billable, (select round(r.hourly_cost * 100)::bigint from time_cost_rates r
        where r.tenant_id = ms.tenant_id and r.user_id = u.id and r.valid_from <= ${start}::date
        order by r.valid_from desc limit 1) as "hourlyCost",
      (count(*) over ())::int as total,
      (sum(w.minutes) over ())::int as all_minutes, (sum(w.billable) over ())::int as all_billable,
      (sum(coalesce(c.weekly_minutes, ${TIME_DEFAULTS.weeklyCapacityMinutes})) over ())::int as all_capacity
    from memberships ms
    join users u on u.id = ms.user_id and u.deleted_at is null
    ${people}
    left join time_capacities c on c.tenant_id = ms.tenant_id and c.user_id = u.id
    cross join lateral (
      select coalesce(sum(e.minutes), 0)::int as minutes,
        coalesce(sum(e.minutes) filter (where e.billable), 0)::int as billable
      from time_entries e
      where e.tenant_id = ms.tenant_id and e.user_id = u.id and e.spent_on >= ${start}::date
        and e.spent_on < ${end}::date ${meetingFilter}
    ) w
    where ms.tenant_id = ${ctx.tenantId} and not ms.disabled
    order by u.first_name, u.last_name, u.id
    limit ${query.limit} offset ${query.offset}`);
  const rows = (
    result as unknown as {
      rows: {
        userId: string;
        name: string;
        capacity: number;
        hourlyCost: string | number | null;
        minutes: number;
        billable: number;
        total: number;
        all_minutes: number;
        all_billable: number;
        all_capacity: number;
      }[];
    }
  ).rows;
  // The week's time per meeting and session (one statement; null: against no session).
  const bySession = await ctx.db.execute(sql`
    select e.meeting_id as "meetingId", m.title, e.session_id as "sessionId",
      s.session_date::text as "sessionDate", sum(e.minutes)::int as minutes
    from time_entries e join meetings m on m.id = e.meeting_id
    left join sessions s on s.id = e.session_id
    where e.tenant_id = ${ctx.tenantId} and e.spent_on >= ${start}::date and e.spent_on < ${end}::date ${meetingFilter}
    group by e.meeting_id, m.title, e.session_id, s.session_date
    order by m.title, e.meeting_id, s.session_date nulls last`);
  const first = rows[0];
  return {
    start,
    totals: teamRow({
      minutes: first?.all_minutes ?? 0,
      billable: first?.all_billable ?? 0,
      capacity: first?.all_capacity ?? 0,
    }),
    items: rows.map(
      (r): TeamRow => ({
        userId: r.userId,
        name: r.name,
        ...teamRow(r),
        hourlyCost: r.hourlyCost === null ? null : Number(r.hourlyCost),
      }),
    ),
    total: first?.total ?? 0,
    offset: query.offset,
    meetings: byMeeting(
      (bySession as unknown as { rows: (Omit<TeamWeek['meetings'][number], 'sessions'> & SessionTime)[] }).rows,
    ),
  };
};

type SessionTime = { sessionId: string | null; sessionDate: string | null };

/** Rows per meeting and session (in order) folded into a row per meeting with its sessions. */
const byMeeting = (rows: (Omit<TeamWeek['meetings'][number], 'sessions'> & SessionTime)[]) => {
  const meetings: TeamWeek['meetings'] = [];
  for (const row of rows) {
    let meeting = meetings.at(-1);
    if (meeting?.meetingId !== row.meetingId) {
      meeting = { meetingId: row.meetingId, title: row.title, minutes: 0, sessions: [] };
      meetings.push(meeting);
    }
    meeting.minutes += row.minutes;
    if (row.sessionId && row.sessionDate) {
      meeting.sessions.push({ sessionId: row.sessionId, sessionDate: row.sessionDate, minutes: row.minutes });
    }
  }
  return meetings;
};

/** `PUT time/capacities/{userId}`: a person's weekly capacity (admins). */
export const setCapacity = async (ctx: TenantContext, userId: string, weeklyMinutes: number) => {
  assertAdmin(ctx);
  await assertInWorkspace(ctx.db, ctx.tenantId, { users: [userId] });
  await ctx.db
    .insert(timeCapacities)
    .values({ tenantId: ctx.tenantId, userId, weeklyMinutes })
    .onConflictDoUpdate({ target: [timeCapacities.tenantId, timeCapacities.userId], set: { weeklyMinutes } });
  return { userId, weeklyMinutes };
};

const GROUPS = {
  account: { id: sql`a.id`, name: sql`a.title` },
  project: { id: sql`p.id`, name: sql`a.title || ' / ' || p.name` },
  task: { id: sql`t.id`, name: sql`p.name || ' / ' || t.title` },
  person: { id: sql`u.id`, name: sql`trim(u.first_name || ' ' || u.last_name)` },
} as const;

/**
 * `GET time/reports`: hours and amounts (billable time of hourly projects at its rates: a fixed
 * fee's effort is not billed by the hour, so it is not added in) by account, project, task
 * or person over a range of at most a year. Admins see everyone's time; others their own.
 */
export const timeReport = async (ctx: TenantContext, query: ReportQuery): Promise<Report> => {
  if (query.to < query.from || query.to > addDays(query.from, TIME_REPORT_MAX_DAYS - 1)) {
    throw badRequest({ to: timeMessages.timeReportRange });
  }
  const group = GROUPS[query.groupBy];
  const mine = ctx.isAdmin ? sql`` : sql`and e.user_id = ${ctx.userId}`;
  const result = await ctx.db.execute(sql`
    select ${group.id} as id, ${group.name} as name, sum(e.minutes)::int as minutes,
      coalesce(sum(e.minutes) filter (where e.billable), 0)::int as "billableMinutes",
      coalesce(round(sum(e.minutes * e.rate) filter (where e.billable and p.type = 'time') * 100 / 60), 0)::bigint::text
        as amount
    from time_entries e
    join time_projects p on p.id = e.project_id
    join time_accounts a on a.id = p.account_id
    join time_project_tasks t on t.id = e.task_id
    join users u on u.id = e.user_id
    where e.tenant_id = ${ctx.tenantId} and e.spent_on between ${query.from}::date and ${query.to}::date ${mine}
    group by 1, 2 order by 3 desc, 2`);
  const rows = (
    result as unknown as { rows: (Omit<Report['rows'][number], 'amount'> & { amount: string })[] }
  ).rows.map((r) => ({ ...r, amount: Number(r.amount) }));
  return {
    ...query,
    rows,
    totalMinutes: rows.reduce((sum, r) => sum + r.minutes, 0),
    totalAmount: rows.reduce((sum, r) => sum + r.amount, 0),
  };
};

const HEADERS = (report: Report) => [
  report.groupBy[0]!.toUpperCase() + report.groupBy.slice(1),
  'Hours',
  'Billable hours',
  'Amount',
];

export const reportCsv = (report: Report) => {
  const lines = [HEADERS(report).join(',')];
  for (const row of report.rows) {
    lines.push(
      [csvText(row.name), formatMinutes(row.minutes), formatMinutes(row.billableMinutes), moneyText(row.amount)].join(
        ',',
      ),
    );
  }
  lines.push(['Total', formatMinutes(report.totalMinutes), '', moneyText(report.totalAmount)].join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
};

/** The same table as a workbook: hours as decimal numbers, amounts as numbers with two places. */
export const reportXlsx = async (report: Report) => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(`Time ${report.from} to ${report.to}`.slice(0, 31));
  sheet.addRow(HEADERS(report)).font = { bold: true };
  for (const row of report.rows) {
    sheet.addRow([row.name, hours(row.minutes), hours(row.billableMinutes), Number(moneyText(row.amount))]);
  }
  sheet.addRow(['Total', hours(report.totalMinutes), null, Number(moneyText(report.totalAmount))]).font = {
    bold: true,
  };
  sheet.getColumn(1).width = 40;
  sheet.getColumn(4).numFmt = '#,##0.00';
  return Buffer.from(await book.xlsx.writeBuffer());
};
