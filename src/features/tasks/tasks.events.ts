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
    /**
     * What changed besides the card's own fields; 'many': many cards of the meeting were created
     * or deleted at once (an import or its Undo, decision 127) and `id` is the last of them.
     * Webhooks skip events with a part.
     */
    part?: 'checklist' | 'milestone' | 'activity' | 'attachment' | 'share' | 'many';
    boardId: string | null;
  };
  /**
   * To the own sockets of each person who may see a goal or backburner card, or could until this
   * change (decision 057): it changed. Workspace-wide lists of them (the vision board's live
   * sections) refetch, wherever the person is, without the card's meeting rooms.
   */
  'task.visibleChanged': { id: string };
}

// Adds this area's events to the real-time contract (shared/ imports no feature).
declare module '../../shared/realtime.ts' {
  interface RealtimeEventMap extends TaskEvents {}
}
