import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { userGroupMembers, vaultEntries } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { conflict, forbidden, notFound } from '../../../shared/errors.ts';
import { canManage, findVisibleMeeting, isLeader, isParticipant } from '../../meetings/server/meetings.access.ts';
import { vaultMessages } from '../vault.messages.ts';

// Who may do what in a meeting's vault (decisions 045, 088):
// - an entry is visible to the meeting's leaders and members; a restricted one only to those of
//   them in one of its groups ("sees the secret": may reveal and copy it);
// - the meeting's leaders always see and reveal every entry of their meeting, whatever its groups,
//   so that an entry can always be recovered (their reveals are audited as any other);
// - workspace admins see every entry's row to manage it, but reveal only what they may see;
// - leaders and admins add, change and delete entries and folders, and read the audit; members
//   reveal and copy.

/** Columns written out qualified: drizzle leaves them bare in a one-table select, and inside a subquery a bare name could bind to the subquery's table. */
export const ENTRY = {
  id: sql.raw('"vault_entries"."id"'),
  meetingId: sql.raw('"vault_entries"."meeting_id"'),
  restricted: sql.raw('"vault_entries"."restricted"'),
};

/** The person is in one of the entry's groups. */
const inEntryGroups = (entryId: SQL, userId: string) => sql`exists (select 1 from vault_entry_groups g
  inner join user_group_members m on m.group_id = g.group_id
  where g.entry_id = ${entryId} and m.user_id = ${userId})`;

/** The person passes the entry's group restriction (not whether they are in the meeting). */
export const passesGroups = (userId: string, entry: { id: SQL; restricted: SQL } = ENTRY) =>
  sql`(not ${entry.restricted} or ${inEntryGroups(entry.id, userId)})`;

/** The person is a leader or member of the entry's meeting (`role` set: with that role). */
export const inEntryMeeting = (userId: string, role?: 'leader') =>
  sql`exists (select 1 from meeting_people p where p.meeting_id = ${ENTRY.meetingId} and p.user_id = ${userId}${
    role ? sql` and p.role = ${role}` : sql``
  })`;

/** The caller's rights in one meeting's vault; 404 when they may not see the meeting. */
export interface VaultAccess {
  meetingId: string;
  /** A leader or member: may reveal what passes the groups. */
  participant: boolean;
  /** A leader of the meeting: may reveal every entry of it. */
  leader: boolean;
  /** A leader or workspace admin: adds, changes, deletes, reads the audit. */
  manager: boolean;
  isAdmin: boolean;
}

export const vaultAccessOf = async (ctx: TenantContext, meetingId: string): Promise<VaultAccess> => {
  const meeting = await findVisibleMeeting(ctx, meetingId);
  return {
    meetingId,
    participant: isParticipant(ctx.userId, meeting),
    leader: isLeader(ctx.userId, meeting),
    manager: canManage(ctx, meeting),
    isAdmin: ctx.isAdmin,
  };
};

export const assertVaultManager = (access: VaultAccess) => {
  if (!access.manager) throw forbidden();
};

/** The caller's list holds every entry of the meeting: an admin manages them all, a leader sees them all. */
export const listsAll = (access: VaultAccess) => access.isAdmin || access.leader;

/** Which entries of the meeting the caller's list holds: all (listsAll), else those passing the groups. */
export const listedEntries = (ctx: TenantContext, access: VaultAccess): SQL | undefined =>
  and(
    eq(vaultEntries.tenantId, ctx.tenantId),
    eq(vaultEntries.meetingId, access.meetingId),
    listsAll(access) ? undefined : passesGroups(ctx.userId),
  );

/** Whether the caller may reveal the meeting's entries, as SQL over vault_entries (for lists). */
export const canRevealSql = (ctx: TenantContext, access: VaultAccess): SQL<boolean> =>
  access.leader
    ? sql<boolean>`true`
    : access.participant
      ? sql<boolean>`${passesGroups(ctx.userId)}`
      : sql<boolean>`false`;

/** What the caller may do with one entry, as read in the same statement as the entry. */
export interface EntryRights {
  participant: boolean;
  leader: boolean;
  passes: boolean;
}

/** Columns that compute EntryRights for the caller, to add to a select of vault_entries. */
export const entryRightsColumns = (userId: string) => ({
  participant: sql<boolean>`${inEntryMeeting(userId)}`,
  leader: sql<boolean>`${inEntryMeeting(userId, 'leader')}`,
  passes: sql<boolean>`${passesGroups(userId)}`,
});

/** The caller may reveal the entry: a leader of its meeting, or in its meeting and its groups. */
export const mayReveal = (rights: EntryRights) => rights.leader || (rights.participant && rights.passes);

/**
 * Whether the person saving an entry may still reveal it once it has these groups (none: open
 * to the meeting): a leader always, a member when open or in one of them, anyone else never.
 */
const keepsAccess = async (ctx: TenantContext, who: Omit<EntryRights, 'passes'>, groupIds: string[]) => {
  if (who.leader) return true;
  if (!who.participant) return false;
  if (groupIds.length === 0) return true;
  const [row] = await ctx.db
    .select({ n: count() })
    .from(userGroupMembers)
    .where(and(eq(userGroupMembers.userId, ctx.userId), inArray(userGroupMembers.groupId, groupIds)));
  return (row?.n ?? 0) > 0;
};

/**
 * A save that would take from its author the access to reveal the entry — a new entry they could
 * not reveal, or a change of groups that leaves them out when they could reveal it before — is
 * refused (409, the field `confirmLockOut`) unless the request confirms it.
 */
export const assertNoSilentLockOut = async (
  ctx: TenantContext,
  who: Omit<EntryRights, 'passes'>,
  change: { groupIds: string[] | undefined; hadAccess: boolean; confirmed: boolean | undefined },
) => {
  if (change.confirmed || change.groupIds === undefined || !change.hadAccess) return;
  if (await keepsAccess(ctx, who, change.groupIds)) return;
  throw conflict(vaultMessages.vaultLockOutRefused, { confirmLockOut: vaultMessages.vaultLockOutRefused });
};

/**
 * The caller may change or delete the entry: 404 when they do not see it at all, 403 when they
 * see it but may not manage it (a member).
 */
export const assertMayManageEntry = (ctx: TenantContext, rights: EntryRights) => {
  if (ctx.isAdmin) return;
  if (!mayReveal(rights)) throw notFound();
  if (!rights.leader) throw forbidden();
};
