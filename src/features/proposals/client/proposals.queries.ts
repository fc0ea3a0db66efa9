import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api.ts';
import { registerRealtimeUpdater } from '../../../client/lib/realtimeCache.ts';
import { taskKeys } from '../../tasks/client/tasks.queries.ts';
import type {} from '../proposals.events.ts';
import { PROPOSALS_PAGE } from '../proposals.kinds.ts';
import type {
  Proposal,
  ProposalPage,
  ProposalSettings,
  RefreshResult,
  SetProposalSettings,
} from '../proposals.schemas.ts';

// Proposed issues on the client (decision 123): one key factory, one set of hooks. Every open
// screen of the meeting (the live Issues step, the dashboard) refetches when the room says the
// proposals changed.

export type ProposalView = 'open' | 'hidden';

export const proposalKeys = {
  all: (meetingId: string) => ['proposals', meetingId] as const,
  list: (meetingId: string, view: ProposalView, offset: number) =>
    ['proposals', meetingId, 'list', view, offset] as const,
  settings: (meetingId: string) => ['proposals', meetingId, 'settings'] as const,
};

registerRealtimeUpdater('proposals.changed', (queryClient, data) => {
  void queryClient.invalidateQueries({ queryKey: [...proposalKeys.all(data.meetingId), 'list'] });
});
registerRealtimeUpdater('proposals.settings.changed', (queryClient, data) => {
  void queryClient.invalidateQueries({ queryKey: proposalKeys.settings(data.meetingId) });
});

/** A page of the meeting's proposals (the server pages: PROPOSALS_PAGE.size from `offset`). */
export const useProposals = (meetingId: string, view: ProposalView, offset: number) =>
  useQuery({
    queryKey: proposalKeys.list(meetingId, view, offset),
    queryFn: ({ signal }) =>
      api.get<ProposalPage>(
        `/meetings/${meetingId}/proposals?state=${view}&offset=${offset}&limit=${PROPOSALS_PAGE.size}`,
        { signal, silent: true },
      ),
    placeholderData: keepPreviousData,
  });

type Action = { id: string } & (
  | { kind: 'accept' }
  | { kind: 'dismiss' }
  | { kind: 'restore' }
  | { kind: 'snooze'; until: string | null }
);

/** Accept, dismiss, snooze or restore a proposal; the lists refetch after it. */
export const useProposalAction = (meetingId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: Action) =>
      api.post<Proposal>(
        `/meetings/${meetingId}/proposals/${action.id}/${action.kind}`,
        action.kind === 'snooze' ? { until: action.until } : {},
        { silent: true },
      ),
    onSuccess: (_proposal, action) => {
      // An accepted proposal is a new issue: this screen ignores its own write's events.
      if (action.kind === 'accept') void queryClient.invalidateQueries({ queryKey: taskKeys.lists });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: proposalKeys.all(meetingId) }),
  });
};

export const useRefreshProposals = (meetingId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<RefreshResult>(`/meetings/${meetingId}/proposals/refresh`, {}, { silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...proposalKeys.all(meetingId), 'list'] }),
  });
};

export const useProposalSettings = (meetingId: string) =>
  useQuery({
    queryKey: proposalKeys.settings(meetingId),
    queryFn: ({ signal }) =>
      api.get<ProposalSettings>(`/meetings/${meetingId}/proposals/settings`, { signal, silent: true }),
  });

export const useSaveProposalSettings = (meetingId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetProposalSettings) =>
      api.put<ProposalSettings>(`/meetings/${meetingId}/proposals/settings`, input, { silent: true }),
    onSuccess: (saved) => queryClient.setQueryData(proposalKeys.settings(meetingId), saved),
  });
};
