import { type SQL, sql } from 'drizzle-orm';
import type { TenantContext } from '../../../server/context.ts';
import { todayUtc } from '../../../shared/dates.ts';
import { badRequest, notFound } from '../../../shared/errors.ts';
import { TASK_TYPE } from '../../../shared/tasks.ts';
import { osHealthMessages } from '../os-health.messages.ts';
import type { HealthItem, HealthItemsPage, HealthItemsQuery } from '../os-health.schemas.ts';
import { coveredTasks, type HealthQuarterRange, meetingsCte, quarterRange, quartersCte } from './os-health.scope.ts';
import { goalInQuarter, sessionsCte, todoDoneWhenDue } from './os-health.service.ts';

// The items behind one figure of one quarter (decision 124), a page at a time: one statement
// for the page and its total, with the same conditions the figure counts with.

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

interface ItemRow {
  id: string;
  kind: HealthItem['kind'];
  title: string;
  meeting_id: string | null;
  meeting_title: string | null;
  date: string | null;
  counted: boolean;
  on_time: boolean | null;
  value: string | number | null;
  total: string;
  meetings: string;
}

/** Goals and to-dos name their first covered meeting (by title), looked up for the page's rows only. */
const taskColumns = sql.raw(`t.id::text, 'task' as kind, t.title, null::text as meeting_id, null::text as meeting_title,
  t.board_id as lookup_board, true as lookup, false as rated`);

const itemSelect = (ctx: TenantContext, query: HealthItemsQuery, range: HealthQuarterRange, today: string): SQL => {
  switch (query.figure) {
    case 'goals':
      return sql`select ${taskColumns}, t.due_date::text as date, t.status = '1' as counted,
          null::boolean as on_time, null::numeric as value
        from ${coveredTasks(ctx, query.meetingId)} join q on ${goalInQuarter}
        where t.tenant_id = ${ctx.tenantId} and t.type = ${TASK_TYPE.goal} `;
    case 'todos':
      return sql`select ${taskColumns}, t.due_date::text as date, ${todoDoneWhenDue} as counted,
          null::boolean as on_time, null::numeric as value
        from ${coveredTasks(ctx, query.meetingId)} join q on t.due_date between q.s and q.e left join users u on u.id = t.user_id
        where t.tenant_id = ${ctx.tenantId} and t.type = ${TASK_TYPE.todo} and t.due_date < ${today}::date
          `;
    case 'sessions':
      return sql`select ses.id::text, 'session' as kind, ses.meeting_title as title, ses.meeting_id::text,
          ses.meeting_title, null::uuid as lookup_board, false as lookup, ses.held as rated, ses.session_date::text as date,
          ses.on_schedule as counted, case when ses.held and not ses.unscheduled then ses.on_time end as on_time,
          null::numeric as value
        from ses where ses.scheduled or ses.held`;
    case 'issues':
      return sql`select t.id::text, 'task' as kind, t.title, ses.meeting_id::text, ses.meeting_title,
          null::uuid as lookup_board, false as lookup, false as rated, ses.session_date::text as date, true as counted, null::boolean as on_time,
          ((t.completed_at at time zone 'UTC')::date - (t.created_at at time zone 'UTC')::date)::numeric as value
        from ses join tasks t on t.completed_in_session_id = ses.id
        where ses.held and t.tenant_id = ${ctx.tenantId} and t.type = ${TASK_TYPE.issue} and t.status = '1'
          and t.completed_at is not null`;
    case 'scorecard':
      // A page of cells by the summary (decision 128): the running count of each session's counted
      // cells, in the page's order (date, meeting, session), picks the sessions holding the page,
      // and only their cells are read.
      return sql`with pick as (
          select h.session_id, h.session_date, h.starts_at, h.started_at, h.meeting_id, m.title as meeting_title, h.cells,
            sum(h.cells) over (order by h.session_date, m.title, h.session_id) - h.cells as skipped
          from session_health h join m on m.id = h.meeting_id
          where h.tenant_id = ${ctx.tenantId} and h.cells > 0
            and h.session_date between ${range.startDate}::date and ${range.endDate}::date
        ),
        page as (select * from pick where skipped < ${query.offset + query.limit} and skipped + cells > ${query.offset})
        select sc.id || '/' || p.session_id as id, 'cell' as kind, sc.title, p.meeting_id::text, p.meeting_title,
          null::uuid as lookup_board, false as lookup, false as rated, p.session_date::text as date,
          (c.measured is not null and c.changed_at <= p.started_at) as counted, null::boolean as on_time,
          c.measured::numeric as value, p.session_id as in_session, p.skipped
        from page p join score_cells c on c.session_id = p.session_id join scores sc on sc.id = c.score_id
        where c.tenant_id = ${ctx.tenantId} and sc.tenant_id = ${ctx.tenantId}
          and sc.frequency = 'weekly' and sc.formula is null and sc.created_at <= p.starts_at
          and not exists (select 1 from kpi_removed_sessions r where r.session_id = p.session_id)`;
  }
};

/** How a figure's items are ordered, counted and skipped to the page. */
const paging = (ctx: TenantContext, query: HealthItemsQuery, range: HealthQuarterRange) =>
  query.figure === 'scorecard'
    ? {
        order: sql`items.date, items.meeting_title, items.in_session, items.title, items.id`,
        offset: sql`greatest(0, ${query.offset} - coalesce((select min(skipped) from items), 0))`,
        total: sql`(select coalesce(sum(h.cells), 0) from session_health h join m on m.id = h.meeting_id
          where h.tenant_id = ${ctx.tenantId} and h.session_date between ${range.startDate}::date and ${range.endDate}::date)`,
      }
    : {
        order: sql`items.date nulls last, items.title, items.id`,
        offset: sql`${query.offset}`,
        total: sql`(select count(*) from items)`,
      };

export const healthItems = async (ctx: TenantContext, query: HealthItemsQuery): Promise<HealthItemsPage> => {
  const quarter = await quarterRange(ctx, query.quarter);
  if (!quarter) throw badRequest({ quarter: osHealthMessages.quarterFormat });
  const order = paging(ctx, query, quarter);
  const rows = rowsOf<ItemRow>(
    await ctx.db.execute(sql`
      with ${meetingsCte(ctx, query.meetingId)}, ${quartersCte([quarter])}, ${sessionsCte(ctx)},
      items as (${itemSelect(ctx, query, quarter, todayUtc())})
      select page.id, page.kind, page.title, page.date, page.counted, page.on_time, coalesce(page.value, rating.value) as value,
        coalesce(page.meeting_id, first_meeting.id::text) as meeting_id,
        coalesce(page.meeting_title, first_meeting.title) as meeting_title,
        ${order.total} as total, (select count(*) from m) as meetings
      from (select 1) as one left join lateral (
        select * from items order by ${order.order}
        limit ${query.limit} offset ${order.offset}
      ) page on true
      left join lateral (
        select m.id, m.title from m
        where m.id in (select tm.meeting_id from task_meetings tm
          where tm.task_id = (case when page.lookup then page.id::uuid end))
          or m.id in (select bm.meeting_id from board_meetings bm where bm.board_id = page.lookup_board)
        order by m.title, m.id limit 1
      ) first_meeting on page.lookup
      -- A held session's average rating, for the page's sessions only.
      left join lateral (
        select round(avg(a.score), 2) as value from session_attendees a
        where a.session_id = (case when page.rated then page.id::uuid end) and not a.not_attended and a.score is not null
      ) rating on page.rated`),
  );
  if (query.meetingId && Number(rows[0]?.meetings ?? 0) === 0) throw notFound();
  const items = rows.filter((row) => row.id !== null);
  return {
    items: items.map((row) => ({
      id: row.id,
      kind: row.kind,
      title: row.title,
      meetingId: row.meeting_id,
      meetingTitle: row.meeting_title,
      date: row.date,
      counted: Boolean(row.counted),
      onTime: row.on_time ?? null,
      value: row.value == null ? null : Number(row.value),
    })),
    total: Number(rows[0]?.total ?? 0),
    offset: query.offset,
  };
};
