import type { Socket } from 'socket.io-client';

/**
 * How every client of the socket reconnects: the browser's and the tests' (one place, so they
 * cannot drift). socket.io retries a lost connection by itself with these delays, doubling from
 * 0.5 s up to 2.5 s, each ± half at random so that the clients of a restarted server do not all
 * come back at the same moment; between two tries it waits at most 3.75 s, so a client is back
 * within about 4 s of the server answering again.
 */
export const SOCKET_RECONNECTION = {
  reconnection: true,
  reconnectionAttempts: Number.POSITIVE_INFINITY,
  reconnectionDelay: 500,
  reconnectionDelayMax: 2500,
  randomizationFactor: 0.5,
} as const;

/** The wait before try number `attempt` (from 0): the same back-off and jitter as socket.io's. */
export const reconnectDelay = (attempt: number, random: () => number = Math.random): number => {
  const { reconnectionDelay, reconnectionDelayMax, randomizationFactor } = SOCKET_RECONNECTION;
  const base = Math.min(reconnectionDelayMax, reconnectionDelay * 2 ** Math.min(attempt, 16));
  return Math.round(base * (1 - randomizationFactor + 2 * randomizationFactor * random()));
};

/** Whether a refused handshake asks to come back later (SOCKET_RETRY: the server could not check the token). */
export const isRetryLater = (error: Error & { data?: unknown }): boolean =>
  typeof error.data === 'object' && error.data !== null && (error.data as { retry?: unknown }).retry === true;

/**
 * Keeps `socket` connected where socket.io alone would give up: after the server closed it on
 * purpose ("io server disconnect": a server that stops, or one that dropped this session; a
 * session that ended is then refused, and that refusal is final) and after a handshake the server
 * asked to retry. Returns `stop`, which ends these retries (call it before closing the socket).
 */
export const keepConnected = (socket: Socket): (() => void) => {
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const again = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!stopped && !socket.connected && !socket.active) socket.connect();
    }, reconnectDelay(attempt++));
  };
  socket.on('connect', () => {
    attempt = 0;
  });
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') again();
  });
  socket.on('connect_error', (error) => {
    // `active`: socket.io is retrying a network failure itself.
    if (!socket.active && isRetryLater(error)) again();
  });
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
};
