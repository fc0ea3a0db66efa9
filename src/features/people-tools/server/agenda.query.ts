import { type SQL, sql } from 'drizzle-orm';
import type { oneOnOnes } from '../../../db/schema/index.ts';
import { pageTotal } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { goalOn, type KpiGoalPeriod, type KpiTarget, kpiMetOn } from '../../../shared/kpis.ts';
import type { History, OneOnOne, PulledItem } from '../people-tools.schemas.ts';
import { auditRead, type PairAccess, type PairRow, type Reader } from './pairs.policy.ts';

// What a 1:1 pulls in from the report's work (their open to-dos, goals and milestones, KPIs off
// goal since the last 1:1) and the pair's history of past 1:1s: each one statement (the history's
// total past its end excepted).

const PULLED_MAX = 20;
/** The KPI cells since the last 1:1 that are read to find the ones off goal (newest first). */
const KPI_CELLS_MAX = 500;

interface KpiCell {
  measured: string;
  own: KpiTarget;
  periods: KpiGoalPeriod[];
}
type PulledRow = PulledItem & { kpi: KpiCell | string | null };
const parsedKpi = (kpi: KpiCell | string | null): KpiCell | null =>
  kpi === null ? null : typeof kpi === 'string' ? (JSON.parse(kpi) as KpiCell) : kpi;

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
        (select o.started_at from one_on_ones o where o.pair_id = ${pair.id} and o.finished_at is not null
          and o.held_on < ${occurrence.heldOn} order by o.held_on desc limit 1),
        ${occurrence.startsAt}::timestamptz - make_interval(days => 7 * ${pair.repeatWeeks})) as at
    )
    (select t.id, t.title, 'todo' as kind, t.due_date::text as "dueDate", '' as detail, null::json as kpi from tasks t
      where t.tenant_id = ${ctx.tenantId} and t.user_id = ${reportId} and t.type = '4' and t.status = '0'
      order by t.due_date nulls last, t.created_at limit ${PULLED_MAX})
    union all
    (select t.id, t.title, 'goal', t.due_date::text, t.status, null from tasks t
      where t.tenant_id = ${ctx.tenantId} and t.user_id = ${reportId} and t.type = '1' and t.status not in ('1', '3')
      order by t.due_date nulls last, t.created_at limit ${PULLED_MAX})
    union all
    (select m.id, m.title, 'milestone', m.due_date::text, g.title, null from goal_milestones m
      join tasks g on g.id = m.goal_id
      where m.tenant_id = ${ctx.tenantId} and m.owner_id = ${reportId} and m.done_at is null
      order by m.due_date nulls last limit ${PULLED_MAX})
    union all
    (select s.id, s.title, 'kpi', se.session_date::text, '',
        json_build_object('measured', c.measured, 'own', json_build_object('goal', s.goal, 'score', s.score,
          'scoreMax', s.score_max), 'periods', (select coalesce(json_agg(json_build_object('goal', gp.goal,
          'score', gp.score, 'scoreMax', gp.score_max, 'startsOn', gp.starts_on::text, 'endsOn', gp.ends_on::text)), '[]')
          from score_goal_periods gp where gp.score_id = s.id and gp.starts_on <= se.session_date
            and gp.ends_on >= se.session_date))
      from scores s
      join score_cells c on c.score_id = s.id
      join sessions se on se.id = c.session_id
      where s.tenant_id = ${ctx.tenantId} and s.user_id = ${reportId} and c.measured is not null
        and se.starts_at >= (select at from since) and se.starts_at <= now()
      order by se.starts_at desc limit ${KPI_CELLS_MAX})`);
  const items = rowsOf<PulledRow>(result).map(({ kpi, ...item }) => ({ item, kpi: parsedKpi(kpi) }));
  const plain = (kinds: PulledItem['kind'][]) =>
    items.filter(({ item }) => kinds.includes(item.kind)).map(({ item }) => item);
  return {
    todos: plain(['todo']),
    goals: plain(['goal', 'milestone']),
    // Off goal by the one colour rule: the goal in force on the meeting's date (a temporary one
    // over the score's own), a range met from its low to its high end.
    kpis: items
      .flatMap(({ item, kpi }) => {
        if (!kpi || kpiMetOn(kpi.own, kpi.periods, item.dueDate, kpi.measured) !== false) return [];
        const target = goalOn(kpi.own, kpi.periods, item.dueDate);
        const goal =
          target.goal === 'between' ? `${target.score} – ${target.scoreMax ?? ''}` : `${target.goal} ${target.score}`;
        return [{ ...item, detail: `${kpi.measured} (${goal})` }];
      })
      .slice(0, PULLED_MAX),
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
  const pairId = access.pair.id;
  // A 1:1's talking points (its own one-offs, and any point with a note in it) with that note,
  // read through the 1:1's own indexes: a long history costs nothing per 1:1. The page is chosen
  // first; the titles are read for its rows alone.
  const pointsOf = (oneOnOneId: SQL) => sql`(
    select p.id, p.title, p.sort, n.body from talking_points p
      left join talking_point_notes n on n.point_id = p.id and n.one_on_one_id = ${oneOnOneId}
      where p.one_on_one_id = ${oneOnOneId} and p.pair_id = ${pairId}
    union
    select p.id, p.title, p.sort, n.body from talking_point_notes n
      join talking_points p on p.id = n.point_id
      where n.one_on_one_id = ${oneOnOneId} and p.pair_id = ${pairId})`;
  const matching = sql`from one_on_ones o
    left join lateral (select body from one_on_one_private_notes
      where one_on_one_id = o.id and user_id = ${ctx.userId}) mine on true
    where o.tenant_id = ${ctx.tenantId} and o.pair_id = ${pairId} and o.finished_at is not null
      and (${q}::text is null or to_tsvector('simple', o.shared_notes || ' ' || coalesce(mine.body, '') || ' '
        || coalesce((select string_agg(x.title || ' ' || coalesce(x.body, ''), ' ') from ${pointsOf(sql.raw('o.id'))} x), ''))
        @@ plainto_tsquery('simple', ${q}::text))`;
  const result = await ctx.db.execute(sql`
    select page.*, (select coalesce(json_agg(x.title order by x.sort), '[]') from ${pointsOf(sql.raw('page.id'))} x) as points
    from (
      select o.id, o.held_on, o.held_on::text as "heldOn", o.started_at as "startedAt", o.finished_at as "finishedAt",
        o.shared_notes as "sharedNotes", mine.body as "privateNotes", count(*) over () as total
      ${matching}
      order by o.held_on desc
      limit ${query.limit} offset ${query.offset}) page
    order by page.held_on desc`);
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
    total: await pageTotal(
      rows.map((row) => ({ total: Number(row.total) })),
      query.offset,
      async () =>
        Number(rowsOf<{ n: number | string }>(await ctx.db.execute(sql`select count(*) as n ${matching}`))[0]?.n ?? 0),
    ),
  };
};
