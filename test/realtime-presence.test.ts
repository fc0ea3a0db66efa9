import type { Socket as TcpSocket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_HEARTBEAT_MS } from '../src/shared/constants.ts';
import { testApp } from './app.ts';
import { createMeeting, joinWorkspace, signUp } from './factories.ts';
import { connect, eventually, instancesOnPostgres, listen } from './realtime.ts';
import { scaled } from './slow.ts';

// 'Online' in a live meeting (document 1 §2) follows the sockets: a closed tab is Offline within
// 2 s, a lost network within the heartbeat (SOCKET_HEARTBEAT_MS, decision 021).

type Listener = Awaited<ReturnType<typeof connect>>;
type Instance = { app: FastifyInstance; baseUrl: string };

const today = () => new Date().toISOString().slice(0, 10);
const thisHour = () => `${String(new Date().getUTCHours()).padStart(2, '0')}:00`;

/** A live meeting with its leader's screen open on `leaderSide` and a member's on `memberSide`. */
const liveMeeting = async (leaderSide: Instance, memberSide: Instance) => {
  const leader = await signUp(leaderSide.app);
  const member = await joinWorkspace(leaderSide.app, leader);
  const meeting = await createMeeting(leader, [member.userId], { startDate: today(), startTime: thisHour() });
  const started = await leader.api.post<{ sessionId: string }>(`/meetings/${meeting.id}/start`, {});
  expect(started.status).toBe(200);
  const { sessionId } = started.body.result;
  const watcher = await connect(leaderSide.baseUrl, leader.token);
  const leaving = await connect(memberSide.baseUrl, member.token);
  expect((await watcher.socket.emitWithAck('live:join', sessionId)).ok).toBe(true);
  expect((await leaving.socket.emitWithAck('live:join', sessionId)).online).toHaveLength(2);
  await eventually(() => lastOnline(watcher)?.length === 2);
  return { leader, member, sessionId, watcher, leaving };
};

const lastOnline = (listener: Listener) => {
  const presence = listener.received.filter((m) => m.type === 'live.presence').at(-1);
  return presence && 'online' in presence.data ? presence.data.online : undefined;
};

/** Milliseconds from `cut` until the watcher's list no longer has the member. */
const timeToOffline = async (watcher: Listener, memberId: string, cut: () => void, within: number) => {
  const started = Date.now();
  cut();
  await eventually(() => !(lastOnline(watcher) ?? []).includes(memberId), within + 1000);
  return Date.now() - started;
};

const tcpOf = (listener: Listener) =>
  // socket.io-client in Node: the websocket transport's `ws` client and its TCP socket.
  (listener.socket.io.engine.transport as unknown as { ws: { _socket: TcpSocket } }).ws._socket;

const presenceCases = (instances: () => [Instance, Instance]) => {
  it('a closed tab is Offline for the others within 2 s', async () => {
    const [a, b] = instances();
    const { member, watcher, leaving } = await liveMeeting(a, b);
    const elapsed = await timeToOffline(watcher, member.userId, () => leaving.socket.close(), 2000);
    expect(elapsed).toBeLessThan(2000);
    watcher.socket.close();
  });

  it('a connection cut without a goodbye (the tab process killed) is Offline within 2 s', async () => {
    const [a, b] = instances();
    const { member, watcher, leaving } = await liveMeeting(a, b);
    const elapsed = await timeToOffline(watcher, member.userId, () => tcpOf(leaving).destroy(), 2000);
    expect(elapsed).toBeLessThan(2000);
    watcher.socket.close();
    leaving.socket.close();
  });

  it('a lost network (nothing answers any more) is Offline within the heartbeat', {
    timeout: scaled(30_000),
  }, async () => {
    const [a, b] = instances();
    const { member, watcher, leaving } = await liveMeeting(a, b);
    const heartbeat = SOCKET_HEARTBEAT_MS.interval + SOCKET_HEARTBEAT_MS.timeout;
    // The client stops reading: the server's pings go unanswered, as on a dead network.
    const elapsed = await timeToOffline(watcher, member.userId, () => tcpOf(leaving).pause(), heartbeat);
    expect(elapsed).toBeLessThanOrEqual(heartbeat + 500);
    watcher.socket.close();
    leaving.socket.close();
  });
};

describe('live presence on one instance', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  beforeAll(async () => {
    app = await testApp();
    baseUrl = await listen(app);
  });
  afterAll(() => app.close());
  presenceCases(() => [
    { app, baseUrl },
    { app, baseUrl },
  ]);
});

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('live presence across two instances on one PostgreSQL', () => {
  const instances = instancesOnPostgres(url!);
  presenceCases(() => [instances[0]!, instances[1]!]);
});
