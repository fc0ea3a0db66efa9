import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api.ts';
import { setLastTenant } from '../../../client/lib/lastTenant.ts';
import { registerRealtimeUpdater } from '../../../client/lib/realtimeCache.ts';
import { useNavigate } from '../../../client/lib/router/index.ts';
import { selfKey } from '../../../client/lib/self.ts';
import { disconnectRealtime } from '../../../client/lib/socket.ts';
import { workspacePeopleKey } from '../../../client/lib/workspacePeople.ts';
import type { MyWorkspace, Self } from '../../../shared/self.ts';
import type { AddUser, AddUserResult, Invitation, UserLookupResult } from '../workspaces.schemas.ts';

export const workspaceKeys = {
  all: ['workspaces'] as const,
  mine: ['workspaces', 'mine'] as const,
  invitations: ['workspaces', 'invitations'] as const,
};

/** The signed-in user's workspaces (GET /tenants), for the picker. */
export const useMyWorkspaces = () =>
  useQuery({
    queryKey: workspaceKeys.mine,
    queryFn: ({ signal }) => api.get<MyWorkspace[]>('/tenants', { signal }),
  });

/** Creates a workspace (its creator becomes its admin); the picker's list shows it. */
export const useCreateWorkspace = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post<MyWorkspace>('/tenants', { tenant: { name } }, { silent: true }),
    onSuccess: (created) => {
      queryClient.setQueryData<MyWorkspace[]>(workspaceKeys.mine, (list) => (list ? [...list, created] : list));
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.all });
      void queryClient.invalidateQueries({ queryKey: selfKey }); // tenantCount
    },
  });
};

/**
 * Works in another workspace (document 1 §2): the server moves the session, the browser
 * remembers the choice, drops everything cached from the old workspace, reconnects the live
 * channel (the server joins a socket to its workspace's room when it connects) and goes home.
 */
export const useSwitchWorkspace = () => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (id: string) => api.post<{ tenantId: string }>('/switch-tenant', { id }),
    onSuccess: async (result) => {
      setLastTenant(result.tenantId);
      disconnectRealtime(); // the shell connects again once it has the new workspace
      // Nothing of the old workspace may stay. Reset (not clear): every mounted query keeps its
      // observers and refetches, whereas after clear() a component still subscribed to a removed
      // query (the top bar's GET /self) went on showing the old workspace. Reads still under
      // way answered for the old workspace, so they are cancelled first.
      await queryClient.cancelQueries();
      void queryClient.resetQueries();
      await navigate('/');
    },
  });
};

/** GET /users/exists: whether an email has an account, and one in this workspace. */
export const lookUpUser = (email: string) =>
  api.get<UserLookupResult>(`/users/exists?email=${encodeURIComponent(email)}`, { silent: true });

/** POST /tenants/add-user: invites an existing account, or makes a new one (email and name). */
export const addUserToWorkspace = (input: AddUser) =>
  api.post<AddUserResult>('/tenants/add-user', input, { silent: true });

/** The signed-in user's open invitations (GET /invitations), shown above the picker. */
export const useMyInvitations = () =>
  useQuery({
    queryKey: workspaceKeys.invitations,
    queryFn: ({ signal }) => api.get<Invitation[]>('/invitations', { signal, silent: true }),
  });

/**
 * Accepts or declines an invitation. Silent: the invitation's card shows a failure itself.
 * Accepting adds the workspace to the picker (and to the self's count).
 */
export const useAnswerInvitation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: 'accept' | 'decline' }) =>
      api.post<MyWorkspace | boolean>(`/invitations/${id}/${answer}`, undefined, { silent: true }),
    onSuccess: (_result, { id }) => {
      queryClient.setQueryData<Invitation[]>(workspaceKeys.invitations, (list) => list?.filter((i) => i.id !== id));
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.all });
      void queryClient.invalidateQueries({ queryKey: selfKey });
    },
  });
};

// Someone accepted an invitation: lists of this workspace's people refetch.
registerRealtimeUpdater('workspace.memberJoined', (queryClient) => {
  void queryClient.invalidateQueries({ queryKey: workspacePeopleKey });
});

// Someone renamed the workspace or changed its logo: the top bar and the picker follow.
registerRealtimeUpdater('workspace.updated', (queryClient, data) => {
  queryClient.setQueryData<Self>(selfKey, (self) =>
    self?.tenant && self.tenant.id === data.id ? { ...self, tenant: { ...self.tenant, ...data } } : self,
  );
  queryClient.setQueryData<MyWorkspace[]>(workspaceKeys.mine, (list) =>
    list?.map((workspace) => (workspace.id === data.id ? { ...workspace, ...data } : workspace)),
  );
});
