import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../client/lib/api.ts';
import { registerRealtimeUpdater } from '../../../client/lib/realtimeCache.ts';
import { connectRealtime } from '../../../client/lib/socket.ts';
import { showError } from '../../../client/ui/toast.ts';
import { meetingKeys } from '../../meetings/client/meetings.queries.ts';
import { liveMessages } from '../live.messages.ts';
import type {
  LiveAttendee,
  LiveSession,
  LiveSessionEntry,
  LiveState,
  MeetingArchive,
  StartChecks,
  StartedMeeting,
} from '../live.schemas.ts';

// Server state of the live meeting: the workspace's live sessions (sidebar, Start/Join), one
// session's live state, who has it open, and archives. The clock is the server's: a live state
// carries `serverNow`, and the page counts from the server's step start corrected by that offset.

export const liveKeys = {
  sessions: ['live', 'sessions'] as const,
  state: (sessionId: string) => ['live', 'state', sessionId] as const,
  presence: (sessionId: string) => ['live', 'presence', sessionId] as const,
  archive: (sessionId: string) => ['live', 'archive', sessionId] as const,
};

const silent = { silent: true } as const;

/** How far the server's clock is ahead of this browser's (ms), from the last live state read. */
let clockOffsetMs = 0;
export const serverNowMs = () => Date.now() + clockOffsetMs;

const readState = async (sessionId: string, signal?: AbortSignal) => {
  const sent = Date.now();
  const state = await api.get<LiveState>(`/sessions/${sessionId}/live`, { signal, ...silent });
  // The answer was made somewhere between sending and receiving: take the middle.
  clockOffsetMs = Date.parse(state.serverNow) - (sent + Date.now()) / 2;
  return state;
};

export const useLiveSessions = (enabled = true) =>
  useQuery({
    queryKey: liveKeys.sessions,
    queryFn: ({ signal }) => api.get<LiveSessionEntry[]>('/meetings/live-sessions', { signal, ...silent }),
    enabled,
  });

export const liveStateQuery = (sessionId: string) =>
  queryOptions({ queryKey: liveKeys.state(sessionId), queryFn: ({ signal }) => readState(sessionId, signal) });

export const useLiveState = (sessionId: string) => useQuery(liveStateQuery(sessionId));

export const useOnline = (sessionId: string) =>
  useQuery<string[]>({
    queryKey: liveKeys.presence(sessionId),
    queryFn: () => [],
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useArchive = (sessionId: string) =>
  useQuery({
    queryKey: liveKeys.archive(sessionId),
    queryFn: ({ signal }) => api.get<MeetingArchive>(`/sessions/${sessionId}/archive`, { signal, ...silent }),
  });

/** Whatever shows whether a meeting is live: the sidebar, lists, dashboards, the top bar. */
const refreshLiveness = (queryClient: QueryClient, meetingId: string) => {
  void queryClient.invalidateQueries({ queryKey: liveKeys.sessions });
  void queryClient.invalidateQueries({ queryKey: meetingKeys.lists });
  void queryClient.invalidateQueries({ queryKey: meetingKeys.detail(meetingId) });
  void queryClient.invalidateQueries({ queryKey: meetingKeys.next });
  void queryClient.invalidateQueries({ queryKey: meetingKeys.archives(meetingId) });
};

export interface StartFlags {
  confirmNotLeader?: boolean;
  confirmUnscheduled?: boolean;
}

/** GET meetings/{id}/start: the questions a start would ask now, asked before the start is sent. */
export const fetchStartChecks = (meetingId: string) => api.get<StartChecks>(`/meetings/${meetingId}/start`, silent);

/** POST meetings/{id}/start; a 409 with `errors.confirm` asks the caller to confirm (see StartMeetingButton). */
export const useStartMeeting = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ meetingId, flags }: { meetingId: string; flags: StartFlags }) =>
      api.post<StartedMeeting>(`/meetings/${meetingId}/start`, flags, silent),
    onSuccess: (started, { meetingId }) => {
      refreshLiveness(queryClient, meetingId);
      // A day's session started again is the same session: what was cached of it has ended.
      void queryClient.invalidateQueries({ queryKey: liveKeys.state(started.sessionId) });
    },
  });
};

export const useJoinMeeting = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => api.post<LiveState>(`/sessions/${sessionId}/join`, {}, silent),
    onSuccess: (state) => queryClient.setQueryData(liveKeys.state(state.session.id), state),
  });
};

const patchSession = (queryClient: QueryClient, sessionId: string, patch: Partial<LiveSession>) =>
  queryClient.setQueryData<LiveState>(liveKeys.state(sessionId), (state) =>
    state ? { ...state, session: { ...state.session, ...patch } } : state,
  );

/**
 * Before an optimistic change of the live state: a read already on its way carries the state from
 * before the change and would overwrite it when it lands (the screen reads again when its socket
 * joins the room), so it is cancelled; true when one was, and the caller reads again once its
 * change is answered.
 */
export const holdStateReads = async (queryClient: QueryClient, sessionId: string) => {
  const reading = queryClient.isFetching({ queryKey: liveKeys.state(sessionId) }) > 0;
  await queryClient.cancelQueries({ queryKey: liveKeys.state(sessionId) });
  return reading;
};

/** After the change: the read that was cancelled, made again. */
export const resumeStateReads = (queryClient: QueryClient, sessionId: string, cancelled: boolean | undefined) => {
  if (cancelled) void queryClient.invalidateQueries({ queryKey: liveKeys.state(sessionId) });
};

/** POST sessions/{id}/step: the new step shows at once; on failure the server's step comes back. */
export const useMoveStep = (sessionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: number) => api.post<LiveSession>(`/sessions/${sessionId}/step`, { step }),
    onMutate: async (step) => {
      const cancelled = await holdStateReads(queryClient, sessionId);
      const before = queryClient.getQueryData<LiveState>(liveKeys.state(sessionId))?.session;
      patchSession(queryClient, sessionId, {
        currentStep: step,
        lastStepStartedAt: new Date(serverNowMs()).toISOString(),
      });
      return { before, cancelled };
    },
    onError: (_error, _step, context) => {
      if (context?.before) patchSession(queryClient, sessionId, context.before);
    },
    onSuccess: (session) => patchSession(queryClient, sessionId, session),
    onSettled: (_session, _error, _step, context) => resumeStateReads(queryClient, sessionId, context?.cancelled),
  });
};

/** POST sessions/{id}/finish: Save and Finish, or Cancel Meeting. */
export const useFinishMeeting = (sessionId: string, meetingId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { notAttended: string[]; cancelled: boolean }) =>
      api.post<boolean>(`/sessions/${sessionId}/finish`, input, silent),
    // The live state is left as it was: the screen leaves for the dashboard itself.
    onSuccess: () => refreshLiveness(queryClient, meetingId),
  });
};

const storeAttendee = (queryClient: QueryClient, sessionId: string, attendee: LiveAttendee) =>
  queryClient.setQueryData<LiveState>(liveKeys.state(sessionId), (state) =>
    state
      ? { ...state, attendees: state.attendees.map((person) => (person.id === attendee.id ? attendee : person)) }
      : state,
  );

/** PATCH sessions/{id}/ratings/{userId}: a recap score or note (the other field is kept). */
export const useSaveRating = (sessionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...change }: { userId: string; score?: number | null; note?: string | null }) =>
      api.patch<LiveAttendee>(`/sessions/${sessionId}/ratings/${userId}`, change),
    onSuccess: (attendee) => storeAttendee(queryClient, sessionId, attendee),
  });
};

/** PATCH sessions/{id}/attendees/{userId}: 'Did not attend'. */
export const useMarkAttendance = (sessionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, notAttended }: { userId: string; notAttended: boolean }) =>
      api.patch<LiveAttendee>(`/sessions/${sessionId}/attendees/${userId}`, { notAttended }),
    onSuccess: (attendee) => storeAttendee(queryClient, sessionId, attendee),
  });
};

/** POST sessions/{id}/guests (saveEmail): a non-meeting attendee by email. */
export const useAddGuest = (sessionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api.post<string[]>(`/sessions/${sessionId}/guests`, { email }, silent),
    onSuccess: (guests) =>
      queryClient.setQueryData<LiveState>(liveKeys.state(sessionId), (state) => (state ? { ...state, guests } : state)),
  });
};

/**
 * Counts the caller as Online while the live screen is open (the server tracks sockets, so a
 * closed tab goes Offline by itself); joins again after a reconnection.
 */
export const useLivePresence = (sessionId: string, enabled: boolean) => {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    let leave = () => {};
    void connectRealtime().then((socket) => {
      if (cancelled) return;
      // No socket means no signed-in user to join the live channel as (document 1 §8).
      if (!socket) {
        showError(liveMessages.sessionNotLoaded);
        return;
      }
      const join = () =>
        socket.emit('live:join', sessionId, (result) => {
          if (result.ok) queryClient.setQueryData(liveKeys.presence(sessionId), result.online);
        });
      if (socket.connected) join();
      socket.on('connect', join);
      // A closing tab says goodbye itself: a proxy may hold the closed connection open until
      // the heartbeat gives up on it. Back from the back/forward cache, it joins again.
      const hide = () => {
        if (socket.connected) socket.emit('live:leave', sessionId);
      };
      const show = (event: PageTransitionEvent) => {
        if (event.persisted && socket.connected) join();
      };
      window.addEventListener('pagehide', hide);
      window.addEventListener('pageshow', show);
      leave = () => {
        socket.off('connect', join);
        window.removeEventListener('pagehide', hide);
        window.removeEventListener('pageshow', show);
        hide();
      };
    });
    return () => {
      cancelled = true;
      leave();
    };
  }, [sessionId, enabled, queryClient]);
};

// --- Real time

registerRealtimeUpdater('live.changed', (queryClient, data) => {
  refreshLiveness(queryClient, data.meetingId);
  // A day's session started again: what was cached of it has ended. (An end is live.ended's.)
  if (data.live) void queryClient.invalidateQueries({ queryKey: liveKeys.state(data.sessionId) });
});

registerRealtimeUpdater('live.step', (queryClient, data) =>
  patchSession(queryClient, data.sessionId, {
    currentStep: data.currentStep,
    lastStepStartedAt: data.lastStepStartedAt,
  }),
);

registerRealtimeUpdater('live.attendees.changed', (queryClient, data) => {
  void queryClient.invalidateQueries({ queryKey: liveKeys.state(data.sessionId) });
});

registerRealtimeUpdater('live.presence', (queryClient, data) => {
  queryClient.setQueryData(liveKeys.presence(data.sessionId), data.online);
});

// The screen leaves on this patch; no refetch, as a cancelled session made for the occasion is gone.
registerRealtimeUpdater('live.ended', (queryClient, data) => {
  patchSession(
    queryClient,
    data.sessionId,
    data.cancelled ? { startedAt: null } : { finishedAt: new Date(serverNowMs()).toISOString() },
  );
  refreshLiveness(queryClient, data.meetingId);
});
