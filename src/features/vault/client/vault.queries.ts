import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api.ts';
import { registerRealtimeUpdater } from '../../../client/lib/realtimeCache.ts';
import { VAULT_ACTIVITY_PAGE, VAULT_FOLDERS_PAGE, VAULT_PAGE, VAULT_SEEN_PAGE } from '../../../shared/constants.ts';
import type {} from '../../meetings/meetings.events.ts';
import type {} from '../../people/people.events.ts';
import type {} from '../vault.events.ts';
import type { Revealed, VaultAuditPage, VaultEntry, VaultEntryPage, VaultFolder } from '../vault.schemas.ts';

export interface EntryFilters {
  search: string;
  groupId: string | null;
  /** A folder's id, 'none' for entries in no folder, null for all. */
  folderId: string | null;
  sort: 'asc' | 'desc';
  page: number;
}

export const vaultKeys = {
  all: ['vault'] as const,
  of: (meetingId: string) => ['vault', meetingId] as const,
  entries: (meetingId: string, filters: EntryFilters) => ['vault', meetingId, 'entries', filters] as const,
  folders: (meetingId: string) => ['vault', meetingId, 'folders'] as const,
  activity: (meetingId: string, entryId: string | null, userId: string | null, page: number) =>
    ['vault', meetingId, 'activity', entryId, userId, page] as const,
  seenBy: (userId: string, page: number) => ['vault', 'seen-by', userId, page] as const,
  workspaceActivity: (page: number) => ['vault', 'workspace-activity', page] as const,
};

const silent = { silent: true };

/** getPasswords: one page of the meeting's entries, without secrets. */
export const useVaultEntries = (meetingId: string, filters: EntryFilters) =>
  useQuery({
    queryKey: vaultKeys.entries(meetingId, filters),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        sort: filters.sort,
        offset: String(filters.page * VAULT_PAGE.default),
        limit: String(VAULT_PAGE.default),
      });
      if (filters.search) query.set('search', filters.search);
      if (filters.groupId) query.set('groupId', filters.groupId);
      if (filters.folderId) query.set('folderId', filters.folderId);
      return api.get<VaultEntryPage>(`/meetings/${meetingId}/passwords?${query}`, { signal, ...silent });
    },
    placeholderData: keepPreviousData,
    enabled: meetingId !== '',
  });

/** getPasswordGroups: the meeting's folders. */
export const useVaultFolders = (meetingId: string) =>
  useQuery({
    queryKey: vaultKeys.folders(meetingId),
    queryFn: ({ signal }) =>
      api.get<{ items: VaultFolder[]; total: number }>(
        `/meetings/${meetingId}/password-folders?limit=${VAULT_FOLDERS_PAGE.max}`,
        { signal, ...silent },
      ),
    enabled: meetingId !== '',
  });

/** The meeting's vault activity, or one entry's history, or one person's (leaders and admins). */
export const useVaultActivity = (meetingId: string, entryId: string | null, userId: string | null, page: number) =>
  useQuery({
    enabled: meetingId !== '',
    queryKey: vaultKeys.activity(meetingId, entryId, userId, page),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        offset: String(page * VAULT_ACTIVITY_PAGE.default),
        limit: String(VAULT_ACTIVITY_PAGE.default),
      });
      if (entryId) query.set('entryId', entryId);
      if (userId) query.set('userId', userId);
      return api.get<VaultAuditPage>(`/meetings/${meetingId}/password-activity?${query}`, { signal, ...silent });
    },
    placeholderData: keepPreviousData,
  });

/** The whole workspace's vault activity, deleted meetings' rows included (admins; decision 063). */
export const useWorkspaceVaultActivity = (page: number, enabled: boolean) =>
  useQuery({
    queryKey: vaultKeys.workspaceActivity(page),
    queryFn: ({ signal }) =>
      api.get<VaultAuditPage>(
        `/password-activity?offset=${page * VAULT_ACTIVITY_PAGE.default}&limit=${VAULT_ACTIVITY_PAGE.default}`,
        { signal, ...silent },
      ),
    placeholderData: keepPreviousData,
    enabled,
  });

/** The passwords one person revealed or copied, across the workspace (admins; decision 063). */
export const useVaultSeenBy = (userId: string, page: number) =>
  useQuery({
    queryKey: vaultKeys.seenBy(userId, page),
    queryFn: ({ signal }) =>
      api.get<VaultAuditPage>(
        `/password-activity?userId=${userId}&action=reveal,copy&offset=${page * VAULT_SEEN_PAGE}&limit=${VAULT_SEEN_PAGE}`,
        { signal, ...silent },
      ),
    placeholderData: keepPreviousData,
  });

const useRefresh = (meetingId: string) => {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: vaultKeys.of(meetingId) });
};

export const useSaveEntry = (meetingId: string) => {
  const refresh = useRefresh(meetingId);
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: Record<string, unknown> }) =>
      id
        ? api.patch<VaultEntry>(`/passwords/${id}`, input, silent)
        : api.post<VaultEntry>(`/meetings/${meetingId}/passwords`, input, silent),
    onSuccess: refresh,
  });
};

export const useDeleteEntry = (meetingId: string) => {
  const refresh = useRefresh(meetingId);
  return useMutation({
    mutationFn: (id: string) => api.delete<boolean>(`/passwords/${id}`, undefined, silent),
    onSuccess: refresh,
  });
};

export const useSaveFolder = (meetingId: string) => {
  const refresh = useRefresh(meetingId);
  return useMutation({
    mutationFn: ({ id, name }: { id: string | null; name: string }) =>
      id
        ? api.patch<VaultFolder>(`/password-folders/${id}`, { name }, silent)
        : api.post<VaultFolder>(`/meetings/${meetingId}/password-folders`, { name }, silent),
    onSuccess: refresh,
  });
};

export const useDeleteFolder = (meetingId: string) => {
  const refresh = useRefresh(meetingId);
  return useMutation({
    mutationFn: ({ id, entries }: { id: string; entries: 'keep' | 'delete' }) =>
      api.delete<boolean>(`/password-folders/${id}?entries=${entries}`, undefined, silent),
    onSuccess: refresh,
  });
};

/** The one call that returns a password: audited on the server as a reveal or a copy. */
export const revealPassword = (entryId: string, purpose: 'reveal' | 'copy') =>
  api.post<Revealed>(`/passwords/${entryId}/reveal`, { purpose }, silent);

// Someone changed the vault, the meeting's people or the groups: what the caller may see is
// asked again at once, so an entry they lost leaves the open page (and its revealed value).
registerRealtimeUpdater('vault.changed', (queryClient, data) => {
  void queryClient.invalidateQueries({ queryKey: vaultKeys.of(data.meetingId) });
});
registerRealtimeUpdater('meeting.changed', (queryClient, data) => {
  void queryClient.invalidateQueries({ queryKey: vaultKeys.of(data.id) });
});
registerRealtimeUpdater('groups.changed', (queryClient) => {
  void queryClient.invalidateQueries({ queryKey: vaultKeys.all });
});
