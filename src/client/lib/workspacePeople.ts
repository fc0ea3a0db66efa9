import { useQuery } from '@tanstack/react-query';
import type { WorkspacePerson } from '../../features/workspaces/workspaces.schemas.ts';
import { api } from './api.ts';

// The people of the current workspace (GET /users): who can lead or attend a meeting, be
// assigned a card, sit in a seat or join a group. Many features pick from it, so it has one
// owner here: one key, one hook; the features that change people invalidate this key.

export const workspacePeopleKey = ['workspace', 'people'] as const;

export const useWorkspacePeople = (enabled = true) =>
  useQuery({
    queryKey: workspacePeopleKey,
    // Silent: the picker that needs the list shows its own error state.
    queryFn: ({ signal }) => api.get<WorkspacePerson[]>('/users', { signal, silent: true }),
    enabled,
  });
