import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { taskMembers, tasks } from '../../../db/schema/index.ts';
import { anyOf, containsPattern } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { addDays, todayUtc } from '../../../shared/dates.ts';
import { activeSql } from '../../tasks/server/task-lists.service.ts';
import { type BoardGrouping, NOBODY } from '../boards.grouping.ts';
import type { BoardGroup, BoardQuery } from '../boards.schemas.ts';

// The board's columns on the server (docs/decisions/018-board-paging.md): which cards match the
// filters, which column(s) each one sits in for the chosen grouping, in what order, how many
// each column has, and one page of them. Every statement here is one, whatever the board's size.

/** Filters of the board view: Active/All, search over title and description, due bucket, members. */
const cardFilters = (query: BoardQuery): SQL[] => {
  const today = query.today ?? todayUtc();
  const conditions: SQL[] = [];
  if (query.state === 'active') conditions.push(activeSql);
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(or(sql`${tasks.title} ilike ${pattern}`, sql`${tasks.description} ilike ${pattern}`)!);
  }
  if (query.due === 'none') conditions.push(isNull(tasks.dueDate));
  if (query.due === 'overdue') conditions.push(sql`${tasks.dueDate} < ${today}::date and ${tasks.status} <> '1'`);
  if (query.due === 'soon')
    conditions.push(
      sql`${tasks.dueDate} between ${today}::date and ${addDays(today, 2)}::date and ${tasks.status} <> '1'`,
    );
  if (query.due === 'later') conditions.push(sql`${tasks.dueDate} > ${addDays(today, 2)}::date`);
  if (query.memberIds?.length)
    conditions.push(
      inArray(
        tasks.id,
        sql`(select ${taskMembers.taskId} from ${taskMembers} where ${anyOf(taskMembers.userId, query.memberIds)})`,
      ),
    );
  return conditions;
};

/** The board's cards that the filters let through (a condition on `tasks`). */
export const shownCards = (ctx: TenantContext, boardId: string, query: BoardQuery): SQL =>
  and(eq(tasks.boardId, boardId), eq(tasks.tenantId, ctx.tenantId), ...cardFilters(query))!;

/**
 * By status or by user: the shown cards with their column and their rank in it (1-based), as the
 * SQL of a derived table `(key, id, rank, total)`. A column's order is the board's: its list's
 * place, then the card's own. By user, a card sits in its owner's column and in each member's,
 * and in `nobody` when it has neither. (By list, see `listGroups` and `listPage`.)
 */
const rankedCards = (shown: SQL, groupBy: Exclude<BoardGrouping, 'list'>, onlyKey?: string) => {
  const keyed =
    groupBy === 'status'
      ? sql`select id, case when active then 'active' else 'done' end as key from placed`
      : sql`select id, user_id::text as key from placed where user_id is not null
            union
            select placed.id, member.user_id::text from placed join task_members member on member.task_id = placed.id
            union all
            select id, ${NOBODY}::text from placed
            where user_id is null and not exists (select 1 from task_members member where member.task_id = placed.id)`;
  return sql`(
    with placed as (
      select "tasks"."id" as id, "tasks"."user_id" as user_id, "tasks"."board_list_id" as board_list_id,
        "tasks"."sort" as sort, "tasks"."created_at" as created_at, ${activeSql} as active,
        list.sort as list_sort, list.created_at as list_created_at
      from "tasks" left join board_lists list on list.id = "tasks"."board_list_id"
      where ${shown}
    ), keyed as (${keyed})
    select keyed.key, keyed.id,
      row_number() over (
        partition by keyed.key
        order by placed.list_sort nulls first, placed.list_created_at, placed.sort, placed.created_at, placed.id
      ) as rank,
      count(*) over (partition by keyed.key) as total
    from keyed join placed on placed.id = keyed.id
    ${onlyKey === undefined ? sql`` : sql`where keyed.key = ${onlyKey}`}
  ) ranked`;
};

const splitIds = (ids: string | null) => (ids ? ids.split(',') : []);

/** The columns of a `(key, count, ids)` answer. */
const groupsOf = (result: unknown): BoardGroup[] =>
  (result as { rows: { key: string; count: number; ids: string | null }[] }).rows.map((row) => ({
    key: row.key,
    count: row.count,
    cardIds: splitIds(row.ids),
  }));

/** A `(count, ids)` answer as a column page. */
const pageOf = (result: unknown) => {
  const [row] = (result as { rows: { count: number; ids: string | null }[] }).rows;
  return { count: row?.count ?? 0, ids: splitIds(row?.ids ?? null) };
};

/** By list: how many shown cards the list `listId` holds (SQL of a scalar subquery's body). */
const listCount = (listId: SQL, shown: SQL) =>
  sql`select count(*) from "tasks" where "tasks"."board_list_id" = ${listId} and ${shown}`;

/**
 * By list: the ids of the list's shown cards from `offset`, `limit` of them, in its order, as one
 * comma-separated text — read through the (board_list_id, sort) index.
 */
const listCardIds = (listId: SQL, shown: SQL, offset: SQL, limit: SQL) => sql`
  select string_agg(page.id::text, ',' order by page.sort, page.created_at, page.id)
  from (
    select "tasks"."id" as id, "tasks"."sort" as sort, "tasks"."created_at" as created_at
    from "tasks" where "tasks"."board_list_id" = ${listId} and ${shown}
    order by "tasks"."sort", "tasks"."created_at", "tasks"."id"
    offset ${offset} limit ${limit}
  ) page`;

/**
 * By list: the board's shown cards counted by list in one pass, and each list's first ones taken
 * through the (board_list_id, sort) index: the same answer as ranking every card of the board,
 * without sorting the whole board (a board of 5,000 cards ranks 5,000 rows to send 20 a list).
 * One grouped count rather than a count a list, which read the board's whole index once a list.
 */
const listGroups = async (
  ctx: TenantContext,
  boardId: string,
  shown: SQL,
  limit: number,
  limits: { key: string; count: number }[],
): Promise<BoardGroup[]> => {
  // One wanted count a list (a key asked twice would otherwise repeat its list).
  const wanted = new Map(limits.map((l) => [l.key, l.count]));
  const result = await ctx.db.execute(sql`
    with counted as (
      select "tasks"."board_list_id" as list_id, count(*) as n from "tasks" where ${shown} group by "tasks"."board_list_id"
    )
    select list.id::text as key, counted.n::int as count, firsts.ids
    from board_lists list
    join counted on counted.list_id = list.id
    left join unnest(${sql.param([...wanted.keys()])}::text[], ${sql.param([...wanted.values()])}::int[])
      as wanted(key, n) on wanted.key = list.id::text
    cross join lateral (${listCardIds(sql`list.id`, shown, sql`0`, sql`coalesce(wanted.n, ${limit}::int)`)}) firsts(ids)
    where list.board_id = ${boardId} and list.tenant_id = ${ctx.tenantId}
    order by key`);
  return groupsOf(result);
};

/**
 * Every column that has cards, with its count and its first cards' ids: `limit` of them, or
 * the number `limits` asks for that column. One statement.
 */
export const columnGroups = async (
  ctx: TenantContext,
  boardId: string,
  shown: SQL,
  groupBy: BoardGrouping,
  limit: number,
  limits: { key: string; count: number }[],
): Promise<BoardGroup[]> => {
  if (groupBy === 'list') return listGroups(ctx, boardId, shown, limit, limits);
  const result = await ctx.db.execute(sql`
    select ranked.key, ranked.total::int as count,
      string_agg(ranked.id::text, ',' order by ranked.rank) filter (where ranked.rank <= coalesce(wanted.n, ${limit}::int)) as ids
    from ${rankedCards(shown, groupBy)}
    left join unnest(${sql.param(limits.map((l) => l.key))}::text[], ${sql.param(limits.map((l) => l.count))}::int[])
      as wanted(key, n) on wanted.key = ranked.key
    group by ranked.key, ranked.total
    order by ranked.key`);
  return groupsOf(result);
};

/** One column's count and the ids of its cards from `offset` (0-based), `limit` of them. One statement. */
export const columnPage = async (
  ctx: TenantContext,
  shown: SQL,
  groupBy: BoardGrouping,
  key: string,
  offset: number,
  limit: number,
) => {
  if (groupBy === 'list') return listPage(ctx, shown, key, offset, limit);
  const result = await ctx.db.execute(sql`
    select count(*)::int as count,
      string_agg(ranked.id::text, ',' order by ranked.rank)
        filter (where ranked.rank > ${offset}::int and ranked.rank <= ${offset + limit}::int) as ids
    from ${rankedCards(shown, groupBy, key)}`);
  return pageOf(result);
};

/** One list's page through the (board_list_id, sort) index, as `listGroups` takes its first cards. */
const listPage = async (ctx: TenantContext, shown: SQL, key: string, offset: number, limit: number) => {
  // Any other column key names no list (by list, `active` or a person has no cards).
  if (!z.uuid().safeParse(key).success) return { count: 0, ids: [] };
  const list = sql`${key}::uuid`;
  const result = await ctx.db.execute(sql`
    select (${listCount(list, shown)})::int as count,
      (${listCardIds(list, shown, sql`${offset}::int`, sql`${limit}::int`)}) as ids`);
  return pageOf(result);
};
