// The notifications area's user-facing texts; texts used by two areas or more are in src/shared/messages.ts.
export const notificationsMessages = {
  notificationMeetingStarted: (who: string, meeting: string) => `${who} started ${meeting}. Join now`,
  notificationMeetingAdded: (who: string, meeting: string) => `${who} added you to the meeting ${meeting}`,
  notificationWorkspaceAdded: (who: string, workspace: string) => `${who} added you to the workspace ${workspace}`,
  notificationSomeone: 'Someone',
  notificationsTitle: 'Notifications',
  notificationsBell: (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'),
  notificationsEmpty: 'You have no notifications.',
  notificationsLoadFailed: 'The notifications could not be loaded.',
  notificationsMarkAllRead: 'Mark all read',
  notificationsMore: 'Show more',
  notificationUnread: 'Unread',
  notificationBackupFailed: (reason: string) =>
    `The scheduled backup of this Cadence server failed: ${reason}. The server log has the details; the last good backup is still in BACKUP_DIR.`,
} as const;
