/** Real-time payloads of agency tools (to the workspace's room: answers are the workspace's). */
export interface AgencyEvents {
  /** An answer slot was saved (`answer` set) or removed (null: the later slots moved up by one). */
  'agency.answer': {
    itemId: string;
    columnId: string;
    questionId: string;
    position: number;
    answer: string | null;
    changedAt: string;
    changedBy: { id: string; name: string } | null;
  };
  /** Content was added, changed, deleted, hidden or shown again: viewers refetch. */
  'agency.changed': { kind: 'categories' | 'items' | 'columns' | 'questions'; id: string; itemId: string | null };
}

// Adds this area's events to the real-time contract (shared/ imports no feature).
declare module '../../shared/realtime.ts' {
  interface RealtimeEventMap extends AgencyEvents {}
}
