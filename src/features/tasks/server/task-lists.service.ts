import { and, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { boardMeetings, meetingPeople, taskMeetings, taskMembers, tasks } from '../../../db/schema/index.ts';
import { pageTotal, uuidArray, windowTotal } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import type { TaskType } from '../../../shared/tasks.ts';
import { findVisibleMeeting } from '../../meetings/server/meetings.access.ts';
import type { TaskCounts, TaskCountsQuery, TaskListQuery, TaskPage } from '../tasks.schemas.ts';
import { describeCards } from './cards.query.ts';

// The action-item lists (GET tasks, GET tasks/counts): a page at a time, in the order the
// screen shows them, with the total so the client can say "Show N more" (decision 039).

/** SQL twin of `isActive` (shared/tasks.ts): a goal is inactive when done or incomplete, others when done. */
export const activeSql = sql`not (${tasks.status} = '1' or (${tasks.type} = '1' and ${tasks.status} = '3'))`;

/** Cards linked to a meeting the caller leads or attends. */
export const inCallersMeetings = (ctx: TenantContext): SQL =>
  inArray(
    tasks.id,
    ctx.db
      .select({ id: taskMeetings.taskId })
      .from(taskMeetings)
      .innerJoin(meetingPeople, eq(meetingPeople.meetingId, taskMeetings.meetingId))
      .where(eq(meetingPeople.userId, ctx.userId)),
  );

/** Cards on one of the meeting's boards. */
const onMeetingBoards = (ctx: TenantContext, meetingId: string): SQL =>
  inArray(
    tasks.boardId,
    ctx.db.select({ id: boardMeetings.boardId }).from(boardMeetings).where(eq(boardMeetings.meetingId, meetingId)),
  );

/** A meeting's items, as its lists hold them: linked to it, or on one of its boards (the archive's rule too). */
export const ofMeeting = (ctx: TenantContext, meetingId: string): SQL =>
  or(
    inArray(
      tasks.id,
      ctx.db.select({ id: taskMeetings.taskId }).from(taskMeetings).where(eq(taskMeetings.meetingId, meetingId)),
    ),
    onMeetingBoards(ctx, meetingId),
  )!;

/**
 * Leaves out the cards all of whose meetings are hidden (home's avatar strip, decision 069). A
 * card's meetings are those it is linked to and those of its board: the meetings whose lists
 * hold it (`ofMeeting`). It stays when one of them is not hidden, and when it has none (nothing
 * hides it): `bool_or` over no rows is null, which `is not false` keeps. One scalar subquery per
 * card the list's other conditions let through, reading both link tables by their primary keys
 * (task_id, board_id first); no statement more, however many meetings are hidden.
 */
export const notAllMeetingsHidden = (hidden: string[]): SQL => {
  const ids = uuidArray(hidden);
  return sql`(select bool_or(not (of_card.meeting_id = any(${ids}))) from (
    select link.meeting_id from task_meetings link where link.task_id = ${tasks.id}
    union all
    select board.meeting_id from board_meetings board where board.board_id = ${tasks.boardId}
  ) of_card) is not false`;
};

/** Conditions on `tasks` for the caller's, a member's or any list; the meeting's links come in `idsOf`. */
const listConditions = (
  ctx: TenantContext,
  query: Pick<TaskListQuery, 'memberId' | 'meetingId' | 'inTasks' | 'hiddenMeetingIds'>,
) => {
  const conditions: SQL[] = [eq(tasks.tenantId, ctx.tenantId)];
  if (query.memberId || !query.meetingId) {
    const memberId = query.memberId ?? ctx.userId;
    conditions.push(
      inArray(
        tasks.id,
        ctx.db.select({ id: taskMembers.taskId }).from(taskMembers).where(eq(taskMembers.userId, memberId)),
      ),
    );
    // Someone else's action items: only those of meetings the caller is part of.
    if (memberId !== ctx.userId && !ctx.isAdmin) conditions.push(inCallersMeetings(ctx));
  }
  if (query.inTasks) conditions.push(eq(tasks.showInTasks, '1'));
  if (query.hiddenMeetingIds?.length) conditions.push(notAllMeetingsHidden([...new Set(query.hiddenMeetingIds)]));
  return conditions;
};

const listed = {
  id: tasks.id,
  type: tasks.type,
  active: sql<boolean>`${activeSql}`.as('active'),
  sort: tasks.sort,
  createdAt: tasks.createdAt,
  completedAt: tasks.completedAt,
};

/**
 * The cards a list holds, with their sort keys. A meeting's action items are those linked to
 * it and those on its boards: a UNION of two selects that read by key (decisions 029, 039):
 * the meeting's links gathered into one array and the cards read by id through the primary key
 * (`id = any(array(…))`: never a join that reads all of tasks when a meeting holds a big share of
 * them, and a third cheaper than a LATERAL lookup a link), and the cards of the meeting's boards
 * by board_id.
 */
const listRows = (ctx: TenantContext, meetingId: string | undefined, conditions: SQL[]) => {
  if (!meetingId)
    return ctx.db
      .select(listed)
      .from(tasks)
      .where(and(...conditions));
  const linkedIds = sql`array(select ${taskMeetings.taskId} from ${taskMeetings} where ${taskMeetings.meetingId} = ${meetingId})`;
  return ctx.db
    .select(listed)
    .from(tasks)
    .where(and(sql`${tasks.id} = any(${linkedIds})`, ...conditions))
    .union(
      ctx.db
        .select(listed)
        .from(tasks)
        .where(and(...conditions, onMeetingBoards(ctx, meetingId))),
    );
};

/**
 * `GET tasks`: a page of a meeting's action items, a member's (getTasksByMember) or the
 * caller's own, less those of hidden meetings (`hiddenMeetingIds`). Active and all: by priority
 * (sort), newest first within it; done: the most recently finished first, as the lists show them.
 */
export const listTasks = async (ctx: TenantContext, query: TaskListQuery): Promise<TaskPage> => {
  if (query.meetingId) await findVisibleMeeting(ctx, query.meetingId);
  const conditions = listConditions(ctx, query);
  if (query.type) conditions.push(eq(tasks.type, query.type));
  if (query.state === 'active') conditions.push(activeSql);
  if (query.state === 'done') conditions.push(sql`not ${activeSql}`);
  const rows = listRows(ctx, query.meetingId, conditions).as('listed');
  // The subquery's own columns: a table's column would be out of scope here.
  const order =
    query.state === 'done'
      ? sql`${rows.completedAt} desc nulls last, ${rows.createdAt} desc, ${rows.id}`
      : sql`${rows.sort} asc, ${rows.createdAt} desc, ${rows.id}`;
  const page = await ctx.db
    .select({ id: rows.id, total: windowTotal() })
    .from(rows)
    .orderBy(order)
    .limit(query.limit)
    .offset(query.offset);
  const total = await pageTotal(
    page,
    query.offset,
    async () => (await ctx.db.select({ n: count() }).from(rows))[0]?.n ?? 0,
  );
  return { items: await describeCards(ctx.db, page), total, offset: query.offset };
};

/**
 * The ids of a meeting's open action items of one type in the order the lists show them
 * (`listTasks`' active order): what a drop in a paged list is placed into.
 */
export const meetingOpenOrder = async (ctx: TenantContext, meetingId: string, type: TaskType) => {
  const conditions = [...listConditions(ctx, { meetingId, inTasks: true }), eq(tasks.type, type), activeSql];
  const rows = listRows(ctx, meetingId, conditions).as('listed');
  const ordered = await ctx.db
    .select({ id: rows.id })
    .from(rows)
    .orderBy(sql`${rows.sort} asc, ${rows.createdAt} desc, ${rows.id}`);
  return ordered.map((row) => row.id);
};

/** `GET tasks/counts`: a meeting's action items by type, active and done (the tabs' counts). */
export const countTasks = async (ctx: TenantContext, query: TaskCountsQuery): Promise<TaskCounts> => {
  await findVisibleMeeting(ctx, query.meetingId);
  const conditions = listConditions(ctx, { meetingId: query.meetingId, inTasks: true });
  const rows = listRows(ctx, query.meetingId, conditions).as('listed');
  const counted = await ctx.db
    .select({
      type: rows.type,
      active: sql<number>`(count(*) filter (where ${rows.active}))::int`,
      done: sql<number>`(count(*) filter (where not ${rows.active}))::int`,
    })
    .from(rows)
    .groupBy(rows.type);
  return counted.map((row) => ({ type: row.type as TaskType, active: row.active, done: row.done }));
};
