import { io, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { keepConnected, SOCKET_RECONNECTION } from '../src/client/lib/socket-reconnect.ts';
import { authSessions } from '../src/db/schema/index.ts';
import { hashToken } from '../src/features/auth/server/tokens.service.ts';
import { SOCKET_PATH } from '../src/shared/realtime.ts';
import { signUp } from './factories.ts';
import { instancesOnPostgres } from './realtime.ts';

const url = process.env.DATABASE_URL;
const SOCKETS = 500;

// Every browser comes back at once after a restart. A database too busy to look a token up
// in time has said nothing about the token: the socket is told to retry, never refused.
describe.skipIf(!url)('a burst of sockets on one instance with a small pool', () => {
  const instances = instancesOnPostgres(url!, 1, 4);

  it('lets 500 sockets with valid tokens in at once while the database is busy', async () => {
    const [a] = instances as [(typeof instances)[0]];
    const admin = await signUp(a.app);
    const tokens = Array.from({ length: SOCKETS }, (_, i) => `burst-${admin.userId}-${i}`);
    await a.database.db.insert(authSessions).values(
      tokens.map((token) => ({
        tokenHash: hashToken(token),
        userId: admin.userId,
        tenantId: admin.tenantId,
        remember: false,
        expiresAt: new Date(Date.now() + 3_600_000),
      })),
    );

    // A busy database: every connection of the pool taken by a slow statement for 3 s, longer
    // than a request may wait for one (5 s in production, shortened here to keep the test short).
    const pool = a.database.pool!;
    pool.options.connectionTimeoutMillis = 500;
    const busy = Promise.all(
      Array.from({ length: pool.options.max }, () => pool.query('select pg_sleep(3)').catch(() => undefined)),
    );

    const outcomes = { joined: 0, refused: 0, toldToRetry: 0 };
    const sockets: { socket: Socket; stop: () => void }[] = [];
    const started = Date.now();
    await Promise.all(
      tokens.map(
        (token) =>
          new Promise<void>((resolve) => {
            const socket = io(a.baseUrl, {
              path: SOCKET_PATH,
              auth: { token },
              transports: ['websocket'],
              forceNew: true,
              ...SOCKET_RECONNECTION,
            });
            sockets.push({ socket, stop: keepConnected(socket) });
            socket.once('connect', () => {
              outcomes.joined++;
              resolve();
            });
            socket.on('connect_error', (error: Error & { data?: { retry?: boolean } }) => {
              if (error.data?.retry) outcomes.toldToRetry++;
              else {
                outcomes.refused++;
                resolve();
              }
            });
          }),
      ),
    );
    const elapsed = Date.now() - started;
    await busy;
    pool.options.connectionTimeoutMillis = 5000;
    console.info(`${SOCKETS} sockets: ${JSON.stringify(outcomes)} in ${elapsed} ms`);
    for (const { socket, stop } of sockets) {
      stop();
      socket.close();
    }
    expect(outcomes.refused).toBe(0);
    expect(outcomes.joined).toBe(SOCKETS);
  }, 60_000);

  it('tells a socket to retry while no connection is free, and it comes back by itself', async () => {
    const [a] = instances as [(typeof instances)[0]];
    const admin = await signUp(a.app);
    const pool = a.database.pool!;
    pool.options.connectionTimeoutMillis = 300;
    const held = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
    const socket = io(a.baseUrl, {
      path: SOCKET_PATH,
      auth: { token: admin.token },
      transports: ['websocket'],
      forceNew: true,
      ...SOCKET_RECONNECTION,
    });
    const stop = keepConnected(socket);
    const refusal = await new Promise<Error & { data?: unknown }>((resolve) => socket.once('connect_error', resolve));
    expect(refusal.message).toBe('retry later');
    expect(refusal.data).toEqual({ retry: true });
    for (const connection of held) connection.release();
    pool.options.connectionTimeoutMillis = 5000;
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    stop();
    socket.close();
  });
});
