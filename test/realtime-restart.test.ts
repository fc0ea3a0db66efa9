import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { keepConnected, SOCKET_RECONNECTION } from '../src/client/lib/socket-reconnect.ts';
import { type RealtimeMessage, SOCKET_EVENT, SOCKET_PATH } from '../src/shared/realtime.ts';
import { client, createMeeting, joinWorkspace, signUp } from './factories.ts';
import { type NodeProcess, nodeProcesses } from './processes.ts';
import { eventually, instancesOnPostgres } from './realtime.ts';

const url = process.env.DATABASE_URL;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** The moment `base` first answers its health check (polled often: the figure measured starts here). */
const answering = async (base: string, server: NodeProcess, ms = 180_000) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return Date.now();
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${base} did not answer: ${server.output()}`);
};

// Instance A runs in this process; instance B is `npm start` in a child process, stopped as a
// deploy stops it (SIGTERM) and as a crash does (SIGKILL), then started again. The client is
// socket.io-client with the browser's reconnection options and retries, and joins its meeting's
// room again on each connection as the meeting pages do.
describe.skipIf(!url)('a client of an instance that restarts', () => {
  const instances = instancesOnPostgres(url!, 1);
  const run = nodeProcesses();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cadence-realtime-b-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is back in its rooms and hears instance A within 5 s of B answering again, after SIGTERM and after SIGKILL', async () => {
    const [onA] = instances as [(typeof instances)[0]];
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { DATABASE_URL: url!, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
    let b: NodeProcess = run(['src/server/main.ts'], env);
    await answering(base, b);

    const leader = await signUp(onA.app);
    const member = await joinWorkspace(onA.app, leader);
    const meeting = await createMeeting(leader, [member.userId]);
    const [session] = (await leader.api.get<{ id: string }[]>(`/meetings/${meeting.id}/sessions`)).body.result;

    const received: RealtimeMessage[] = [];
    let inMeetingRoomAt = 0;
    const socket: Socket = io(base, {
      path: SOCKET_PATH,
      auth: { token: member.token },
      transports: ['websocket'],
      ...SOCKET_RECONNECTION,
    });
    const stop = keepConnected(socket);
    socket.on(SOCKET_EVENT, (message: RealtimeMessage) => received.push(message));
    socket.on('connect', () => {
      socket.emit('meeting:join', meeting.id, (answer: { ok: boolean }) => {
        if (answer.ok) inMeetingRoomAt = Date.now();
      });
    });
    await eventually(() => inMeetingRoomAt > 0, 10_000);

    const figures: Record<string, number> = {};
    let round = 0;
    for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
      round++;
      inMeetingRoomAt = 0;
      b.child.kill(signal);
      await b.exited;
      b = run(['src/server/main.ts'], env);
      const answeredAt = await answering(base, b);
      await eventually(() => inMeetingRoomAt > 0, 5000);
      figures[signal] = inMeetingRoomAt - answeredAt;

      // Changes made through A reach the client on B: its workspace room and its meeting's.
      const name = `Round ${round}`;
      expect((await client(onA.app, leader.token).patch(`/tenants/${leader.tenantId}`, { name })).status).toBe(200);
      expect((await leader.api.patch(`/sessions/${session!.id}`, { note: name })).status).toBe(200);
      // A rename writes a table sessions depend on: A answers once every instance dropped its cached
      // sessions, and counts a killed B among them until its heartbeat times out (it then waits the
      // cache's lifetime out). The events leave after the answer.
      const answeredChangeAt = Date.now();
      await eventually(
        () =>
          received.some((m) => m.type === 'workspace.updated' && (m.data as { name?: string }).name === name) &&
          received.some(
            (m) => m.type === 'session.changed' && (m.data as { meetingId?: string }).meetingId === meeting.id,
          ),
        Math.max(answeredAt + 5000, answeredChangeAt + 1000) - Date.now(),
      );
      received.length = 0;
    }
    console.info(`back in the rooms after B answered: ${JSON.stringify(figures)} ms`);
    stop();
    socket.close();
    b.child.kill('SIGTERM');
    await b.exited;
  }, 480_000);
});
