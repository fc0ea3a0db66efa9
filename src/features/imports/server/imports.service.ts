import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { importItems, imports, scoreCells, scores, users } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertWorkspaceAdmin } from '../../../server/guards.ts';
import { type PersonSummaryRow, personSummary } from '../../../server/people.ts';
import { todayUtc } from '../../../shared/dates.ts';
import { badRequest, conflict, notFound } from '../../../shared/errors.ts';
import { ZCreateScore, ZSaveCell } from '../../kpis/kpis.schemas.ts';
import { fillNewScoreCells } from '../../kpis/server/imported-cells.service.ts';
import { createScore, deleteScore, saveCell } from '../../kpis/server/kpis.service.ts';
import { importsMessages } from '../imports.messages.ts';
import type { ImportOptions, ImportPage, ImportPreview, ImportRecord } from '../imports.schemas.ts';
import type { CsvRow } from './csv-reader.ts';
import { planScorecard } from './scorecard-plan.ts';

// Imports (decision 111): a preview writes nothing; a confirmation re-reads the same file and
// writes it in the request's one transaction through the owning features' services, with a
// record of everything it created; Undo takes a whole import back while none of it changed.

/** Rows of `import_items` written per statement. */
const ITEMS_PER_INSERT = 1000;

export interface ImportFile {
  fileName: string;
  rows: CsvRow[];
}

export const previewImport = async (
  ctx: TenantContext,
  options: ImportOptions,
  file: ImportFile,
): Promise<ImportPreview> => (await planScorecard(ctx, options, file.fileName, file.rows, todayUtc())).preview;

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

/** `POST imports`: writes what the preview showed, all or nothing; the import's record. */
export const confirmImport = async (
  ctx: TenantContext,
  options: ImportOptions,
  file: ImportFile,
): Promise<ImportRecord> => {
  const plan = await planScorecard(ctx, options, file.fileName, file.rows, todayUtc());
  if (plan.errorCount > 0 && !options.skipInvalidRows) {
    throw badRequest({ file: importsMessages.importHasErrors }, importsMessages.importHasErrors);
  }
  const writing = plan.kpis.filter((kpi) => kpi.action !== 'skip');
  if (writing.length === 0) throw badRequest({ file: importsMessages.previewNothing }, importsMessages.previewNothing);
  const created: [entity: string, id: string][] = [];
  let values = 0;
  for (const kpi of writing) {
    let scoreId = kpi.existingId!;
    if (kpi.action === 'create') {
      const input = ZCreateScore.parse({
        title: kpi.title,
        userId: kpi.userId,
        goal: kpi.goal.goal,
        score: kpi.goal.target,
        type: kpi.goal.type,
      });
      scoreId = (await createScore(ctx, plan.meeting.id, input)).id;
      created.push(['score', scoreId]);
    }
    if (kpi.action === 'create') await fillNewScoreCells(ctx, scoreId, kpi.values);
    else {
      // Into a score that was there: one by one, so formulas reading it follow.
      for (const value of kpi.values) {
        await saveCell(ctx, scoreId, value.sessionId, ZSaveCell.parse({ measured: value.measured }));
        created.push(['scoreCell', `${scoreId}/${value.sessionId}`]);
      }
    }
    values += kpi.values.length;
  }
  const counts = { kpis: created.filter(([entity]) => entity === 'score').length, values };
  // Stamped after every write: anything changed later is newer than the record (see undo).
  const [record] = await ctx.db
    .insert(imports)
    .values({
      tenantId: ctx.tenantId,
      kind: options.kind,
      fileName: file.fileName,
      meetingId: plan.meeting.id,
      counts,
      createdAt: new Date(),
      createdBy: ctx.userId,
    })
    .returning({ id: imports.id });
  for (let i = 0; i < created.length; i += ITEMS_PER_INSERT) {
    await ctx.db
      .insert(importItems)
      .values(
        created
          .slice(i, i + ITEMS_PER_INSERT)
          .map(([entity, entityId]) => ({ importId: record!.id, entity, entityId })),
      );
  }
  return findRecord(ctx, record!.id);
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

const splitCellId = (id: string) => {
  const [scoreId, sessionId] = id.split('/');
  return { scoreId: scoreId!, sessionId: sessionId! };
};

/**
 * `POST imports/{id}/undo`: deletes the KPIs the import created (their values go with them) and
 * empties the values it filled in KPIs that were there before, provided none of it was changed
 * or deleted since (409 otherwise); one transaction.
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
  const scoreIds = items.filter((item) => item.entity === 'score').map((item) => item.entityId);
  const cells = items.filter((item) => item.entity === 'scoreCell').map((item) => splitCellId(item.entityId));
  const changed = () => conflict(importsMessages.undoChanged);
  if (scoreIds.length > 0) {
    const [state] = await ctx.db
      .select({
        present: count(),
        edited: sql<number>`count(*) filter (where ${scores.changedAt} > ${since.toISOString()}::timestamptz)`.mapWith(
          Number,
        ),
      })
      .from(scores)
      .where(and(eq(scores.tenantId, ctx.tenantId), inArray(scores.id, scoreIds)));
    if (state!.present !== scoreIds.length || state!.edited > 0) throw changed();
    const [cellsEdited] = await ctx.db
      .select({ n: count() })
      .from(scoreCells)
      .where(and(inArray(scoreCells.scoreId, scoreIds), gt(scoreCells.changedAt, since)));
    if ((cellsEdited?.n ?? 0) > 0) throw changed();
  }
  if (cells.length > 0) {
    const pairs = sql.join(
      cells.map((c) => sql`(${c.scoreId}::uuid, ${c.sessionId}::uuid)`),
      sql`, `,
    );
    const [state] = await ctx.db
      .select({
        present: count(),
        edited:
          sql<number>`count(*) filter (where ${scoreCells.changedAt} > ${since.toISOString()}::timestamptz)`.mapWith(
            Number,
          ),
      })
      .from(scoreCells)
      .where(
        and(eq(scoreCells.tenantId, ctx.tenantId), sql`(${scoreCells.scoreId}, ${scoreCells.sessionId}) in (${pairs})`),
      );
    if (state!.present !== cells.length || state!.edited > 0) throw changed();
  }
  for (const scoreId of scoreIds) await deleteScore(ctx, scoreId);
  for (const c of cells) await saveCell(ctx, c.scoreId, c.sessionId, ZSaveCell.parse({ measured: null }));
  await ctx.db
    .update(imports)
    .set({ status: 'undone', undoneAt: new Date(), undoneBy: ctx.userId })
    .where(eq(imports.id, id));
  return findRecord(ctx, id);
};
