import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { activities, checklistItems, checklists } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { sanitizeRichText } from '../../../server/sanitize.ts';
import { badRequest } from '../../../shared/errors.ts';
import type { TaskStatus, TaskType } from '../../../shared/tasks.ts';
import { ZCreateActivity, ZCreateChecklist, ZCreateChecklistItem } from '../tasks.schemas.ts';
import { cleanComment } from './activities.service.ts';
import { cleanTitle } from './tasks.rules.ts';

// The checklists and comments of cards made in bulk (decision 127): what `createChecklist`,
// `createChecklistItem` and `createActivity` make of the same fields, checked by their schemas'
// field checks and cleaned by the same code, written a kind at a time in multi-row inserts.
// Comments are the caller's, as if typed in turn; nobody is notified of them.

export interface BulkChecklist {
  title: string;
  items: readonly { title: string; done: boolean }[];
}

/** What a card made in bulk may carry besides its fields. */
export interface BulkCardParts {
  checklists?: readonly BulkChecklist[] | undefined;
  /** Comments as rich text, oldest first. */
  comments?: readonly string[] | undefined;
}

/** Rows per insert: the widest (a board card) binds 18 values a row: far below 65,535 a statement. */
const ROWS_PER_INSERT = 1000;

/** Runs `write` on each slice of at most ROWS_PER_INSERT rows, one after the other. */
export const inChunks = async <T>(rows: readonly T[], write: (chunk: T[], offset: number) => Promise<unknown>) => {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT)
    await write(rows.slice(start, start + ROWS_PER_INSERT), start);
};

/** A card's fields as the bulk creates read them. */
interface BulkCardFields {
  title: string;
  description?: string | null | undefined;
  status: TaskStatus;
  dueDate?: string | null | undefined;
  userId: string;
}

/**
 * A card's row as `createTask` would write it. Cards made together are stamped a microsecond
 * apart, the last (`index` = `count` − 1) at the transaction's moment, so lists ordered by
 * creation keep the input's order. Texts are cleaned a card at a time: a copy of every text at
 * once would double an import's memory.
 */
export const bulkCardRow = (
  ctx: TenantContext,
  card: BulkCardFields,
  at: {
    id: string;
    index: number;
    count: number;
    type: TaskType;
    sort: number;
    showInTasks: '0' | '1';
    boardId?: string | null;
    boardListId?: string | null;
  },
) => {
  const moment = sql`now() - ${at.count - 1 - at.index}::int * interval '1 microsecond'`;
  return {
    id: at.id,
    tenantId: ctx.tenantId,
    title: cleanTitle(card.title),
    description: sanitizeRichText(card.description ?? null),
    type: at.type,
    status: card.status,
    dueDate: card.dueDate ?? null,
    userId: card.userId,
    boardId: at.boardId ?? null,
    boardListId: at.boardListId ?? null,
    showInTasks: at.showInTasks,
    sort: at.sort,
    completedAt: card.status === '1' ? moment : null,
    createdAt: moment,
    changedAt: moment,
    createdBy: ctx.userId,
    changedBy: ctx.userId,
  };
};

/** A field's check as its own route makes it; the error names the card and the part. */
const check = (schema: z.ZodType<string>, value: unknown, at: string) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) return;
  const message = parsed.error.issues[0]!.message;
  throw badRequest({ [at]: message }, message);
};

/** Checks every part before anything is written: a bad one refuses the whole bulk (400). */
export const assertCardParts = (parts: readonly BulkCardParts[]) => {
  for (const [card, part] of parts.entries()) {
    for (const [c, list] of (part.checklists ?? []).entries()) {
      check(ZCreateChecklist.shape.title, list.title, `cards.${card}.checklists.${c}.title`);
      for (const [i, item] of list.items.entries())
        check(ZCreateChecklistItem.shape.title, item.title, `cards.${card}.checklists.${c}.items.${i}.title`);
    }
    for (const [c, comment] of (part.comments ?? []).entries())
      check(ZCreateActivity.shape.description, comment, `cards.${card}.comments.${c}`);
  }
};

/**
 * Writes the checklists (with their items) and comments of cards just made (`taskIds`, in the
 * order of `parts`); answers each card's new checklist and comment ids. Comments are stamped a
 * microsecond apart, the last at the transaction's moment, so each card's read in the given order.
 */
export const insertCardParts = async (
  ctx: TenantContext,
  taskIds: readonly string[],
  parts: readonly BulkCardParts[],
) => {
  const made = parts.map(() => ({ checklistIds: [] as string[], commentIds: [] as string[] }));
  const listRows: (typeof checklists.$inferInsert)[] = [];
  const itemRows: (typeof checklistItems.$inferInsert)[] = [];
  const comments: { taskId: string; id: string; description: string }[] = [];
  for (const [card, part] of parts.entries()) {
    const taskId = taskIds[card]!;
    for (const [sort, list] of (part.checklists ?? []).entries()) {
      const id = randomUUID();
      made[card]!.checklistIds.push(id);
      listRows.push({ id, tenantId: ctx.tenantId, taskId, title: cleanTitle(list.title), sort, changedBy: ctx.userId });
      for (const [itemSort, item] of list.items.entries())
        itemRows.push({
          tenantId: ctx.tenantId,
          checklistId: id,
          title: cleanTitle(item.title),
          status: item.done ? '1' : '0',
          sort: itemSort,
        });
    }
    for (const description of part.comments ?? []) {
      const id = randomUUID();
      made[card]!.commentIds.push(id);
      comments.push({ taskId, id, description });
    }
  }
  await inChunks(listRows, (chunk) => ctx.db.insert(checklists).values(chunk));
  await inChunks(itemRows, (chunk) => ctx.db.insert(checklistItems).values(chunk));
  let index = 0;
  await inChunks(comments, (chunk) =>
    ctx.db.insert(activities).values(
      chunk.map((comment) => {
        const moment = sql`now() - ${comments.length - 1 - index++}::int * interval '1 microsecond'`;
        return {
          id: comment.id,
          tenantId: ctx.tenantId,
          taskId: comment.taskId,
          // Cleaned a chunk at a time, as the cards' texts are.
          description: cleanComment(comment.description),
          createdAt: moment,
          changedAt: moment,
          createdBy: ctx.userId,
          viaTokenId: ctx.apiTokenId ?? null,
          changedBy: ctx.userId,
        };
      }),
    ),
  );
  return made;
};
