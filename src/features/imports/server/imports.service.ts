import { and, count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { importItems, imports, users } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertWorkspaceAdmin } from '../../../server/guards.ts';
import { type PersonSummaryRow, personSummary } from '../../../server/people.ts';
import { todayUtc } from '../../../shared/dates.ts';
import { badRequest, conflict, notFound } from '../../../shared/errors.ts';
import { importsMessages } from '../imports.messages.ts';
import type { ImportKind, ImportOptions, ImportPage, ImportPreview, ImportRecord } from '../imports.schemas.ts';
import { inviteAll, invitesOf, markInvites, withdrawInvites } from './import-invites.ts';
import { IMPORT_PLANNERS } from './import-kinds.ts';
import type { CreatedItem, ImportFile, ImportProgress } from './planners.ts';

// Imports (decisions 111, 121): each kind's planner (import-kinds.ts) reads the file; a preview writes nothing; a confirmation re-reads the same file and
// writes it in the request's one transaction through the owning features' services, with a
// record of everything it created; Undo takes a whole import back while none of it changed.

/** Rows of `import_items` written per statement. */
const ITEMS_PER_INSERT = 1000;

export const previewImport = async (
  ctx: TenantContext,
  options: ImportOptions,
  file: ImportFile,
): Promise<ImportPreview> =>
  markInvites(options, (await IMPORT_PLANNERS[options.kind].plan(ctx, options, file, todayUtc())).preview);

const creator = alias(users, 'creator');
const undoer = alias(users, 'undoer');

type RecordRow = typeof imports.$inferSelect & { creator: PersonSummaryRow | null; undoer: PersonSummaryRow | null };

const toRecord = (row: RecordRow): ImportRecord => ({
  id: row.id,
  kind: row.kind,
  fileName: row.fileName,
  meetingId: row.meetingId,
  status: row.status as ImportRecord['status'],
  counts: row.counts,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.creator ? personSummary(row.creator) : null,
  undoneAt: row.undoneAt?.toISOString() ?? null,
  undoneBy: row.undoer ? personSummary(row.undoer) : null,
});

const recordQuery = (ctx: TenantContext) =>
  ctx.db
    .select({
      record: imports,
      creator: {
        id: creator.id,
        firstName: creator.firstName,
        lastName: creator.lastName,
        image: creator.image,
        deletedAt: creator.deletedAt,
      },
      undoer: {
        id: undoer.id,
        firstName: undoer.firstName,
        lastName: undoer.lastName,
        image: undoer.image,
        deletedAt: undoer.deletedAt,
      },
    })
    .from(imports)
    .leftJoin(creator, eq(creator.id, imports.createdBy))
    .leftJoin(undoer, eq(undoer.id, imports.undoneBy));

const findRecord = async (ctx: TenantContext, id: string) => {
  const [row] = await recordQuery(ctx).where(and(eq(imports.id, id), eq(imports.tenantId, ctx.tenantId)));
  if (!row) throw notFound();
  return toRecord({ ...row.record, creator: row.creator, undoer: row.undoer });
};

/**
 * `POST imports`: writes what the preview showed, all or nothing; the import's record. A format
 * written in chunks tells `progress` after each one.
 */
export const confirmImport = async (
  ctx: TenantContext,
  options: ImportOptions,
  file: ImportFile,
  progress: ImportProgress = () => undefined,
): Promise<ImportRecord> => {
  const plan = await IMPORT_PLANNERS[options.kind].plan(ctx, options, file, todayUtc());
  if (plan.errorCount > 0 && !options.skipInvalidRows) {
    throw badRequest({ file: importsMessages.importHasErrors }, importsMessages.importHasErrors);
  }
  if (!plan.writesSomething) throw badRequest({ file: importsMessages.previewNothing }, importsMessages.previewNothing);
  const invites = invitesOf(options, plan.preview);
  // The record first, so a planner writing in chunks records each chunk's items as it goes.
  const [record] = await ctx.db
    .insert(imports)
    .values({
      tenantId: ctx.tenantId,
      kind: options.kind,
      fileName: file.fileName,
      meetingId: plan.meetingId,
      createdBy: ctx.userId,
    })
    .returning({ id: imports.id });
  const importId = record!.id;
  const recordItems = async (items: CreatedItem[]) => {
    for (let i = 0; i < items.length; i += ITEMS_PER_INSERT) {
      await ctx.db
        .insert(importItems)
        .values(items.slice(i, i + ITEMS_PER_INSERT).map(([entity, entityId]) => ({ importId, entity, entityId })));
    }
  };
  const { created, counts } = await plan.write(recordItems, progress);
  await recordItems(created);
  // The owners mapped to "invite" (decision 126): invited in the same transaction.
  if (invites.length > 0) {
    const made = await inviteAll(
      ctx,
      invites.map((email) => ({ email })),
    );
    await recordItems(made);
    for (const [entity, key] of [
      ['invitation', 'invitations'],
      ['account', 'accounts'],
    ] as const) {
      const n = made.filter(([kind]) => kind === entity).length;
      if (n > 0) counts[key] = n;
    }
  }
  // Stamped after every write: anything changed later is newer than the record (see undo).
  await ctx.db.update(imports).set({ counts, createdAt: new Date() }).where(eq(imports.id, importId));
  return findRecord(ctx, importId);
};

/** `GET imports`: the workspace's imports, newest first, a page at a time (admins). */
export const listImports = async (ctx: TenantContext, offset: number, limit: number): Promise<ImportPage> => {
  assertWorkspaceAdmin(ctx);
  const rows = await recordQuery(ctx)
    .where(eq(imports.tenantId, ctx.tenantId))
    .orderBy(desc(imports.createdAt), desc(imports.id))
    .limit(limit)
    .offset(offset);
  const [total] = await ctx.db.select({ n: count() }).from(imports).where(eq(imports.tenantId, ctx.tenantId));
  return {
    items: rows.map((row) => toRecord({ ...row.record, creator: row.creator, undoer: row.undoer })),
    total: total?.n ?? 0,
    offset,
  };
};

/**
 * `POST imports/{id}/undo`: its format's planner deletes what the import created and empties
 * what it filled, provided none of it was changed or deleted since (409 otherwise); one transaction.
 */
export const undoImport = async (ctx: TenantContext, id: string): Promise<ImportRecord> => {
  assertWorkspaceAdmin(ctx);
  const record = await findRecord(ctx, id);
  if (record.status === 'undone') throw conflict(importsMessages.undoAlready);
  const since = new Date(record.createdAt);
  const items = await ctx.db
    .select({ entity: importItems.entity, entityId: importItems.entityId })
    .from(importItems)
    .where(eq(importItems.importId, id));
  const planner = IMPORT_PLANNERS[record.kind as ImportKind];
  if (!planner) throw conflict(importsMessages.undoChanged);
  await planner.undo(ctx, items, since);
  if (record.kind !== 'csv-people') await withdrawInvites(ctx, items);
  await ctx.db
    .update(imports)
    .set({ status: 'undone', undoneAt: new Date(), undoneBy: ctx.userId })
    .where(eq(imports.id, id));
  return findRecord(ctx, id);
};
