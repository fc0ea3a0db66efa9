/** Real-time payloads of this area. */
export interface ImportEvents {
  /**
   * A confirmation in progress, sent to the importer's own sockets as each chunk is written, before
   * the import commits: it says how far the writing is, never what was written. `clientId` is the
   * browser tab that asked (its `x-client-id`), so other tabs of the same person ignore it.
   */
  'import.progress': { clientId: string; written: number; total: number };
}

// Adds this area's events to the real-time contract (shared/ imports no feature).
declare module '../../shared/realtime.ts' {
  interface RealtimeEventMap extends ImportEvents {}
}
