import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../client/lib/api.ts';
import type { SignInResult } from '../../auth.schemas.ts';
import type { Passkey, PasskeyCeremony } from '../../passkeys.schemas.ts';

// The one client owner of passkeys (decision 104): the calls, and the browser's WebAuthn steps,
// whose library loads only when a passkey is added or used.

export const passkeysKeys = { mine: ['passkeys'] as const };

/** What the browser's passkey prompt answered when the person cancelled it or it timed out. */
export const isCancelled = (error: unknown) =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');

const webAuthn = () => import('@simplewebauthn/browser');

export const usePasskeys = () =>
  useQuery({
    queryKey: passkeysKeys.mine,
    queryFn: ({ signal }) => api.get<Passkey[]>('/self/passkeys', { signal, silent: true }),
  });

export const useAddPasskey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const { startRegistration } = await webAuthn();
      const ceremony = await api.post<PasskeyCeremony>('/self/passkeys/options', {}, { silent: true });
      const response = await startRegistration({ optionsJSON: ceremony.options as never });
      return api.post<Passkey>(
        '/self/passkeys',
        { challengeId: ceremony.challengeId, name, response },
        { silent: true },
      );
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: passkeysKeys.mine }),
  });
};

export const useRemovePasskey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<boolean>(`/self/passkeys/${id}`, undefined, { silent: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: passkeysKeys.mine }),
  });
};

/** Asks the browser for one of this site's passkeys and signs in with it. */
export const signInWithPasskey = async (input: { rememberUser: boolean; lastTenantSelected: string | null }) => {
  const { startAuthentication } = await webAuthn();
  const ceremony = await api.post<PasskeyCeremony>('/signin/passkey/options', {}, { silent: true });
  const response = await startAuthentication({ optionsJSON: ceremony.options as never });
  return api.post<SignInResult>(
    '/signin/passkey',
    { challengeId: ceremony.challengeId, response, ...input },
    { silent: true },
  );
};

export const passkeysSupported = () => typeof window !== 'undefined' && 'PublicKeyCredential' in window;
