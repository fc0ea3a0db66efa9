import type { WorkspaceExport } from './reports.schemas.ts';

/** Real-time payloads of reports: an export's progress, to the admin who asked for it only. */
export interface ReportsEvents {
  'workspace-export.changed': WorkspaceExport;
}

// Adds this area's events to the real-time contract (shared/ imports no feature).
declare module '../../shared/realtime.ts' {
  interface RealtimeEventMap extends ReportsEvents {}
}
