import { and, eq } from 'drizzle-orm';
import { boardLists, boardMeetings, boards } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { forbidden, notFound } from '../../../shared/errors.ts';
import { participation } from './tasks.access.ts';

// The visibility of boards and their lists: kept with the tasks (cards live on lists), which the
// boards feature builds on, so that both can read it without importing each other.

// Who may see and manage a board (document 2 §6): the leaders and members of its meetings see
// it and work on its cards; its meetings' leaders and workspace admins manage the board, its
// lists and labels. Anyone else gets 404.

export type BoardRow = typeof boards.$inferSelect;

export interface BoardAccess {
  board: BoardRow;
  meetingIds: string[];
  canEdit: boolean;
}

export const findVisibleBoard = async (ctx: TenantContext, boardId: string): Promise<BoardAccess> => {
  const rows = await ctx.db
    .select({ board: boards, meetingId: boardMeetings.meetingId })
    .from(boards)
    .leftJoin(boardMeetings, eq(boardMeetings.boardId, boards.id))
    .where(and(eq(boards.id, boardId), eq(boards.tenantId, ctx.tenantId)));
  if (rows.length === 0) throw notFound();
  const meetingIds = rows.flatMap((r) => (r.meetingId ? [r.meetingId] : []));
  const { participant, leader } = await participation(ctx.db, ctx.userId, meetingIds);
  if (!ctx.isAdmin && participant.size === 0) throw notFound();
  return { board: rows[0]!.board, meetingIds, canEdit: ctx.isAdmin || leader.size > 0 };
};

export const assertBoardEditor = (access: BoardAccess) => {
  if (!access.canEdit) throw forbidden();
};

/** A list of a board the caller may see, with its board. */
export const findVisibleList = async (ctx: TenantContext, listId: string) => {
  const [list] = await ctx.db
    .select()
    .from(boardLists)
    .where(and(eq(boardLists.id, listId), eq(boardLists.tenantId, ctx.tenantId)));
  if (!list) throw notFound();
  const board = await findVisibleBoard(ctx, list.boardId);
  return { list, board };
};
