import { forbidden } from '../shared/errors.ts';
import type { TenantContext } from './context.ts';

/** Workspace settings and people are managed by the workspace's admins only. */
export const assertWorkspaceAdmin = (ctx: Pick<TenantContext, 'isAdmin'>) => {
  if (!ctx.isAdmin) throw forbidden();
};
