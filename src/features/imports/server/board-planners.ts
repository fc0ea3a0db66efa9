import { and, count, eq, gt, inArray, not, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  activities,
  agendaItems,
  attachments,
  boardLists,
  boardMeetings,
  boards,
  checklists,
  labels,
  tasks,
} from '../../../db/schema/index.ts';
import { anyOf } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { conflict } from '../../../shared/errors.ts';
import { publishBoard } from '../../boards/server/boards.hooks.ts';
import { deleteLabel, deleteList } from '../../boards/server/boards.service.ts';
import { deleteActivity } from '../../tasks/server/activities.service.ts';
import { deleteChecklist } from '../../tasks/server/checklists.service.ts';
import { deleteCardsInBulk } from '../../tasks/server/tasks.bulk-delete.ts';
import { importsMessages } from '../imports.messages.ts';
import { planBoard } from './board-plan.ts';
import type { SourceBoard } from './board-source.ts';
import { readPlankaBoard } from './planka-board.ts';
import type { ImportFile, ImportPlanner } from './planners.ts';
import { readTrelloBoard } from './trello-board.ts';

// Trello and Planka boards as planners (decision 121): each reads its export into the common
// board shape; the plan, the writes and the undo are the same for both.

const jsonOf = (file: ImportFile) => (file.format === 'json' ? file.data : undefined);

const idsOf = (items: { entity: string; entityId: string }[], entity: string) =>
  items.filter((item) => item.entity === entity).map((item) => item.entityId);

/**
 * Takes back a board import: the comments and checklists it added to cards that were there,
 * its cards, lists and labels, and the board it made; a 409 when any of it changed since, or
 * when someone added a card, checklist, comment or file to what it made.
 */
const undoBoard = async (ctx: TenantContext, items: { entity: string; entityId: string }[], since: Date) => {
  const boardIds = idsOf(items, 'board');
  const listIds = idsOf(items, 'list');
  const labelIds = idsOf(items, 'label');
  const taskIds = idsOf(items, 'task');
  const checklistIds = idsOf(items, 'checklist');
  const activityIds = idsOf(items, 'activity');
  // What went with the board or cards made: only checked to be there still.
  const present = async (table: typeof labels | typeof checklists | typeof activities, ids: string[]) => {
    if (ids.length === 0) return;
    const [found] = await ctx.db
      .select({ n: count() })
      .from(table)
      .where(and(eq(table.tenantId, ctx.tenantId), anyOf(table.id, ids)));
    if (found!.n !== ids.length) throw conflict(importsMessages.undoChanged);
  };
  await present(labels, [...labelIds, ...idsOf(items, 'boardLabel')]);
  await present(checklists, [...checklistIds, ...idsOf(items, 'cardChecklist')]);
  await present(activities, [...activityIds, ...idsOf(items, 'cardComment')]);
  const changed = () => conflict(importsMessages.undoChanged);
  const after = since.toISOString();
  const countWhere = async (table: typeof tasks | typeof boards | typeof boardLists, ids: string[]) => {
    if (ids.length === 0) return;
    const [state] = await ctx.db
      .select({
        present: count(),
        edited: sql<number>`count(*) filter (where ${table.changedAt} > ${after}::timestamptz)`.mapWith(Number),
      })
      .from(table)
      .where(and(eq(table.tenantId, ctx.tenantId), anyOf(table.id, ids)));
    if (state!.present !== ids.length || state!.edited > 0) throw changed();
  };
  await countWhere(tasks, taskIds);
  await countWhere(boards, boardIds);
  await countWhere(boardLists, listIds);
  // Cards someone else put on the board or lists the import made.
  if (boardIds.length > 0 || listIds.length > 0) {
    const [others] = await ctx.db
      .select({ n: count() })
      .from(tasks)
      .where(
        and(
          eq(tasks.tenantId, ctx.tenantId),
          or(
            boardIds.length > 0 ? inArray(tasks.boardId, boardIds) : sql`false`,
            listIds.length > 0 ? inArray(tasks.boardListId, listIds) : sql`false`,
          ),
          taskIds.length > 0 ? not(anyOf(tasks.id, taskIds)) : sql`true`,
        ),
      );
    if (others!.n > 0) throw changed();
  }
  const onTasks = (column: AnyPgColumn, own: AnyPgColumn, ids: string[]) =>
    or(taskIds.length > 0 ? anyOf(column, taskIds) : sql`false`, ids.length > 0 ? anyOf(own, ids) : sql`false`);
  if (taskIds.length > 0 || checklistIds.length > 0) {
    const [state] = await ctx.db
      .select({ edited: count() })
      .from(checklists)
      .where(
        and(
          eq(checklists.tenantId, ctx.tenantId),
          onTasks(checklists.taskId, checklists.id, checklistIds),
          gt(checklists.changedAt, since),
        ),
      );
    if (state!.edited > 0) throw changed();
  }
  if (taskIds.length > 0 || activityIds.length > 0) {
    const [state] = await ctx.db
      .select({ edited: count() })
      .from(activities)
      .where(
        and(
          eq(activities.tenantId, ctx.tenantId),
          onTasks(activities.taskId, activities.id, activityIds),
          gt(activities.changedAt, since),
        ),
      );
    if (state!.edited > 0) throw changed();
  }
  if (boardIds.length > 0) {
    const [linked] = await ctx.db
      .select({ n: count() })
      .from(agendaItems)
      .where(and(eq(agendaItems.tenantId, ctx.tenantId), inArray(agendaItems.boardId, boardIds)));
    if (linked!.n > 0) throw changed();
  }
  if (taskIds.length > 0) {
    const [files] = await ctx.db.select({ n: count() }).from(attachments).where(anyOf(attachments.taskId, taskIds));
    if (files!.n > 0) throw changed();
  }
  for (const id of activityIds) await deleteActivity(ctx, id);
  for (const id of checklistIds) await deleteChecklist(ctx, id);
  // The cards at once (decision 127): their checklists, comments and labels go with them.
  await deleteCardsInBulk(ctx, taskIds);
  for (const id of listIds) await deleteList(ctx, id);
  for (const id of labelIds) await deleteLabel(ctx, id);
  // The board itself goes as it came, even when the meeting had no other board before (boards'
  // own removal keeps a meeting's last board, which is about boards people made, not an import).
  if (boardIds.length > 0) {
    const links = await ctx.db
      .select({ boardId: boardMeetings.boardId, meetingId: boardMeetings.meetingId })
      .from(boardMeetings)
      .where(inArray(boardMeetings.boardId, boardIds));
    await ctx.db.delete(boards).where(and(eq(boards.tenantId, ctx.tenantId), inArray(boards.id, boardIds)));
    for (const id of boardIds) {
      const meetingIds = links.filter((link) => link.boardId === id).map((link) => link.meetingId);
      publishBoard(ctx, id, meetingIds, 'deleted');
    }
  }
};

const boardPlanner = (read: (data: unknown) => SourceBoard): ImportPlanner => ({
  plan: (ctx, options, file) => planBoard(ctx, options, file.fileName, read(jsonOf(file))),
  undo: undoBoard,
});

export const trelloBoardPlanner = boardPlanner(readTrelloBoard);
export const plankaBoardPlanner = boardPlanner(readPlankaBoard);
