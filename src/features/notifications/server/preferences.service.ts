import type { Db } from '../../../db/client.ts';
import { type NotificationSettingsRow, notificationSettings } from '../../../db/schema/index.ts';
import { anyOf } from '../../../db/sql.ts';
import type { UserContext } from '../../../server/context.ts';
import type { NotificationSettings } from '../notifications.schemas.ts';

// A person's notification switches: which notifications they get, and by mail or Slack too.

const DEFAULT_NOTIFICATIONS: NotificationSettings = {
  enableEmailNotification: true,
  enableSlackNotification: true,
  assignments: true,
  comments: true,
  meetingStarts: true,
  reminders: true,
};

const switchesOf = ({ userId: _, updatedAt: __, ...switches }: NotificationSettingsRow): NotificationSettings =>
  switches;

/** Several people's notification switches in one statement (no row: everything on). */
export const notificationPreferencesOf = async (
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, NotificationSettings>> => {
  const rows = userIds.length
    ? await db
        .select()
        .from(notificationSettings)
        .where(anyOf(notificationSettings.userId, [...userIds]))
    : [];
  const stored = new Map(rows.map((row) => [row.userId, switchesOf(row)]));
  return new Map(userIds.map((id) => [id, stored.get(id) ?? { ...DEFAULT_NOTIFICATIONS }]));
};

/** A person's notification switches (no row: everything on). The notifications' mail copies follow them. */
export const notificationPreferences = async (db: Db, userId: string): Promise<NotificationSettings> =>
  (await notificationPreferencesOf(db, [userId])).get(userId)!;

/** Changes only the switches given, in one upsert; a first change stores the defaults for the rest. */
export const updateNotificationPreferences = async (
  ctx: UserContext,
  patch: Partial<NotificationSettings>,
): Promise<NotificationSettings> => {
  const changed = Object.fromEntries(
    Object.entries(patch).filter(([, value]) => value !== undefined),
  ) as Partial<NotificationSettings>;
  const set = { ...changed, updatedAt: new Date() };
  const [row] = await ctx.db
    .insert(notificationSettings)
    .values({ userId: ctx.userId, ...DEFAULT_NOTIFICATIONS, ...set })
    .onConflictDoUpdate({ target: notificationSettings.userId, set })
    .returning();
  return switchesOf(row!);
};
