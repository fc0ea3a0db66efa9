/** Real-time payloads of this area (registered in src/shared/realtime.ts). Ids only: clients refetch what they may see. */
export interface BoardEvents {
  /** To the rooms of the board's meetings: the board, its lists, their order or its labels changed. */
  'board.changed': { id: string; action: 'created' | 'updated' | 'archived' | 'deleted' };
}
