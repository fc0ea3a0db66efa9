import { type SQL, sql } from 'drizzle-orm';
import type { TenantContext } from '../../../server/context.ts';
import { type IsoDate, todayUtc } from '../../../shared/dates.ts';
import { quartersBetween } from '../../quarters/server/quarters.service.ts';

// What a health read covers: the meetings (one, or every one the caller sees) and the
// workspace's quarters, as the quarters feature defines them (decision 043).

export interface HealthQuarterRange {
  id: string;
  startDate: IsoDate;
  endDate: IsoDate;
}

/**
 * `m(id, title, timezone)`: the meetings the figures cover. Admins see every meeting of the
 * workspace, anyone else those they lead or are a member of; `meetingId` narrows it to one (none
 * when the caller may not see it, which the service answers with 404).
 */
export const meetingsCte = (ctx: TenantContext, meetingId: string | undefined): SQL => sql`m as (
    select mm.id, mm.title, mm.timezone from meetings mm
    where mm.tenant_id = ${ctx.tenantId}
      and ${meetingId ? sql`mm.id = ${meetingId}` : sql`true`}
      and ${ctx.isAdmin ? sql`true` : sql`mm.id in (select mp.meeting_id from meeting_people mp where mp.user_id = ${ctx.userId})`}
  )`;

/** `q(id, s, e)`: the quarters as one relation, passed as three array parameters. */
export const quartersCte = (quarters: HealthQuarterRange[]): SQL => sql`q as (
    select * from unnest(${sql.param(quarters.map((x) => x.id))}::text[],
      ${sql.param(quarters.map((x) => x.startDate))}::date[],
      ${sql.param(quarters.map((x) => x.endDate))}::date[]) as q(id, s, e)
  )`;

/**
 * The ids of the tasks of the covered meetings — linked to one of them, or on one of their boards
 * (as the meeting's lists read them) — each once, however many of the meetings it belongs to.
 * Read from the link tables by meeting, so one meeting's health reads only its own tasks.
 */
export const coveredTaskIds = (ctx: TenantContext): SQL => sql`
    select tm.task_id as id from task_meetings tm where tm.meeting_id in (select id from m)
    union
    select bt.id from tasks bt
    where bt.tenant_id = ${ctx.tenantId}
      and bt.board_id in (select bm.board_id from board_meetings bm where bm.meeting_id in (select id from m))`;

/**
 * The covered tasks as `t`, each once. One meeting's are read from its links (a few hundred);
 * the workspace's are the tasks kept when a covered meeting links them or holds their board, so
 * the figures read the workspace's tasks by kind and date instead of de-duplicating every link.
 */
export const coveredTasks = (ctx: TenantContext, meetingId: string | undefined): SQL =>
  meetingId
    ? sql`(select t.* from (${coveredTaskIds(ctx)}) mt join tasks t on t.id = mt.id) t`
    : sql`(select * from tasks wt
        where wt.id in (select tm.task_id from task_meetings tm where tm.meeting_id in (select id from m))
          or wt.board_id in (select bm.board_id from board_meetings bm where bm.meeting_id in (select id from m))) t`;

/**
 * The last `count` quarters up to `until` (default: the one holding today), oldest first, in one
 * statement. Undefined when `until` names no quarter of the workspace.
 */
export const quartersUpTo = async (
  ctx: TenantContext,
  until: string | undefined,
  count: number,
): Promise<HealthQuarterRange[] | undefined> => {
  const today = todayUtc();
  const year = until ? Number(until.slice(0, 4)) : Number(today.slice(0, 4));
  // A fiscal year may start in the calendar year before; 8 quarters reach back two years more.
  const all = await quartersBetween(ctx.db, ctx.tenantId, `${year - 3}-01-01`, `${year + 1}-12-31`);
  const index = until
    ? all.findIndex((x) => x.id === until)
    : all.findIndex((x) => x.startDate <= today && today <= x.endDate);
  if (index < 0) return undefined;
  return all
    .slice(Math.max(0, index - count + 1), index + 1)
    .map((x) => ({ id: x.id, startDate: x.startDate, endDate: x.endDate }));
};

/** The quarter `id` alone. */
export const quarterRange = async (ctx: TenantContext, id: string) => (await quartersUpTo(ctx, id, 1))?.[0];
