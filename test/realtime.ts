import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import { type Database, openPostgres } from '../src/db/client.ts';
import { buildApp } from '../src/server/app.ts';
import { createMailer } from '../src/server/mail/mailer.ts';
import { type RealtimeMessage, SOCKET_EVENT, SOCKET_PATH } from '../src/shared/realtime.ts';
import { testConfig } from './app.ts';

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

/** An app instance listening on a loopback port, with its own connection pool. */
export interface AppInstance {
  app: FastifyInstance;
  database: Database;
  baseUrl: string;
}

/**
 * `count` app instances on one PostgreSQL server (their rooms shared through the socket.io
 * adapter), opened before the suite and closed after it. Call inside a describe block.
 */
export const instancesOnPostgres = (url: string, count = 2, poolSize = 4): AppInstance[] => {
  const instances: AppInstance[] = [];
  beforeAll(async () => {
    for (let i = 0; i < count; i++) {
      const database = await openPostgres(url, poolSize);
      const app = await buildApp({ database, config: testConfig(), mailer: createMailer(undefined, console) });
      instances.push({ app, database, baseUrl: await listen(app) });
    }
  });
  afterAll(async () => {
    for (const { app, database } of instances) {
      await app.close();
      await database.close();
    }
  });
  return instances;
};
