/** Real-time payload of the before-meeting digest's setting, to the meeting's room after it commits. */
export interface DigestEvents {
  /** The digest was set to some hours before, or turned off (`hoursBefore` null). */
  'digest.setting.changed': { meetingId: string; hoursBefore: number | null };
}

// Adds this event to the real-time contract (shared/ imports no feature).
declare module '../../shared/realtime.ts' {
  interface RealtimeEventMap extends DigestEvents {}
}
