import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { memberships, tenants, users } from '../../../db/schema/index.ts';
import type { TenantContext, TxContext } from '../../../server/context.ts';
import { ADMIN_FLAG, type AdminFlag } from '../../../shared/constants.ts';
import { conflict, notFound } from '../../../shared/errors.ts';
import { messages } from '../../../shared/messages.ts';
import { invitationMail } from '../../auth/server/auth.mails.ts';
import { issuePasswordToken } from '../../auth/server/password-tokens.service.ts';
import { setSessionTenant } from '../../auth/server/tokens.service.ts';
import type {
  AddUser,
  MyWorkspace,
  Person,
  UpdateWorkspace,
  UserLookupResult,
  Workspace,
  WorkspacePerson,
} from '../workspaces.schemas.ts';
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

const personColumns = { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email };

/** Step one of adding a person: is the email someone's, and are they here already? (admins) */
export const lookUpUser = async (ctx: TenantContext, email: string): Promise<UserLookupResult> => {
  assertWorkspaceAdmin(ctx);
  const [row] = await ctx.db
    .select({ ...personColumns, memberOf: memberships.tenantId })
    .from(users)
    .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.tenantId, ctx.tenantId)))
    .where(and(eq(users.email, email), isNull(users.deletedAt)));
  if (!row) return { exists: false, existsInTenant: false, user: null };
  const { memberOf, ...user } = row;
  return { exists: true, existsInTenant: memberOf !== null, user };
};

/**
 * Adds a person to the caller's workspace as a member (admins only) and mails them: a link to
 * choose a password when they are new, a note that they were added otherwise.
 */
export const addUserToWorkspace = async (ctx: TenantContext, input: AddUser, publicUrl: string): Promise<Person> => {
  assertWorkspaceAdmin(ctx);
  let person: Person | undefined;
  let isNew = false;
  if ('id' in input) {
    [person] = await ctx.db
      .select(personColumns)
      .from(users)
      .where(and(eq(users.id, input.id), isNull(users.deletedAt)));
    if (!person) throw notFound();
  } else {
    [person] = await ctx.db.select(personColumns).from(users).where(eq(users.email, input.email));
    if (!person) {
      [person] = await ctx.db
        .insert(users)
        .values({ email: input.email, firstName: input.firstName, lastName: input.lastName })
        .returning(personColumns);
      isNew = true;
    }
  }
  const added = await ctx.db
    .insert(memberships)
    .values({ tenantId: ctx.tenantId, userId: person!.id, isAdmin: ADMIN_FLAG.no })
    .onConflictDoNothing()
    .returning({ userId: memberships.userId });
  if (added.length === 0) throw conflict(messages.userAlreadyInWorkspace, { email: messages.userAlreadyInWorkspace });

  const [inviter] = await ctx.db.select(personColumns).from(users).where(eq(users.id, ctx.userId));
  const [workspace] = await ctx.db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, ctx.tenantId));
  const token = isNew ? await issuePasswordToken(ctx.db, person!.id, 'invite') : null;
  await ctx.sendMail(
    invitationMail(person!.email, publicUrl, {
      inviter: `${inviter!.firstName} ${inviter!.lastName}`,
      workspace: workspace!.name,
      token,
    }),
  );
  return person!;
};

/** The enabled people of the caller's workspace, by name (the spec's getUsers). */
export const listWorkspacePeople = async (ctx: TenantContext): Promise<WorkspacePerson[]> => {
  const rows = await ctx.db
    .select({ ...personColumns, image: users.image, jobTitle: users.jobTitle, isAdmin: memberships.isAdmin })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.tenantId, ctx.tenantId), eq(memberships.disabled, false), isNull(users.deletedAt)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return rows.map((row) => ({ ...row, isAdmin: row.isAdmin as AdminFlag }));
};
