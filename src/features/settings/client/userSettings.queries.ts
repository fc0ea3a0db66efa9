import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api.ts';
import type { UpdateUserSettings, UserSettings } from '../settings.schemas.ts';

// GET and PATCH self/settings: the home widgets' order and visibility and the Google Calendar
// embed URL. They are the user's, so they follow them to any browser.

export const userSettingsKeys = { self: ['self', 'settings'] as const };

export const useUserSettings = () =>
  useQuery({
    queryKey: userSettingsKeys.self,
    queryFn: ({ signal }) => api.get<UserSettings>('/self/settings', { signal, silent: true }),
  });

/** Saves a change; the caller shows its own success text and field errors (silent). */
export const useSaveUserSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: UpdateUserSettings) => api.patch<UserSettings>('/self/settings', patch, { silent: true }),
    onSuccess: (saved) => queryClient.setQueryData(userSettingsKeys.self, saved),
  });
};
