import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { Database } from '../../db/client.ts';
import { resolveToken } from '../../features/auth/server/tokens.service.ts';
import {
  type ClientToServerEvents,
  meetingRoom,
  type RealtimeMessage,
  type ServerToClientEvents,
  SOCKET_EVENT,
  SOCKET_PATH,
  workspaceRoom,
} from '../../shared/realtime.ts';
import type { PendingEvent } from '../context.ts';
import { type PresenceData, registerLivePresence } from './presence.ts';
import { isMeetingParticipant } from './rooms.ts';

type SocketData = PresenceData;

export interface Realtime {
  /** Sends an event to its room on every instance. Call only after the transaction commits. */
  publish(event: PendingEvent, origin: { changedBy: string | null; originClientId: string | null }): void;
  /** Drops the sockets of a revoked session, or of all a user's sessions, on every instance. */
  disconnect(target: { sessionId: string } | { userId: string }): void;
  close(): Promise<void>;
}

// Private rooms, so that sockets can be found by session or user on any instance.
const sessionRoom = (sessionId: string) => `session-${sessionId}`;
const userRoom = (userId: string) => `user-${userId}`;

/**
 * socket.io on the app's HTTP server. A socket authenticates with the same bearer token as
 * the API and joins its workspace room; a meeting room only after the membership check.
 * On PostgreSQL the adapter lets several instances share rooms through LISTEN/NOTIFY.
 */
export const createRealtime = (app: FastifyInstance, database: Database): Realtime => {
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
  });
  if (database.pool)
    io.adapter(createAdapter(database.pool, { errorHandler: (err) => app.log.warn({ err }, 'realtime adapter') }));

  io.use(async (socket, next) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : '';
    const auth = await resolveToken(database.db, token).catch(() => null);
    if (!auth?.tenantId) return next(new Error('unauthorized'));
    socket.data.auth = { ...auth, tenantId: auth.tenantId };
    next();
  });

  const publish: Realtime['publish'] = (event, origin) => {
    const room = event.meetingId ? meetingRoom(event.tenantId, event.meetingId) : workspaceRoom(event.tenantId);
    const message: RealtimeMessage = { type: event.type, data: event.data, ...origin };
    io.to(room).emit(SOCKET_EVENT, message);
  };
  const livePresence = registerLivePresence(
    io,
    database.db,
    (event) => publish(event, { changedBy: null, originClientId: null }),
    (err) => app.log.warn({ err }, 'live presence'),
  );

  io.on('connection', (socket) => {
    const { auth } = socket.data;
    livePresence(socket);
    socket.join([workspaceRoom(auth.tenantId), sessionRoom(auth.sessionId), userRoom(auth.userId)]);
    socket.on('meeting:join', async (meetingId, ack) => {
      const allowed =
        typeof meetingId === 'string' && (await isMeetingParticipant(database.db, auth, meetingId).catch(() => false));
      if (allowed) socket.join(meetingRoom(auth.tenantId, meetingId));
      if (typeof ack === 'function') ack({ ok: allowed });
    });
    socket.on('meeting:leave', (meetingId) => {
      if (typeof meetingId === 'string') socket.leave(meetingRoom(auth.tenantId, meetingId));
    });
  });

  return {
    publish,
    disconnect(target) {
      io.in('sessionId' in target ? sessionRoom(target.sessionId) : userRoom(target.userId)).disconnectSockets(true);
    },
    // Not io.close(): that would also close the HTTP server, which Fastify closes itself.
    async close() {
      io.local.disconnectSockets(true);
      await io.of('/').adapter.close();
      io.engine.close();
    },
  };
};
