import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api.ts';
import { registerRealtimeUpdater } from '../../../client/lib/realtimeCache.ts';
import type {} from '../slack.events.ts';
import type { MeetingSlack, SaveMeetingSlack, SlackChannelPage, SlackStatus } from '../slack.schemas.ts';

export const slackKeys = {
  all: ['slack'] as const,
  status: ['slack', 'status'] as const,
  meeting: (meetingId: string) => ['slack', 'meeting', meetingId] as const,
  channels: (meetingId: string) => ['slack', 'channels', meetingId] as const,
};

/** The workspace's Slack connection (admins: the Integrations section). */
export const useSlackStatus = () =>
  useQuery({
    queryKey: slackKeys.status,
    queryFn: ({ signal }) => api.get<SlackStatus>('/slack', { signal, silent: true }),
  });

/** Asks for Slack's authorize page and goes there; Slack sends the admin back to Administration. */
export const useConnectSlack = () =>
  useMutation({
    mutationFn: () => api.post<{ url: string }>('/slack/install', undefined, { silent: true }),
    onSuccess: ({ url }) => window.location.assign(url),
  });

export const useDisconnectSlack = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ connected: boolean }>('/slack', undefined, { silent: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: slackKeys.all }),
  });
};

/** Where the meeting's recap goes, and whether the viewer may change it. */
export const useMeetingSlack = (meetingId: string) =>
  useQuery({
    queryKey: slackKeys.meeting(meetingId),
    queryFn: ({ signal }) => api.get<MeetingSlack>(`/meetings/${meetingId}/slack`, { signal, silent: true }),
  });

/** The Slack team's channels, page by page (Slack's cursor), while the picker is open. */
export const useSlackChannels = (meetingId: string, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: slackKeys.channels(meetingId),
    queryFn: ({ signal, pageParam }) =>
      api.get<SlackChannelPage>(
        `/meetings/${meetingId}/slack/channels${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal, silent: true },
      ),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled,
    staleTime: 60_000,
  });

export const useSaveMeetingSlack = (meetingId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveMeetingSlack) =>
      api.put<MeetingSlack>(`/meetings/${meetingId}/slack`, input, { silent: true }),
    onSuccess: (saved) => queryClient.setQueryData(slackKeys.meeting(meetingId), saved),
  });
};

// Another admin connected or disconnected Slack; a leader changed a meeting's recap channel.
registerRealtimeUpdater(
  'slack.changed',
  (queryClient) => void queryClient.invalidateQueries({ queryKey: slackKeys.all }),
);
registerRealtimeUpdater(
  'slack.meetingChanged',
  (queryClient, data) => void queryClient.invalidateQueries({ queryKey: slackKeys.meeting(data.meetingId) }),
);
