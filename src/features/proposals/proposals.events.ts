/** Real-time payload of proposed issues, to the meeting's room after the change commits. */
export interface ProposalEvents {
  /** The meeting's proposals changed (prepared, accepted, dismissed, snoozed, restored): refetch them. */
  'proposals.changed': { meetingId: string };
  /** The meeting's proposal settings changed. */
  'proposals.settings.changed': { meetingId: string };
}

// Adds this area's events to the real-time contract (shared/ imports no feature).
declare module '../../shared/realtime.ts' {
  interface RealtimeEventMap extends ProposalEvents {}
}
