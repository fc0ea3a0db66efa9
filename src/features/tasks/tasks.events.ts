/** Real-time payloads of this area. Ids only: clients refetch what they may see. */
export interface TaskEvents {
  /**
   * To the rooms of the card's meetings and of its board's meetings (the workspace room when it
   * has none): the card, or its checklists, activity or attachments, changed. 'deleted' shows
   * "The card was deleted" to anyone who has it open.
   */
  'task.changed': {
    id: string;
    action: 'created' | 'updated' | 'deleted';
    /** What changed besides the card's own fields. */
    part?: 'checklist' | 'activity' | 'attachment' | 'share';
    boardId: string | null;
  };
}

// Adds this area's events to the real-time contract (shared/ imports no feature).
declare module '../../shared/realtime.ts' {
  interface RealtimeEventMap extends TaskEvents {}
}
