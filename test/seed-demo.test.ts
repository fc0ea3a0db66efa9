import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import {
  activities,
  checklistItems,
  checklists,
  conversationForms,
  conversations,
  coreValues,
  kpiFedValues,
  oneOnOnePairs,
  oneOnOnes,
  orgChartSeats,
  rateLimitCounters,
  scoreCells,
  sessionArchives,
  sessionAttendees,
  talkingPointNotes,
  talkingPoints,
  tasks,
  tenants,
} from '../src/db/schema/index.ts';
import { TASK_TYPE } from '../src/shared/tasks.ts';
import { withMigratedDatabase } from './processes.ts';
import { scaled } from './slow.ts';

// `npm run seed:demo` on a fresh (migrated, empty) embedded database: a year of a real team's work, and a second
// run that changes nothing.

const dataDir = withMigratedDatabase(mkdtempSync(path.join(os.tmpdir(), 'cadence-seed-')));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const seed = () =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/seed-demo.ts'], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('exit', (code) => resolve({ code, output }));
  });

/** Every table's rows, hashed: equal fingerprints mean nothing changed. */
const fingerprint = async () => {
  const database = await openDatabase({ databaseUrl: undefined, dataDir }, { command: 'test' });
  try {
    const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
      ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
    const tables = await rowsOf<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    const hashes: Record<string, string> = {};
    for (const { name } of tables) {
      const [row] = await rowsOf<{ hash: string }>(
        sql.raw(
          `select count(*) || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as hash from "${name}" t`,
        ),
      );
      hashes[name] = row!.hash;
    }
    return hashes;
  } finally {
    await database.close();
  }
};

describe('npm run seed:demo', () => {
  it('makes a year of unique, backdated work with done and overdue items, and a second run changes nothing', {
    timeout: scaled(600_000),
  }, async () => {
    const first = await seed();
    expect(first.output).toMatch(/Demo workspace "Demo Company"/);
    expect(first.code).toBe(0);

    const database = await openDatabase({ databaseUrl: undefined, dataDir }, { command: 'test' });
    const [tenant] = await database.db.select().from(tenants).where(eq(tenants.name, 'Demo Company'));
    const items = await database.db.select().from(tasks).where(eq(tasks.tenantId, tenant!.id));
    const comments = await database.db.select().from(activities).where(eq(activities.tenantId, tenant!.id));
    const cells = await database.db.select().from(scoreCells).where(eq(scoreCells.tenantId, tenant!.id));
    const fed = await database.db.select().from(kpiFedValues).where(eq(kpiFedValues.tenantId, tenant!.id));
    const archives = await database.db.select().from(sessionArchives).where(eq(sessionArchives.tenantId, tenant!.id));
    const attendees = await database.db
      .select()
      .from(sessionAttendees)
      .where(eq(sessionAttendees.tenantId, tenant!.id));
    const steps = await database.db.select().from(checklistItems).where(eq(checklistItems.tenantId, tenant!.id));
    const lists = await database.db.select().from(checklists).where(eq(checklists.tenantId, tenant!.id));
    const values = await database.db.select().from(coreValues).where(eq(coreValues.tenantId, tenant!.id));
    const seats = await database.db.select().from(orgChartSeats).where(eq(orgChartSeats.tenantId, tenant!.id));
    const pairs = await database.db.select().from(oneOnOnePairs).where(eq(oneOnOnePairs.tenantId, tenant!.id));
    const held = await database.db.select().from(oneOnOnes).where(eq(oneOnOnes.tenantId, tenant!.id));
    const points = await database.db.select().from(talkingPoints).where(eq(talkingPoints.tenantId, tenant!.id));
    const pointNotes = await database.db
      .select()
      .from(talkingPointNotes)
      .where(eq(talkingPointNotes.tenantId, tenant!.id));
    const talks = await database.db.select().from(conversations).where(eq(conversations.tenantId, tenant!.id));
    const forms = await database.db.select().from(conversationForms).where(eq(conversationForms.tenantId, tenant!.id));
    // Its six accounts and their sign-ins spent none of the limits (an office's sign-ups stay whole).
    expect(await database.db.select().from(rateLimitCounters)).toEqual([]);
    await database.close();

    // Every title once: cards, to-dos, issues, headlines and goals.
    const titles = items.map((item) => item.title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const type of Object.values(TASK_TYPE).filter((t) => t !== TASK_TYPE.backburner))
      expect(items.filter((item) => item.type === type).length).toBeGreaterThan(3);

    // Made over the year, not all "today"; changed and done after they were made.
    const created = items.map((item) => item.createdAt.getTime()).sort((a, b) => a - b);
    expect(created.at(-1)! - created[0]!).toBeGreaterThan(183 * 24 * 3600 * 1000);
    expect(new Set(items.map((item) => item.createdAt.toISOString().slice(0, 10))).size).toBeGreaterThan(60);
    for (const item of items) {
      expect(item.changedAt.getTime()).toBeGreaterThanOrEqual(item.createdAt.getTime());
      if (item.completedAt) expect(item.completedAt.getTime()).toBeGreaterThan(item.createdAt.getTime());
      expect(item.createdAt.getTime()).toBeLessThan(Date.now());
    }
    const today = new Date().toISOString().slice(0, 10);
    const done = items.filter((item) => item.status === '1');
    expect(done.length).toBeGreaterThan(10);
    expect(done.every((item) => item.completedAt !== null)).toBe(true);
    const open = items.filter((item) => item.status !== '1' && item.status !== '3');
    expect(open.filter((item) => item.dueDate !== null && item.dueDate < today).length).toBeGreaterThan(5);
    expect(open.filter((item) => item.dueDate !== null && item.dueDate > today).length).toBeGreaterThan(5);
    expect(comments.length).toBeGreaterThan(10);
    // Chores that repeat, due in the coming days.
    expect(items.filter((item) => item.seriesId !== null && item.dueDate! > today).length).toBe(2);
    expect(comments.some((c) => Date.now() - c.createdAt.getTime() > 30 * 24 * 3600 * 1000)).toBe(true);
    // Checklists with their four steps in order, some ticked.
    expect(lists.length).toBeGreaterThan(5);
    expect(steps.length).toBe(lists.length * 4);
    expect(steps.some((step) => step.status === '1')).toBe(true);
    expect(steps.filter((step) => step.sort === 0).length).toBe(lists.length);

    // A year of KPI values, each entered after its meeting; every held session archived, with its
    // attendees' ratings and the KPI values of that date.
    const filled = cells.filter((cell) => cell.measured !== null);
    expect(filled.length).toBeGreaterThan(500);
    expect(filled.every((cell) => cell.changedAt !== null && cell.changedAt.getTime() < Date.now())).toBe(true);
    expect(new Set(filled.map((cell) => cell.changedAt!.toISOString().slice(0, 7))).size).toBeGreaterThan(10);
    expect(archives.length).toBeGreaterThan(100);
    expect(new Set(attendees.map((a) => a.sessionId)).size).toBe(archives.length);
    expect(archives.every((a) => a.avgScore !== null && a.avgScore >= 7 && a.avgScore <= 10)).toBe(true);
    const archived = archives.map((a) => a.snapshot as { kpis?: unknown[] });
    expect(archived.some((s) => Array.isArray(s.kpis) && s.kpis.length > 0)).toBe(true);
    // A KPI fed by another system, with twelve weeks of fed values.
    expect(fed.length).toBe(12);

    // People tools: core values, reporting lines from a chart with people in its seats, weekly 1:1s
    // with past ones held (notes and talking points), and a quarterly conversation with both forms in.
    expect(values.length).toBeGreaterThanOrEqual(3);
    const seatOf = new Map(seats.map((s) => [s.id, s]));
    expect(seats.filter((s) => s.parentId !== null && seatOf.has(s.parentId)).length).toBeGreaterThan(4);
    expect(pairs.length).toBeGreaterThanOrEqual(4);
    const finished = held.filter((h) => h.finishedAt !== null && h.heldOn < today);
    expect(finished.length).toBeGreaterThanOrEqual(pairs.length * 3);
    expect(finished.every((h) => h.sharedNotes.length > 0 && h.finishedAt!.getTime() < Date.now())).toBe(true);
    expect(new Set(finished.map((h) => h.pairId)).size).toBe(pairs.length);
    expect(points.some((p) => p.recurring)).toBe(true);
    expect(points.some((p) => !p.recurring && p.doneAt !== null)).toBe(true);
    expect(pointNotes.length).toBeGreaterThan(pairs.length);
    expect(talks.filter((t) => t.kind === 'quarterly').length).toBeGreaterThanOrEqual(1);
    const [talk] = talks;
    const pair = pairs.find((p) => p.id === talk!.pairId)!;
    expect(
      forms
        .filter((f) => f.conversationId === talk!.id && f.submittedAt !== null)
        .map((f) => f.userId)
        .sort(),
    ).toEqual([pair.managerId, pair.reportId].sort());
    expect(talk!.summary).not.toBe('');

    const before = await fingerprint();
    const second = await seed();
    expect(second.code).toBe(0);
    expect(second.output).toMatch(/already there/);
    expect(await fingerprint()).toEqual(before);
  });
});
