import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiOptions, api, sendForm } from '../../../client/lib/api.ts';
import { registerRealtimeUpdater } from '../../../client/lib/realtimeCache.ts';
import { selfKey } from '../../../client/lib/self.ts';
import { workspacePeopleKey } from '../../../client/lib/workspacePeople.ts';
import { DIRECTORY_PAGE_SIZE } from '../../../shared/constants.ts';
import type { Self } from '../../../shared/self.ts';
import { peopleMessages } from '../people.messages.ts';
import type { Contact, DirectoryPage, DirectoryStatus, Group } from '../people.schemas.ts';

export const peopleKeys = {
  all: ['people'] as const,
  directory: (filters: DirectoryFilters, page: number) => ['people', 'directory', filters, page] as const,
  contact: (id: string) => ['people', 'contact', id] as const,
  groups: ['people', 'groups'] as const,
};

/**
 * One's own settings, under a root of their own: neither a change of people (peopleKeys.all) nor
 * a refetch of /self (['self']) refetches them.
 */
export const ownSettingsKeys = {
  notifications: ['own-settings', 'notifications'] as const,
  sessions: ['own-settings', 'sessions'] as const,
};

/** One page of the directory (GET /directory/users), by first name. */
/** What the directory lists: a search, a group (or every group) and active or disabled people. */
export interface DirectoryFilters {
  search: string;
  groupId: string | null;
  status: DirectoryStatus;
}

export const useDirectory = (filters: DirectoryFilters, page: number) =>
  useQuery({
    queryKey: peopleKeys.directory(filters, page),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        offset: String(page * DIRECTORY_PAGE_SIZE),
        limit: String(DIRECTORY_PAGE_SIZE),
        status: filters.status,
      });
      if (filters.search) query.set('search', filters.search);
      if (filters.groupId) query.set('groupId', filters.groupId);
      return api.get<DirectoryPage>(`/directory/users?${query}`, { signal, silent: true });
    },
    placeholderData: keepPreviousData,
  });

export const useContact = (id: string | null) =>
  useQuery({
    queryKey: peopleKeys.contact(id ?? ''),
    queryFn: ({ signal }) => api.get<Contact>(`/users/${id}`, { signal, silent: true }),
    enabled: id !== null,
  });

/** The workspace's groups with their people (GET /groups?includeUsers=true). */
export const useGroups = () =>
  useQuery({
    queryKey: peopleKeys.groups,
    queryFn: ({ signal }) =>
      api.get<{ groups: Group[]; total: number }>('/groups?includeUsers=true&limit=200', { signal, silent: true }),
  });

/**
 * After any change of people or groups: every directory page, contact and group list refetches,
 * and so does the workspace's people list (the group dialog picks from it).
 */
const useRefreshPeople = () => {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: peopleKeys.all });
    void queryClient.invalidateQueries({ queryKey: workspacePeopleKey });
  };
};

export type ContactInput = Record<string, unknown>;
export interface SaveContactResult {
  outcome: 'saved' | 'created' | 'invited';
  message: string;
  user: Contact | null;
}

export const useSaveContact = () => {
  const refresh = useRefreshPeople();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ContactInput }): Promise<SaveContactResult> =>
      id
        ? api
            .patch<Contact>(`/users/${id}`, input, { silent: true })
            .then((user) => ({ outcome: 'saved', message: peopleMessages.userSaved, user }))
        : api.post<SaveContactResult>('/users', input, { silent: true }),
    onSuccess: (_result, { id }) => {
      refresh();
      // One's own card changed: the top bar follows.
      if (id !== null && id === queryClient.getQueryData<Self>(selfKey)?.user.id)
        void queryClient.invalidateQueries({ queryKey: selfKey });
    },
  });
};

export const useSetDisabled = () => {
  const refresh = useRefreshPeople();
  return useMutation({
    mutationFn: ({ id, disabled }: { id: string; disabled: boolean }) =>
      api.post<Contact>(`/users/${id}/${disabled ? 'disable' : 'enable'}`, undefined, { silent: true }),
    onSuccess: refresh,
  });
};

/** Grants or removes admin rights; one's own change reaches the top bar and the navigation at once. */
export const useSetAdmin = () => {
  const refresh = useRefreshPeople();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, admin }: { id: string; admin: boolean }) =>
      api.post<Contact>(`/users/${id}/${admin ? 'make-admin' : 'remove-admin'}`, undefined, { silent: true }),
    onSuccess: (_result, { id }) => {
      refresh();
      if (id === queryClient.getQueryData<Self>(selfKey)?.user.id)
        void queryClient.invalidateQueries({ queryKey: selfKey });
    },
  });
};

export const useSaveGroup = () => {
  const refresh = useRefreshPeople();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: { name?: string; userIds?: string[] } }) =>
      id
        ? api.patch<Group>(`/groups/${id}`, input, { silent: true })
        : api.post<Group>('/groups', input, { silent: true }),
    onSuccess: refresh,
  });
};

export const useDeleteGroup = () => {
  const refresh = useRefreshPeople();
  return useMutation({
    mutationFn: (id: string) => api.delete<boolean>(`/groups/${id}`, undefined, { silent: true }),
    onSuccess: refresh,
  });
};

/** PUT a photo as multipart (field `file`) to '/self/photo' or '/users/{id}/photo', without a toast. */
export const uploadPhoto = (path: string, file: File, options: ApiOptions = {}) =>
  sendForm<{ image: string | null }>('PUT', path, file, { silent: true, ...options });

/** After one's own photo changed: the top bar's avatar follows at once. */
export const useSetOwnImage = () => {
  const queryClient = useQueryClient();
  return (image: string | null) =>
    queryClient.setQueryData<Self>(selfKey, (self) => (self ? { ...self, user: { ...self.user, image } } : self));
};

// Someone else changed people or groups: the directory refetches; a change to oneself (an admin
// granting or removing one's rights) reaches the navigation too.
registerRealtimeUpdater('people.changed', (queryClient, data) => {
  void queryClient.invalidateQueries({ queryKey: peopleKeys.all });
  void queryClient.invalidateQueries({ queryKey: workspacePeopleKey });
  if (data.userId === queryClient.getQueryData<Self>(selfKey)?.user.id)
    void queryClient.invalidateQueries({ queryKey: selfKey });
});
registerRealtimeUpdater('groups.changed', (queryClient) => {
  void queryClient.invalidateQueries({ queryKey: peopleKeys.all });
});
