/** Real-time payloads of this area. */
export interface QuarterEvents {
  /** An annual (its quarters) was added, changed or deleted: pickers and pages refetch. */
  'quarters.changed': Record<string, never>;
}

// Adds this area's events to the real-time contract (shared/ imports no feature).
declare module '../../shared/realtime.ts' {
  interface RealtimeEventMap extends QuarterEvents {}
}
