import { and, asc, count, eq, sql } from 'drizzle-orm';
import { vaultEntries, vaultFolders } from '../../../db/schema/index.ts';
import { pageTotal, windowTotal } from '../../../db/sql.ts';
import type { Actor, TenantContext } from '../../../server/context.ts';
import { notFound } from '../../../shared/errors.ts';
import type { VaultFolder } from '../vault.schemas.ts';
import { recordAudit, vaultChanged } from './vault.audit.service.ts';
import { assertVaultManager, listsAll, passesGroups, type VaultAccess, vaultAccessOf } from './vault.policy.ts';

// A meeting's vault folders (document 3 §3: the password group; getPasswordGroups,
// savePasswordGroup). Leaders and admins add, rename and delete them.

const FOLDER_ID = sql.raw('"vault_folders"."id"');
const inFolder = sql.raw('e.folder_id');

/**
 * Entries of the folder the caller would list: all for an admin (who manages every one) or a
 * leader (who sees every one), else those passing the caller's groups. Never a count of entries hidden from the caller: that alone
 * would tell them such entries exist.
 */
const visibleCount = (ctx: TenantContext, access: VaultAccess) =>
  sql<number>`(select count(*) from vault_entries e where ${inFolder} = ${FOLDER_ID}${
    listsAll(access)
      ? sql``
      : sql` and ${passesGroups(ctx.userId, { id: sql.raw('e.id'), restricted: sql.raw('e.restricted') })}`
  })`.mapWith(Number);

const folderColumns = (ctx: TenantContext, access: VaultAccess) => ({
  id: vaultFolders.id,
  meetingId: vaultFolders.meetingId,
  name: vaultFolders.name,
  entryCount: visibleCount(ctx, access),
});

/** getPasswordGroups: the meeting's folders by name. */
export const listFolders = async (ctx: TenantContext, meetingId: string, paging: { offset: number; limit: number }) => {
  const access = await vaultAccessOf(ctx, meetingId);
  const where = and(eq(vaultFolders.tenantId, ctx.tenantId), eq(vaultFolders.meetingId, meetingId));
  const rows = await ctx.db
    .select({ ...folderColumns(ctx, access), total: windowTotal() })
    .from(vaultFolders)
    .where(where)
    .orderBy(asc(sql`lower(${vaultFolders.name})`), asc(vaultFolders.id))
    .limit(paging.limit)
    .offset(paging.offset);
  const total = await pageTotal(
    rows,
    paging.offset,
    async () => (await ctx.db.select({ n: count() }).from(vaultFolders).where(where))[0]?.n ?? 0,
  );
  return { items: rows.map(({ total: _total, ...row }): VaultFolder => row), total, offset: paging.offset };
};

const getFolder = async (ctx: TenantContext, access: VaultAccess, folderId: string): Promise<VaultFolder> => {
  const [row] = await ctx.db.select(folderColumns(ctx, access)).from(vaultFolders).where(eq(vaultFolders.id, folderId));
  if (!row) throw notFound();
  return row;
};

/** savePasswordGroup (new). */
export const createFolder = async (ctx: TenantContext, meetingId: string, name: string) => {
  const access = await vaultAccessOf(ctx, meetingId);
  assertVaultManager(access);
  const [row] = await ctx.db
    .insert(vaultFolders)
    .values({ tenantId: ctx.tenantId, meetingId, name, changedBy: ctx.userId })
    .returning({ id: vaultFolders.id });
  vaultChanged(ctx, meetingId);
  return getFolder(ctx, access, row!.id);
};

/** The folder's meeting and the caller's rights there; 404 when either is not theirs to see. */
const folderAccess = async (ctx: TenantContext, folderId: string) => {
  const [folder] = await ctx.db
    .select({ meetingId: vaultFolders.meetingId })
    .from(vaultFolders)
    .where(and(eq(vaultFolders.id, folderId), eq(vaultFolders.tenantId, ctx.tenantId)));
  if (!folder) throw notFound();
  const access = await vaultAccessOf(ctx, folder.meetingId);
  assertVaultManager(access);
  return access;
};

/** savePasswordGroup (existing): a new name. */
export const renameFolder = async (ctx: TenantContext, folderId: string, name: string) => {
  const access = await folderAccess(ctx, folderId);
  await ctx.db
    .update(vaultFolders)
    .set({ name, changedAt: new Date(), changedBy: ctx.userId })
    .where(eq(vaultFolders.id, folderId));
  vaultChanged(ctx, access.meetingId);
  return getFolder(ctx, access, folderId);
};

/**
 * Deletes a folder, permanently. Its entries stay, in no folder; or, with `entries: 'delete'`,
 * they go with it (each audited): its managers — leaders and admins — manage every one.
 */
export const deleteFolder = async (ctx: TenantContext, actor: Actor, folderId: string, entries: 'keep' | 'delete') => {
  const access = await folderAccess(ctx, folderId);
  if (entries === 'delete') {
    const deleted = await ctx.db
      .delete(vaultEntries)
      .where(and(eq(vaultEntries.folderId, folderId), eq(vaultEntries.tenantId, ctx.tenantId)))
      .returning({ id: vaultEntries.id, account: vaultEntries.account });
    await recordAudit(
      ctx,
      actor,
      deleted.map((entry) => ({
        meetingId: access.meetingId,
        entryId: entry.id,
        account: entry.account,
        action: 'delete',
      })),
    );
  }
  // Entries left in it fall out of it (ON DELETE SET NULL).
  await ctx.db.delete(vaultFolders).where(eq(vaultFolders.id, folderId));
  vaultChanged(ctx, access.meetingId);
  return true;
};
