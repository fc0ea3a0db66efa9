import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { vaultEntries, vaultEntryGroups, vaultFolders, vaultKeys } from '../../../db/schema/index.ts';
import { containsPattern, pageTotal, windowTotal } from '../../../db/sql.ts';
import type { Actor, TenantContext } from '../../../server/context.ts';
import { assertWorkspaceAdmin } from '../../../server/guards.ts';
import type { VaultKeyring } from '../../../server/secrets.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import { VAULT_CLIPBOARD_SECONDS, VAULT_REVEAL_SECONDS } from '../../../shared/constants.ts';
import { notFound } from '../../../shared/errors.ts';
import { vaultMessages } from '../vault.messages.ts';
import type {
  CreateVaultEntry,
  Revealed,
  UpdateVaultEntry,
  VaultEntry,
  VaultEntryPage,
  VaultEntryQuery,
} from '../vault.schemas.ts';
import { recordAudit, vaultChanged } from './vault.audit.service.ts';
import {
  dataKeyForWrite,
  openPassword,
  rotateWorkspaceKey,
  sealPassword,
  unwrapDataKey,
  VaultKeyUnavailable,
  VaultTampered,
} from './vault.keys.ts';
import {
  assertMayManageEntry,
  assertNoSilentLockOut,
  assertVaultManager,
  canRevealSql,
  ENTRY,
  entryRightsColumns,
  listedEntries,
  mayReveal,
  type VaultAccess,
  vaultAccessOf,
} from './vault.policy.ts';

// A meeting's passwords (document 3 §2/§3/§7: getPasswords, savePassword, deletePassword).
// Lists carry no secret; the one call that returns a password is `revealPassword`, for one
// entry, and it writes an audit row in the same transaction.

const groupIdsSql = sql<string[]>`coalesce((select array_agg(g.group_id::text order by g.group_id)
  from vault_entry_groups g where g.entry_id = ${ENTRY.id}), '{}')`;

const entryColumns = (ctx: TenantContext, access: VaultAccess) => ({
  id: vaultEntries.id,
  meetingId: vaultEntries.meetingId,
  folderId: vaultEntries.folderId,
  account: vaultEntries.account,
  username: vaultEntries.username,
  siteUrl: vaultEntries.siteUrl,
  notes: vaultEntries.notes,
  restricted: vaultEntries.restricted,
  groupIds: groupIdsSql,
  createdAt: vaultEntries.createdAt,
  changedAt: vaultEntries.changedAt,
  changedBy: vaultEntries.changedBy,
  canReveal: canRevealSql(ctx, access),
});

type EntryRow = Omit<VaultEntry, 'createdAt' | 'changedAt' | 'groupIds' | 'canManage'> & {
  createdAt: Date;
  changedAt: Date;
  groupIds: string[] | null;
};

const toEntry = (row: EntryRow, access: VaultAccess): VaultEntry => ({
  ...row,
  groupIds: row.groupIds ?? [],
  createdAt: row.createdAt.toISOString(),
  changedAt: row.changedAt.toISOString(),
  // Leaders and admins manage every entry of the meeting.
  canManage: access.manager,
});

const folderFilter = (folderId: VaultEntryQuery['folderId']) =>
  folderId === undefined
    ? undefined
    : folderId === 'none'
      ? sql`${vaultEntries.folderId} is null`
      : eq(vaultEntries.folderId, folderId);

/** getPasswords: one page of the meeting's entries the caller sees, A-Z or Z-A by account. */
export const listEntries = async (ctx: TenantContext, meetingId: string, query: VaultEntryQuery) => {
  const access = await vaultAccessOf(ctx, meetingId);
  const pattern = query.search ? containsPattern(query.search) : null;
  const where = and(
    listedEntries(ctx, access),
    pattern
      ? or(
          ilike(vaultEntries.account, pattern),
          ilike(vaultEntries.username, pattern),
          ilike(vaultEntries.siteUrl, pattern),
        )
      : undefined,
    query.groupId
      ? sql`exists (select 1 from vault_entry_groups g where g.entry_id = ${ENTRY.id} and g.group_id = ${query.groupId})`
      : undefined,
    folderFilter(query.folderId),
  );
  const direction = query.sort === 'desc' ? desc : asc;
  const rows = await ctx.db
    .select({ ...entryColumns(ctx, access), total: windowTotal() })
    .from(vaultEntries)
    .where(where)
    .orderBy(direction(sql`lower(${vaultEntries.account})`), direction(vaultEntries.id))
    .limit(query.limit)
    .offset(query.offset);
  const total = await pageTotal(
    rows,
    query.offset,
    async () => (await ctx.db.select({ n: count() }).from(vaultEntries).where(where))[0]?.n ?? 0,
  );
  const page: VaultEntryPage = {
    items: rows.map(({ total: _total, ...row }) => toEntry(row, access)),
    total,
    offset: query.offset,
    canManage: access.manager,
  };
  return page;
};

const getEntry = async (ctx: TenantContext, access: VaultAccess, entryId: string) => {
  const [row] = await ctx.db
    .select(entryColumns(ctx, access))
    .from(vaultEntries)
    .where(and(eq(vaultEntries.id, entryId), eq(vaultEntries.tenantId, ctx.tenantId)));
  if (!row) throw notFound();
  return toEntry(row, access);
};

/** Ids the body names must be of this workspace, and a folder of this very meeting (404 otherwise). */
const checkReferences = async (ctx: TenantContext, meetingId: string, input: UpdateVaultEntry) => {
  await assertInWorkspace(ctx.db, ctx.tenantId, {
    vaultFolders: [input.folderId],
    groups: input.groupIds,
  });
  if (input.folderId) {
    const [folder] = await ctx.db
      .select({ meetingId: vaultFolders.meetingId })
      .from(vaultFolders)
      .where(eq(vaultFolders.id, input.folderId));
    if (folder?.meetingId !== meetingId) throw notFound();
  }
};

const setGroups = async (ctx: TenantContext, entryId: string, groupIds: string[]) => {
  await ctx.db.delete(vaultEntryGroups).where(eq(vaultEntryGroups.entryId, entryId));
  const unique = [...new Set(groupIds)];
  if (unique.length > 0)
    await ctx.db
      .insert(vaultEntryGroups)
      .values(unique.map((groupId) => ({ entryId, groupId, tenantId: ctx.tenantId })));
};

/** savePassword (new): leaders and admins; the password sealed under the workspace's key. */
export const createEntry = async (
  ctx: TenantContext,
  keyring: VaultKeyring,
  actor: Actor,
  meetingId: string,
  input: CreateVaultEntry,
) => {
  const access = await vaultAccessOf(ctx, meetingId);
  assertVaultManager(access);
  await checkReferences(ctx, meetingId, input);
  await assertNoSilentLockOut(ctx, access, {
    groupIds: input.groupIds ?? [],
    hadAccess: true,
    confirmed: input.confirmLockOut,
  });
  const dataKey = await dataKeyForWrite(ctx.db, keyring, ctx.tenantId);
  const id = randomUUID();
  const groupIds = input.groupIds ?? [];
  await ctx.db.insert(vaultEntries).values({
    id,
    tenantId: ctx.tenantId,
    meetingId,
    folderId: input.folderId ?? null,
    account: input.account,
    username: input.username,
    siteUrl: input.siteUrl,
    notes: input.notes,
    secret: sealPassword(dataKey, ctx.tenantId, id, input.password),
    restricted: groupIds.length > 0,
    createdBy: ctx.userId,
    changedBy: ctx.userId,
  });
  await setGroups(ctx, id, groupIds);
  await recordAudit(ctx, actor, [{ meetingId, entryId: id, account: input.account, action: 'create' }]);
  vaultChanged(ctx, meetingId);
  return getEntry(ctx, access, id);
};

/** The entry with what the caller may do with it, in one statement; 404 when it is not of this workspace. */
const loadEntryRights = async (ctx: TenantContext, entryId: string) => {
  const [row] = await ctx.db
    .select({
      meetingId: vaultEntries.meetingId,
      account: vaultEntries.account,
      ...entryRightsColumns(ctx.userId),
    })
    .from(vaultEntries)
    .where(and(eq(vaultEntries.id, entryId), eq(vaultEntries.tenantId, ctx.tenantId)));
  if (!row) throw notFound();
  return row;
};

/** savePassword (existing): the fields sent; a password only when one is sent. */
export const updateEntry = async (
  ctx: TenantContext,
  keyring: VaultKeyring,
  actor: Actor,
  entryId: string,
  patch: UpdateVaultEntry,
) => {
  const entry = await loadEntryRights(ctx, entryId);
  assertMayManageEntry(ctx, entry);
  await checkReferences(ctx, entry.meetingId, patch);
  await assertNoSilentLockOut(ctx, entry, {
    groupIds: patch.groupIds,
    hadAccess: mayReveal(entry),
    confirmed: patch.confirmLockOut,
  });
  const secret =
    patch.password === undefined
      ? {}
      : {
          secret: sealPassword(
            await dataKeyForWrite(ctx.db, keyring, ctx.tenantId),
            ctx.tenantId,
            entryId,
            patch.password,
          ),
        };
  const [row] = await ctx.db
    .update(vaultEntries)
    .set({
      ...(patch.account === undefined ? {} : { account: patch.account }),
      ...(patch.username === undefined ? {} : { username: patch.username }),
      ...(patch.siteUrl === undefined ? {} : { siteUrl: patch.siteUrl }),
      ...(patch.notes === undefined ? {} : { notes: patch.notes }),
      ...(patch.folderId === undefined ? {} : { folderId: patch.folderId }),
      ...(patch.groupIds === undefined ? {} : { restricted: patch.groupIds.length > 0 }),
      ...secret,
      changedAt: new Date(),
      changedBy: ctx.userId,
    })
    .where(eq(vaultEntries.id, entryId))
    .returning({ account: vaultEntries.account });
  if (patch.groupIds !== undefined) await setGroups(ctx, entryId, patch.groupIds);
  await recordAudit(ctx, actor, [
    { meetingId: entry.meetingId, entryId, account: row?.account ?? entry.account, action: 'update' },
  ]);
  vaultChanged(ctx, entry.meetingId);
  return getEntry(ctx, await vaultAccessOf(ctx, entry.meetingId), entryId);
};

/** deletePassword: permanent; the audit keeps its account name. */
export const deleteEntry = async (ctx: TenantContext, actor: Actor, entryId: string) => {
  const entry = await loadEntryRights(ctx, entryId);
  assertMayManageEntry(ctx, entry);
  await ctx.db.delete(vaultEntries).where(eq(vaultEntries.id, entryId));
  await recordAudit(ctx, actor, [{ meetingId: entry.meetingId, entryId, account: entry.account, action: 'delete' }]);
  vaultChanged(ctx, entry.meetingId);
  return true;
};

/**
 * What a reveal ends with: the password, or — when the stored value was changed outside Cadence —
 * the 500 naming the entry to answer once the audit row of the attempt is committed (decision 063).
 */
export type RevealOutcome = { revealed: Revealed } | { tampered: VaultTampered } | { refused: true };

/**
 * The password of one entry, for someone who may see it (a leader of its meeting always),
 * audited as a reveal or a copy. Anyone else (admins included) gets a 404 telling nothing, audited as a refused reveal or copy once the
 * entry is this workspace's. Entry, rights and wrapped key: one statement.
 * A value that no longer opens is audited as `undecryptable` and answered, not thrown, so that
 * the audit row commits; the route then refuses (500 naming the entry). A master key that does
 * not match is a 500 naming the entry too (thrown: nothing to audit, the server is misconfigured).
 */
export const revealPassword = async (
  ctx: TenantContext,
  keyring: VaultKeyring,
  actor: Actor,
  entryId: string,
  purpose: 'reveal' | 'copy',
): Promise<RevealOutcome> => {
  const [row] = await ctx.db
    .select({
      id: vaultEntries.id,
      tenantId: vaultEntries.tenantId,
      meetingId: vaultEntries.meetingId,
      account: vaultEntries.account,
      secret: vaultEntries.secret,
      ...entryRightsColumns(ctx.userId),
      wrappedKey: vaultKeys.wrappedKey,
      masterKeyId: vaultKeys.masterKeyId,
    })
    .from(vaultEntries)
    .leftJoin(vaultKeys, eq(vaultKeys.tenantId, vaultEntries.tenantId))
    .where(and(eq(vaultEntries.id, entryId), eq(vaultEntries.tenantId, ctx.tenantId)));
  if (!row) throw notFound();
  if (!mayReveal(row)) {
    // Refused the same way whoever asks (a workspace admin outside the entry's groups, someone
    // removed from the meeting): audited, then the route answers 404 telling nothing.
    const action = purpose === 'copy' ? ('refused_copy' as const) : ('refused_reveal' as const);
    await recordAudit(ctx, actor, [{ meetingId: row.meetingId, entryId, account: row.account, action }]);
    return { refused: true };
  }
  if (!row.wrappedKey || !row.masterKeyId)
    throw new VaultKeyUnavailable(vaultMessages.vaultKeyUnavailableFor(row.account, entryId));
  let password: string;
  try {
    const dataKey = unwrapDataKey(keyring, ctx.tenantId, { wrappedKey: row.wrappedKey, masterKeyId: row.masterKeyId });
    password = openPassword(dataKey, row);
  } catch (error) {
    if (error instanceof VaultKeyUnavailable)
      throw new VaultKeyUnavailable(vaultMessages.vaultKeyUnavailableFor(row.account, entryId));
    if (!(error instanceof VaultTampered)) throw error;
    const audit = { meetingId: row.meetingId, entryId, account: row.account, action: 'undecryptable' as const };
    await recordAudit(ctx, actor, [audit]);
    const message = error.part === 'key' ? vaultMessages.vaultKeyTamperedFor(row.account, entryId) : error.message;
    return { tampered: new VaultTampered(error.part, message) };
  }
  await recordAudit(ctx, actor, [{ meetingId: row.meetingId, entryId, account: row.account, action: purpose }]);
  return { revealed: { password, seconds: purpose === 'copy' ? VAULT_CLIPBOARD_SECONDS : VAULT_REVEAL_SECONDS } };
};

/** A new data key for the workspace (admins): every password re-encrypted in this transaction. */
export const rotateKey = (ctx: TenantContext, keyring: VaultKeyring) => {
  assertWorkspaceAdmin(ctx);
  return rotateWorkspaceKey(ctx.db, keyring, ctx.tenantId);
};
