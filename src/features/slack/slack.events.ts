/** Real-time payloads of this area. */
export interface SlackEvents {
  /** The workspace connected or disconnected Slack: the Integrations section refetches. */
  'slack.changed': { connected: boolean };
  /** A meeting's recap channel changed: its settings refetch. */
  'slack.meetingChanged': { meetingId: string };
}

// Adds this area's events to the real-time contract (shared/ imports no feature).
declare module '../../shared/realtime.ts' {
  interface RealtimeEventMap extends SlackEvents {}
}
