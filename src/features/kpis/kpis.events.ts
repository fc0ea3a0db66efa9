import type { KpiFrequency } from '../../shared/kpis.ts';
import type { ComputedCell, PeriodCell, ScoreCell } from './kpis.schemas.ts';

/**
 * Real-time payloads of the scorecard, all to the
 * meeting's room `acc-{tenantId}-{meetingId}` after the change commits. Only people who may see
 * the meeting are in that room, so a cell event carries the cell itself: viewers patch it into
 * their cache (skipping a cell they are typing into) instead of refetching the whole scorecard.
 */
export interface KpiEvents {
  /** A score was added (also by Clone), edited or deleted: refetch the scorecard. */
  'kpi.score.changed': { id: string; meetingId: string; action: 'created' | 'updated' | 'deleted' };
  /** The scores were reordered: `ids` is the new order. */
  'kpi.order.changed': { meetingId: string; ids: string[] };
  /** A cell's value or note was saved; `cell.met` is already computed, `computed` the formula cells it changed. */
  'kpi.cell.changed': { meetingId: string; cell: ScoreCell; computed: ComputedCell[] };
  /**
   * A monthly or quarterly measurable's value or note was saved: `cell.sessionId` is the period's
   * first day (its column on that frequency's scorecard); `cell.met` is already computed.
   */
  'kpi.period.changed': { meetingId: string; frequency: Exclude<KpiFrequency, 'weekly'>; cell: PeriodCell };
  /** A meeting date column was deleted from the scorecard (Delete meeting date). */
  'kpi.column.deleted': { meetingId: string; sessionId: string };
}

// Adds this area's events to the real-time contract (shared/ imports no feature).
declare module '../../shared/realtime.ts' {
  interface RealtimeEventMap extends KpiEvents {}
}
