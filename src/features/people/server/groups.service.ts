import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { userGroupMembers, userGroups } from '../../../db/schema/index.ts';
import { pageTotal, windowTotal } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertWorkspaceAdmin } from '../../../server/guards.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import { conflict, notFound } from '../../../shared/errors.ts';
import { peopleMessages } from '../people.messages.ts';
import type { Group, UpdateGroup } from '../people.schemas.ts';

// User groups (document 3 §3; the group dialog calls them roles). Admins create, rename and
// delete them; everyone in the workspace sees them. Membership rows serve both sides: a group's
// people and a person's groups.

type GroupUser = { id: string; firstName: string; lastName: string; image: string | null; deleted: boolean };

// Written with aliases: drizzle leaves columns unqualified in a one-table select, which would
// make `id` inside these subqueries ambiguous.
const GROUP_ID = sql.raw('"user_groups"."id"');

const userIdsSql = sql<string[]>`coalesce((select array_agg(m.user_id::text order by m.user_id)
  from user_group_members m where m.group_id = ${GROUP_ID}), '{}')`;

/** The group's people as one JSON column, by first name (no query per group). */
const usersSql = sql<GroupUser[]>`coalesce((select json_agg(json_build_object(
    'id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'image', u.image,
    'deleted', u.deleted_at is not null) order by u.first_name, u.last_name, u.id)
  from user_group_members m inner join users u on u.id = m.user_id
  where m.group_id = ${GROUP_ID}), '[]')`;

const toGroup = (row: {
  id: string;
  name: string;
  changedAt: Date;
  changedBy: string | null;
  userIds: string[] | null;
  users?: GroupUser[] | string | null;
}): Group => ({
  id: row.id,
  name: row.name,
  changedAt: row.changedAt.toISOString(),
  changedBy: row.changedBy,
  userIds: row.userIds ?? [],
  // PGlite hands json back parsed; some drivers as text.
  ...(row.users === undefined
    ? {}
    : { users: typeof row.users === 'string' ? (JSON.parse(row.users) as GroupUser[]) : (row.users ?? []) }),
});

const groupColumns = {
  id: userGroups.id,
  name: userGroups.name,
  changedAt: userGroups.changedAt,
  changedBy: userGroups.changedBy,
  userIds: userIdsSql,
};

/** One page of the workspace's groups by name (case aside), with their people's ids (and the people, when asked). */
export const listGroups = async (
  ctx: TenantContext,
  query: { includeUsers: boolean; offset: number; limit: number },
) => {
  const withUsers = query.includeUsers;
  const rows = await ctx.db
    .select({
      ...groupColumns,
      ...(withUsers ? { users: usersSql } : {}),
      total: windowTotal(),
    })
    .from(userGroups)
    .where(eq(userGroups.tenantId, ctx.tenantId))
    .orderBy(asc(sql`lower(${userGroups.name})`), asc(userGroups.id))
    .limit(query.limit)
    .offset(query.offset);
  const total = await pageTotal(
    rows,
    query.offset,
    async () =>
      (await ctx.db.select({ n: count() }).from(userGroups).where(eq(userGroups.tenantId, ctx.tenantId)))[0]?.n ?? 0,
  );
  return { groups: rows.map(toGroup), total };
};

const getGroup = async (ctx: TenantContext, groupId: string): Promise<Group> => {
  const [row] = await ctx.db
    .select({ ...groupColumns, users: usersSql })
    .from(userGroups)
    .where(and(eq(userGroups.id, groupId), eq(userGroups.tenantId, ctx.tenantId)));
  if (!row) throw notFound();
  return toGroup(row);
};

/**
 * Refuses a name another group of the workspace has (case and surrounding spaces aside). The
 * workspace's group names are locked for the rest of the transaction, so two admins saving the
 * same name at once cannot both pass.
 */
const assertNameFree = async (ctx: TenantContext, name: string, groupId?: string) => {
  await ctx.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`user_groups:${ctx.tenantId}`}))`);
  const [taken] = await ctx.db
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(
      and(
        eq(userGroups.tenantId, ctx.tenantId),
        sql`lower(btrim(${userGroups.name})) = lower(btrim(${name}))`,
        groupId ? ne(userGroups.id, groupId) : undefined,
      ),
    )
    .limit(1);
  if (taken) {
    const message = peopleMessages.groupNameTaken(name.trim());
    throw conflict(message, { name: message });
  }
};

const setGroupUsers = async (ctx: TenantContext, groupId: string, userIds: string[]) => {
  await ctx.db.delete(userGroupMembers).where(eq(userGroupMembers.groupId, groupId));
  const unique = [...new Set(userIds)];
  if (unique.length > 0)
    await ctx.db.insert(userGroupMembers).values(unique.map((userId) => ({ groupId, userId, tenantId: ctx.tenantId })));
};

export const createGroup = async (ctx: TenantContext, input: { name: string; userIds?: string[] | undefined }) => {
  assertWorkspaceAdmin(ctx);
  await assertInWorkspace(ctx.db, ctx.tenantId, { users: input.userIds });
  await assertNameFree(ctx, input.name);
  const [row] = await ctx.db
    .insert(userGroups)
    .values({ tenantId: ctx.tenantId, name: input.name, changedBy: ctx.userId })
    .returning({ id: userGroups.id });
  if (input.userIds?.length) await setGroupUsers(ctx, row!.id, input.userIds);
  ctx.publish({ tenantId: ctx.tenantId, type: 'groups.changed', data: { groupId: row!.id } });
  return getGroup(ctx, row!.id);
};

/**
 * Renames a group or sets its people. People already in it stay even when disabled since
 * (they appear in member lists only where already members); new ones must be enabled members.
 */
export const updateGroup = async (ctx: TenantContext, groupId: string, patch: UpdateGroup) => {
  assertWorkspaceAdmin(ctx);
  const [current] = await ctx.db
    .select({ userIds: userIdsSql })
    .from(userGroups)
    .where(and(eq(userGroups.id, groupId), eq(userGroups.tenantId, ctx.tenantId)));
  if (!current) throw notFound();
  if (patch.name !== undefined) await assertNameFree(ctx, patch.name, groupId);
  if (patch.userIds) {
    const kept = new Set(current.userIds ?? []);
    await assertInWorkspace(ctx.db, ctx.tenantId, { users: patch.userIds.filter((id) => !kept.has(id)) });
  }
  await ctx.db
    .update(userGroups)
    .set({ ...(patch.name === undefined ? {} : { name: patch.name }), changedAt: new Date(), changedBy: ctx.userId })
    .where(eq(userGroups.id, groupId));
  if (patch.userIds) await setGroupUsers(ctx, groupId, patch.userIds);
  ctx.publish({ tenantId: ctx.tenantId, type: 'groups.changed', data: { groupId } });
  return getGroup(ctx, groupId);
};

/** Deletes a group: it is removed from all its people (the membership rows cascade). */
export const deleteGroup = async (ctx: TenantContext, groupId: string) => {
  assertWorkspaceAdmin(ctx);
  const [row] = await ctx.db
    .delete(userGroups)
    .where(and(eq(userGroups.id, groupId), eq(userGroups.tenantId, ctx.tenantId)))
    .returning({ id: userGroups.id });
  if (!row) throw notFound();
  ctx.publish({ tenantId: ctx.tenantId, type: 'groups.changed', data: { groupId } });
  return true;
};
