import { eq, sql } from 'drizzle-orm';
import { boardLists, boardMeetings, boards } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { sanitizePlainText } from '../../../server/sanitize.ts';
import { badRequest } from '../../../shared/errors.ts';
import { messages } from '../../../shared/messages.ts';
import { boardsMessages } from '../boards.messages.ts';

// The rows of a new board, written by `POST boards` and by the agenda form's "Meeting Board"
// (decision 056). Imports no other feature, so the meetings feature may call it without a cycle
// (the boards feature reads the meetings' access rules). Checks of who may do it stay with the
// callers; this only writes, inside the caller's transaction. Publishing is the caller's too.

/** The lists a Meeting Board made from the agenda form starts with. */
export const DEFAULT_BOARD_LISTS = [
  boardsMessages.defaultBoardListTodo,
  boardsMessages.defaultBoardListDoing,
  boardsMessages.defaultBoardListDone,
];

export const cleanName = (name: string, field = 'name') => {
  const clean = sanitizePlainText(name);
  if (!clean) throw badRequest({ [field]: messages.required });
  return clean;
};

/** A board last in the workspace's order, linked to the meetings, with its lists in order. */
export const insertBoard = async (
  ctx: TenantContext,
  input: { name: string; color?: string | null; meetingIds: string[]; lists: string[] },
  field = 'name',
) => {
  const [last] = await ctx.db
    .select({ next: sql<number>`coalesce(max(${boards.sort}) + 1, 0)::int` })
    .from(boards)
    .where(eq(boards.tenantId, ctx.tenantId));
  const [row] = await ctx.db
    .insert(boards)
    .values({
      tenantId: ctx.tenantId,
      name: cleanName(input.name, field),
      color: input.color ?? null,
      sort: last?.next ?? 0,
      createdBy: ctx.userId,
      changedBy: ctx.userId,
    })
    .returning();
  await ctx.db.insert(boardMeetings).values(input.meetingIds.map((meetingId) => ({ boardId: row!.id, meetingId })));
  if (input.lists.length)
    await ctx.db.insert(boardLists).values(
      input.lists.map((name, sort) => ({
        tenantId: ctx.tenantId,
        boardId: row!.id,
        name: cleanName(name, 'lists'),
        sort,
        changedBy: ctx.userId,
      })),
    );
  return row!;
};

export type BoardAction = 'created' | 'updated' | 'archived' | 'deleted';

/** A board's change, told to the rooms of its meetings (after the commit). */
export const publishBoard = (ctx: TenantContext, id: string, meetingIds: string[], action: BoardAction) => {
  for (const meetingId of new Set(meetingIds))
    ctx.publish({ tenantId: ctx.tenantId, meetingId, type: 'board.changed', data: { id, action } });
};
