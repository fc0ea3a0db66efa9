import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api.ts';
import { registerRealtimeUpdater } from '../../../client/lib/realtimeCache.ts';
import type {} from '../digests.events.ts';
import type { DigestSetting } from '../digests.schemas.ts';

// The before-meeting digest's setting on the client: one key factory, one updater (decision 125).

export const digestKeys = {
  setting: (meetingId: string) => ['digests', 'setting', meetingId] as const,
};

// Another leader's change shows at once on every open settings page of the meeting.
registerRealtimeUpdater('digest.setting.changed', (queryClient, data) => {
  queryClient.setQueryData<DigestSetting>(digestKeys.setting(data.meetingId), (current) =>
    current ? { ...current, hoursBefore: data.hoursBefore } : current,
  );
});

export const useDigestSetting = (meetingId: string) =>
  useQuery({
    queryKey: digestKeys.setting(meetingId),
    queryFn: ({ signal }) => api.get<DigestSetting>(`/meetings/${meetingId}/digest`, { signal, silent: true }),
  });

export const useSaveDigestSetting = (meetingId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hoursBefore: number | null) =>
      api.put<DigestSetting>(`/meetings/${meetingId}/digest`, { hoursBefore }, { silent: true }),
    onSuccess: (saved) => queryClient.setQueryData(digestKeys.setting(meetingId), saved),
  });
};
