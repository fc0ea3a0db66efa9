import { sql } from 'drizzle-orm';
import type { oneOnOnes } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import type { History, OneOnOne, PulledItem } from '../people-tools.schemas.ts';
import { auditRead, type PairAccess, type PairRow, type Reader } from './pairs.policy.ts';

// What a 1:1 pulls in from the report's work (their open to-dos, goals and milestones, KPIs off
// goal since the last 1:1) and the pair's history of past 1:1s: each one statement.

const PULLED_MAX = 20;

type Occurrence = typeof oneOnOnes.$inferSelect;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export const pulledInFor = async (
  ctx: TenantContext,
  pair: PairRow,
  occurrence: Occurrence,
): Promise<NonNullable<OneOnOne['pulledIn']>> => {
  const reportId = pair.reportId;
  const result = await ctx.db.execute(sql`
    with since as (
      select coalesce(
        (select max(o.started_at) from one_on_ones o where o.pair_id = ${pair.id} and o.finished_at is not null
          and o.held_on < ${occurrence.heldOn}),
        ${occurrence.startsAt}::timestamptz - make_interval(days => 7 * ${pair.repeatWeeks})) as at
    )
    (select t.id, t.title, 'todo' as kind, t.due_date::text as "dueDate", '' as detail from tasks t
      where t.tenant_id = ${ctx.tenantId} and t.user_id = ${reportId} and t.type = '4' and t.status = '0'
      order by t.due_date nulls last, t.created_at limit ${PULLED_MAX})
    union all
    (select t.id, t.title, 'goal', t.due_date::text, t.status from tasks t
      where t.tenant_id = ${ctx.tenantId} and t.user_id = ${reportId} and t.type = '1' and t.status not in ('1', '3')
      order by t.due_date nulls last, t.created_at limit ${PULLED_MAX})
    union all
    (select m.id, m.title, 'milestone', m.due_date::text, g.title from goal_milestones m
      join tasks g on g.id = m.goal_id
      where m.tenant_id = ${ctx.tenantId} and m.owner_id = ${reportId} and m.done_at is null
      order by m.due_date nulls last limit ${PULLED_MAX})
    union all
    (select s.id, s.title, 'kpi', se.session_date::text, c.measured || ' (' || s.goal || ' ' || s.score || ')'
      from scores s
      join score_cells c on c.score_id = s.id
      join sessions se on se.id = c.session_id
      where s.tenant_id = ${ctx.tenantId} and s.user_id = ${reportId} and c.measured is not null
        and se.starts_at >= (select at from since) and se.starts_at <= now()
        and case s.goal
          when '>=' then c.measured::numeric < s.score::numeric
          when '<=' then c.measured::numeric > s.score::numeric
          when '==' then c.measured::numeric <> s.score::numeric
          when 'between' then c.measured::numeric not between s.score::numeric and s.score_max::numeric
          else false end
      order by se.starts_at desc limit ${PULLED_MAX})`);
  const items = rowsOf<PulledItem>(result);
  return {
    todos: items.filter((item) => item.kind === 'todo'),
    goals: items.filter((item) => item.kind === 'goal' || item.kind === 'milestone'),
    kpis: items.filter((item) => item.kind === 'kpi'),
  };
};

interface HistoryRow {
  id: string;
  heldOn: string;
  startedAt: Date | string | null;
  finishedAt: Date | string | null;
  sharedNotes: string;
  privateNotes: string | null;
  points: string[] | string | null;
  total: number | string;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * The pair's past 1:1s, newest first, a page at a time. `q` searches the shared notes, the
 * talking points and their notes, and the caller's own private notes (never the other side's).
 * An admin of a pair that did not share sees dates only, and cannot search.
 */
export const readHistory = async (
  ctx: TenantContext,
  reader: Reader,
  access: PairAccess,
  query: { offset: number; limit: number; q?: string | undefined },
): Promise<History> => {
  await auditRead(ctx, reader, access, 'oneOnOne', access.pair.id);
  const content = access.contentVisible;
  const q = content && query.q ? query.q : null;
  const result = await ctx.db.execute(sql`
    select o.id, o.held_on::text as "heldOn", o.started_at as "startedAt", o.finished_at as "finishedAt",
      o.shared_notes as "sharedNotes", mine.body as "privateNotes", pts.titles as points,
      count(*) over () as total
    from one_on_ones o
    left join one_on_one_private_notes mine on mine.one_on_one_id = o.id and mine.user_id = ${ctx.userId}
    left join lateral (
      select coalesce(json_agg(p.title order by p.sort), '[]') as titles,
        string_agg(p.title || ' ' || coalesce(n.body, ''), ' ') as words
      from talking_points p
      left join talking_point_notes n on n.point_id = p.id and n.one_on_one_id = o.id
      where p.pair_id = o.pair_id and (p.one_on_one_id = o.id or n.one_on_one_id is not null)) pts on true
    where o.tenant_id = ${ctx.tenantId} and o.pair_id = ${access.pair.id} and o.finished_at is not null
      and (${q}::text is null or to_tsvector('simple', o.shared_notes || ' ' || coalesce(mine.body, '') || ' '
        || coalesce(pts.words, '')) @@ plainto_tsquery('simple', ${q}::text))
    order by o.held_on desc
    limit ${query.limit} offset ${query.offset}`);
  const rows = rowsOf<HistoryRow>(result);
  return {
    items: rows.map((row) => ({
      id: row.id,
      heldOn: row.heldOn,
      startedAt: iso(row.startedAt),
      finishedAt: iso(row.finishedAt),
      sharedNotes: content ? row.sharedNotes : null,
      privateNotes: access.role === 'admin' ? null : (row.privateNotes ?? ''),
      points: content ? (typeof row.points === 'string' ? JSON.parse(row.points) : (row.points ?? [])) : null,
    })),
    total: Number(rows[0]?.total ?? 0),
  };
};
