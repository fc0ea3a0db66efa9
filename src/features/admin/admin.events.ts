import type { GeneralSettings } from './admin.schemas.ts';

/** Real-time payloads of this area. */
export interface AdminEvents {
  /** The workspace's colours or logo changed: every member's theme follows at once. */
  'generalSettings.changed': GeneralSettings;
}

// Adds this area's events to the real-time contract (shared/ imports no feature).
declare module '../../shared/realtime.ts' {
  interface RealtimeEventMap extends AdminEvents {}
}
