/** Real-time payloads of the org chart: viewers refetch the chart. */
export interface OrgChartEvents {
  /** Seats were added, edited, moved or deleted (the chart created: `seatId` null). */
  'orgchart.changed': { seatId: string | null };
}

// Adds this area's events to the real-time contract (shared/ imports no feature).
declare module '../../shared/realtime.ts' {
  interface RealtimeEventMap extends OrgChartEvents {}
}
