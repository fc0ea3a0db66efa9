import { z } from 'zod';
import {
  NOTIFICATION_IDS_MAX,
  NOTIFICATION_KINDS,
  NOTIFICATION_STATUS,
  NOTIFICATIONS_PAGE,
} from '../../shared/constants.ts';
import { pageOf, pageParams } from '../../shared/validation.ts';

// Notifications (document 2 §3, §7): the bell's list, its unread count and the status change.

export const ZNotificationStatus = z.enum([
  NOTIFICATION_STATUS.unseen,
  NOTIFICATION_STATUS.sent,
  NOTIFICATION_STATUS.read,
]);

/** An item a notification lists, with the app path it opens. */
export const ZNotificationDetail = z.object({ label: z.string(), link: z.string() }).meta({ id: 'NotificationDetail' });
export type NotificationDetail = z.infer<typeof ZNotificationDetail>;

export const ZNotification = z
  .object({
    id: z.string(),
    kind: z.enum(NOTIFICATION_KINDS),
    meetingId: z.string().nullable(),
    taskId: z.string().nullable(),
    senderId: z.string().nullable(),
    receiverId: z.string(),
    message: z.string(),
    /** The app path the notification is about (a card, a meeting, the live meeting). */
    link: z.string(),
    /** Items it lists, each with its own link (a before-meeting digest's); null for most kinds. */
    details: z.array(ZNotificationDetail).nullable(),
    createdAt: z.string(),
    status: ZNotificationStatus,
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof ZNotification>;

export const ZNotificationQuery = z.strictObject({
  ...pageParams({ size: NOTIFICATIONS_PAGE.default, max: NOTIFICATIONS_PAGE.max }),
});
export type NotificationQuery = z.infer<typeof ZNotificationQuery>;

export const ZNotificationPage = pageOf(ZNotification)
  .extend({
    /** Unseen and sent ones: the bell's count. */
    unread: z.number(),
  })
  .meta({ id: 'NotificationPage' });
export type NotificationPage = z.infer<typeof ZNotificationPage>;

export const ZUnreadCount = z.object({ unread: z.number() }).meta({ id: 'UnreadCount' });

/**
 * `PATCH notifications/change-status`: the named notifications, or without `ids` all of the
 * caller's in this workspace that are not yet in that state ("mark all read", opening the bell).
 */
export const ZChangeStatus = z.strictObject({
  status: z.enum([NOTIFICATION_STATUS.read, NOTIFICATION_STATUS.unseen]),
  ids: z.array(z.uuid()).min(1).max(NOTIFICATION_IDS_MAX).optional(),
});
export type ChangeStatus = z.infer<typeof ZChangeStatus>;

export const ZChangeStatusResult = z
  .object({ changed: z.number(), unread: z.number() })
  .meta({ id: 'ChangeStatusResult' });

/** A person's notification switches (their settings page; the mail and Slack copies follow them). */
export const ZNotificationSettings = z
  .object({
    enableEmailNotification: z.boolean(),
    enableSlackNotification: z.boolean(),
    assignments: z.boolean(),
    comments: z.boolean(),
    meetingStarts: z.boolean(),
    reminders: z.boolean(),
  })
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof ZNotificationSettings>;
export const ZUpdateNotificationSettings = ZNotificationSettings.partial();
/** The switches as the settings page shows them: Slack's only means something where the server has Slack. */
export const ZNotificationSettingsView = ZNotificationSettings.extend({
  /** Whether this server is set up for Slack; without it no Slack notification can go out. */
  slackAvailable: z.boolean(),
}).meta({ id: 'NotificationSettingsView' });
export type NotificationSettingsView = z.infer<typeof ZNotificationSettingsView>;
