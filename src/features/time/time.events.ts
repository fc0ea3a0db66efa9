import type { Timer } from './time.schemas.ts';

/** Real-time payloads of time tracking. */
export interface TimeEvents {
  /** The person's timer started, stopped or was reset (sent to their own sockets: every tab follows). */
  'time.timer': Timer;
  /** The person's entries of a day changed (their own sockets): the week view reloads. */
  'time.entries': { spentOn: string };
  /** A week of `userId` was submitted, withdrawn, approved or returned (its person, the admins, its projects' managers). */
  'time.weeks': { userId: string; weekStart: string };
  /** Accounts or projects changed (the workspace room): the Accounts tab reloads. */
  'time.projectsChanged': { projectId: string | null };
}

declare module '../../shared/realtime.ts' {
  interface RealtimeEventMap extends TimeEvents {}
}
