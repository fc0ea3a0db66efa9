/** Real-time payloads of the People Analyzer: sent only to those who may see the person rated. */
export interface AnalyzerEvents {
  /** A person's rating in a quarter changed (the bar changed: both null): viewers refetch. */
  'peopleTools.analyzerChanged': { personId: string | null; quarter: string | null };
}

// Adds the analyzer's events to the real-time contract (shared/ imports no feature).
declare module '../../shared/realtime.ts' {
  interface RealtimeEventMap extends AnalyzerEvents {}
}
