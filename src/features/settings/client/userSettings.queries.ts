import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api.ts';
import { showError } from '../../../client/ui/toast.ts';
import { settingsMessages } from '../settings.messages.ts';
import type { UpdateUserSettings, UserSettings } from '../settings.schemas.ts';

// GET and PATCH self/settings: the home widgets' order and visibility, the meetings hidden on
// home and the Google Calendar embed URL. They are the user's, so they follow them to any browser.

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

const hiddenMeetingsKey = ['self', 'settings', 'hiddenMeetings'] as const;

/**
 * Saves the meetings hidden on home (the avatar strip). Shown at once (the widgets ask for the
 * new list straight away); the saves go one after the other in the order of the presses, each
 * with the whole list, so the last press wins. The answer of the last one in flight is kept; a
 * failure says so and reloads what the server holds.
 */
export const useSaveHiddenMeetings = () => {
  const queryClient = useQueryClient();
  const last = () => queryClient.isMutating({ mutationKey: hiddenMeetingsKey }) <= 1;
  return useMutation({
    mutationKey: hiddenMeetingsKey,
    scope: { id: 'home-hidden-meetings' },
    mutationFn: (hiddenMeetingIds: string[]) =>
      api.patch<UserSettings>('/self/settings', { hiddenMeetingIds }, { silent: true }),
    onMutate: async (hiddenMeetingIds) => {
      await queryClient.cancelQueries({ queryKey: userSettingsKeys.self, exact: true });
      queryClient.setQueryData<UserSettings>(userSettingsKeys.self, (settings) =>
        settings ? { ...settings, hiddenMeetingIds } : settings,
      );
    },
    onSuccess: (saved) => {
      if (last()) queryClient.setQueryData(userSettingsKeys.self, saved);
    },
    onError: () => {
      showError(settingsMessages.homeMeetingsSaveFailed);
      if (last()) void queryClient.invalidateQueries({ queryKey: userSettingsKeys.self, exact: true });
    },
  });
};
