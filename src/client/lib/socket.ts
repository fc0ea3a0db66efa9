import type { Socket } from 'socket.io-client';
import {
  type ClientToServerEvents,
  type RealtimeEventMap,
  type RealtimeEventType,
  type RealtimeMessage,
  type ServerToClientEvents,
  SOCKET_EVENT,
  SOCKET_PATH,
} from '../../shared/realtime.ts';
import { clientMessages } from '../client.messages.ts';
import { showWarning } from '../ui/toast.ts';
import { clientId } from './clientId.ts';
import { getToken, onTokenChange } from './session.ts';
import { isRetryLater, keepConnected, SOCKET_RECONNECTION } from './socket-reconnect.ts';

// One socket.io connection per tab, opened while there is a session token. Every server event
// arrives as SOCKET_EVENT carrying a RealtimeMessage; handlers subscribe by event type.

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

type AnyHandler = (message: RealtimeMessage) => void;

let socket: RealtimeSocket | null = null;
let stopReconnecting = () => {};
let warnedUnavailable = false;
const handlersByType = new Map<RealtimeEventType, Set<AnyHandler>>();
const anyHandlers = new Set<AnyHandler>();
const serverDropHandlers = new Set<() => void>();
const reconnectHandlers = new Set<() => void>();

/** Marks the page while it is connected (`data-realtime="connected"` on <html>), for those who wait on it. */
const markConnected = (connected: boolean): void => {
  if (connected) document.documentElement.dataset.realtime = 'connected';
  else delete document.documentElement.dataset.realtime;
};

const dispatch = (message: RealtimeMessage): void => {
  // Our own changes come back too; the cache already has them (ARCHITECTURE, "Real time").
  if (message.originClientId !== null && message.originClientId === clientId) return;
  for (const handler of handlersByType.get(message.type) ?? []) handler(message);
  for (const handler of anyHandlers) handler(message);
};

/**
 * Opens the connection if there is a token and none is open; safe to call repeatedly. The
 * socket.io library is loaded only then, so it stays out of the first page load.
 */
export const connectRealtime = async (): Promise<RealtimeSocket | null> => {
  const token = getToken();
  if (!token) return null;
  if (socket) return socket;
  const { io } = await import('socket.io-client');
  // Another call may have connected, or the session may have ended, while the library loaded.
  if (socket || getToken() !== token) return socket;
  socket = io({ path: SOCKET_PATH, auth: { token }, ...SOCKET_RECONNECTION });
  socket.on(SOCKET_EVENT, dispatch);
  // Back after a restart, a crash or a lost network, and after a busy server's "retry later".
  stopReconnecting = keepConnected(socket);
  // The server closed the connection on purpose: the session may have ended (signed out
  // elsewhere, disabled, password changed). Whoever listens checks the session at once.
  socket.on('disconnect', (reason) => {
    markConnected(false);
    if (reason === 'io server disconnect') for (const handler of serverDropHandlers) handler();
  });
  // The first connection follows the page's first reads closely; a later one, or one that came
  // only after a refused or failed try, may have missed events.
  let connectedBefore = false;
  let triedBefore = false;
  socket.on('connect', () => {
    if (connectedBefore || triedBefore) for (const handler of reconnectHandlers) handler();
    connectedBefore = true;
    markConnected(true);
  });
  socket.on('connect_error', (error) => {
    // Logged only (document 1 §1); the user is told once per page load when the first
    // connection fails; a busy server's "retry later" is not a failure, it comes back by itself.
    console.warn('Real-time connection failed', error);
    triedBefore = true;
    if (warnedUnavailable || connectedBefore || isRetryLater(error)) return;
    warnedUnavailable = true;
    showWarning(clientMessages.realtimeUnavailable);
  });
  return socket;
};

export const disconnectRealtime = (): void => {
  stopReconnecting();
  socket?.disconnect();
  socket = null;
  markConnected(false);
};

/** The open connection, for features that join meeting rooms. */
export const getRealtimeSocket = (): RealtimeSocket | null => socket;

// A new token means a new identity: close the old connection. The app shell opens a new one
// once the session has a workspace (the server refuses sockets of a session without one).
onTokenChange(() => {
  disconnectRealtime();
});

/** Calls `handler` for each event of `type` made by someone else; returns the unsubscribe function. */
export const onRealtime = <K extends RealtimeEventType>(
  type: K,
  handler: (data: RealtimeEventMap[K], message: RealtimeMessage<K>) => void,
): (() => void) => {
  const wrapped: AnyHandler = (message) => handler(message.data as RealtimeEventMap[K], message as RealtimeMessage<K>);
  let set = handlersByType.get(type);
  if (!set) {
    set = new Set();
    handlersByType.set(type, set);
  }
  set.add(wrapped);
  return () => {
    set.delete(wrapped);
  };
};

/** Calls `handler` for every event made by someone else; returns the unsubscribe function. */
export const onAnyRealtime = (handler: AnyHandler): (() => void) => {
  anyHandlers.add(handler);
  return () => {
    anyHandlers.delete(handler);
  };
};

/** Calls `handler` when the server closes the connection on purpose; returns the unsubscribe function. */
export const onServerDisconnect = (handler: () => void): (() => void) => {
  serverDropHandlers.add(handler);
  return () => {
    serverDropHandlers.delete(handler);
  };
};

/**
 * Calls `handler` each time the connection is made again (not the first time): events sent
 * while there was none were missed, so what they would have changed is read again. Returns the
 * unsubscribe function.
 */
export const onRealtimeReconnect = (handler: () => void): (() => void) => {
  reconnectHandlers.add(handler);
  return () => {
    reconnectHandlers.delete(handler);
  };
};
