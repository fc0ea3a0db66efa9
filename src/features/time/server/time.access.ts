import { and, eq } from 'drizzle-orm';
import { timeProjectMembers, timeProjects } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { forbidden, notFound } from '../../../shared/errors.ts';
import { timeMessages } from '../time.messages.ts';

// Who may do what in time tracking (document 3 §6; decision 049):
// - workspace admins see and manage every project, and alone read and write its note;
// - a team member with `manage` manages the project (edit, budget, team);
// - other team members see the project's budget when `showToAll` is on, and log time on it;
// - `showToAdmins` alone shows it to its managers and the admins only;
// - accounts are created, edited and deleted by admins.

export interface ProjectAccess {
  id: string;
  tenantId: string;
  name: string;
  type: string;
  canSee: boolean;
  canManage: boolean;
  isMember: boolean;
}

/** One project of the workspace with the caller's rights on it; 404 when it is not the workspace's. */
export const loadProjectAccess = async (ctx: TenantContext, projectId: string): Promise<ProjectAccess> => {
  const [row] = await ctx.db
    .select({
      id: timeProjects.id,
      tenantId: timeProjects.tenantId,
      name: timeProjects.name,
      type: timeProjects.type,
      showToAll: timeProjects.showToAll,
      member: timeProjectMembers.userId,
      manage: timeProjectMembers.manage,
    })
    .from(timeProjects)
    .leftJoin(
      timeProjectMembers,
      and(eq(timeProjectMembers.projectId, timeProjects.id), eq(timeProjectMembers.userId, ctx.userId)),
    )
    .where(and(eq(timeProjects.id, projectId), eq(timeProjects.tenantId, ctx.tenantId)));
  if (!row) throw notFound();
  const isMember = row.member !== null;
  const canManage = ctx.isAdmin || row.manage === true;
  return {
    id: row.id,
    tenantId: row.tenantId,
    name: row.name,
    type: row.type,
    isMember,
    canManage,
    canSee: canManage || (isMember && row.showToAll),
  };
};

/** A project the caller can see (404 otherwise: its existence is not revealed). */
export const findVisibleProject = async (ctx: TenantContext, projectId: string) => {
  const access = await loadProjectAccess(ctx, projectId);
  if (!access.canSee && !access.isMember) throw notFound();
  return access;
};

export const assertManages = (access: ProjectAccess) => {
  if (!access.canManage) throw forbidden();
};

export const assertAdmin = (ctx: TenantContext) => {
  if (!ctx.isAdmin) throw forbidden();
};

/** Logging time needs a place on the project's team. */
export const assertMayLog = (access: ProjectAccess) => {
  if (!access.isMember) throw forbidden(timeMessages.timeNotOnProject);
};
