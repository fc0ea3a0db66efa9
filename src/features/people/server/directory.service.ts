import { and, asc, count, eq, exists, ilike, isNotNull, not, or, type SQL, sql } from 'drizzle-orm';
import { memberships, userGroupMembers, users } from '../../../db/schema/index.ts';
import { containsPattern, pageTotal, windowTotal } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertWorkspaceAdmin } from '../../../server/guards.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import type { AdminFlag } from '../../../shared/constants.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../shared/errors.ts';
import { resolveTimezone } from '../../../shared/timezones.ts';
import { revokeWorkspaceSessions } from '../../auth/server/tokens.service.ts';
import { addUserToWorkspace } from '../../workspaces/server/workspaces.service.ts';
import { peopleMessages } from '../people.messages.ts';
import type { Contact, CreateContact, DirectoryPage, DirectoryStatus, UpdateContact } from '../people.schemas.ts';

// The directory of a workspace (document 3 §2): its people, disabled and deleted ones included
// (shown in the deleted-user style), sorted by first name (document 2 §9), one page at a time.

/** The person's groups in this workspace, as one array column (no query per person). */
const groupIdsOf = (tenantId: string) =>
  sql<string[]>`coalesce((select array_agg(${userGroupMembers.groupId}::text order by ${userGroupMembers.groupId})
    from ${userGroupMembers}
    where ${userGroupMembers.userId} = ${users.id} and ${userGroupMembers.tenantId} = ${tenantId}), '{}')`;

const listColumns = (tenantId: string) => ({
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  jobTitle: users.jobTitle,
  image: users.image,
  isAdmin: memberships.isAdmin,
  disabled: memberships.disabled,
  deletedAt: users.deletedAt,
  groupIds: groupIdsOf(tenantId),
});

const contactColumns = (tenantId: string) => ({
  ...listColumns(tenantId),
  timezone: users.timezone,
  phone: users.phone,
  alternativePhone: users.alternativePhone,
  address: users.address,
  alternativeAddress: users.alternativeAddress,
  dob: users.dob,
  slack: users.slack,
});

const asDirectoryUser = <T extends { isAdmin: string; deletedAt: Date | null; groupIds: string[] | null }>(row: T) => {
  const { deletedAt, ...rest } = row;
  return { ...rest, isAdmin: row.isAdmin as AdminFlag, deleted: deletedAt !== null, groupIds: row.groupIds ?? [] };
};

/** One page of the workspace's people matching `search` (names, email, job title), with the total. */
export const listDirectory = async (
  ctx: TenantContext,
  query: {
    search?: string | undefined;
    groupId?: string | undefined;
    status: DirectoryStatus;
    offset: number;
    limit: number;
  },
): Promise<DirectoryPage> => {
  // Another workspace's group is not found, as its id in any other place.
  if (query.groupId) await assertInWorkspace(ctx.db, ctx.tenantId, { groups: [query.groupId] });
  const conditions: SQL[] = [eq(memberships.tenantId, ctx.tenantId)];
  const inactive = or(eq(memberships.disabled, true), isNotNull(users.deletedAt))!;
  if (query.status === 'active') conditions.push(not(inactive));
  if (query.status === 'disabled') conditions.push(inactive);
  if (query.groupId)
    conditions.push(
      exists(
        ctx.db
          .select({ one: sql`1` })
          .from(userGroupMembers)
          .where(and(eq(userGroupMembers.groupId, query.groupId), eq(userGroupMembers.userId, users.id))),
      ),
    );
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(
      or(
        ilike(users.email, pattern),
        ilike(users.jobTitle, pattern),
        sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
      )!,
    );
  }
  const where = and(...conditions);
  // The page and the total in one statement: a window count over the filtered rows.
  const rows = await ctx.db
    .select({ ...listColumns(ctx.tenantId), total: windowTotal() })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(where)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(query.limit)
    .offset(query.offset);
  const total = await pageTotal(
    rows,
    query.offset,
    async () =>
      (
        await ctx.db
          .select({ n: count() })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(where)
      )[0]?.n ?? 0,
  );
  return { users: rows.map(({ total: _, ...row }) => asDirectoryUser(row)), total };
};

/** One person of this workspace with every field of the user form; another workspace's is 404. */
export const getContact = async (ctx: TenantContext, userId: string): Promise<Contact> => {
  const [row] = await ctx.db
    .select(contactColumns(ctx.tenantId))
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.tenantId, ctx.tenantId), eq(memberships.userId, userId)));
  if (!row) throw notFound();
  return asDirectoryUser(row);
};

/**
 * Makes the person's groups in this workspace exactly `groupIds` (both sides read these rows).
 * The caller has checked them with `assertInWorkspace`.
 */
const setUserGroups = async (ctx: TenantContext, userId: string, groupIds: string[]) => {
  await ctx.db
    .delete(userGroupMembers)
    .where(and(eq(userGroupMembers.tenantId, ctx.tenantId), eq(userGroupMembers.userId, userId)));
  const unique = [...new Set(groupIds)];
  if (unique.length > 0)
    await ctx.db
      .insert(userGroupMembers)
      .values(unique.map((groupId) => ({ groupId, userId, tenantId: ctx.tenantId })));
};

/**
 * Who may edit a contact (fields or photo): an admin of the workspace anyone in it, others only
 * themselves (403). A deleted account is not edited (404).
 */
export const assertMayEditContact = (ctx: TenantContext, contact: Contact) => {
  if (!ctx.isAdmin && contact.id !== ctx.userId) throw forbidden();
  if (contact.deleted) throw notFound();
};

/** The user form's fields as columns; a time zone outside the list becomes the default. */
const contactValues = (input: Omit<UpdateContact, 'groupIds'>) => {
  const { timezone, ...rest } = input;
  return {
    ...rest,
    ...(timezone === undefined ? {} : { timezone: resolveTimezone(timezone) }),
    changedAt: new Date(),
  };
};

/**
 * New User (admins): a new email gets an account with every field, its groups and a mail to
 * choose a password. An email that has an account is invited instead, as on /workspaces
 * (decision 022): it joins by accepting, and nothing of it is changed or answered.
 */
export const createContact = async (ctx: TenantContext, input: CreateContact, publicUrl: string) => {
  assertWorkspaceAdmin(ctx);
  // Checked before the account is made.
  await assertInWorkspace(ctx.db, ctx.tenantId, { groups: input.groupIds });
  const { groupIds, email, ...fields } = input;
  const added = await addUserToWorkspace(
    ctx,
    { email, firstName: fields.firstName, lastName: fields.lastName },
    publicUrl,
  );
  if (added.outcome === 'invited' || !added.person)
    return { outcome: 'invited' as const, message: added.message, user: null };
  const userId = added.person.id;
  await ctx.db.update(users).set(contactValues(fields)).where(eq(users.id, userId));
  if (groupIds?.length) await setUserGroups(ctx, userId, groupIds);
  ctx.publish({ tenantId: ctx.tenantId, type: 'people.changed', data: { userId, action: 'added' } });
  return { outcome: 'created' as const, message: peopleMessages.userCreated, user: await getContact(ctx, userId) };
};

/**
 * Edit contact: admins edit anyone of the workspace, a person only themselves and not their
 * groups. A deleted account is not edited. Saving the groups updates both sides.
 */
export const updateContact = async (ctx: TenantContext, userId: string, patch: UpdateContact): Promise<Contact> => {
  const current = await getContact(ctx, userId);
  if (!ctx.isAdmin && patch.groupIds !== undefined) throw forbidden();
  assertMayEditContact(ctx, current);
  const { groupIds, ...fields } = patch;
  await assertInWorkspace(ctx.db, ctx.tenantId, { groups: groupIds });
  await ctx.db.update(users).set(contactValues(fields)).where(eq(users.id, userId));
  if (groupIds !== undefined) await setUserGroups(ctx, userId, groupIds);
  ctx.publish({ tenantId: ctx.tenantId, type: 'people.changed', data: { userId } });
  return getContact(ctx, userId);
};

/**
 * Disable User (admins): the person can no longer work in this workspace. Their sessions in it
 * end and their sockets in it are dropped at once (decision 021); they stay in its history and
 * in the member lists they were already on.
 */
export const setContactDisabled = async (ctx: TenantContext, userId: string, disabled: boolean): Promise<Contact> => {
  assertWorkspaceAdmin(ctx);
  const current = await getContact(ctx, userId);
  if (userId === ctx.userId)
    throw badRequest({ id: peopleMessages.cannotDisableSelf }, peopleMessages.cannotDisableSelf);
  if (current.deleted) throw notFound();
  await ctx.db
    .update(memberships)
    .set({ disabled })
    .where(and(eq(memberships.tenantId, ctx.tenantId), eq(memberships.userId, userId)));
  if (disabled) {
    const ended = await revokeWorkspaceSessions(ctx.db, userId, ctx.tenantId);
    for (const { id } of ended) ctx.disconnect({ sessionId: id });
    ctx.leaveWorkspace({ tenantId: ctx.tenantId, userId });
  }
  const action = disabled && !current.disabled ? ('disabled' as const) : undefined;
  ctx.publish({ tenantId: ctx.tenantId, type: 'people.changed', data: { userId, ...(action ? { action } : {}) } });
  return { ...current, disabled };
};

/**
 * Grants or revokes a person's admin rights in this workspace (admins only). A workspace keeps at
 * least one active admin: the last one cannot lose the rights, themselves included. The admins'
 * rows are locked first, so two admins removing each other at once cannot both succeed.
 */
export const setContactAdmin = async (ctx: TenantContext, userId: string, admin: boolean): Promise<Contact> => {
  assertWorkspaceAdmin(ctx);
  const current = await getContact(ctx, userId);
  if (current.deleted) throw notFound();
  const flag: AdminFlag = admin ? '1' : '0';
  if (current.isAdmin === flag) return current;
  if (admin && current.disabled) throw conflict(peopleMessages.disabledCannotBeAdmin);
  if (!admin) {
    const admins = await ctx.db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.tenantId, ctx.tenantId), eq(memberships.isAdmin, '1'), eq(memberships.disabled, false)))
      .for('update');
    if (!admins.some((row) => row.userId !== userId)) throw conflict(peopleMessages.lastAdmin);
  }
  await ctx.db
    .update(memberships)
    .set({ isAdmin: flag })
    .where(and(eq(memberships.tenantId, ctx.tenantId), eq(memberships.userId, userId)));
  ctx.publish({ tenantId: ctx.tenantId, type: 'people.changed', data: { userId } });
  return { ...current, isAdmin: flag };
};
