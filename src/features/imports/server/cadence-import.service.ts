import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { invitations, memberships, users } from '../../../db/schema/index.ts';
import type { UserContext } from '../../../server/context.ts';
import type { VaultKeyring } from '../../../server/secrets.ts';
import { ADMIN_FLAG, INVITATION_TTL_MS } from '../../../shared/constants.ts';
import { AppError, badRequest } from '../../../shared/errors.ts';
import { isUuid } from '../../../shared/validation.ts';
import {
  EXPORT_FORMAT_NAME,
  EXPORT_FORMAT_VERSION,
  openPasswordsFile,
  VAULT_PASSWORDS_FILE,
  type VaultPasswordsFile,
} from '../../reports/server/workspace-export.format.ts';
import { IMAGE_FILE_COLUMN } from '../../reports/server/workspace-export.tables.ts';
import { attachmentsDir } from '../../tasks/server/attachments.service.ts';
import { dataKeyForWrite, sealPassword } from '../../vault/server/vault.keys.ts';
import { cadenceImportMessages as text } from '../cadence-import.messages.ts';
import type { CadenceImportResult } from '../cadence-import.schemas.ts';
import { columnValue, type IdMap, parentsFirst, RowError } from './cadence-import.rows.ts';
import { type ImportTable, importPlan } from './cadence-import.tables.ts';
import { readZip, type ZipEntry } from './cadence-zip.ts';

// "Import a Cadence export" (decisions 114, 115): the zip of a workspace export becomes a NEW
// workspace whose admin is the importer, in one transaction. Every id is made anew and every
// reference follows (cadence-import.rows.ts); people keep their accounts when this server has
// them (matched by email) and are otherwise created without a password; all of them except the
// importer are invited rather than made members. Vault passwords come across re-sealed under the
// new workspace's key when the export carries them and the importer gives its passphrase.

const refuse = (message: string) => badRequest({ file: message }, message);

const ZManifest = z.object({
  format: z.string().optional(),
  formatVersion: z.unknown().optional(),
  workspace: z.object({ id: z.uuid(), name: z.string().max(1000) }),
  vaultPasswords: z.string().nullable().optional(),
});

const ZPasswordsFile = z.object({
  kdf: z.object({ name: z.literal('scrypt'), N: z.number(), r: z.number(), p: z.number(), salt: z.string().max(100) }),
  check: z.string().max(1000),
  passwords: z.record(z.string(), z.string().max(100_000)),
});

/** An export read and checked, ready to be written (nothing of it is in the database yet). */
export interface ParsedExport {
  entries: Map<string, ZipEntry>;
  workspace: { id: string; name: string };
  /** Exported vault entry id → password; null when the export carries no passwords. */
  passwords: Map<string, string> | null;
}

const jsonOf = (entry: ZipEntry, broken: string): unknown => {
  try {
    return JSON.parse(entry.read().toString('utf8'));
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse(broken);
  }
};

/**
 * Reads the upload: the zip's directory (hostile names and sizes refused), the manifest (a Cadence
 * export of a version this server reads) and, when the export carries the vault, its passwords
 * opened with the passphrase. Runs before the transaction: scrypt takes a moment.
 */
export const readExport = async (zip: Buffer, passphrase: string | undefined): Promise<ParsedExport> => {
  const entries = readZip(zip);
  const manifestEntry = entries.get('manifest.json');
  if (!manifestEntry) throw refuse(text.notAnExport);
  const manifest = ZManifest.safeParse(jsonOf(manifestEntry, text.brokenManifest));
  if (!manifest.success) throw refuse(text.brokenManifest);
  const { format, formatVersion, workspace, vaultPasswords } = manifest.data;
  if (format !== undefined && format !== EXPORT_FORMAT_NAME) throw refuse(text.notAnExport);
  // Exports made before the format had a version have this version's layout.
  if (formatVersion !== undefined && formatVersion !== EXPORT_FORMAT_VERSION)
    throw refuse(text.unknownVersion(String(formatVersion).slice(0, 20), EXPORT_FORMAT_VERSION));
  let passwords: Map<string, string> | null = null;
  const sealed = vaultPasswords ? entries.get(VAULT_PASSWORDS_FILE) : undefined;
  if (sealed) {
    if (!passphrase) throw badRequest({ passphrase: text.passphraseRequired }, text.passphraseRequired);
    const file = ZPasswordsFile.safeParse(jsonOf(sealed, text.brokenVault));
    if (!file.success) throw refuse(text.brokenVault);
    try {
      passwords = await openPasswordsFile(file.data as VaultPasswordsFile, passphrase);
    } catch {
      throw refuse(text.brokenVault);
    }
    if (!passwords) throw badRequest({ passphrase: text.passphraseWrong }, text.passphraseWrong);
  }
  return { entries, workspace, passwords };
};

type Row = Record<string, unknown>;

const rowsOf = (parsed: ParsedExport, table: string): Row[] => {
  const entry = parsed.entries.get(`json/${table}.json`);
  // A table the export does not have (made before it existed): no rows.
  if (!entry) return [];
  const rows = jsonOf(entry, text.brokenTable(table));
  if (!Array.isArray(rows) || rows.some((row) => !row || typeof row !== 'object' || Array.isArray(row)))
    throw refuse(text.brokenTable(table));
  return rows as Row[];
};

/** The largest number of bind parameters one INSERT is given (PostgreSQL's limit is 65,535). */
const MAX_PARAMETERS = 30_000;

/** A database refusal of imported rows (a type, a check, a reference): the export's fault, a 400. */
const isDataError = (error: unknown): boolean => {
  const code = (error as { code?: unknown })?.code ?? (error as { cause?: { code?: unknown } })?.cause?.code;
  return typeof code === 'string' && /^(22|23)/.test(code);
};

export interface ImportDeps {
  dataDir: string;
  vaultKeyring: VaultKeyring;
  /** Attachment files written so far: removed by the caller if the transaction fails. */
  written: string[];
}

/** The accounts of the export's people: this server's when it has their email, otherwise made anew. */
const matchPeople = async (ctx: UserContext, people: Row[], ids: IdMap) => {
  const emails = people.map((row) => (typeof row.email === 'string' ? row.email.toLowerCase() : null));
  if (emails.some((email) => !email)) throw refuse(text.brokenTable('users'));
  const known = emails.length
    ? await ctx.db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(inArray(users.email, emails as string[]))
    : [];
  const byEmail = new Map(known.map((user) => [user.email.toLowerCase(), user.id]));
  const created = new Set<string>();
  people.forEach((row, i) => {
    if (!isUuid(row.id)) throw refuse(text.brokenRow('users', i + 1));
    const existing = byEmail.get(emails[i]!);
    const id = existing ?? randomUUID();
    if (!existing) created.add(id);
    ids.set(row.id.toLowerCase(), id);
  });
  return created;
};

/** Imports a read export as a new workspace of `ctx.userId`; one transaction (the caller's). */
export const importCadenceExport = async (
  ctx: UserContext,
  deps: ImportDeps,
  parsed: ParsedExport,
  name: string | undefined,
): Promise<CadenceImportResult> => {
  const plan = importPlan();
  const tenantId = randomUUID();
  const ids: IdMap = new Map([[parsed.workspace.id.toLowerCase(), tenantId]]);
  const rowsByTable = new Map(plan.map((table) => [table.name, rowsOf(parsed, table.name)]));
  const people = rowsByTable.get('users') ?? [];
  const createdPeople = await matchPeople(ctx, people, ids);
  for (const table of plan) {
    if (!table.ownId || table.name === 'users' || table.name === 'tenants') continue;
    for (const row of rowsByTable.get(table.name) ?? [])
      if (isUuid(row[table.ownId])) ids.set((row[table.ownId] as string).toLowerCase(), randomUUID());
  }
  // What rows may point at: a table's rows as they are written, and any account of this server.
  const accounts = new Set<unknown>([
    ctx.userId,
    ...people.map((row) => ids.get(String(row.id).toLowerCase())),
    ...(await existingUsers(ctx.db, plan, rowsByTable, ids)),
  ]);
  const present = new Map<string, Set<unknown>>([['users', accounts]]);

  const attachmentFiles = new Map<string, ZipEntry>();
  for (const [entryName, entry] of parsed.entries) {
    const match = /^attachments\/([0-9a-f-]{36})\/[^/]+$/i.exec(entryName);
    if (match) attachmentFiles.set(match[1]!.toLowerCase(), entry);
  }
  let dataKey: Buffer | null = null;
  let vaultPasswordsMissing = 0;
  let skippedRows = 0;
  const counts: Record<string, number> = {};
  let workspaceRow: Row | null = null;

  for (const table of plan) {
    const exported = rowsByTable.get(table.name) ?? [];
    const accepted: { row: Row; values: Row }[] = [];
    for (const [index, row] of exported.entries()) {
      let values: Row;
      try {
        values = valuesOf(table, row, ids);
      } catch (error) {
        if (error instanceof RowError) throw refuse(text.brokenRow(table.name, index + 1));
        throw error;
      }
      if (table.name === 'tenants') {
        if (row.id !== parsed.workspace.id) continue;
        Object.assign(values, { id: tenantId, name: name ?? values.name, slackWorkspaceName: null });
        workspaceRow = values;
      }
      if (table.name === 'users' && !createdPeople.has(values.id as string)) continue;
      if (table.name === 'user_photos' && !createdPeople.has(values.userId as string)) continue;
      if ('tenantId' in table.columns) values.tenantId = tenantId;
      accepted.push({ row, values });
    }
    const ordered = table.parentKey
      ? parentsFirst(
          accepted,
          (item) => item.values[table.ownId ?? ''],
          (item) => item.values[table.parentKey!],
        )
      : accepted;
    const own = present.get(table.name) ?? new Set<unknown>();
    present.set(table.name, own);
    const batch: Row[] = [];
    for (const { row, values } of ordered) {
      if (!pointsAtPresent(table, values, present)) {
        skippedRows += 1;
        continue;
      }
      if (table.pictureKey) {
        const file = row[IMAGE_FILE_COLUMN];
        const entry = typeof file === 'string' && file.startsWith(`images/${table.name}/`) && parsed.entries.get(file);
        if (!entry) {
          skippedRows += 1;
          continue;
        }
        values[table.pictureKey] = entry.read();
      }
      if (table.name === 'attachments') {
        const storageKey = `${tenantId}/${randomUUID()}`;
        const target = path.join(attachmentsDir(deps.dataDir), storageKey);
        const file = attachmentFiles.get(String(row.id).toLowerCase());
        await mkdir(path.dirname(target), { recursive: true });
        deps.written.push(target);
        // A file the export could not read (attachmentsMissing) stays missing, as it was.
        if (file) await writeFile(target, file.read());
        values.storageKey = storageKey;
      }
      if (table.name === 'task_shares') values.token = randomBytes(32).toString('base64url');
      if (table.name === 'vault_entries') {
        dataKey ??= await dataKeyForWrite(ctx.db, deps.vaultKeyring, tenantId);
        const password = parsed.passwords?.get(String(row.id));
        if (password === undefined) vaultPasswordsMissing += 1;
        values.secret = sealPassword(dataKey, tenantId, values.id as string, password ?? '');
      }
      const key = table.ownId ?? singleKeyOf(table);
      if (key) own.add(values[key]);
      batch.push(values);
    }
    await insertRows(ctx.db, table, batch);
    counts[table.name] = batch.length;
    if (table.name === 'tenants' && !workspaceRow) throw refuse(text.brokenTable('tenants'));
  }

  // The people: the importer is the admin; everyone else exported (and not deleted) is invited.
  await ctx.db.insert(memberships).values({ tenantId, userId: ctx.userId, isAdmin: ADMIN_FLAG.yes });
  const invitees = people
    .filter((row) => !row.deletedAt)
    .map((row) => ids.get(String(row.id).toLowerCase())!)
    .filter((id) => id !== ctx.userId);
  const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
  if (invitees.length > 0)
    await ctx.db
      .insert(invitations)
      .values([...new Set(invitees)].map((userId) => ({ tenantId, userId, invitedBy: ctx.userId, expiresAt })));
  const workspace = workspaceRow as unknown as { name: string; iconLogo: string | null };
  return {
    workspace: {
      id: tenantId,
      name: workspace.name,
      iconLogo: workspace.iconLogo ?? null,
      slackWorkspaceName: null,
      isAdmin: ADMIN_FLAG.yes,
    },
    tables: counts,
    rows: Object.values(counts).reduce((sum, n) => sum + n, 0),
    invited: new Set(invitees).size,
    vaultPasswordsMissing,
    skippedRows,
  };
};

/** The row's exported columns as values of the new workspace (ids remapped, types checked). */
const valuesOf = (table: ImportTable, row: Row, ids: IdMap): Row => {
  const values: Row = {};
  for (const [key, column] of Object.entries(table.columns))
    if (key in row) values[key] = columnValue(column, row[key], ids);
  return values;
};

const singleKeyOf = (table: ImportTable) => {
  const primary = Object.entries(table.columns).filter(([, column]) => column.primary);
  return primary.length === 1 ? primary[0]![0] : null;
};

/**
 * Whether every reference of the row points at a row written before it (or at an account of
 * this server). A dangling nullable reference is cleared; a dangling required one leaves the
 * row out (what it belongs to is not in the export, or is not imported).
 */
const pointsAtPresent = (table: ImportTable, values: Row, present: Map<string, Set<unknown>>) => {
  for (const reference of table.references) {
    const value = values[reference.key];
    if (value === null || value === undefined) continue;
    if (present.get(reference.target)?.has(value)) continue;
    if (!reference.nullable) return false;
    values[reference.key] = null;
  }
  return true;
};

/** Accounts of this server the export's rows name without exporting them (people who left the workspace). */
const existingUsers = async (db: Db, plan: ImportTable[], rowsByTable: Map<string, Row[]>, ids: IdMap) => {
  const named = new Set<string>();
  for (const table of plan)
    for (const reference of table.references) {
      if (reference.target !== 'users') continue;
      for (const row of rowsByTable.get(table.name) ?? []) {
        const value = row[reference.key];
        if (isUuid(value) && !ids.has(value.toLowerCase())) named.add(value.toLowerCase());
      }
    }
  const found = new Set<string>();
  const list = [...named];
  for (let i = 0; i < list.length; i += 1000) {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, list.slice(i, i + 1000)));
    for (const row of rows) found.add(row.id);
  }
  return found;
};

const insertRows = async (db: Db, table: ImportTable, rows: Row[]) => {
  if (rows.length === 0) return;
  const width = Math.max(1, Object.keys(table.columns).length + 2);
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / width));
  for (let i = 0; i < rows.length; i += size) {
    try {
      await (db.insert(table.table as PgTable) as unknown as { values: (rows: Row[]) => Promise<unknown> }).values(
        rows.slice(i, i + size),
      );
    } catch (error) {
      if (isDataError(error)) throw refuse(text.brokenTable(table.name));
      throw error;
    }
  }
};

/** Removes the attachment files an import wrote before its transaction failed. */
export const removeWrittenFiles = (written: string[]) => Promise.all(written.map((file) => rm(file, { force: true })));
