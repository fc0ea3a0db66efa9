import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../client/lib/api.ts';
import type { TwoFactorStatus } from '../../two-factor.schemas.ts';

export const twoFactorKeys = {
  status: ['two-factor', 'status'] as const,
  policy: ['two-factor', 'policy'] as const,
};

export const useTwoFactorStatus = () =>
  useQuery({
    queryKey: twoFactorKeys.status,
    queryFn: ({ signal }) => api.get<TwoFactorStatus>('/self/two-factor', { signal, silent: true }),
  });

export const startEnrolment = () =>
  api.post<{ secret: string; uri: string }>('/self/two-factor/enrol', undefined, { silent: true });
export const confirmEnrolment = (code: string) =>
  api.post<{ recoveryCodes: string[] }>('/self/two-factor/confirm', { code }, { silent: true });
export const regenerateCodes = (code: string) =>
  api.post<{ recoveryCodes: string[] }>('/self/two-factor/recovery-codes', { code }, { silent: true });
export const disableTwoFactor = (password: string, code: string) =>
  api.post<{ message: string }>('/self/two-factor/disable', { password, code }, { silent: true });
