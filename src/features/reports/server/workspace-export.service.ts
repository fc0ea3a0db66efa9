import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, count, desc, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { attachments, tenants, users, vaultEntries, vaultKeys, workspaceExports } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { inJobTransaction, type JobDeps } from '../../../server/jobs/jobTransaction.ts';
import { ZipWriter } from '../../../server/zip.ts';
import { WORKSPACE_EXPORT_RETENTION_DAYS } from '../../../shared/constants.ts';
import { conflict, forbidden, gone, notFound } from '../../../shared/errors.ts';
import { composeMail } from '../../emails/server/emails.send.ts';
import { csvText } from '../../kpis/server/kpis.export.ts';
import { attachmentsDir } from '../../tasks/server/attachments.service.ts';
import { openPassword, unwrapDataKey } from '../../vault/server/vault.keys.ts';
import { reportsMessages } from '../reports.messages.ts';
import type { WorkspaceExport } from '../reports.schemas.ts';
import {
  EXPORT_FORMAT_NAME,
  EXPORT_FORMAT_VERSION,
  type ExportKey,
  sealPasswordsFile,
  VAULT_PASSWORDS_FILE,
} from './workspace-export.format.ts';
import { exportTables, IMAGE_FILE_COLUMN, imageExtension } from './workspace-export.tables.ts';

// The workspace export (decision 055): an admin asks, a background job writes every
// table of the workspace as JSON and CSV and the card attachments into one zip under
// DATA_DIR/exports/{tenantId}/, telling its progress to the admin's sockets; once done the zip
// can be downloaded by the workspace's admins and the admin who asked gets an email.

/** An export still `running` this long after it started died with its server: it may be retried. */
const STALE_MS = 60 * 60 * 1000;
/** A finished export's zip is kept this long after it finished (decision 059). */
export const RETENTION_MS = WORKSPACE_EXPORT_RETENTION_DAYS * 24 * 60 * 60 * 1000;

const expiresAt = (row: Pick<Row, 'status' | 'finishedAt'>) =>
  row.status === 'done' && row.finishedAt ? new Date(row.finishedAt.getTime() + RETENTION_MS) : null;

/** Expired: marked so by the retention job, or past its retention and not yet seen by it. */
const isExpired = (row: Row, now = new Date()) =>
  row.status === 'expired' || (expiresAt(row) !== null && expiresAt(row)!.getTime() <= now.getTime());

export const exportsDir = (dataDir: string) => path.join(dataDir, 'exports');

type Row = typeof workspaceExports.$inferSelect;

const toExport = (row: Row): WorkspaceExport => ({
  id: row.id,
  status: isExpired(row) ? 'expired' : (row.status as WorkspaceExport['status']),
  progress: row.progress,
  fileName: row.fileName,
  size: row.size,
  error: row.error,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
  expiresAt: isExpired(row) ? null : (expiresAt(row)?.toISOString() ?? null),
  requestedBy: row.requestedBy,
});

const assertAdmin = (ctx: TenantContext) => {
  if (!ctx.isAdmin) throw forbidden();
};

/** `POST workspace-exports`: queues an export (admins; one at a time per workspace, 409 otherwise). */
export const requestExport = async (ctx: TenantContext): Promise<WorkspaceExport> => {
  assertAdmin(ctx);
  const stale = new Date(Date.now() - STALE_MS);
  // A running export of a server that stopped would block the workspace for good: it is failed.
  await ctx.db
    .update(workspaceExports)
    .set({ status: 'failed', error: reportsMessages.workspaceExportError, finishedAt: new Date() })
    .where(
      and(
        eq(workspaceExports.tenantId, ctx.tenantId),
        or(eq(workspaceExports.status, 'running'), eq(workspaceExports.status, 'queued')),
        lt(workspaceExports.createdAt, stale),
      ),
    );
  const [open] = await ctx.db
    .select({ n: count() })
    .from(workspaceExports)
    .where(and(eq(workspaceExports.tenantId, ctx.tenantId), inArray(workspaceExports.status, ['queued', 'running'])));
  if ((open?.n ?? 0) > 0) throw conflict(reportsMessages.workspaceExportRunning);
  const [row] = await ctx.db
    .insert(workspaceExports)
    .values({ tenantId: ctx.tenantId, requestedBy: ctx.userId })
    .returning();
  const created = toExport(row!);
  ctx.publish({ tenantId: ctx.tenantId, receiverId: ctx.userId, type: 'workspace-export.changed', data: created });
  return created;
};

export const listExports = async (ctx: TenantContext, page: { offset: number; limit: number }) => {
  assertAdmin(ctx);
  const where = eq(workspaceExports.tenantId, ctx.tenantId);
  const rows = await ctx.db
    .select()
    .from(workspaceExports)
    .where(where)
    .orderBy(desc(workspaceExports.createdAt), asc(workspaceExports.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await ctx.db.select({ n: count() }).from(workspaceExports).where(where);
  return { items: rows.map(toExport), total: total?.n ?? 0, offset: page.offset };
};

const findExport = async (ctx: TenantContext, id: string) => {
  assertAdmin(ctx);
  const [row] = await ctx.db
    .select()
    .from(workspaceExports)
    .where(and(eq(workspaceExports.id, id), eq(workspaceExports.tenantId, ctx.tenantId)));
  if (!row) throw notFound();
  return row;
};

export const getExport = async (ctx: TenantContext, id: string) => toExport(await findExport(ctx, id));

/**
 * The finished zip's path and name: 409 while it is not ready, 410 once expired (its retention is
 * over, whether or not the job has removed it yet), 404 when its file is gone otherwise.
 */
export const exportFile = async (ctx: TenantContext, dataDir: string, id: string) => {
  const row = await findExport(ctx, id);
  if (isExpired(row)) throw gone(reportsMessages.workspaceExportExpired(WORKSPACE_EXPORT_RETENTION_DAYS));
  if (row.status !== 'done' || !row.storageKey || !row.fileName)
    throw conflict(reportsMessages.workspaceExportNotReady);
  const file = path.join(exportsDir(dataDir), row.storageKey);
  try {
    await stat(file);
  } catch {
    throw notFound(reportsMessages.workspaceExportGone);
  }
  return { path: file, fileName: row.fileName };
};

// The job

const csvValue = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return csvText(JSON.stringify(value));
  if (typeof value === 'string') return csvText(value);
  return String(value);
};

const tableCsv = (columns: string[], rows: Record<string, unknown>[]) => {
  const lines = [columns.map(csvText).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvValue(row[column])).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
};

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'workspace';

/** A file name safe as one path part: no slashes, no control characters. */
const safeName = (name: string) =>
  [...name]
    .map((c) => (c === '/' || c === '\\' || c.charCodeAt(0) < 32 ? '_' : c))
    .join('')
    .slice(0, 200) || 'file';

/** The workspace's vault passwords in clear, by entry id (only ever held to seal them again). */
const vaultPasswords = async (deps: JobDeps, tenantId: string) => {
  const passwords = new Map<string, string>();
  const [keyRow] = await deps.db
    .select({ wrappedKey: vaultKeys.wrappedKey, masterKeyId: vaultKeys.masterKeyId })
    .from(vaultKeys)
    .where(eq(vaultKeys.tenantId, tenantId));
  if (!keyRow) return passwords;
  const dataKey = unwrapDataKey(deps.vaultKeyring, tenantId, keyRow);
  const entries = await deps.db
    .select({
      id: vaultEntries.id,
      tenantId: vaultEntries.tenantId,
      account: vaultEntries.account,
      secret: vaultEntries.secret,
    })
    .from(vaultEntries)
    .where(eq(vaultEntries.tenantId, tenantId));
  for (const entry of entries) passwords.set(entry.id, openPassword(dataKey, entry));
  return passwords;
};

/**
 * Runs a queued export to the end (called once its request has committed). Claims the row first,
 * so it runs once even if asked twice; any failure marks it failed and removes the partial file.
 * With `exportKey` (the admin gave a passphrase) the vault's passwords go into the zip sealed
 * under it; the key lives only in this call's memory (decision 115).
 */
export const runExport = async (deps: JobDeps, dataDir: string, id: string, exportKey?: ExportKey) => {
  // The file's name is recorded as the job starts: a partial zip of a job that dies can be removed.
  const [claimed] = await deps.db
    .update(workspaceExports)
    .set({
      status: 'running',
      startedAt: new Date(),
      storageKey: sql`${workspaceExports.tenantId}::text || ${`/${randomUUID()}.zip`}`,
    })
    .where(and(eq(workspaceExports.id, id), eq(workspaceExports.status, 'queued')))
    .returning();
  if (!claimed?.storageKey) return;
  const tenantId = claimed.tenantId;
  const notify = (row: Row) =>
    row.requestedBy &&
    deps.publish({ tenantId, receiverId: row.requestedBy, type: 'workspace-export.changed', data: toExport(row) });
  notify(claimed);
  const storageKey = claimed.storageKey;
  const target = path.join(exportsDir(dataDir), storageKey);
  try {
    const [workspace] = await deps.db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
    const exportedAt = new Date();
    const fileName = `cadence-${slug(workspace?.name ?? '')}-${exportedAt.toISOString().slice(0, 10)}.zip`;
    await mkdir(path.dirname(target), { recursive: true });
    const zip = new ZipWriter(createWriteStream(target));
    const tables = exportTables();
    const files = await deps.db
      .select({ id: attachments.id, fileName: attachments.fileName, storageKey: attachments.storageKey })
      .from(attachments)
      .where(eq(attachments.tenantId, tenantId))
      .orderBy(asc(attachments.createdAt), asc(attachments.id));
    const steps = tables.length + files.length;
    let done = 0;
    let shown = 0;
    const step = async () => {
      done += 1;
      const progress = Math.min(99, Math.floor((done / steps) * 100));
      // At most one update per 5 %: progress is news, not a log.
      if (progress < shown + 5) return;
      shown = progress;
      const [row] = await deps.db
        .update(workspaceExports)
        .set({ progress })
        .where(eq(workspaceExports.id, id))
        .returning();
      if (row) notify(row);
    };
    const counts: Record<string, number> = {};
    const images: Record<string, number> = {};
    for (const table of tables) {
      const columns = Object.keys(table.columns);
      const rows = (await deps.db
        .select(table.columns)
        .from(table.table)
        .where(table.where(deps.db, tenantId))) as Record<string, unknown>[];
      counts[table.name] = rows.length;
      const picture = table.picture;
      if (picture) {
        // Each picture is read on its own (a table's pictures together could be large), written
        // as a file and named in its row, so the export re-reads as complete (decision 059).
        columns.push(IMAGE_FILE_COLUMN);
        let pictures = 0;
        const keyColumn = table.columns[picture.key]!;
        for (const row of rows) {
          const [found] = await deps.db
            .select({ bytes: picture.bytes })
            .from(table.table)
            .where(eq(keyColumn, row[picture.key]));
          const bytes = found?.bytes as Buffer | Uint8Array | undefined;
          if (!bytes) {
            row[IMAGE_FILE_COLUMN] = null;
            continue;
          }
          const file = `images/${table.name}/${safeName(String(row[picture.key]))}.${imageExtension(row[picture.mimeType])}`;
          await zip.add(file, Buffer.from(bytes));
          row[IMAGE_FILE_COLUMN] = file;
          pictures += 1;
        }
        images[table.name] = pictures;
      }
      await zip.add(`json/${table.name}.json`, Buffer.from(JSON.stringify(rows, null, 1)));
      await zip.add(`csv/${table.name}.csv`, Buffer.from(tableCsv(columns, rows)));
      await step();
    }
    let missing = 0;
    for (const file of files) {
      try {
        const bytes = await readFile(path.join(attachmentsDir(dataDir), file.storageKey));
        await zip.add(`attachments/${file.id}/${safeName(file.fileName)}`, bytes);
      } catch {
        missing += 1;
      }
      await step();
    }
    const passwords = exportKey ? await vaultPasswords(deps, tenantId) : null;
    if (exportKey && passwords)
      await zip.add(VAULT_PASSWORDS_FILE, Buffer.from(JSON.stringify(sealPasswordsFile(exportKey, passwords))));
    await zip.add(
      'manifest.json',
      Buffer.from(
        JSON.stringify(
          {
            format: EXPORT_FORMAT_NAME,
            formatVersion: EXPORT_FORMAT_VERSION,
            workspace: { id: tenantId, name: workspace?.name ?? '' },
            exportedAt: exportedAt.toISOString(),
            tables: counts,
            attachments: files.length - missing,
            attachmentsMissing: missing,
            images: Object.values(images).reduce((sum, n) => sum + n, 0),
            imagesByTable: images,
            vaultPasswords: passwords ? VAULT_PASSWORDS_FILE : null,
            excluded: passwords
              ? 'The Slack bot token, sign-in tokens and password hashes are not exported. The vault passwords are sealed under the export passphrase.'
              : 'Password vault secrets, the Slack bot token, sign-in tokens and password hashes are not exported.',
          },
          null,
          1,
        ),
      ),
    );
    await zip.finish();
    const { size } = await stat(target);
    await inJobTransaction(deps, async (ctx) => {
      const [row] = await ctx.db
        .update(workspaceExports)
        .set({ status: 'done', progress: 100, fileName, storageKey, size, finishedAt: new Date() })
        .where(eq(workspaceExports.id, id))
        .returning();
      if (!row) return;
      const [requester] = row.requestedBy
        ? await ctx.db
            .select({ email: users.email, firstName: users.firstName })
            .from(users)
            .where(eq(users.id, row.requestedBy))
        : [];
      if (requester)
        await ctx.sendMail(
          await composeMail(ctx.db, { tenantId }, 'workspace-export', requester.email, {
            firstName: requester.firstName,
            workspaceName: workspace?.name ?? '',
            link: `${ctx.publicUrl}/reports?export=${id}`,
          }),
        );
      if (row.requestedBy)
        ctx.publish({ tenantId, receiverId: row.requestedBy, type: 'workspace-export.changed', data: toExport(row) });
    });
  } catch (error) {
    await rm(target, { force: true });
    const [row] = await deps.db
      .update(workspaceExports)
      .set({ status: 'failed', error: reportsMessages.workspaceExportError, finishedAt: new Date(), storageKey: null })
      .where(eq(workspaceExports.id, id))
      .returning();
    if (row) notify(row);
    throw error;
  }
};

// Retention (decision 059)

const removeFile = (dataDir: string, storageKey: string) =>
  rm(path.join(exportsDir(dataDir), storageKey), { force: true });

/**
 * The daily retention job: a finished export whose retention is over is marked expired and its zip
 * removed; the zip of a failed export (or of one that died running) is removed; a file under
 * DATA_DIR/exports that no live export names (left by a crash, or by a deleted workspace) is
 * removed once an hour old. Idempotent, and several servers may run it at once: each row is
 * changed by one of them (the update's condition), and removing a file twice is harmless.
 */
export const removeExpiredExports = async (db: Db, dataDir: string, now = new Date()) => {
  // An export still queued or running an hour after it was asked for died with its server.
  await db
    .update(workspaceExports)
    .set({ status: 'failed', error: reportsMessages.workspaceExportError, finishedAt: now })
    .where(
      and(
        inArray(workspaceExports.status, ['queued', 'running']),
        lt(workspaceExports.createdAt, new Date(now.getTime() - STALE_MS)),
      ),
    );
  const expired = await db
    .update(workspaceExports)
    .set({ status: 'expired' })
    .where(
      and(eq(workspaceExports.status, 'done'), lt(workspaceExports.finishedAt, new Date(now.getTime() - RETENTION_MS))),
    )
    .returning({ id: workspaceExports.id, storageKey: workspaceExports.storageKey });
  for (const row of expired) if (row.storageKey) await removeFile(dataDir, row.storageKey);
  const failed = await db
    .select({ id: workspaceExports.id, storageKey: workspaceExports.storageKey })
    .from(workspaceExports)
    .where(and(eq(workspaceExports.status, 'failed'), isNotNull(workspaceExports.storageKey)));
  for (const row of failed) if (row.storageKey) await removeFile(dataDir, row.storageKey);
  if (failed.length > 0)
    await db
      .update(workspaceExports)
      .set({ storageKey: null })
      .where(
        and(
          eq(workspaceExports.status, 'failed'),
          inArray(
            workspaceExports.id,
            failed.map((row) => row.id),
          ),
        ),
      );
  const orphans = await removeOrphanFiles(db, dataDir, now);
  return { expired: expired.length, failed: failed.length, orphans };
};

/** Files under DATA_DIR/exports named by no queued, running or finished export, an hour old or more. */
const removeOrphanFiles = async (db: Db, dataDir: string, now: Date) => {
  const root = exportsDir(dataDir);
  const tenants = await readdir(root, { withFileTypes: true }).catch(() => []);
  const candidates: { key: string; file: string }[] = [];
  for (const tenant of tenants) {
    if (!tenant.isDirectory()) continue;
    const names = await readdir(path.join(root, tenant.name)).catch(() => [] as string[]);
    for (const name of names) {
      const file = path.join(root, tenant.name, name);
      const info = await stat(file).catch(() => null);
      if (info?.isFile() && info.mtimeMs < now.getTime() - STALE_MS)
        candidates.push({ key: `${tenant.name}/${name}`, file });
    }
  }
  if (candidates.length === 0) return 0;
  const live = new Set<string>();
  for (let i = 0; i < candidates.length; i += 500) {
    const rows = await db
      .select({ storageKey: workspaceExports.storageKey })
      .from(workspaceExports)
      .where(
        and(
          inArray(
            workspaceExports.storageKey,
            candidates.slice(i, i + 500).map((c) => c.key),
          ),
          inArray(workspaceExports.status, ['queued', 'running', 'done']),
        ),
      );
    for (const row of rows) if (row.storageKey) live.add(row.storageKey);
  }
  let removed = 0;
  for (const candidate of candidates) {
    if (live.has(candidate.key)) continue;
    await rm(candidate.file, { force: true });
    removed += 1;
  }
  return removed;
};
