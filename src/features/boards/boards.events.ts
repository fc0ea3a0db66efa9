/** Real-time payloads of this area. Ids only: clients refetch what they may see. */
export interface BoardEvents {
  /** To the rooms of the board's meetings: the board, its lists, their order or its labels changed. */
  'board.changed': { id: string; action: 'created' | 'updated' | 'archived' | 'deleted' };
}

// Adds this area's events to the real-time contract (shared/ imports no feature).
declare module '../../shared/realtime.ts' {
  interface RealtimeEventMap extends BoardEvents {}
}
