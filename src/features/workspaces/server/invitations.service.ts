import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import { invitations, memberships, tenants, users } from '../../../db/schema/index.ts';
import type { TenantContext, UserContext } from '../../../server/context.ts';
import { ADMIN_FLAG, INVITATION_TTL_MS } from '../../../shared/constants.ts';
import { notFound } from '../../../shared/errors.ts';
import type { MyWorkspace } from '../../../shared/self.ts';
import type { Invitation } from '../workspaces.schemas.ts';
import { workspaceInvitationMail } from './workspaces.mails.ts';

// Invitations of existing accounts into a workspace (decision 022): an admin's add-user makes
// one, and only its invitee can see, accept or decline it. For anyone else it does not exist.

const isOpen = (now: Date) =>
  and(isNull(invitations.acceptedAt), isNull(invitations.declinedAt), gt(invitations.expiresAt, now));

/** The names the mails of add-user show: who invites, and into which workspace. */
export const inviterAndWorkspace = async (ctx: TenantContext) => {
  const [row] = await ctx.db
    .select({ firstName: users.firstName, lastName: users.lastName, workspace: tenants.name })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, ctx.tenantId))
    .where(eq(users.id, ctx.userId));
  return { inviter: `${row!.firstName} ${row!.lastName}`, workspace: row!.workspace };
};

/**
 * Invites an existing account into the caller's workspace and mails them. An open invitation
 * of the same person is replaced (a fresh week, a fresh mail); an expired one is cleared.
 */
export const inviteToWorkspace = async (ctx: TenantContext, userId: string, publicUrl: string) => {
  await ctx.db
    .delete(invitations)
    .where(
      and(
        eq(invitations.tenantId, ctx.tenantId),
        eq(invitations.userId, userId),
        isNull(invitations.acceptedAt),
        isNull(invitations.declinedAt),
      ),
    );
  await ctx.db.insert(invitations).values({
    tenantId: ctx.tenantId,
    userId,
    invitedBy: ctx.userId,
    expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
  });
  const [invitee] = await ctx.db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId));
  const invite = await inviterAndWorkspace(ctx);
  await ctx.sendMail(await workspaceInvitationMail(ctx.db, ctx.tenantId, invitee!, publicUrl, invite));
};

const inviter = alias(users, 'inviter');

/** The signed-in user's open invitations, newest first. */
export const listMyInvitations = async (db: Db, userId: string): Promise<Invitation[]> => {
  const rows = await db
    .select({
      id: invitations.id,
      tenantId: tenants.id,
      name: tenants.name,
      iconLogo: tenants.iconLogo,
      inviterFirst: inviter.firstName,
      inviterLast: inviter.lastName,
      createdAt: invitations.createdAt,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .innerJoin(tenants, eq(tenants.id, invitations.tenantId))
    .leftJoin(inviter, eq(inviter.id, invitations.invitedBy))
    .where(and(eq(invitations.userId, userId), isOpen(new Date())))
    .orderBy(asc(tenants.name), asc(invitations.id));
  return rows.map((row) => ({
    id: row.id,
    workspace: { id: row.tenantId, name: row.name, iconLogo: row.iconLogo },
    invitedBy: row.inviterFirst === null ? null : `${row.inviterFirst} ${row.inviterLast}`,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  }));
};

/** Whether the user has an open invitation (they may then sign in with no workspace yet). */
export const hasOpenInvitation = async (db: Db, userId: string) => {
  const [row] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.userId, userId), isOpen(new Date())))
    .limit(1);
  return row !== undefined;
};

/** Closes one of the caller's open invitations; someone else's, or a closed one, is not found. */
const close = async (ctx: UserContext, id: string, set: { acceptedAt: Date } | { declinedAt: Date }) => {
  const [row] = await ctx.db
    .update(invitations)
    .set(set)
    .where(and(eq(invitations.id, id), eq(invitations.userId, ctx.userId), isOpen(new Date())))
    .returning({ tenantId: invitations.tenantId });
  if (!row) throw notFound();
  return row.tenantId;
};

/**
 * Accepts an invitation: the membership is made in the same transaction, and the workspace's
 * room hears that someone joined. Returns the workspace, as the picker lists it.
 */
export const acceptInvitation = async (ctx: UserContext, id: string): Promise<MyWorkspace> => {
  const tenantId = await close(ctx, id, { acceptedAt: new Date() });
  // A membership made meanwhile (e.g. a disabled one) is left as the admins set it.
  await ctx.db
    .insert(memberships)
    .values({ tenantId, userId: ctx.userId, isAdmin: ADMIN_FLAG.no })
    .onConflictDoNothing();
  const [workspace] = await ctx.db
    .select({
      id: tenants.id,
      name: tenants.name,
      iconLogo: tenants.iconLogo,
      slackWorkspaceName: tenants.slackWorkspaceName,
    })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  ctx.publish({ tenantId, type: 'workspace.memberJoined', data: { userId: ctx.userId } });
  return { ...workspace!, isAdmin: ADMIN_FLAG.no };
};

export const declineInvitation = async (ctx: UserContext, id: string) => {
  await close(ctx, id, { declinedAt: new Date() });
  return true;
};
