import { sql } from 'drizzle-orm';
import { pageTotal } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { ADMIN_FLAG } from '../../../shared/constants.ts';
import { addDays } from '../../../shared/dates.ts';
import { conflict, forbidden, notFound } from '../../../shared/errors.ts';
import { notify } from '../../notifications/server/notifications.service.ts';
import { timeMessages } from '../time.messages.ts';
import type { Approval, ApprovalPage, ApprovalsQuery, WeekSheet } from '../timesheet.schemas.ts';
import { lockPersonDays } from './day-lock.ts';

// The weekly timesheet's lifecycle (decision 090): a person submits a week; an approver — a
// workspace admin, or a manager of a project the week has time on — approves or returns it.
// A submitted or approved week locks its person's time on its seven days; a returned one is open
// again. Writes of a person's time on a day are serialized by the day's lock (lockDays), which
// a submission takes too, so no entry slips into a week as it is submitted.

type Row = Record<string, unknown>;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A person's time on these days is locked: the first locked day's week decides the message (409). */
export const assertDaysOpen = async (ctx: TenantContext, days: string[], userId = ctx.userId) => {
  const [locked] = rowsOf<{ status: string }>(
    await ctx.db.execute(sql`
      select w.status from time_weeks w
      where w.tenant_id = ${ctx.tenantId} and w.user_id = ${userId} and w.status in ('submitted', 'approved')
        and exists (
          select 1 from unnest(${sql.param(days)}::date[]) d where w.week_start between d - 6 and d
        )
      order by w.status = 'approved' desc
      limit 1`),
  );
  if (!locked) return;
  throw conflict(
    locked.status === 'approved' ? timeMessages.timeWeekApprovedLocked : timeMessages.timeWeekSubmittedLocked,
  );
};

/** The caller's first day of the week holding `day`. */
export const weekStartOf = async (ctx: TenantContext, day: string) => {
  const result = await ctx.db.execute(sql`
    select (${day}::date - ((extract(dow from ${day}::date)::int - u.first_day_of_week + 7) % 7))::text as start
    from users u where u.id = ${ctx.userId}`);
  return rowsOf<{ start: string }>(result)[0]!.start;
};

const sheetColumns = sql`w.id, w.status, w.comment, w.submitted_at as "submittedAt", w.decided_at as "decidedAt",
  trim(d.first_name || ' ' || d.last_name) as "decidedByName"`;
const toSheet = (row: Row | undefined): WeekSheet =>
  row
    ? {
        id: row.id as string,
        status: row.status as WeekSheet['status'],
        comment: (row.comment as string | null) ?? null,
        submittedAt: stamp(row.submittedAt),
        decidedAt: stamp(row.decidedAt),
        decidedByName: (row.decidedByName as string | null) || null,
      }
    : { id: null, status: 'open', comment: null, submittedAt: null, decidedAt: null, decidedByName: null };
const stamp = (value: unknown) => (value ? new Date(value as string).toISOString() : null);

/** The caller's week sheet starting on `start`, and which of its days are locked. */
export const weekSheet = async (ctx: TenantContext, start: string) => {
  const result = await ctx.db.execute(sql`
    select ${sheetColumns},
      array(
        select (x.d)::date::text from generate_series(${start}::date, ${start}::date + 6, interval '1 day') x(d)
        where exists (
          select 1 from time_weeks l
          where l.tenant_id = ${ctx.tenantId} and l.user_id = ${ctx.userId} and l.status in ('submitted', 'approved')
            and l.week_start between x.d::date - 6 and x.d::date
        )
      ) as locked
    from (select 1) one
    left join time_weeks w on w.tenant_id = ${ctx.tenantId} and w.user_id = ${ctx.userId} and w.week_start = ${start}::date
    left join users d on d.id = w.decided_by`);
  const row = rowsOf<Row & { locked: string[] }>(result)[0]!;
  return { sheet: toSheet(row.id ? row : undefined), lockedDays: new Set(row.locked) };
};

/** The people who hear of a week's change: its person, the admins, the managers of its projects. */
const weekAudience = async (ctx: TenantContext, userId: string, start: string) => {
  const result = await ctx.db.execute(sql`
    select ${userId}::uuid as "userId"
    union
    select m.user_id from time_entries e
    join time_project_members m on m.project_id = e.project_id and m.manage
    where e.tenant_id = ${ctx.tenantId} and e.user_id = ${userId}
      and e.spent_on >= ${start}::date and e.spent_on < ${start}::date + 7
    union
    select w.user_id from memberships w
    where w.tenant_id = ${ctx.tenantId} and w.is_admin = ${ADMIN_FLAG.yes} and not w.disabled`);
  return rowsOf<{ userId: string }>(result).map((r) => r.userId);
};

/** The week's link: the person's Week view of it, or the approvals. */
const weekLink = (weekStart: string) => `/time-tracking?view=week&day=${weekStart}`;
const APPROVALS_LINK = '/time-tracking?tab=approvals';
const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
/** A week as a notification names it: "Nov 23, 2026". */
const weekName = (start: string) => DAY.format(new Date(`${start}T00:00:00Z`));

/**
 * Who is told of a submitted week: the managers of the projects it has time on, or, when none
 * manages them, the workspace's admins (the person aside).
 */
const approversToTell = async (ctx: TenantContext, start: string) => {
  const result = await ctx.db.execute(sql`
    with managers as (
      select distinct m.user_id from time_entries e
      join time_project_members m on m.project_id = e.project_id and m.manage
      where e.tenant_id = ${ctx.tenantId} and e.user_id = ${ctx.userId}
        and e.spent_on >= ${start}::date and e.spent_on < ${start}::date + 7 and m.user_id <> ${ctx.userId}
    )
    select user_id as "userId" from managers
    union
    select w.user_id from memberships w
    where not exists (select 1 from managers) and w.tenant_id = ${ctx.tenantId}
      and w.is_admin = ${ADMIN_FLAG.yes} and not w.disabled`);
  return rowsOf<{ userId: string }>(result).map((r) => r.userId);
};

const announceWeek = async (ctx: TenantContext, userId: string, weekStart: string) => {
  for (const receiverId of await weekAudience(ctx, userId, weekStart)) {
    ctx.publish({ tenantId: ctx.tenantId, receiverId, type: 'time.weeks', data: { userId, weekStart } });
  }
};

/**
 * `POST time/weeks`: the caller submits the week holding `day`. An open or returned week
 * becomes submitted in one statement; a submitted or approved one answers 409.
 */
export const submitWeek = async (ctx: TenantContext, day: string): Promise<WeekSheet> => {
  const start = await weekStartOf(ctx, day);
  await lockPersonDays(
    ctx,
    ctx.userId,
    Array.from({ length: 7 }, (_, i) => addDays(start, i)),
  );
  const saved = rowsOf<Row>(
    await ctx.db.execute(sql`
      insert into time_weeks (tenant_id, user_id, week_start, status)
      values (${ctx.tenantId}, ${ctx.userId}, ${start}::date, 'submitted')
      on conflict (tenant_id, user_id, week_start) do update
        set status = 'submitted', comment = null, submitted_at = now(), decided_at = null, decided_by = null
        where time_weeks.status = 'returned'
      returning id`),
  );
  if (saved.length === 0) throw conflict(timeMessages.timeWeekAlreadySubmitted);
  await announceWeek(ctx, ctx.userId, start);
  await notify(ctx, await approversToTell(ctx, start), {
    kind: 'timesheet',
    message: (sender) => timeMessages.timeWeekSubmittedNotice(sender, weekName(start)),
    link: APPROVALS_LINK,
  });
  return (await weekSheet(ctx, start)).sheet;
};

const findWeek = async (ctx: TenantContext, id: string) => {
  const [week] = rowsOf<{ userId: string; weekStart: string; status: string }>(
    await ctx.db.execute(sql`
      select user_id as "userId", week_start::text as "weekStart", status from time_weeks
      where id = ${id} and tenant_id = ${ctx.tenantId}`),
  );
  if (!week) throw notFound();
  return week;
};

/** `DELETE time/weeks/{id}`: the caller takes back a week still waiting for approval. */
export const withdrawWeek = async (ctx: TenantContext, id: string) => {
  const week = await findWeek(ctx, id);
  if (week.userId !== ctx.userId) throw notFound();
  const gone = rowsOf<Row>(
    await ctx.db.execute(sql`
      delete from time_weeks where id = ${id} and tenant_id = ${ctx.tenantId} and status = 'submitted' returning id`),
  );
  if (gone.length === 0) throw conflict(timeMessages.timeWeekNotWithdrawable);
  await announceWeek(ctx, week.userId, week.weekStart);
  return true;
};

/** SQL: whether the caller approves `w`'s week (an admin, or a manager of a project it has time on). */
const approves = (ctx: TenantContext) =>
  ctx.isAdmin
    ? sql`true`
    : sql`(w.user_id <> ${ctx.userId} and exists (
        select 1 from time_entries e
        join time_project_members m on m.project_id = e.project_id and m.user_id = ${ctx.userId} and m.manage
        where e.tenant_id = w.tenant_id and e.user_id = w.user_id
          and e.spent_on >= w.week_start and e.spent_on < w.week_start + 7))`;

/** Whether the caller may decide on the week: 403 with the reason otherwise. */
const assertApprover = async (ctx: TenantContext, id: string, userId: string) => {
  if (ctx.isAdmin) return;
  if (userId === ctx.userId) throw forbidden(timeMessages.timeWeekOwnApproval);
  const [row] = rowsOf<{ ok: boolean }>(
    await ctx.db.execute(sql`select ${approves(ctx)} as ok from time_weeks w where w.id = ${id}`),
  );
  if (!row?.ok) throw forbidden(timeMessages.timeWeekNotApprover);
};

/** `POST time/weeks/{id}/approve`: a submitted week becomes approved (and stays locked). */
export const approveWeek = async (ctx: TenantContext, id: string) => {
  const week = await findWeek(ctx, id);
  await assertApprover(ctx, id, week.userId);
  const done = rowsOf<Row>(
    await ctx.db.execute(sql`
      update time_weeks set status = 'approved', decided_at = now(), decided_by = ${ctx.userId}
      where id = ${id} and status = 'submitted' returning id`),
  );
  if (done.length === 0) throw conflict(timeMessages.timeWeekNotWaiting);
  await announceWeek(ctx, week.userId, week.weekStart);
  await notify(ctx, [week.userId], {
    kind: 'timesheet',
    message: (sender) => timeMessages.timeWeekApprovedNotice(sender, weekName(week.weekStart)),
    link: weekLink(week.weekStart),
  });
  return approval(ctx, id);
};

/**
 * `POST time/weeks/{id}/return`: the week goes back to its person with the approver's comment,
 * open again. A submitted week by any approver; an approved one by a workspace admin only.
 */
export const returnWeek = async (ctx: TenantContext, id: string, comment: string) => {
  const week = await findWeek(ctx, id);
  await assertApprover(ctx, id, week.userId);
  if (week.status === 'approved' && !ctx.isAdmin) throw forbidden(timeMessages.timeWeekReturnApproved);
  const done = rowsOf<Row>(
    await ctx.db.execute(sql`
      update time_weeks set status = 'returned', comment = ${comment}, decided_at = now(), decided_by = ${ctx.userId}
      where id = ${id} and status in (${sql.raw(ctx.isAdmin ? "'submitted', 'approved'" : "'submitted'")})
      returning id`),
  );
  if (done.length === 0) throw conflict(timeMessages.timeWeekNotWaiting);
  await announceWeek(ctx, week.userId, week.weekStart);
  await notify(ctx, [week.userId], {
    kind: 'timesheet',
    message: (sender) => timeMessages.timeWeekReturnedNotice(sender, weekName(week.weekStart), comment),
    link: weekLink(week.weekStart),
  });
  return approval(ctx, id);
};

const approvalsWhere = async (ctx: TenantContext, where: ReturnType<typeof sql>, limit: number, offset: number) => {
  const result = await ctx.db.execute(sql`
    select ${sheetColumns}, w.user_id as "userId", trim(u.first_name || ' ' || u.last_name) as name,
      w.week_start::text as "weekStart", t.minutes, t.billable as "billableMinutes", t.projects,
      (${approves(ctx)}) and (w.status = 'submitted' or (w.status = 'approved' and ${ctx.isAdmin})) as "canDecide",
      (count(*) over ())::int as total
    from time_weeks w
    join users u on u.id = w.user_id
    left join users d on d.id = w.decided_by
    cross join lateral (
      select coalesce(sum(x.minutes), 0)::int as minutes, coalesce(sum(x.billable), 0)::int as billable,
        coalesce(json_agg(json_build_object('projectId', x.project_id, 'name', x.name, 'minutes', x.minutes)
          order by x.name), '[]') as projects
      from (
        select e.project_id, a.title || ' / ' || p.name as name, sum(e.minutes)::int as minutes,
          coalesce(sum(e.minutes) filter (where e.billable), 0)::int as billable
        from time_entries e
        join time_projects p on p.id = e.project_id
        join time_accounts a on a.id = p.account_id
        where e.tenant_id = w.tenant_id and e.user_id = w.user_id
          and e.spent_on >= w.week_start and e.spent_on < w.week_start + 7
        group by e.project_id, a.title, p.name
      ) x
    ) t
    where w.tenant_id = ${ctx.tenantId} and ${where}
    order by w.week_start, name, w.id
    limit ${limit} offset ${offset}`);
  const rows = rowsOf<Row & { total: number }>(result);
  return {
    rows,
    items: rows.map(
      (row): Approval => ({
        ...(toSheet(row) as Omit<WeekSheet, 'id' | 'status'>),
        id: row.id as string,
        status: row.status as Approval['status'],
        submittedAt: stamp(row.submittedAt)!,
        userId: row.userId as string,
        name: row.name as string,
        weekStart: row.weekStart as string,
        minutes: row.minutes as number,
        billableMinutes: row.billableMinutes as number,
        projects: (typeof row.projects === 'string' ? JSON.parse(row.projects) : row.projects) as Approval['projects'],
        canDecide: row.canDecide === true,
      }),
    ),
  };
};

const approval = async (ctx: TenantContext, id: string) =>
  (await approvalsWhere(ctx, sql`w.id = ${id}`, 1, 0)).items[0]!;

/**
 * `GET time/approvals`: the weeks in a state that the caller approves (all for an admin; for a
 * project manager, the others' weeks with time on their projects), oldest week first, one page.
 */
export const listApprovals = async (ctx: TenantContext, query: ApprovalsQuery): Promise<ApprovalPage> => {
  const page = await approvalsWhere(
    ctx,
    sql`w.status = ${query.status} and ${approves(ctx)}`,
    query.limit,
    query.offset,
  );
  const total = await pageTotal(page.rows, query.offset, async () => {
    const [row] = rowsOf<{ count: number }>(
      await ctx.db.execute(sql`select count(*)::int as count from time_weeks w
        where w.tenant_id = ${ctx.tenantId} and w.status = ${query.status} and ${approves(ctx)}`),
    );
    return row?.count ?? 0;
  });
  return { items: page.items, total, offset: query.offset };
};
