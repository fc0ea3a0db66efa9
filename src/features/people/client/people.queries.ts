import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, type ApiOptions, api } from '../../../client/lib/api.ts';
import { clientId } from '../../../client/lib/clientId.ts';
import { registerRealtimeUpdater } from '../../../client/lib/realtimeCache.ts';
import { getToken } from '../../../client/lib/session.ts';
import { toCamelKeys } from '../../../shared/case.ts';
import { API_ROOT, CLIENT_ID_HEADER, DIRECTORY_PAGE_SIZE } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import type { Self } from '../../auth/auth.schemas.ts';
import { authKeys } from '../../auth/client/auth.queries.ts';
import type { Contact, DirectoryPage, Group } from '../people.schemas.ts';

export const peopleKeys = {
  all: ['people'] as const,
  directory: (search: string, page: number) => ['people', 'directory', search, page] as const,
  contact: (id: string) => ['people', 'contact', id] as const,
  groups: ['people', 'groups'] as const,
};

/** One page of the directory (GET /directory/users), by first name. */
export const useDirectory = (search: string, page: number) =>
  useQuery({
    queryKey: peopleKeys.directory(search, page),
    queryFn: ({ signal }) =>
      api.get<DirectoryPage>(
        `/directory/users?offset=${page * DIRECTORY_PAGE_SIZE}&limit=${DIRECTORY_PAGE_SIZE}${
          search ? `&search=${encodeURIComponent(search)}` : ''
        }`,
        { signal, silent: true },
      ),
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

/** After any change of people or groups: every directory page, contact and group list refetches. */
const useRefreshPeople = () => {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: peopleKeys.all });
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
            .then((user) => ({ outcome: 'saved', message: messages.userSaved, user }))
        : api.post<SaveContactResult>('/users', input, { silent: true }),
    onSuccess: () => {
      refresh();
      // One's own card changed: the top bar follows.
      void queryClient.invalidateQueries({ queryKey: authKeys.self });
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

/**
 * PUT a photo as multipart (field `file`) to `path` ('/self/photo' or '/users/{id}/photo'). The
 * JSON client does not send forms, so this call uses fetch with the same headers; failures
 * become ApiError with the server's message.
 */
export const uploadPhoto = async (path: string, file: File, options: ApiOptions = {}) => {
  const form = new FormData();
  form.append('file', file, file.name);
  const headers: Record<string, string> = { Accept: 'application/json', [CLIENT_ID_HEADER]: clientId };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${API_ROOT}${path}`, { method: 'PUT', headers, body: form, signal: options.signal });
  let body: { status?: string; message?: string; result?: unknown; errors?: Record<string, string> } = {};
  try {
    body = toCamelKeys(JSON.parse(await response.text())) as typeof body;
  } catch {
    // Not JSON: the status says what happened.
  }
  if (!response.ok || body.status !== 'success')
    throw new ApiError(response.status, body.message || messages.apiHttpError(response.status), body, body.errors);
  return body.result as { image: string | null };
};

/** After one's own photo changed: the top bar's avatar follows at once. */
export const useSetOwnImage = () => {
  const queryClient = useQueryClient();
  return (image: string | null) =>
    queryClient.setQueryData<Self>(authKeys.self, (self) => (self ? { ...self, user: { ...self.user, image } } : self));
};

// Someone else changed people or groups: the directory refetches.
registerRealtimeUpdater('people.changed', (queryClient) => {
  void queryClient.invalidateQueries({ queryKey: peopleKeys.all });
  void queryClient.invalidateQueries({ queryKey: ['meetings', 'people'] });
});
registerRealtimeUpdater('groups.changed', (queryClient) => {
  void queryClient.invalidateQueries({ queryKey: peopleKeys.all });
});

/** The enabled people of the workspace (GET /users), for choosing a group's people. */
export const usePickablePeople = () =>
  useQuery({
    queryKey: [...peopleKeys.all, 'pickable'] as const,
    queryFn: ({ signal }) =>
      api.get<{ id: string; firstName: string; lastName: string }[]>('/users', { signal, silent: true }),
  });
