import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { runPrepared } from '../../../db/prepared.ts';
import { memberships, tenants, users } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertWorkspaceAdmin } from '../../../server/guards.ts';
import { lifecycle } from '../../../server/lifecycle.ts';
import { ADMIN_FLAG, type AdminFlag } from '../../../shared/constants.ts';
import { badRequest, conflict, notFound } from '../../../shared/errors.ts';
import { messages } from '../../../shared/messages.ts';
import type { MyWorkspace, Workspace } from '../../../shared/self.ts';
import { STORED_LOGO } from '../../../shared/validation.ts';
import { notifyWorkspaceAdded } from '../../notifications/server/meetings.notify.ts';
import { workspacesMessages } from '../workspaces.messages.ts';
import type {
  AddUser,
  AddUserResult,
  UpdateWorkspace,
  UserLookupResult,
  WorkspacePerson,
} from '../workspaces.schemas.ts';
import { inviterAndWorkspace, inviteToWorkspace } from './invitations.service.ts';

const workspaceColumns = {
  id: tenants.id,
  name: tenants.name,
  iconLogo: tenants.iconLogo,
  slackWorkspaceName: tenants.slackWorkspaceName,
};

/** The workspaces a user may work in (not those they were disabled in), by name. */
export const listMyWorkspaces = async (db: Db, userId: string): Promise<MyWorkspace[]> => {
  const rows = await runPrepared(db, 'cadence_my_workspaces', myWorkspacesQuery, { userId });
  return rows.map((row) => ({ ...row, isAdmin: row.isAdmin as AdminFlag }));
};
const myWorkspacesQuery = (db: Db) =>
  db
    .select({ ...workspaceColumns, isAdmin: memberships.isAdmin })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .where(and(eq(memberships.userId, sql.placeholder('userId')), eq(memberships.disabled, false)))
    .orderBy(asc(tenants.name), asc(tenants.id));

/**
 * The workspaces where this person's account is disabled, each with the names of its active
 * admins: whom to ask. One statement.
 */
export const disabledWorkspacesOf = async (db: Db, userId: string) => {
  const result = await db.execute(sql`
    select t.name as workspace, (
      select array_agg(u.first_name || ' ' || u.last_name order by u.first_name, u.last_name)
      from memberships a join users u on u.id = a.user_id
      where a.tenant_id = m.tenant_id and a.is_admin = '1' and not a.disabled and u.deleted_at is null
    ) as admins
    from memberships m join tenants t on t.id = m.tenant_id
    where m.user_id = ${userId} and m.disabled
    order by t.name`);
  const rows = (result as unknown as { rows: { workspace: string; admins: string[] | null }[] }).rows;
  return rows.map((row) => ({ workspace: row.workspace, admins: row.admins ?? [] }));
};

/**
 * The same list as one JSON column of a select from `users` (SQL names: drizzle leaves the
 * table out of a one-table select's columns): GET /self reads the person and their workspaces
 * in one statement.
 */
export const myWorkspacesJson = sql<MyWorkspace[]>`coalesce((
  select json_agg(json_build_object(
    'id', t.id, 'name', t.name, 'iconLogo', t.icon_logo,
    'slackWorkspaceName', t.slack_workspace_name, 'isAdmin', m.is_admin
  ) order by t.name, t.id)
  from memberships m join tenants t on t.id = m.tenant_id
  where m.user_id = users.id and not m.disabled
), '[]'::json)`;

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

export const updateWorkspace = async (
  ctx: TenantContext,
  tenantId: string,
  patch: UpdateWorkspace,
): Promise<Workspace> => {
  // Only the workspace the session works in can be changed through it; others are not found.
  if (tenantId !== ctx.tenantId) throw notFound();
  assertWorkspaceAdmin(ctx);
  // Another workspace's stored logo is not this one's picture.
  const storedFor = patch.iconLogo ? STORED_LOGO.exec(patch.iconLogo)?.[1] : undefined;
  if (storedFor !== undefined && storedFor !== ctx.tenantId) {
    throw badRequest({ iconLogo: workspacesMessages.logoNotAPicture }, workspacesMessages.logoNotAPicture);
  }
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

/**
 * Step one of adding a person (admins): is the email someone's, and are they here already?
 * Nothing else: no name, email or id of an account outside this workspace (decision 022).
 */
export const lookUpUser = async (ctx: TenantContext, email: string): Promise<UserLookupResult> => {
  assertWorkspaceAdmin(ctx);
  const [row] = await ctx.db
    .select({ memberOf: memberships.tenantId })
    .from(users)
    .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.tenantId, ctx.tenantId)))
    .where(and(eq(users.email, email), isNull(users.deletedAt)));
  return { exists: row !== undefined, existsInTenant: row !== undefined && row.memberOf !== null };
};

const findPerson = async (ctx: TenantContext, input: AddUser) => {
  const where = 'id' in input ? eq(users.id, input.id) : eq(users.email, input.email);
  const [row] = await ctx.db
    .select({ ...personColumns, deletedAt: users.deletedAt, memberOf: memberships.tenantId })
    .from(users)
    .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.tenantId, ctx.tenantId)))
    .where(where);
  return row;
};

/**
 * Adds a person to the caller's workspace (admins only). A new email gets an account, a
 * membership and a mail to choose a password. An existing account is only INVITED: it joins
 * when its owner accepts (invitations.service.ts), so nobody is put into a workspace without
 * consent, and nothing about them is answered.
 */
export const addUserToWorkspace = async (
  ctx: TenantContext,
  input: AddUser,
  publicUrl: string,
): Promise<AddUserResult> => {
  assertWorkspaceAdmin(ctx);
  const found = await findPerson(ctx, input);
  if (found?.memberOf)
    throw conflict(workspacesMessages.userAlreadyInWorkspace, { email: workspacesMessages.userAlreadyInWorkspace });
  if ('id' in input && (!found || found.deletedAt)) throw notFound();
  if (found && !found.deletedAt) {
    await inviteToWorkspace(ctx, found.id, publicUrl);
    return { outcome: 'invited', message: workspacesMessages.invitationSent, person: null };
  }
  if (found || 'id' in input) throw notFound(); // a deleted account cannot be brought back here
  if (!input.firstName || !input.lastName) {
    const errors: Record<string, string> = {};
    if (!input.firstName) errors.firstName = messages.required;
    if (!input.lastName) errors.lastName = messages.required;
    throw badRequest(errors, workspacesMessages.namesNeededForNewAccount);
  }
  // A new account starts in the time zone of the admin who made it: most often the team's.
  const [person] = await ctx.db
    .insert(users)
    .values({
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      timezone: sql`(select ${users.timezone} from ${users} where ${users.id} = ${ctx.userId})`,
    })
    .returning(personColumns);
  await ctx.db.insert(memberships).values({ tenantId: ctx.tenantId, userId: person!.id, isAdmin: ADMIN_FLAG.no });
  const { inviter, workspace } = await inviterAndWorkspace(ctx);
  await notifyWorkspaceAdded(ctx, person!.id, { inviter, workspace });
  await lifecycle.raise('account.createdByAdmin', ctx, { person: person!, inviter, workspace, publicUrl });
  return { outcome: 'added', message: workspacesMessages.userAdded, person: person! };
};

/** The enabled people of the caller's workspace, by name (the spec's getUsers). */
export const listWorkspacePeople = async (ctx: TenantContext): Promise<WorkspacePerson[]> => {
  const rows = await ctx.db
    .select({
      ...personColumns,
      image: users.image,
      jobTitle: users.jobTitle,
      isAdmin: memberships.isAdmin,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.tenantId, ctx.tenantId), eq(memberships.disabled, false), isNull(users.deletedAt)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return rows.map((row) => ({ ...row, isAdmin: row.isAdmin as AdminFlag }));
};
