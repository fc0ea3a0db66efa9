import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { memberships, tenants } from '../../../db/schema/index.ts';
import type { TenantContext, TxContext } from '../../../server/context.ts';
import { ADMIN_FLAG, type AdminFlag } from '../../../shared/constants.ts';
import { notFound } from '../../../shared/errors.ts';
import { setSessionTenant } from '../../auth/server/tokens.service.ts';
import type { MyWorkspace, UpdateWorkspace, Workspace } from '../workspaces.schemas.ts';
import { assertWorkspaceAdmin } from './workspaces.policy.ts';

const workspaceColumns = {
  id: tenants.id,
  name: tenants.name,
  iconLogo: tenants.iconLogo,
  slackWorkspaceName: tenants.slackWorkspaceName,
};

/** The workspaces a user may work in (not those they were disabled in), by name. */
export const listMyWorkspaces = async (db: Db, userId: string): Promise<MyWorkspace[]> => {
  const rows = await db
    .select({ ...workspaceColumns, isAdmin: memberships.isAdmin })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .where(and(eq(memberships.userId, userId), eq(memberships.disabled, false)))
    .orderBy(asc(tenants.name), asc(tenants.id));
  return rows.map((row) => ({ ...row, isAdmin: row.isAdmin as AdminFlag }));
};

/** A workspace of which the user is an enabled member; otherwise 404, never revealing it exists. */
export const findMyWorkspace = async (db: Db, userId: string, tenantId: string): Promise<MyWorkspace> => {
  const [row] = await db
    .select({ ...workspaceColumns, isAdmin: memberships.isAdmin })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .where(and(eq(memberships.userId, userId), eq(memberships.tenantId, tenantId), eq(memberships.disabled, false)));
  if (!row) throw notFound();
  return { ...row, isAdmin: row.isAdmin as AdminFlag };
};

/** Creates a workspace with `userId` as its first admin. */
export const createWorkspace = async (db: Db, userId: string, name: string): Promise<MyWorkspace> => {
  const [tenant] = await db.insert(tenants).values({ name, changedBy: userId }).returning(workspaceColumns);
  await db.insert(memberships).values({ tenantId: tenant!.id, userId, isAdmin: ADMIN_FLAG.yes });
  return { ...tenant!, isAdmin: ADMIN_FLAG.yes };
};

/** Moves the caller's session into one of their workspaces. */
export const switchWorkspace = async (ctx: TxContext & { userId: string }, sessionId: string, tenantId: string) => {
  const workspace = await findMyWorkspace(ctx.db, ctx.userId, tenantId);
  await setSessionTenant(ctx.db, sessionId, tenantId);
  return { tenantId: workspace.id, isAdmin: workspace.isAdmin };
};

export const updateWorkspace = async (
  ctx: TenantContext,
  tenantId: string,
  patch: UpdateWorkspace,
): Promise<Workspace> => {
  // Only the workspace the session works in can be changed through it; others are not found.
  if (tenantId !== ctx.tenantId) throw notFound();
  assertWorkspaceAdmin(ctx);
  const [row] = await ctx.db
    .update(tenants)
    .set({ ...patch, changedAt: new Date(), changedBy: ctx.userId })
    .where(eq(tenants.id, ctx.tenantId))
    .returning(workspaceColumns);
  if (!row) throw notFound();
  ctx.publish({
    tenantId: row.id,
    type: 'workspace.updated',
    data: { id: row.id, name: row.name, iconLogo: row.iconLogo },
  });
  return row;
};
