// The real-time contract. Rooms use the spec's channel names; every event travels as one
// socket.io message named `event`, so the client has one place that applies them.

export const SOCKET_PATH = '/socket.io';
export const SOCKET_EVENT = 'event';

/**
 * The handshake's refusal when the server could not check the token (its database busy or
 * away): not a verdict on the token, so the client comes back later. Any other refusal is final.
 */
export const SOCKET_RETRY = { message: 'retry later', data: { retry: true } } as const;

export const workspaceRoom = (tenantId: string) => `acc-${tenantId}`;
export const meetingRoom = (tenantId: string, meetingId: string) => `acc-${tenantId}-${meetingId}`;

/**
 * Payloads by event type. Each feature adds its own entries in `<area>.events.ts` by declaration
 * merging (`declare module '…/shared/realtime.ts'`), so this contract imports no feature.
 */
export interface RealtimeEventMap {
  /** document 1 §1: shows its message to everyone in the room. */
  'my-event': { message: string };
}

export type RealtimeEventType = keyof RealtimeEventMap;

export interface RealtimeMessage<K extends RealtimeEventType = RealtimeEventType> {
  type: K;
  data: RealtimeEventMap[K];
  /** The user whose change caused the event. */
  changedBy: string | null;
  /** The `x-client-id` of the browser tab that made the change, so it can ignore the echo. */
  originClientId: string | null;
}

/** What the client asks of the server over the socket, with the server's acknowledgement. */
export interface ClientToServerEvents {
  'meeting:join': (meetingId: string, ack: (result: { ok: boolean }) => void) => void;
  'meeting:leave': (meetingId: string) => void;
  /** The live screen is open: counts the caller as Online; the ack carries who is online now. */
  'live:join': (sessionId: string, ack: (result: { ok: boolean; online: string[] }) => void) => void;
  'live:leave': (sessionId: string) => void;
}

export interface ServerToClientEvents {
  event: (message: RealtimeMessage) => void;
}
