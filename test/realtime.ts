import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { type RealtimeMessage, SOCKET_EVENT, SOCKET_PATH } from '../src/shared/realtime.ts';

/** The base URL of an app listening on a free loopback port. */
export const listen = async (app: FastifyInstance) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
};

/** A socket.io client as the browser makes it, collecting the events it receives. */
export const connect = async (baseUrl: string, token: string) => {
  const socket: Socket = io(baseUrl, {
    path: SOCKET_PATH,
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  const received: RealtimeMessage[] = [];
  socket.on(SOCKET_EVENT, (message: RealtimeMessage) => received.push(message));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, received };
};

/** Waits until `check` holds, polling; fails after `ms`. */
export const eventually = async (check: () => boolean, ms = 5000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** Gives events that should NOT arrive a fair chance to arrive. */
export const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));
