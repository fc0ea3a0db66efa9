import type { TenantContext } from '../../../server/context.ts';
import { forbidden } from '../../../shared/errors.ts';

/** Workspace settings and people are managed by the workspace's admins only. */
export const assertWorkspaceAdmin = (ctx: TenantContext) => {
  if (!ctx.isAdmin) throw forbidden();
};
