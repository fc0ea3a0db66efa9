import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, sendForm } from '../../../client/lib/api.ts';
import { registerRealtimeUpdater } from '../../../client/lib/realtimeCache.ts';
import { selfKey } from '../../../client/lib/self.ts';
import type { Self } from '../../../shared/self.ts';
import type { GeneralSettings, SaveGeneralSettings } from '../admin.schemas.ts';

export const adminKeys = {
  all: ['admin'] as const,
  generalSettings: (tenantId: string) => ['admin', 'general-settings', tenantId] as const,
};

/** The workspace's colours and logo (every member: the theme needs them). */
export const useGeneralSettings = (tenantId: string | null) =>
  useQuery({
    queryKey: adminKeys.generalSettings(tenantId ?? ''),
    queryFn: ({ signal }) => api.get<GeneralSettings>('/general-settings', { signal, silent: true }),
    enabled: tenantId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** New settings in the cache, and the logo in the top bar. */
const applySettings = (queryClient: ReturnType<typeof useQueryClient>, settings: GeneralSettings) => {
  const self = queryClient.getQueryData<Self>(selfKey);
  if (!self?.tenant) return;
  queryClient.setQueryData(adminKeys.generalSettings(self.tenant.id), settings);
  if (self.tenant.iconLogo !== settings.iconLogo)
    queryClient.setQueryData<Self>(selfKey, {
      ...self,
      tenant: { ...self.tenant, iconLogo: settings.iconLogo },
    });
};

export const useSaveGeneralSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveGeneralSettings) => api.post<GeneralSettings>('/general-settings', input, { silent: true }),
    onSuccess: (settings) => applySettings(queryClient, settings),
  });
};

/** Uploads a logo (a File) or removes it (null). */
export const useSaveLogo = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File | null) =>
      file
        ? sendForm<GeneralSettings>('PUT', '/general-settings/logo', file, { silent: true })
        : api.delete<GeneralSettings>('/general-settings/logo', undefined, { silent: true }),
    onSuccess: (settings) => {
      applySettings(queryClient, settings);
      void queryClient.invalidateQueries({ queryKey: ['workspaces'] });
    },
  });
};

// An admin changed the colours or the logo: every member's theme and top bar follow at once.
registerRealtimeUpdater('generalSettings.changed', (queryClient, data) => applySettings(queryClient, data));
