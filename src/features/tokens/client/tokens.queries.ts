import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api.ts';
import { registerRealtimeUpdater } from '../../../client/lib/realtimeCache.ts';
import type {} from '../tokens.events.ts';
import type { ApiToken, CreatedToken, CreateToken, TokenKind } from '../tokens.schemas.ts';

// The one client owner of API tokens: their query keys, the calls, and the real-time updater.

export const tokensKeys = {
  all: ['api-tokens'] as const,
  list: (kind: TokenKind) => ['api-tokens', kind] as const,
};

const pathOf = (kind: TokenKind) => (kind === 'personal' ? '/self/api-tokens' : '/api-tokens');

export const useTokens = (kind: TokenKind) =>
  useQuery({
    queryKey: tokensKeys.list(kind),
    queryFn: ({ signal }) => api.get<ApiToken[]>(pathOf(kind), { signal, silent: true }),
  });

export const useCreateToken = (kind: TokenKind) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateToken) => api.post<CreatedToken>(pathOf(kind), input, { silent: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tokensKeys.list(kind) }),
  });
};

export const useRevokeToken = (kind: TokenKind) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<boolean>(`${pathOf(kind)}/${id}`, undefined, { silent: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tokensKeys.list(kind) }),
  });
};

// A token was made or revoked in another tab or by another admin: the list reloads.
registerRealtimeUpdater('apiTokens.changed', (queryClient, data) => {
  void queryClient.invalidateQueries({ queryKey: tokensKeys.list(data.kind) });
});
