import type { Server, Socket } from 'socket.io';
import { type ClientToServerEvents, meetingRoom, type ServerToClientEvents } from '../../shared/realtime.ts';
import type { Auth, PendingEvent } from '../context.ts';
import type { InstanceEvents } from './instances.ts';
import { presenceRoom, userRoom } from './rooms.ts';

const PRESENCE_FETCH_TIMEOUT_MS = 1500;
/** The adapter forgets an instance after 10 s without its heartbeat. */
const PRESENCE_RETRY_MS = 11_000;

// Who has a live meeting open right now (document 1 §2 'Online'): the sockets in the session's
// presence room, on every instance (the adapter answers fetchSockets across them). Whenever
// someone opens, leaves or drops off, the meeting's room hears the new list.

export interface PresenceData {
  auth: Auth & { tenantId: string };
  /** The live sessions this socket shows, with their meetings. */
  live?: Record<string, string>;
}

type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, InstanceEvents, PresenceData>;
type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, InstanceEvents, PresenceData>;

export interface LivePresence {
  /** Handles a new socket's live:join / live:leave and its disconnection. */
  attach(socket: LiveSocket): void;
  /** Takes these people out of the meeting's live sessions (they lost the meeting) and tells the room. */
  drop(target: { tenantId: string; meetingId: string; userIds: string[] }): Promise<void>;
}

export const registerLivePresence = (
  io: LiveServer,
  deps: {
    publish: (event: PendingEvent) => void;
    onError: (err: unknown) => void;
    /** The socket's caller as the database says now; null when the session or membership ended. */
    currentAuth: (socket: LiveSocket) => Promise<Auth | null>;
    /** The meeting of a live session whose presence the caller may join; undefined otherwise. */
    liveSessionMeeting: (auth: Auth, sessionId: string) => Promise<string | undefined>;
  },
): LivePresence => {
  const { publish, onError, currentAuth, liveSessionMeeting } = deps;
  const onlineIn = async (sessionId: string) => {
    // Short: an instance that died unannounced would hold every list up for the default 5 s.
    const sockets = await io.timeout(PRESENCE_FETCH_TIMEOUT_MS).in(presenceRoom(sessionId)).fetchSockets();
    return [...new Set(sockets.map((socket) => socket.data.auth.userId))];
  };

  const announce = async (tenantId: string, meetingId: string, sessionId: string, retry = true): Promise<string[]> => {
    try {
      const online = await onlineIn(sessionId);
      publish({ tenantId, meetingId, type: 'live.presence', data: { sessionId, meetingId, online } });
      return online;
    } catch (err) {
      // An instance did not answer: it is forgotten once its heartbeats stop (10 s); ask again then.
      if (retry) {
        const again = () => void announce(tenantId, meetingId, sessionId, false).catch(onError);
        setTimeout(again, PRESENCE_RETRY_MS).unref();
      }
      throw err;
    }
  };

  const mayShow = async (socket: LiveSocket, sessionId: string) => {
    const auth = await currentAuth(socket);
    return auth ? liveSessionMeeting(auth, sessionId) : undefined;
  };

  const attach = (socket: LiveSocket) => {
    const { auth } = socket.data;
    const shown: Record<string, string> = {};
    socket.data.live = shown;

    socket.on('live:join', async (sessionId, ack) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      try {
        const meetingId = typeof sessionId === 'string' ? await mayShow(socket, sessionId) : undefined;
        if (!meetingId) return reply({ ok: false, online: [] });
        shown[sessionId] = meetingId;
        // The presence events go to the meeting's room: be in it to hear them.
        const rooms = [presenceRoom(sessionId), meetingRoom(auth.tenantId, meetingId)];
        await socket.join(rooms);
        // Checked again once in: a removal that committed while we joined cannot be missed.
        if ((await mayShow(socket, sessionId)) !== meetingId) {
          delete shown[sessionId];
          for (const room of rooms) await socket.leave(room);
          return reply({ ok: false, online: [] });
        }
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

  const drop: LivePresence['drop'] = async ({ tenantId, meetingId, userIds }) => {
    if (userIds.length === 0) return;
    const sockets = await io.in(userIds.map(userRoom)).fetchSockets();
    const sessionIds = new Set<string>();
    for (const socket of sockets) {
      for (const [sessionId, shownMeeting] of Object.entries(socket.data.live ?? {})) {
        if (shownMeeting !== meetingId) continue;
        socket.leave(presenceRoom(sessionId));
        sessionIds.add(sessionId);
      }
    }
    for (const sessionId of sessionIds) await announce(tenantId, meetingId, sessionId);
  };

  return { attach, drop };
};
