/** Real-time payloads of the vision board: viewers refetch the template. */
export interface VisionEvents {
  /** A template was created, renamed, re-columned or deleted, or one of its sections changed. */
  'vision.changed': { templateId: string; sectionId: string | null; version: number | null };
}

// Adds this area's events to the real-time contract (shared/ imports no feature).
declare module '../../shared/realtime.ts' {
  interface RealtimeEventMap extends VisionEvents {}
}
