import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig, workerDatabase } from '../../../../test/app.ts';
import { client, type SignedUp } from '../../../../test/factories.ts';
import { nodeProcesses, withMigratedDatabase } from '../../../../test/processes.ts';
import { scaled } from '../../../../test/slow.ts';
import { type Database, openPglite } from '../../../db/client.ts';
import { invitations, memberships, tenants } from '../../../db/schema/index.ts';
import { buildApp } from '../../../server/app.ts';
import { createMailer } from '../../../server/mail/mailer.ts';
import { exportTables } from '../../reports/server/workspace-export.tables.ts';
import type { CadenceImportResult } from '../cadence-import.schemas.ts';
import { NOT_IMPORTED } from './cadence-import.tables.ts';
import { exportWorkspace, importZip } from './cadence-import.testing.ts';

// The round trip: the demo workspace (`npm run seed:demo`: a year of a team's work) exported
// and imported as a new workspace has the same rows in every table and gives the same answers
// to the meetings list, a board, the scorecard and an archive, ids aside.

const dataDir = withMigratedDatabase(mkdtempSync(path.join(os.tmpdir(), 'cadence-roundtrip-')));
let database: Database;
let app: FastifyInstance;
afterAll(async () => {
  await app?.close();
  if (!process.env.DATABASE_URL) await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const node = nodeProcesses();
/** `npm run seed:demo` on this file's data directory (or the PostgreSQL test database). */
const seed = () =>
  node(['scripts/seed-demo.ts'], {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  }).exited;

beforeAll(async () => {
  const seeded = await seed();
  // A PostgreSQL test database seeded by an earlier run keeps its demo workspace.
  expect(seeded.output).toMatch(/Demo workspace "Demo Company"|The demo workspace is already there/);
  expect(seeded.code).toBe(0);
  database = process.env.DATABASE_URL ? await workerDatabase() : await openPglite(`${dataDir}/db`);
  app = await buildApp({
    database,
    config: testConfig({ dataDir }),
    mailer: createMailer(undefined, { info: () => {}, warn: () => {} }),
  });
}, scaled(900_000));

const signIn = async (email: string): Promise<SignedUp> => {
  const answer = await client(app).post<{ accessToken: string; id: string; tenantId: string }>('/signin', {
    email,
    password: 'demo-cadence',
  });
  expect(answer.status).toBe(200);
  const { accessToken: token, id, tenantId } = answer.body.result;
  return { token, userId: id, tenantId, email, api: client(app, token) };
};

/** Rows per exported table of a workspace, counted as the export selects them. */
const rowCounts = async (tenantId: string) => {
  const counts: Record<string, number> = {};
  for (const table of exportTables()) {
    const [row] = await database.db.select({ n: count() }).from(table.table).where(table.where(database.db, tenantId));
    counts[table.name] = row!.n;
  }
  return counts;
};

const UUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * An answer with every id (alone, or inside a text such as an address) replaced by `<id>`: ids
 * aside. Lists are compared as sorted: ids break the ties of some orders (a board's columns of
 * equal position), so a copy may list tied items otherwise; the meetings' order is checked apart.
 */
const canonical = (value: unknown): unknown => {
  if (typeof value === 'string') return value.replace(UUID_IN_TEXT, '<id>');
  if (Array.isArray(value))
    return value
      .map(canonical)
      .map((item) => [JSON.stringify(item), item] as const)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([, item]) => item);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key.replace(UUID_IN_TEXT, '<id>'), canonical(inner)]),
    );
  return value;
};

/** The answers compared, for the person in their current workspace. */
const answers = async (person: SignedUp) => {
  const get = async <T>(url: string) => {
    const answer = await person.api.get<T>(url);
    expect(answer.status, url).toBe(200);
    return answer.body.result;
  };
  const meetings = await get<{ items: { id: string; title: string; type: string }[] }>('/meetings?limit=100');
  const meeting = meetings.items.find((m) => m.title === 'Leadership L10')!;
  const boards = await get<{ id: string; name: string }[]>(`/meetings/${meeting.id}/boards`);
  // The meeting's board with the most to show: the demo's first board of cards.
  const board = boards.find((b) => b.name !== '') ?? boards[0];
  expect(board, 'a board of the meeting').toBeDefined();
  const archives = await get<{ archives: { id: string }[] }>(`/meetings/${meeting.id}/archives?perPage=5`);
  return {
    meetings,
    boards,
    board: await get(`/boards/${board!.id}`),
    scorecard: await get(`/meetings/${meeting.id}/kpis`),
    archives,
    archive: await get(`/sessions/${archives.archives[0]!.id}/archive`),
  };
};

describe('a workspace export imported back', () => {
  it('has the same rows in every table and the same answers, ids aside', { timeout: scaled(600_000) }, async () => {
    const dana = await signIn('demo@cadence.local');
    const [source] = await database.db.select().from(tenants).where(eq(tenants.id, dana.tenantId));
    expect(source!.name).toBe('Demo Company');
    const before = await answers(dana);
    const sourceCounts = await rowCounts(dana.tenantId);

    const zip = await exportWorkspace(app, dana, 'a long demo export passphrase');
    const imported = await importZip(app, dana.token, zip, { passphrase: 'a long demo export passphrase' });
    expect(imported.statusCode, imported.body).toBe(201);
    const result = imported.json().result as CadenceImportResult;
    expect(result.skippedRows).toBe(0);
    expect(result.workspace.name).toBe('Demo Company');

    // Every table, as many rows; the people are the importer and invitations of the others.
    const copyCounts = await rowCounts(result.workspace.id);
    const people = new Set(['users', 'memberships', 'invitations', 'user_photos']);
    const compared = Object.keys(sourceCounts).filter((name) => !people.has(name) && !(name in NOT_IMPORTED));
    expect(Object.fromEntries(compared.map((name) => [name, copyCounts[name]]))).toEqual(
      Object.fromEntries(compared.map((name) => [name, sourceCounts[name]])),
    );
    expect(compared.filter((name) => (sourceCounts[name] ?? 0) > 0).length).toBeGreaterThanOrEqual(20);
    const [members] = await database.db
      .select({ n: count() })
      .from(memberships)
      .where(eq(memberships.tenantId, result.workspace.id));
    const [open] = await database.db
      .select({ n: count() })
      .from(invitations)
      .where(and(eq(invitations.tenantId, result.workspace.id), isNull(invitations.acceptedAt)));
    expect(members!.n + open!.n).toBe(sourceCounts.memberships);

    // The same answers in the copy, field by field, ids aside.
    expect((await dana.api.post('/switch-tenant', { id: result.workspace.id })).status).toBe(200);
    const after = await answers({ ...dana, tenantId: result.workspace.id });
    expect(after.meetings.items.map((m) => m.title)).toEqual(before.meetings.items.map((m) => m.title));
    for (const key of Object.keys(before) as (keyof typeof before)[])
      expect(canonical(after[key]), key).toEqual(canonical(before[key]));
  });
});
