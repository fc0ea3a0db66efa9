import { and, count, desc, eq, getTableColumns, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { memberships, notifications, users } from '../../../db/schema/index.ts';
import { anyOf } from '../../../db/sql.ts';
import type { TenantContext, TxContext } from '../../../server/context.ts';
import { NOTIFICATION_STATUS, type NotificationKind } from '../../../shared/constants.ts';
import { notFound } from '../../../shared/errors.ts';
import { messages } from '../../../shared/messages.ts';
import type { ChangeStatus, Notification, NotificationPage, NotificationQuery } from '../notifications.schemas.ts';

// Notifications (decision 033). Other features call `notify` inside their own transaction, so a
// change and its notifications commit together; the receivers hear of it once committed. The
// author of a change is never notified of it, and only enabled members of the workspace are.

type Row = typeof notifications.$inferSelect;

/** Who writes notifications: a request's transaction, or a background job (no live event then). */
export interface NotifyContext {
  db: Db;
  tenantId: string;
  /** The author of the change; null for the system (reminders). */
  userId: string | null;
  publish?: TxContext['publish'];
}

export interface NotificationDraft {
  kind: NotificationKind;
  /** The text, given the author's name. */
  message: (sender: string) => string;
  link: string;
  meetingId?: string | null;
  taskId?: string | null;
  status?: Row['status'];
}

const toNotification = (row: Omit<Row, never>): Notification => ({
  id: row.id,
  kind: row.kind as Notification['kind'],
  meetingId: row.meetingId,
  taskId: row.taskId,
  senderId: row.senderId,
  receiverId: row.receiverId,
  message: row.message,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
  status: row.status as Notification['status'],
});

const nameOf = async (db: Db, userId: string | null) => {
  if (!userId) return messages.notificationSomeone;
  const [person] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return person ? `${person.firstName} ${person.lastName}`.trim() : messages.notificationSomeone;
};

/**
 * Writes one notification per receiver (nulls, repeats and the author dropped; only enabled
 * members of the workspace) and sends each to its receiver's sockets after the commit.
 */
export const notify = async (
  ctx: NotifyContext,
  receiverIds: Iterable<string | null | undefined>,
  draft: NotificationDraft,
): Promise<Notification[]> => {
  const wanted = [...new Set([...receiverIds].filter((id): id is string => !!id && id !== ctx.userId))];
  if (wanted.length === 0) return [];
  const receivers = await ctx.db
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.tenantId, ctx.tenantId),
        anyOf(memberships.userId, wanted),
        eq(memberships.disabled, false),
        isNull(users.deletedAt),
      ),
    );
  if (receivers.length === 0) return [];
  const message = draft.message(await nameOf(ctx.db, ctx.userId));
  const rows = await ctx.db
    .insert(notifications)
    .values(
      receivers.map(({ userId }) => ({
        tenantId: ctx.tenantId,
        receiverId: userId,
        senderId: ctx.userId,
        kind: draft.kind,
        message,
        link: draft.link,
        meetingId: draft.meetingId ?? null,
        taskId: draft.taskId ?? null,
        status: draft.status ?? NOTIFICATION_STATUS.unseen,
      })),
    )
    .returning();
  const written = rows.map(toNotification);
  for (const notification of written)
    ctx.publish?.({
      tenantId: ctx.tenantId,
      receiverId: notification.receiverId,
      type: 'notification.created',
      data: notification,
    });
  return written;
};

const mine = (ctx: TenantContext) =>
  and(eq(notifications.receiverId, ctx.userId), eq(notifications.tenantId, ctx.tenantId));
const unreadSql = ne(notifications.status, NOTIFICATION_STATUS.read);

/** The caller's unseen and sent notifications in this workspace (an index-only count). */
export const unreadCount = async (ctx: TenantContext) => {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(notifications)
    .where(and(mine(ctx), unreadSql));
  return row?.n ?? 0;
};

/** `GET notifications`: the caller's, newest first, one page, with the total and the unread count. */
export const listNotifications = async (ctx: TenantContext, query: NotificationQuery): Promise<NotificationPage> => {
  // One statement: the page, the total (a window count) and the unread count (a subquery).
  const unreadOf = sql<number>`(select count(*) from notifications as unread
    where unread.receiver_id = ${ctx.userId} and unread.tenant_id = ${ctx.tenantId}
    and unread.status <> ${NOTIFICATION_STATUS.read})`.mapWith(Number);
  const rows = await ctx.db
    .select({
      ...getTableColumns(notifications),
      total: sql<number>`count(*) over ()`.mapWith(Number),
      unread: unreadOf,
    })
    .from(notifications)
    .where(mine(ctx))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.limit)
    .offset(query.offset);
  if (rows.length === 0 && query.offset > 0) {
    // Past the end: the counts alone.
    const [counts] = await ctx.db.select({ total: count(), unread: unreadOf }).from(notifications).where(mine(ctx));
    return { items: [], total: counts?.total ?? 0, offset: query.offset, unread: counts?.unread ?? 0 };
  }
  return {
    items: rows.map(toNotification),
    total: rows[0]?.total ?? 0,
    offset: query.offset,
    unread: rows[0]?.unread ?? 0,
  };
};

/**
 * `PATCH notifications/change-status`. Named ids must all be the caller's in this workspace
 * (404 and nothing changed otherwise); without ids, all of the caller's change.
 */
export const changeStatus = async (ctx: TenantContext, input: ChangeStatus) => {
  const conditions = [mine(ctx), ne(notifications.status, input.status)];
  if (input.ids) {
    const ids = [...new Set(input.ids)];
    const [found] = await ctx.db
      .select({ n: count() })
      .from(notifications)
      .where(and(mine(ctx), inArray(notifications.id, ids)));
    if ((found?.n ?? 0) !== ids.length) throw notFound();
    conditions.push(inArray(notifications.id, ids));
  }
  const changed = await ctx.db
    .update(notifications)
    .set({ status: input.status })
    .where(and(...conditions))
    .returning({ id: notifications.id });
  const unread = await unreadCount(ctx);
  if (changed.length > 0)
    ctx.publish({
      tenantId: ctx.tenantId,
      receiverId: ctx.userId,
      type: 'notification.statusChanged',
      data: { unread },
    });
  return { changed: changed.length, unread };
};
