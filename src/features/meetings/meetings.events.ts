/** Real-time payloads of this area (registered in src/shared/realtime.ts). Ids only: clients refetch what they may see. */
export interface MeetingEvents {
  /** To the workspace room: a meeting was created, changed, deleted or moved. */
  'meeting.changed': { id: string; action: 'created' | 'updated' | 'deleted' };
  /** To the meeting's room: one of its sessions changed. */
  'session.changed': { id: string; meetingId: string };
}
