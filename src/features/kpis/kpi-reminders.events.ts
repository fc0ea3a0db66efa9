/** Real-time payload of the scorecard nudge's setting, to the meeting's room after it commits. */
export interface KpiReminderEvents {
  /** The reminder was set or turned off (`hoursBefore` null). */
  'kpi.reminder.changed': { meetingId: string; hoursBefore: number | null };
}

// Adds this event to the real-time contract (shared/ imports no feature).
declare module '../../shared/realtime.ts' {
  interface RealtimeEventMap extends KpiReminderEvents {}
}
