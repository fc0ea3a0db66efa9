/** Real-time payloads of this area. Ids only: clients refetch what they may see. */
export interface MeetingEvents {
  /** To the workspace room: a meeting was created, changed, deleted or moved. */
  'meeting.changed': { id: string; action: 'created' | 'updated' | 'deleted' };
  /** To the meeting's room: one of its sessions changed. */
  'session.changed': { id: string; meetingId: string };
}

// Adds this area's events to the real-time contract (shared/ imports no feature).
declare module '../../shared/realtime.ts' {
  interface RealtimeEventMap extends MeetingEvents {}
}
