import type { Server, Socket } from 'socket.io';
import type { Db } from '../../db/client.ts';
import { type ClientToServerEvents, meetingRoom, type ServerToClientEvents } from '../../shared/realtime.ts';
import type { Auth, PendingEvent } from '../context.ts';
import { liveSessionMeetingFor } from './rooms.ts';

// Who has a live meeting open right now (document 1 §2 'Online'): the sockets in the session's
// presence room, on every instance (the adapter answers fetchSockets across them). Whenever
// someone opens, leaves or drops off, the meeting's room hears the new list.

export interface PresenceData {
  auth: Auth & { tenantId: string };
  /** The live sessions this socket shows, with their meetings. */
  live?: Record<string, string>;
}

type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, PresenceData>;
type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, PresenceData>;

const presenceRoom = (sessionId: string) => `live-${sessionId}`;

export const registerLivePresence = (
  io: LiveServer,
  db: Db,
  publish: (event: PendingEvent) => void,
  onError: (err: unknown) => void,
) => {
  const onlineIn = async (sessionId: string) => {
    const sockets = await io.in(presenceRoom(sessionId)).fetchSockets();
    return [...new Set(sockets.map((socket) => socket.data.auth.userId))];
  };

  const announce = async (tenantId: string, meetingId: string, sessionId: string) => {
    const online = await onlineIn(sessionId);
    publish({ tenantId, meetingId, type: 'live.presence', data: { sessionId, meetingId, online } });
    return online;
  };

  return (socket: LiveSocket) => {
    const { auth } = socket.data;
    const shown: Record<string, string> = {};
    socket.data.live = shown;

    socket.on('live:join', async (sessionId, ack) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      try {
        const meetingId = typeof sessionId === 'string' ? await liveSessionMeetingFor(db, auth, sessionId) : undefined;
        if (!meetingId) return reply({ ok: false, online: [] });
        shown[sessionId] = meetingId;
        // The presence events go to the meeting's room: be in it to hear them.
        await socket.join([presenceRoom(sessionId), meetingRoom(auth.tenantId, meetingId)]);
        reply({ ok: true, online: await announce(auth.tenantId, meetingId, sessionId) });
      } catch (err) {
        onError(err);
        reply({ ok: false, online: [] });
      }
    });

    socket.on('live:leave', async (sessionId) => {
      const meetingId = typeof sessionId === 'string' ? shown[sessionId] : undefined;
      if (!meetingId) return;
      delete shown[sessionId];
      await socket.leave(presenceRoom(sessionId));
      await announce(auth.tenantId, meetingId, sessionId).catch(onError);
    });

    // Once disconnected the socket is out of every room: the lists sent now leave it out.
    socket.on('disconnect', () => {
      for (const [sessionId, meetingId] of Object.entries(shown)) {
        void announce(auth.tenantId, meetingId, sessionId).catch(onError);
      }
    });
  };
};
