/** Real-time payloads of the vault. Ids only: clients refetch what they may see. */
export interface VaultEvents {
  /** To the meeting's room: an entry or folder of its vault was added, changed or deleted. */
  'vault.changed': { meetingId: string };
}

// Adds this area's events to the real-time contract (shared/ imports no feature).
declare module '../../shared/realtime.ts' {
  interface RealtimeEventMap extends VaultEvents {}
}
