/**
 * Real-time payloads of the live meeting. Step, recap and
 * presence events go to the meeting's room `acc-{tenantId}-{meetingId}`; whether a meeting is live
 * goes to the workspace room `acc-{tenantId}` so that everyone's sidebar and buttons follow.
 */
export interface LiveEvents {
  /** Workspace room: a meeting became live, or stopped being live (finished or cancelled). */
  'live.changed': { meetingId: string; sessionId: string; live: boolean };
  /** Meeting room: the step moved; every attendee shows this step and counts from this start. */
  'live.step': { sessionId: string; meetingId: string; currentStep: number; lastStepStartedAt: string | null };
  /** Meeting room: someone joined, a recap score or note changed, 'Did not attend' or a guest changed: refetch the live state. */
  'live.attendees.changed': { sessionId: string; meetingId: string };
  /** Meeting room: who has the live meeting open right now (user ids), from the sockets. */
  'live.presence': { sessionId: string; meetingId: string; online: string[] };
  /** Meeting room: the issue a leader picked as the one being discussed (null: none); every screen highlights it. */
  'live.discussing': { sessionId: string; meetingId: string; taskId: string | null };
  /** Meeting room: a cascading message was added, changed or removed: refetch the session's list. */
  'live.cascading.changed': { sessionId: string; meetingId: string };
  /** Meeting room: the session was finished or cancelled; attendees leave the live screen. */
  'live.ended': { sessionId: string; meetingId: string; cancelled: boolean };
}

// Adds this area's events to the real-time contract (shared/ imports no feature).
declare module '../../shared/realtime.ts' {
  interface RealtimeEventMap extends LiveEvents {}
}
