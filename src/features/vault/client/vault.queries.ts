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

/**
 * Whose vault audit a list shows: one meeting's (or one entry's history, or one person's in it;
 * leaders and admins), the whole workspace's with deleted meetings' rows (admins), or the
 * passwords one person revealed or copied across the workspace (admins; decision 063).
 */
export type AuditSource =
  | { kind: 'meeting'; meetingId: string; entryId?: string | null; userId?: string | null }
  | { kind: 'workspace' }
  | { kind: 'seenBy'; userId: string };

/** Rows per page of a source: the departed person's list is short, it sits in their contact's details. */
export const auditPageSize = (source: AuditSource) =>
  source.kind === 'seenBy' ? VAULT_SEEN_PAGE : VAULT_ACTIVITY_PAGE.default;

/** One page of a source's audit rows, newest first. */
export const useVaultAudit = (source: AuditSource, page: number) => {
  const size = auditPageSize(source);
  const query = new URLSearchParams({ offset: String(page * size), limit: String(size) });
  let queryKey: readonly unknown[];
  let path = '/password-activity';
  if (source.kind === 'meeting') {
    const { meetingId, entryId = null, userId = null } = source;
    if (entryId) query.set('entryId', entryId);
    if (userId) query.set('userId', userId);
    queryKey = vaultKeys.activity(meetingId, entryId, userId, page);
    path = `/meetings/${meetingId}/password-activity`;
  } else if (source.kind === 'seenBy') {
    query.set('userId', source.userId);
    query.set('action', 'reveal,copy');
    queryKey = vaultKeys.seenBy(source.userId, page);
  } else {
    queryKey = vaultKeys.workspaceActivity(page);
  }
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => api.get<VaultAuditPage>(`${path}?${query}`, { signal, ...silent }),
    placeholderData: keepPreviousData,
  });
};

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
