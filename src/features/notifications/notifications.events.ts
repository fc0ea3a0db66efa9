import type { Notification } from './notifications.schemas.ts';

/** Real-time payloads of this area: sent only to the receiver's sockets in that workspace. */
export interface NotificationEvents {
  /** A new notification: the bell's count rises by one and the list shows it first. */
  'notification.created': Notification;
  /** The receiver changed statuses in another tab: their bell reloads its count. */
  'notification.statusChanged': { unread: number };
}

// Adds this area's events to the real-time contract (shared/ imports no feature).
declare module '../../shared/realtime.ts' {
  interface RealtimeEventMap extends NotificationEvents {}
}
