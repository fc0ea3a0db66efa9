/** Real-time payloads of the people tools. Pair events go to the pair's own sockets only. */
export interface PeopleToolsEvents {
  /** The workspace's core values changed: every member refetches them. */
  'peopleTools.coreValuesChanged': { id: string | null };
  /** Something of a 1:1 changed (points, notes, started, finished): the pair refetches it. */
  'peopleTools.oneOnOneChanged': { pairId: string; oneOnOneId: string | null };
  /** A conversation's form, summary or acknowledgement changed: the pair refetches it. */
  'peopleTools.conversationChanged': { pairId: string; conversationId: string };
}

// Adds this area's events to the real-time contract (shared/ imports no feature).
declare module '../../shared/realtime.ts' {
  interface RealtimeEventMap extends PeopleToolsEvents {}
}
