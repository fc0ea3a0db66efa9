import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { Database, Db } from '../../db/client.ts';
import { SOCKET_HEARTBEAT_MS } from '../../shared/constants.ts';
import {
  type ClientToServerEvents,
  meetingRoom,
  type RealtimeMessage,
  type ServerToClientEvents,
  SOCKET_EVENT,
  SOCKET_PATH,
  SOCKET_RETRY,
  workspaceRoom,
} from '../../shared/realtime.ts';
import type { Auth, PendingEvent } from '../context.ts';
import type { RealtimeAccess } from './access.ts';
import { adapterPool } from './adapter-pool.ts';
import { handshakeQueue } from './handshakes.ts';
import { type InstanceEvents, SESSIONS_CLEAR } from './instances.ts';
import { type PresenceData, registerLivePresence } from './presence.ts';
import { memberRoom, sessionRoom, userRoom } from './rooms.ts';

type SocketData = PresenceData;
type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, InstanceEvents, SocketData>;

/** People who lost a meeting: its room and its live presence. `userIds` unset: everyone (the meeting is gone). */
export interface MeetingRoomExit {
  tenantId: string;
  meetingId: string;
  userIds?: string[];
}

/** A person removed from, or disabled in, a workspace. */
export interface WorkspaceExit {
  tenantId: string;
  userId: string;
}

export interface Realtime {
  /**
   * Sends an event to its room on every instance. Call only after the transaction commits, unless
   * the event tells nothing but how far the caller's own request is (decision 132).
   */
  publish(event: PendingEvent, origin: { changedBy: string | null; originClientId: string | null }): void;
  /** Drops the sockets of a revoked session, or of all a user's sessions, on every instance. */
  disconnect(target: { sessionId: string } | { userId: string }): void;
  /**
   * Takes sockets out of a meeting's room on every instance, at once; call after the commit,
   * with only the people who lost access (see TxContext.leaveMeetingRoom, which works them out).
   */
  leaveMeetingRoom(exit: MeetingRoomExit): void;
  /** Drops a user's sockets working in a workspace, on every instance; their other workspaces' stay. */
  leaveWorkspace(exit: WorkspaceExit): void;
  /**
   * Clears the session cache here and on every other instance. Resolves once every instance the
   * adapter knows acknowledged, or after the cache's time to live (by then no instance holds an
   * entry read before the caller's commit): either way, no revoked session is served after it.
   */
  clearSessions(): Promise<void>;
  /**
   * Calls `listener` with every event this instance publishes (already committed), after it went
   * out to the sockets: how a feature reacts to another's changes without importing it (Slack).
   * The listener must not throw or block: it gets the event synchronously.
   */
  onPublished(listener: (event: PendingEvent) => void): void;
  /** Of `userIds`, those who may no longer be in the meeting's room (the injected room rule). */
  withoutMeetingAccess(db: Db, tenantId: string, meetingId: string, userIds: string[]): Promise<string[]>;
  close(): Promise<void>;
}

/** How long a handshake may wait for its token look-up to start before it is told to retry. */
const HANDSHAKE_WAIT_MS = 3000;

const tokenOf = (socket: AppSocket) =>
  typeof socket.handshake.auth?.token === 'string' ? (socket.handshake.auth.token as string) : '';

/** A refused handshake that the client retries later (SOCKET_RETRY), unlike 'unauthorized'. */
const retryLater = () => Object.assign(new Error(SOCKET_RETRY.message), { data: SOCKET_RETRY.data });

/**
 * socket.io on the app's HTTP server. A socket authenticates with the same bearer token as
 * the API and joins its workspace room; a meeting room only after the membership check.
 * On PostgreSQL the adapter lets several instances share rooms through LISTEN/NOTIFY.
 * Who a token is and who may be in a meeting come from the features, through `access`.
 */
export const createRealtime = (app: FastifyInstance, database: Database, access: RealtimeAccess): Realtime => {
  const { rooms, sessionCache } = access;
  const io = new Server<ClientToServerEvents, ServerToClientEvents, InstanceEvents, SocketData>(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    // A connection that went dead without closing (lost network) is noticed within ~12 s.
    pingInterval: SOCKET_HEARTBEAT_MS.interval,
    pingTimeout: SOCKET_HEARTBEAT_MS.timeout,
  });
  const adapterError = (err: unknown) => app.log.warn({ err }, 'realtime adapter');
  const adapterConnections = database.pool ? adapterPool(database.pool, adapterError) : undefined;
  if (adapterConnections) io.adapter(createAdapter(adapterConnections.pool, { errorHandler: adapterError }));
  io.on(SESSIONS_CLEAR, (done) => {
    sessionCache.clear();
    done(true);
  });

  // Half the pool at most, so that the API still answers while every browser comes back at once.
  // The embedded database has no pool: its statements take turns anyway, and a queue in front
  // would only turn a slow moment into refused handshakes.
  const inTurn = database.pool
    ? handshakeQueue(Math.max(1, Math.floor(database.pool.options.max / 2)), HANDSHAKE_WAIT_MS)
    : <T>(work: () => Promise<T>) => work();
  const lookUp = (socket: AppSocket) => inTurn(() => access.resolveToken(tokenOf(socket)));

  io.use(async (socket, next) => {
    let auth: Auth | null;
    try {
      auth = await lookUp(socket);
    } catch (err) {
      // The database did not answer in time: nothing is known of the token, so it is not refused.
      app.log.warn({ err }, 'realtime handshake: retry later');
      return next(retryLater());
    }
    if (!auth?.tenantId) return next(new Error('unauthorized'));
    socket.data.auth = { ...auth, tenantId: auth.tenantId };
    next();
  });

  /**
   * The socket's caller as the database says now: a room is joined on today's membership and
   * admin flag, not on those of the handshake. A socket whose session or workspace ended goes;
   * one whose session moved to another workspace (another tab switched) is refused.
   */
  const currentAuth = async (socket: AppSocket): Promise<Auth | null> => {
    const auth = await access.resolveToken(tokenOf(socket));
    if (!auth?.tenantId) socket.disconnect(true);
    return auth?.tenantId && auth.tenantId === socket.data.auth.tenantId ? auth : null;
  };
  const mayJoinMeeting = async (socket: AppSocket, meetingId: string) => {
    const auth = await currentAuth(socket);
    return auth !== null && (await rooms.mayJoinMeeting(database.db, auth, meetingId));
  };

  const listeners: ((event: PendingEvent) => void)[] = [];
  const publish: Realtime['publish'] = (event, origin) => {
    const room = event.receiverId
      ? memberRoom(event.tenantId, event.receiverId)
      : event.meetingId
        ? meetingRoom(event.tenantId, event.meetingId)
        : workspaceRoom(event.tenantId);
    const message: RealtimeMessage = { type: event.type, data: event.data, ...origin };
    io.to(room).emit(SOCKET_EVENT, message);
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (err) {
        app.log.warn({ err, type: event.type }, 'realtime listener');
      }
    }
  };
  const onError = (err: unknown) => app.log.warn({ err }, 'live presence');
  const livePresence = registerLivePresence(io, {
    publish: (event) => publish(event, { changedBy: null, originClientId: null }),
    onError,
    currentAuth,
    liveSessionMeeting: (auth, sessionId) => rooms.liveSessionMeeting(database.db, auth, sessionId),
  });

  io.on('connection', (socket) => {
    const { auth } = socket.data;
    livePresence.attach(socket);
    socket.join([
      workspaceRoom(auth.tenantId),
      sessionRoom(auth.sessionId),
      userRoom(auth.userId),
      memberRoom(auth.tenantId, auth.userId),
    ]);
    // A sign-out or removal that committed between the handshake and these joins missed this
    // socket: look again now that it is findable.
    void lookUp(socket)
      .then((now) => {
        if (now?.tenantId !== auth.tenantId) socket.disconnect(true);
      })
      .catch(onError);
    socket.on('meeting:join', async (meetingId, ack) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      try {
        if (typeof meetingId !== 'string' || !(await mayJoinMeeting(socket, meetingId))) return reply({ ok: false });
        const room = meetingRoom(auth.tenantId, meetingId);
        await socket.join(room);
        // Checked again once in: a removal that committed while we joined cannot be missed.
        if (!(await mayJoinMeeting(socket, meetingId))) {
          await socket.leave(room);
          return reply({ ok: false });
        }
        reply({ ok: true });
      } catch (err) {
        onError(err);
        reply({ ok: false });
      }
    });
    socket.on('meeting:leave', (meetingId) => {
      if (typeof meetingId === 'string') socket.leave(meetingRoom(auth.tenantId, meetingId));
    });
  });

  // The cluster adapter (PostgreSQL) tells the other instances first and acts on this one only
  // after that round trip, so an event published meanwhile would still reach the sockets here:
  // act on this instance at once, then on every instance.
  const leaveRoom = (from: string | string[], room: string) => {
    io.local.in(from).socketsLeave(room);
    io.in(from).socketsLeave(room);
  };
  const disconnectAll = (room: string) => {
    io.local.in(room).disconnectSockets(true);
    io.in(room).disconnectSockets(true);
  };

  return {
    publish,
    disconnect(target) {
      disconnectAll('sessionId' in target ? sessionRoom(target.sessionId) : userRoom(target.userId));
    },
    leaveMeetingRoom({ tenantId, meetingId, userIds }) {
      const room = meetingRoom(tenantId, meetingId);
      if (!userIds) {
        leaveRoom(room, room);
        return;
      }
      if (userIds.length === 0) return;
      // Whatever is published after this call no longer reaches them, here at once and on the other
      // instances once they hear of it. Their live presence follows (it needs a look at the sockets).
      leaveRoom(userIds.map(userRoom), room);
      void livePresence.drop({ tenantId, meetingId, userIds }).catch(onError);
    },
    leaveWorkspace({ tenantId, userId }) {
      disconnectAll(memberRoom(tenantId, userId));
    },
    async clearSessions() {
      sessionCache.clear();
      if (!database.pool) return;
      let timer: NodeJS.Timeout | undefined;
      const outlived = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, sessionCache.ttlMs);
      });
      // A failed or partial acknowledgement falls back to waiting the entries out.
      const acknowledged = io.serverSideEmitWithAck(SESSIONS_CLEAR).then(
        () => undefined,
        () => outlived,
      );
      await Promise.race([acknowledged, outlived]);
      clearTimeout(timer);
    },
    onPublished(listener) {
      listeners.push(listener);
    },
    withoutMeetingAccess: rooms.withoutMeetingAccess,
    // Not io.close(): that would also close the HTTP server, which Fastify closes itself.
    // The connections are cut, not disconnected: told "server disconnect", a socket.io client
    // would not come back by itself; a cut connection it retries, and finds this server again
    // once it answers (or another instance behind the same address).
    async close() {
      io.engine.close();
      await io.of('/').adapter.close();
      await adapterConnections?.close();
    },
  };
};
