import type { ReactNode } from 'react';
import { ADMIN_FLAG } from '../../shared/constants.ts';
import { useSelf } from '../lib/self.ts';
import { RequirePermission } from './ErrorPages.tsx';

/** Pages for workspace admins only (document 1 §6: isAdmin '1'); others see permission denied. */
export const RequireWorkspaceAdmin = ({ children }: { children: ReactNode }) => {
  const self = useSelf();
  return <RequirePermission allowed={self.data?.isAdmin === ADMIN_FLAG.yes}>{children}</RequirePermission>;
};
