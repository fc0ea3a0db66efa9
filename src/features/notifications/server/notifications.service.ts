import { and, count, desc, eq, getTableColumns, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { runPrepared } from '../../../db/prepared.ts';
import { memberships, notifications, users } from '../../../db/schema/index.ts';
import { anyOf } from '../../../db/sql.ts';
import type { TenantContext, TxContext } from '../../../server/context.ts';
import { NOTIFICATION_STATUS, type NotificationKind } from '../../../shared/constants.ts';
import { notFound } from '../../../shared/errors.ts';
import { loadWorkspaceTemplates, mailOf } from '../../emails/server/emails.send.ts';
import { notificationsMessages } from '../notifications.messages.ts';
import type {
  ChangeStatus,
  Notification,
  NotificationDetail,
  NotificationPage,
  NotificationQuery,
  NotificationSettings,
} from '../notifications.schemas.ts';
import { type DraftMail, notificationMail } from './notifications.mails.ts';
import { notificationPreferencesOf } from './preferences.service.ts';

// Notifications (decision 033). Other features call `notify` inside their own transaction, so a
// change and its notifications commit together; the receivers hear of it once committed. The
// author of a change is never notified of it, and only enabled members of the workspace are.
// `notifyMany` writes a batch (e.g. the reminders of many cards) in a fixed number of statements.
// Each receiver gets an e-mail copy when their profile switches say so (decision 042).

type Row = typeof notifications.$inferSelect;

/**
 * Who writes notifications: a request's transaction, or a background job's
 * (server/jobs/jobTransaction.ts): both mail and publish only once they commit.
 */
export interface NotifyContext extends Pick<TxContext, 'db' | 'userId' | 'publish' | 'sendMail' | 'publicUrl'> {
  tenantId: string;
  /** The author of the change; null for the system (reminders). */
  userId: string | null;
}

export interface NotificationDraft {
  kind: NotificationKind;
  /** The text, given the author's name. */
  message: (sender: string) => string;
  link: string;
  meetingId?: string | null;
  taskId?: string | null;
  /** Items the notification lists, each with its own link (shown under its text in the bell). */
  details?: NotificationDetail[] | null;
  /**
   * The e-mail copy's template and values, when not the usual copy; false when the caller sends
   * its own mail about the same thing (a new account's invitation).
   */
  mail?: DraftMail | false;
}

/** A draft of `notifyMany`: its workspace and its receivers. */
export interface AddressedDraft extends NotificationDraft {
  tenantId: string;
  receiverIds: Iterable<string | null | undefined>;
}

/** The profile switch (Notifications: "Tell me about") that decides each kind's e-mail copy. */
export const EMAIL_SWITCH: Record<
  NotificationKind,
  keyof Pick<NotificationSettings, 'assignments' | 'comments' | 'meetingStarts' | 'reminders'>
> = {
  cardOwner: 'assignments',
  cardMember: 'assignments',
  meetingAdded: 'assignments',
  workspaceAdded: 'assignments',
  cardStatus: 'comments',
  cardComment: 'comments',
  cardMoved: 'comments',
  meetingStarted: 'meetingStarts',
  cascadingMessage: 'meetingStarts',
  reminder: 'reminders',
  budgetAlert: 'reminders',
  timesheet: 'assignments',
  milestoneOwner: 'assignments',
  milestoneDue: 'reminders',
  checklistItemOwner: 'assignments',
  backupFailed: 'reminders',
  webhookPaused: 'reminders',
  conversationWaiting: 'assignments',
  oneOnOneStarted: 'meetingStarts',
  conversationDue: 'reminders',
  kpiReminder: 'reminders',
  meetingDigest: 'reminders',
};

const toNotification = (row: Row): Notification => ({
  id: row.id,
  kind: row.kind as Notification['kind'],
  meetingId: row.meetingId,
  taskId: row.taskId,
  details: row.details ?? null,
  senderId: row.senderId,
  receiverId: row.receiverId,
  message: row.message,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
  status: row.status as Notification['status'],
});

/** Rows of one INSERT at most (its parameters stay well under Postgres' 65,535). */
const INSERT_CHUNK = 5000;

/**
 * Writes the notifications of several drafts: one per receiver of each (nulls, repeats and the
 * author dropped; only enabled members of the draft's workspace), mails a copy to each receiver
 * whose switches want that kind (then it is 'sent'), and sends each to its receiver's sockets after
 * the commit. Five statements whatever the count: the receivers (with the author's name), their
 * switches, the workspaces' mail templates, the outbox's INSERT and the notifications' (each split
 * only past 5,000 rows).
 */
export const notifyMany = async (
  ctx: Omit<NotifyContext, 'tenantId'>,
  drafts: readonly AddressedDraft[],
): Promise<Notification[]> => {
  const wanted = drafts.map((draft) => [
    ...new Set([...draft.receiverIds].filter((id): id is string => !!id && id !== ctx.userId)),
  ]);
  const userIds = [...new Set(wanted.flat())];
  if (userIds.length === 0) return [];
  const tenantIds = [...new Set(drafts.map((draft) => draft.tenantId))];
  const senderName = ctx.userId
    ? sql<string | null>`(select trim(author.first_name || ' ' || author.last_name) from users as author
        where author.id = ${ctx.userId})`
    : sql<string | null>`null`;
  const receivers = await ctx.db
    .select({
      tenantId: memberships.tenantId,
      userId: memberships.userId,
      email: users.email,
      firstName: users.firstName,
      sender: senderName,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        anyOf(memberships.tenantId, tenantIds),
        anyOf(memberships.userId, userIds),
        eq(memberships.disabled, false),
        isNull(users.deletedAt),
      ),
    );
  if (receivers.length === 0) return [];
  const enabled = new Set(receivers.map((r) => `${r.tenantId}:${r.userId}`));
  const people = new Map(receivers.map((r) => [r.userId, r]));
  const switches = drafts.some((draft) => draft.mail !== false)
    ? await notificationPreferencesOf(ctx.db, [...people.keys()])
    : new Map<string, NotificationSettings>();
  const mailsCopy = (draft: AddressedDraft, userId: string) => {
    const own = switches.get(userId);
    return draft.mail !== false && !!own?.enableEmailNotification && own[EMAIL_SWITCH[draft.kind]];
  };
  const sender = receivers[0]?.sender ?? notificationsMessages.notificationSomeone;
  const values = drafts.flatMap((draft, i) => {
    const to = wanted[i]!.filter((userId) => enabled.has(`${draft.tenantId}:${userId}`));
    if (to.length === 0) return [];
    const message = draft.message(sender);
    return to.map((receiverId) => ({
      tenantId: draft.tenantId,
      receiverId,
      senderId: ctx.userId,
      kind: draft.kind,
      message,
      link: draft.link,
      meetingId: draft.meetingId ?? null,
      taskId: draft.taskId ?? null,
      details: draft.details ?? null,
      status: mailsCopy(draft, receiverId) ? NOTIFICATION_STATUS.sent : NOTIFICATION_STATUS.unseen,
      mail: draft.mail,
    }));
  });
  const copies = values
    .filter((value) => value.status === NOTIFICATION_STATUS.sent)
    .map((value) => ({ ...value, mail: value.mail || notificationMail(value.message, ctx.publicUrl, value.link) }));
  const textFor =
    copies.length > 0
      ? await loadWorkspaceTemplates(
          ctx.db,
          [...new Set(copies.map((copy) => copy.tenantId))],
          [...new Set(copies.map((copy) => copy.mail.template))],
        )
      : null;
  const mails = copies.map(({ receiverId, tenantId, mail }) => {
    const person = people.get(receiverId)!;
    return mailOf(textFor!(tenantId, mail.template), person.email, mail.values(person.firstName));
  });
  if (mails.length > 0) await ctx.sendMail(mails);
  const written: Notification[] = [];
  for (let at = 0; at < values.length; at += INSERT_CHUNK) {
    const rows = await ctx.db
      .insert(notifications)
      .values(values.slice(at, at + INSERT_CHUNK).map(({ mail: _, ...row }) => row))
      .returning();
    for (const row of rows) {
      const notification = toNotification(row);
      written.push(notification);
      ctx.publish({
        tenantId: row.tenantId,
        receiverId: notification.receiverId,
        type: 'notification.created',
        data: notification,
      });
    }
  }
  return written;
};

/**
 * Writes one notification per receiver (nulls, repeats and the author dropped; only enabled
 * members of the workspace) and sends each to its receiver's sockets after the commit.
 */
export const notify = (
  ctx: NotifyContext,
  receiverIds: Iterable<string | null | undefined>,
  draft: NotificationDraft,
): Promise<Notification[]> => notifyMany(ctx, [{ ...draft, tenantId: ctx.tenantId, receiverIds }]);

const mine = (ctx: TenantContext) =>
  and(eq(notifications.receiverId, ctx.userId), eq(notifications.tenantId, ctx.tenantId));
const unreadSql = ne(notifications.status, NOTIFICATION_STATUS.read);

/** The caller's unseen and sent notifications in this workspace (an index-only count). */
export const unreadCount = async (ctx: TenantContext) => {
  const [row] = await runPrepared(ctx.db, 'cadence_unread_count', unreadCountQuery, {
    userId: ctx.userId,
    tenantId: ctx.tenantId,
  });
  return row?.n ?? 0;
};
/** The bell asks on every page: a prepared statement (decision 040). */
const unreadCountQuery = (db: Db) =>
  db
    .select({ n: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.receiverId, sql.placeholder('userId')),
        eq(notifications.tenantId, sql.placeholder('tenantId')),
        unreadSql,
      ),
    );

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
      .where(and(mine(ctx), anyOf(notifications.id, ids)));
    if ((found?.n ?? 0) !== ids.length) throw notFound();
    conditions.push(anyOf(notifications.id, ids));
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
