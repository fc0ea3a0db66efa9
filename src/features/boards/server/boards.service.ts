import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import {
  agendaItems,
  boardLists,
  boardMeetings,
  boards,
  labels,
  meetingPeople,
  taskMembers,
  tasks,
  users,
} from '../../../db/schema/index.ts';
import { anyOf, uuidArray } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { personSummary, personSummaryColumns } from '../../../server/people.ts';
import { sanitizePlainText } from '../../../server/sanitize.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import { todayUtc } from '../../../shared/dates.ts';
import { conflict, forbidden, notFound } from '../../../shared/errors.ts';
import { canManage, loadMeetingAccess } from '../../meetings/server/meetings.access.ts';
import {
  assertBoardEditor,
  type BoardAccess,
  findVisibleBoard,
  findVisibleList,
} from '../../tasks/server/boards.access.ts';
import { cardsJson, describeCards } from '../../tasks/server/cards.query.ts';
import { activeSql } from '../../tasks/server/task-lists.service.ts';
import { participation } from '../../tasks/server/tasks.access.ts';
import { countBoardCards } from '../../tasks/server/tasks.service.ts';
import { publishTask } from '../../tasks/server/tasks.write.ts';
import { boardsMessages } from '../boards.messages.ts';
import type {
  Board,
  BoardColumnPage,
  BoardColumnQuery,
  BoardDetailQuery,
  BoardList,
  CreateBoard,
  Label,
  SaveLabel,
  UpdateBoard,
} from '../boards.schemas.ts';
import { columnGroups, columnPage, shownCards } from './boards.columns.ts';
import { cleanName, insertBoard, publishBoard } from './boards.hooks.ts';

type BoardRow = typeof boards.$inferSelect;

/** Boards as the API shows them, in a fixed number of statements whatever their count. */
const describeBoards = async (ctx: TenantContext, rows: BoardRow[]): Promise<Board[]> => {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const links = await ctx.db
    .select({ boardId: boardMeetings.boardId, meetingId: boardMeetings.meetingId })
    .from(boardMeetings)
    .where(anyOf(boardMeetings.boardId, ids));
  const counts = await ctx.db
    .select({
      boardId: tasks.boardId,
      total: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${activeSql}))::int`,
    })
    .from(tasks)
    .where(anyOf(tasks.boardId, ids))
    .groupBy(tasks.boardId);
  const linked = await ctx.db
    .selectDistinct({ boardId: agendaItems.boardId })
    .from(agendaItems)
    .where(and(eq(agendaItems.tenantId, ctx.tenantId), anyOf(agendaItems.boardId, ids)));
  const { leader } = await participation(ctx.db, ctx.userId, [...new Set(links.map((l) => l.meetingId))]);
  const linkedIds = new Set(linked.map((l) => l.boardId));
  const countOf = new Map(counts.map((c) => [c.boardId, c]));
  return rows.map((row) => {
    const meetingIds = links.filter((l) => l.boardId === row.id).map((l) => l.meetingId);
    return {
      id: row.id,
      name: row.name,
      color: row.color,
      meetingIds,
      sort: row.sort,
      archived: row.archivedAt !== null,
      cardCount: countOf.get(row.id)?.total ?? 0,
      activeCardCount: countOf.get(row.id)?.active ?? 0,
      linkedToAgenda: linkedIds.has(row.id),
      changedAt: row.changedAt.toISOString(),
      changedBy: row.changedBy,
      permissions: { canEdit: ctx.isAdmin || meetingIds.some((m) => leader.has(m)) },
    };
  });
};

const describeBoard = async (ctx: TenantContext, row: BoardRow) => (await describeBoards(ctx, [row]))[0]!;

/** Boards are created for, and moved into, meetings the caller leads (or any, for workspace admins). */
const assertLeadsMeetings = async (ctx: TenantContext, meetingIds: string[]) => {
  for (const meetingId of meetingIds) {
    const meeting = await loadMeetingAccess(ctx.db, ctx.tenantId, meetingId);
    if (!meeting) throw notFound();
    if (!canManage(ctx, meeting)) {
      if (meeting.memberIds.includes(ctx.userId)) throw forbidden();
      throw notFound();
    }
  }
};

/** `GET meetings/{id}/boards` (getBoards): the meeting's boards in order; archived ones on request. */
export const listBoards = async (ctx: TenantContext, meetingId: string, archived: boolean) => {
  const meeting = await loadMeetingAccess(ctx.db, ctx.tenantId, meetingId);
  if (!meeting || !(ctx.isAdmin || meeting.leaderIds.includes(ctx.userId) || meeting.memberIds.includes(ctx.userId)))
    throw notFound();
  const rows = await ctx.db
    .select()
    .from(boards)
    .where(
      and(
        eq(boards.tenantId, ctx.tenantId),
        inArray(
          boards.id,
          ctx.db
            .select({ id: boardMeetings.boardId })
            .from(boardMeetings)
            .where(eq(boardMeetings.meetingId, meetingId)),
        ),
        archived ? isNotNull(boards.archivedAt) : isNull(boards.archivedAt),
      ),
    )
    .orderBy(asc(boards.sort), asc(boards.createdAt));
  return describeBoards(ctx, rows);
};

/** `POST boards` (saveBoards). */
export const createBoard = async (ctx: TenantContext, input: CreateBoard) => {
  const meetingIds = [...new Set(input.meetingIds)];
  await assertInWorkspace(ctx.db, ctx.tenantId, { meetings: meetingIds });
  await assertLeadsMeetings(ctx, meetingIds);
  const row = await insertBoard(ctx, { name: input.name, color: input.color, meetingIds, lists: input.lists });
  publishBoard(ctx, row.id, meetingIds, 'created');
  return describeBoard(ctx, row);
};

/**
 * A board leaves meetings (archive, delete, or being unlinked) only when: no agenda item
 * points at it, none of its cards is active, and each meeting keeps another board.
 */
const assertRemovable = async (ctx: TenantContext, access: BoardAccess, fromMeetings: string[]) => {
  const [linked] = await ctx.db
    .select({ id: agendaItems.id })
    .from(agendaItems)
    .where(and(eq(agendaItems.tenantId, ctx.tenantId), eq(agendaItems.boardId, access.board.id)))
    .limit(1);
  if (linked) throw conflict(boardsMessages.boardLinkedToAgenda);
  const counts = await countBoardCards(ctx, access.board.id);
  if (counts.active > 0) throw conflict(boardsMessages.boardHasActiveCards);
  if (fromMeetings.length > 0) {
    const others = await ctx.db
      .select({ meetingId: boardMeetings.meetingId, count: sql<number>`count(*)::int` })
      .from(boardMeetings)
      .innerJoin(boards, eq(boards.id, boardMeetings.boardId))
      .where(
        and(
          anyOf(boardMeetings.meetingId, fromMeetings),
          sql`${boardMeetings.boardId} <> ${access.board.id}`,
          isNull(boards.archivedAt),
        ),
      )
      .groupBy(boardMeetings.meetingId);
    if (others.length < fromMeetings.length) throw conflict(boardsMessages.lastBoard);
  }
  return counts;
};

/** `PATCH boards/{id}`: name, colour, meetings; archived true/false archives or restores it. */
export const updateBoard = async (ctx: TenantContext, id: string, input: UpdateBoard) => {
  const access = await findVisibleBoard(ctx, id);
  assertBoardEditor(access);
  await assertInWorkspace(ctx.db, ctx.tenantId, { meetings: input.meetingIds });
  const archiving = input.archived === true && access.board.archivedAt === null;
  const meetingIds = input.meetingIds ? [...new Set(input.meetingIds)] : access.meetingIds;
  const added = meetingIds.filter((m) => !access.meetingIds.includes(m));
  const removed = access.meetingIds.filter((m) => !meetingIds.includes(m));
  await assertLeadsMeetings(ctx, added);
  if (archiving) await assertRemovable(ctx, access, access.meetingIds);
  else if (removed.length > 0 && access.board.archivedAt === null) {
    const [other] = await ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(boardMeetings)
      .innerJoin(boards, eq(boards.id, boardMeetings.boardId))
      .where(and(anyOf(boardMeetings.meetingId, removed), sql`${boards.id} <> ${id}`, isNull(boards.archivedAt)));
    if ((other?.count ?? 0) === 0) throw conflict(boardsMessages.lastBoard);
  }
  const [row] = await ctx.db
    .update(boards)
    .set({
      ...(input.name !== undefined ? { name: cleanName(input.name) } : {}),
      ...(input.color !== undefined ? { color: input.color ?? null } : {}),
      ...(input.archived !== undefined
        ? { archivedAt: input.archived ? (access.board.archivedAt ?? new Date()) : null }
        : {}),
      changedAt: new Date(),
      changedBy: ctx.userId,
    })
    .where(and(eq(boards.id, id), eq(boards.tenantId, ctx.tenantId)))
    .returning();
  if (input.meetingIds) {
    await ctx.db.delete(boardMeetings).where(eq(boardMeetings.boardId, id));
    await ctx.db.insert(boardMeetings).values(meetingIds.map((meetingId) => ({ boardId: id, meetingId })));
  }
  publishBoard(ctx, id, [...access.meetingIds, ...meetingIds], archiving ? 'archived' : 'updated');
  return describeBoard(ctx, row!);
};

/**
 * `DELETE boards/{id}`: a board with cards is archived, an empty one deleted for good
 * ("Archiving/Deleting a board is permanent and cannot be undone.").
 */
export const removeBoard = async (ctx: TenantContext, id: string) => {
  const access = await findVisibleBoard(ctx, id);
  assertBoardEditor(access);
  const counts = await assertRemovable(ctx, access, access.board.archivedAt === null ? access.meetingIds : []);
  if (counts.total > 0) {
    await ctx.db
      .update(boards)
      .set({ archivedAt: access.board.archivedAt ?? new Date(), changedAt: new Date(), changedBy: ctx.userId })
      .where(eq(boards.id, id));
    publishBoard(ctx, id, access.meetingIds, 'archived');
    return { id, action: 'archived' as const };
  }
  await ctx.db.delete(boards).where(and(eq(boards.id, id), eq(boards.tenantId, ctx.tenantId)));
  publishBoard(ctx, id, access.meetingIds, 'deleted');
  return { id, action: 'deleted' as const };
};

/** The boards (of the workspace) the caller may see among `ids`; 404 if any is not. */
const assertVisibleBoards = async (ctx: TenantContext, ids: string[]) => {
  const visible = await ctx.db
    .selectDistinct({ id: boards.id })
    .from(boards)
    .leftJoin(boardMeetings, eq(boardMeetings.boardId, boards.id))
    .leftJoin(
      meetingPeople,
      and(eq(meetingPeople.meetingId, boardMeetings.meetingId), eq(meetingPeople.userId, ctx.userId)),
    )
    .where(
      and(
        eq(boards.tenantId, ctx.tenantId),
        anyOf(boards.id, ids),
        ctx.isAdmin ? sql`true` : isNotNull(meetingPeople.userId),
      ),
    );
  if (visible.length !== ids.length) throw notFound();
};

/** `PUT boards/order` (saveBoardOrder): the boards in their new order, one statement. */
export const orderBoards = async (ctx: TenantContext, boardIds: string[]) => {
  const ids = [...new Set(boardIds)];
  await assertInWorkspace(ctx.db, ctx.tenantId, { boards: ids });
  await assertVisibleBoards(ctx, ids);
  await ctx.db.execute(sql`
    update ${boards} set sort = ordered.position - 1
    from unnest(${uuidArray(ids)}) with ordinality as ordered(id, position)
    where ${boards.id} = ordered.id and ${boards.tenantId} = ${ctx.tenantId}`);
  const links = await ctx.db
    .selectDistinct({ meetingId: boardMeetings.meetingId })
    .from(boardMeetings)
    .where(anyOf(boardMeetings.boardId, ids));
  for (const id of ids)
    publishBoard(
      ctx,
      id,
      links.map((l) => l.meetingId),
      'updated',
    );
  return true;
};

/** Makes JSON text of an object whose `raw` keys already hold JSON text, keeping the keys' order. */
const jsonWithRaw = (parts: [key: string, value: unknown, raw?: 'raw'][]) =>
  `{${parts.map(([key, value, raw]) => `${JSON.stringify(key)}:${raw ? value : JSON.stringify(value)}`).join(',')}}`;

/**
 * `GET boards/{id}`: the board with its lists, the first cards of each column for the chosen
 * grouping (members, labels, checklist progress) with every column's count, and the people and
 * labels they name, in a constant number of statements whatever the number of cards (see the
 * test that counts them). The answer is JSON text (a `BoardDetail`): the cards are written by
 * PostgreSQL and go out without being parsed in Node (docs/decisions/014 and 018).
 */
export const boardDetailJson = async (ctx: TenantContext, id: string, query: BoardDetailQuery): Promise<string> => {
  const access = await findVisibleBoard(ctx, id);
  const board = await describeBoard(ctx, access.board);
  const lists = await ctx.db
    .select({ id: boardLists.id, boardId: boardLists.boardId, name: boardLists.name, sort: boardLists.sort })
    .from(boardLists)
    .where(and(eq(boardLists.boardId, id), eq(boardLists.tenantId, ctx.tenantId)))
    .orderBy(asc(boardLists.sort), asc(boardLists.createdAt));
  const shown = shownCards(ctx, id, query);
  const groups = await columnGroups(ctx, id, shown, query.groupBy, query.limit, query.limits);
  const cardIds = [...new Set(groups.flatMap((group) => group.cardIds))];
  const cards = await cardsJson(ctx.db, cardIds, query.today ?? todayUtc());
  const boardLabels = await labelRows(ctx, id);
  // The assignable people: leaders and members of the board's meetings, and whoever owns or
  // is a member of a card that matches (shown now or on a later page).
  const shownIds = ctx.db.select({ id: tasks.id }).from(tasks).where(shown);
  const people = await ctx.db
    .select(personSummaryColumns)
    .from(users)
    .where(
      or(
        inArray(users.id, ctx.db.select({ id: tasks.userId }).from(tasks).where(shown)),
        inArray(
          users.id,
          ctx.db.select({ id: taskMembers.userId }).from(taskMembers).where(inArray(taskMembers.taskId, shownIds)),
        ),
        inArray(
          users.id,
          ctx.db
            .select({ id: meetingPeople.userId })
            .from(meetingPeople)
            .where(anyOf(meetingPeople.meetingId, access.meetingIds)),
        ),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName));
  return jsonWithRaw([
    ['board', board],
    ['lists', lists],
    ['groupBy', query.groupBy],
    ['groups', groups],
    ['cards', cards, 'raw'],
    ['labels', boardLabels],
    ['people', people.map(personSummary)],
  ]);
};

/**
 * `GET boards/{id}/cards`: the next cards of one column ("Show N more"), under the same
 * filters and grouping as the board call, with the column's count as it is now.
 */
export const boardColumnPage = async (
  ctx: TenantContext,
  id: string,
  query: BoardColumnQuery,
): Promise<BoardColumnPage> => {
  await findVisibleBoard(ctx, id);
  const page = await columnPage(ctx, shownCards(ctx, id, query), query.groupBy, query.group, query.offset, query.limit);
  const cards = await describeCards(
    ctx.db,
    page.ids.map((cardId) => ({ id: cardId })),
    query.today ?? todayUtc(),
  );
  return { key: query.group, count: page.count, offset: query.offset, cards };
};

// Lists

const publishList = (ctx: TenantContext, access: BoardAccess) =>
  publishBoard(ctx, access.board.id, access.meetingIds, 'updated');

/** `GET boards/{id}/task-types` (getTaskTypes). */
export const listLists = async (ctx: TenantContext, boardId: string): Promise<BoardList[]> => {
  await findVisibleBoard(ctx, boardId);
  return ctx.db
    .select({ id: boardLists.id, boardId: boardLists.boardId, name: boardLists.name, sort: boardLists.sort })
    .from(boardLists)
    .where(eq(boardLists.boardId, boardId))
    .orderBy(asc(boardLists.sort), asc(boardLists.createdAt));
};

/** `POST task-types` (saveTaskType): a new list at the end ("Add Another List"). */
export const createList = async (ctx: TenantContext, input: { boardId: string; name: string }) => {
  await assertInWorkspace(ctx.db, ctx.tenantId, { boards: [input.boardId] });
  const access = await findVisibleBoard(ctx, input.boardId);
  assertBoardEditor(access);
  const [last] = await ctx.db
    .select({ next: sql<number>`coalesce(max(${boardLists.sort}) + 1, 0)::int` })
    .from(boardLists)
    .where(eq(boardLists.boardId, input.boardId));
  const [row] = await ctx.db
    .insert(boardLists)
    .values({
      tenantId: ctx.tenantId,
      boardId: input.boardId,
      name: cleanName(input.name),
      sort: last?.next ?? 0,
      changedBy: ctx.userId,
    })
    .returning({ id: boardLists.id, boardId: boardLists.boardId, name: boardLists.name, sort: boardLists.sort });
  publishList(ctx, access);
  return row!;
};

export const updateList = async (ctx: TenantContext, id: string, input: { name: string }) => {
  const { board } = await findVisibleList(ctx, id);
  assertBoardEditor(board);
  const [row] = await ctx.db
    .update(boardLists)
    .set({ name: cleanName(input.name), changedAt: new Date(), changedBy: ctx.userId })
    .where(eq(boardLists.id, id))
    .returning({ id: boardLists.id, boardId: boardLists.boardId, name: boardLists.name, sort: boardLists.sort });
  publishList(ctx, board);
  return row!;
};

/**
 * `DELETE task-types/{id}` (deleteTaskType): its cards that are action items leave the board
 * and stay in action items; the others are deleted with the list.
 */
export const deleteList = async (ctx: TenantContext, id: string) => {
  const { board } = await findVisibleList(ctx, id);
  assertBoardEditor(board);
  const kept = await ctx.db
    .update(tasks)
    .set({ boardId: null, boardListId: null, changedAt: new Date(), changedBy: ctx.userId })
    .where(and(eq(tasks.boardListId, id), eq(tasks.showInTasks, '1')))
    .returning({ id: tasks.id });
  const removed = await ctx.db.delete(tasks).where(eq(tasks.boardListId, id)).returning({ id: tasks.id });
  await ctx.db.delete(boardLists).where(eq(boardLists.id, id));
  for (const task of kept) publishTask(ctx, task.id, null, board.meetingIds, { action: 'updated' });
  for (const task of removed) publishTask(ctx, task.id, board.board.id, board.meetingIds, { action: 'deleted' });
  publishList(ctx, board);
  return true;
};

/** `PUT boards/{id}/task-types-order` (saveBoardListOrder). */
export const orderLists = async (ctx: TenantContext, boardId: string, listIds: string[]) => {
  const access = await findVisibleBoard(ctx, boardId);
  await assertInWorkspace(ctx.db, ctx.tenantId, { lists: listIds });
  const ids = [...new Set(listIds)];
  await ctx.db.execute(sql`
    update ${boardLists} set sort = ordered.position - 1
    from unnest(${uuidArray(ids)}) with ordinality as ordered(id, position)
    where ${boardLists.id} = ordered.id and ${boardLists.boardId} = ${boardId}`);
  publishList(ctx, access);
  return listLists(ctx, boardId);
};

// Labels

const labelRows = async (ctx: TenantContext, boardId: string | undefined): Promise<Label[]> =>
  ctx.db
    .select({ id: labels.id, boardId: labels.boardId, name: labels.name, color: labels.color })
    .from(labels)
    .where(
      and(
        eq(labels.tenantId, ctx.tenantId),
        boardId ? or(isNull(labels.boardId), eq(labels.boardId, boardId)) : isNull(labels.boardId),
      ),
    )
    .orderBy(asc(labels.createdAt));

/** `GET labels?boardId=`: the workspace's labels, and the board's own. */
export const listLabels = async (ctx: TenantContext, boardId: string | undefined) => {
  if (boardId) await findVisibleBoard(ctx, boardId);
  return labelRows(ctx, boardId);
};

/** `POST labels` (saveLabel). */
export const createLabel = async (ctx: TenantContext, input: SaveLabel) => {
  await assertInWorkspace(ctx.db, ctx.tenantId, { boards: [input.boardId] });
  const access = input.boardId ? await findVisibleBoard(ctx, input.boardId) : null;
  const [row] = await ctx.db
    .insert(labels)
    .values({ tenantId: ctx.tenantId, boardId: input.boardId, name: sanitizePlainText(input.name), color: input.color })
    .returning({ id: labels.id, boardId: labels.boardId, name: labels.name, color: labels.color });
  if (access) publishList(ctx, access);
  return row!;
};

const findLabel = async (ctx: TenantContext, id: string) => {
  const [label] = await ctx.db
    .select()
    .from(labels)
    .where(and(eq(labels.id, id), eq(labels.tenantId, ctx.tenantId)));
  if (!label) throw notFound();
  const access = label.boardId ? await findVisibleBoard(ctx, label.boardId) : null;
  return { label, access };
};

/** `PUT labels/{id}` (saveLabel). A label keeps its board. */
export const updateLabel = async (ctx: TenantContext, id: string, input: SaveLabel) => {
  const { access } = await findLabel(ctx, id);
  // A label keeps its board; a board id sent along is still checked like any other.
  await assertInWorkspace(ctx.db, ctx.tenantId, { boards: [input.boardId] });
  const [row] = await ctx.db
    .update(labels)
    .set({ name: sanitizePlainText(input.name), color: input.color })
    .where(eq(labels.id, id))
    .returning({ id: labels.id, boardId: labels.boardId, name: labels.name, color: labels.color });
  if (access) publishList(ctx, access);
  return row!;
};

/** `DELETE labels/{id}` (deleteLabel): it leaves every card. */
export const deleteLabel = async (ctx: TenantContext, id: string) => {
  const { access } = await findLabel(ctx, id);
  await ctx.db.delete(labels).where(eq(labels.id, id));
  if (access) publishList(ctx, access);
  return true;
};
