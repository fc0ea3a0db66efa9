import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { fixture, importsFixtures } from '../../../../test/imports-fixtures.ts';
import { goalMilestones, taskMeetings, tasks } from '../../../db/schema/index.ts';
import { ZipWriter } from '../../../server/zip.ts';
import { cadenceImportMessages } from '../cadence-import.messages.ts';
import { importsMessages } from '../imports.messages.ts';
import type { ImportPreview, ImportRecord } from '../imports.schemas.ts';
import { readZip } from './cadence-zip.ts';
import { XLSX_MAX_UNPACKED } from './xlsx-reader.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

const { send, setup } = importsFixtures(() => app);
const ROCKS = fixture('ninety-rocks.xlsx');
const ISSUES = fixture('ninety-issues.xlsx');
const rocks = (meetingId: string, extra: Record<string, unknown> = {}) => ({
  kind: 'ninety-rocks',
  meetingId,
  ...extra,
});
const issues = (meetingId: string, extra: Record<string, unknown> = {}) => ({
  kind: 'ninety-issues',
  meetingId,
  ...extra,
});

const cardsOf = (meetingId: string) =>
  app.database.db
    .select({
      id: tasks.id,
      title: tasks.title,
      type: tasks.type,
      status: tasks.status,
      dueDate: tasks.dueDate,
      userId: tasks.userId,
      description: tasks.description,
    })
    .from(tasks)
    .innerJoin(taskMeetings, eq(taskMeetings.taskId, tasks.id))
    .where(eq(taskMeetings.meetingId, meetingId))
    .orderBy(asc(tasks.createdAt));
const milestonesOf = (goalIds: string[]) =>
  app.database.db
    .select({
      goalId: goalMilestones.goalId,
      title: goalMilestones.title,
      dueDate: goalMilestones.dueDate,
      doneAt: goalMilestones.doneAt,
      ownerId: goalMilestones.ownerId,
    })
    .from(goalMilestones)
    .where(inArray(goalMilestones.goalId, goalIds))
    .orderBy(asc(goalMilestones.sort));

/** A zip of the entries of `base` (by name) and `extra`, written with Cadence's zip writer. */
const rezip = async (base: Buffer, extra: Record<string, Buffer>) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'imports-')), 'book.xlsx');
  const writer = new ZipWriter(createWriteStream(file));
  for (const entry of readZip(base).values()) await writer.add(entry.name, entry.read());
  for (const [name, data] of Object.entries(extra)) await writer.add(name, data);
  await writer.finish();
  return readFileSync(file);
};

describe("Ninety's rocks workbook", () => {
  it('previews goals with their milestones, people and each row in error by sheet and row', async () => {
    const { admin, member, meeting } = await setup();
    const answer = await send<ImportPreview>(admin, '/imports/preview', ROCKS, rocks(meeting.id), 'rocks.xlsx');
    expect(answer.status).toBe(200);
    const preview = answer.body.result;
    expect(preview).toMatchObject({ rows: 11, create: { kpis: 3, values: 3 }, skip: { kpis: 0 }, errorCount: 5 });
    expect(preview.errors).toEqual([
      { row: 5, reason: importsMessages.inSheet('Rocks', importsMessages.rowTitleMissing) },
      { row: 6, reason: importsMessages.inSheet('Rocks', importsMessages.rowStatusInvalid('Maybe')) },
      { row: 7, reason: importsMessages.inSheet('Rocks', importsMessages.rowDateInvalid('Due Date', 'soon')) },
      { row: 5, reason: importsMessages.inSheet('Milestones', importsMessages.rowRockMissing('No such rock')) },
      { row: 6, reason: importsMessages.inSheet('Milestones', importsMessages.rowMilestoneAfterRock('2026-03-31')) },
    ]);
    expect(preview.people.map((p) => [p.source, p.matched?.id ?? null])).toEqual([
      ['Ada Person', admin.userId],
      ['Ben Person', member.userId],
      ['Carla Unknown', null],
    ]);
    expect(await cardsOf(meeting.id)).toEqual([]);
  });

  it('writes goals with status, due date, owner and milestones; skips or merges a goal already there; undoes', async () => {
    const { admin, member, meeting } = await setup();
    const done = await send<ImportRecord>(
      admin,
      '/imports',
      ROCKS,
      rocks(meeting.id, { skipInvalidRows: true, people: { 'Carla Unknown': member.userId } }),
      'rocks.xlsx',
    );
    expect(done.status).toBe(201);
    expect(done.body.result.counts).toEqual({ goals: 3, milestones: 3 });
    // Written in one transaction, the goals share a creation moment: compared in any order.
    const all = await cardsOf(meeting.id);
    expect(all.map((g) => [g.title, g.type, g.status, g.dueDate, g.userId])).toHaveLength(3);
    expect(all.map((g) => [g.title, g.type, g.status, g.dueDate, g.userId])).toEqual(
      expect.arrayContaining([
        ['Launch v2', '1', '0', '2026-03-31', admin.userId],
        ['Hire a CFO', '1', '2', '2026-06-30', member.userId],
        ['Close Q4 books', '1', '1', '2026-01-15', member.userId],
      ]),
    );
    const launch = all.find((g) => g.title === 'Launch v2')!;
    const goals = [launch, ...all.filter((g) => g !== launch)];
    expect(goals[0]!.description).toContain('https://app.ninety.io/rocks/101');
    expect(goals[0]!.description).not.toContain('<b>');
    const milestones = (await milestonesOf(goals.map((g) => g.id))).sort((a, b) => a.title.localeCompare(b.title));
    expect(milestones.map((m) => [m.title, m.dueDate, m.doneAt !== null, m.ownerId])).toEqual([
      ['Beta ready', '2026-02-15', true, admin.userId],
      ['General availability', '2026-03-31', false, member.userId],
      ['Shortlist', '2026-04-01', false, null],
    ]);

    const skip = await send<ImportPreview>(admin, '/imports/preview', ROCKS, rocks(meeting.id));
    expect(skip.body.result).toMatchObject({ create: { kpis: 0 }, skip: { kpis: 3 } });
    // Someone deletes a milestone: merging brings that one back only.
    const [beta] = await app.database.db
      .select({ id: goalMilestones.id })
      .from(goalMilestones)
      .where(and(eq(goalMilestones.goalId, goals[0]!.id), eq(goalMilestones.title, 'Beta ready')));
    expect((await admin.api.delete(`/milestones/${beta!.id}`)).status).toBe(200);
    const merged = await send<ImportRecord>(
      admin,
      '/imports',
      ROCKS,
      rocks(meeting.id, { duplicates: 'merge', skipInvalidRows: true }),
    );
    expect(merged.body.result.counts).toEqual({ goals: 0, milestones: 1 });
    expect((await milestonesOf([goals[0]!.id])).map((m) => m.title)).toEqual(['General availability', 'Beta ready']);
    expect((await admin.api.post(`/imports/${merged.body.result.id}/undo`)).status).toBe(200);
    expect((await milestonesOf([goals[0]!.id])).map((m) => m.title)).toEqual(['General availability']);
    // The first import's goal lost a milestone since: it can no longer be undone as a whole.
    const refused = await admin.api.post(`/imports/${done.body.result.id}/undo`);
    expect([refused.status, refused.body.message]).toEqual([409, importsMessages.undoChanged]);
    expect(await cardsOf(meeting.id)).toHaveLength(3);
  });
});

describe("Ninety's issues workbook", () => {
  it('makes Short Term rows issues and Long Term rows backburner items, leaving out archived and done long-term ones', async () => {
    const { admin, meeting } = await setup();
    const preview = await send<ImportPreview>(admin, '/imports/preview', ISSUES, issues(meeting.id));
    expect(preview.status).toBe(200);
    expect(preview.body.result).toMatchObject({ rows: 7, create: { kpis: 4 }, errorCount: 1 });
    expect(preview.body.result.errors).toEqual([
      { row: 6, reason: importsMessages.inSheet('Short Term', importsMessages.rowTitleMissing) },
    ]);
    expect(preview.body.result.notes).toEqual([
      { row: 4, reason: importsMessages.inSheet('Short Term', importsMessages.noteArchived) },
      { row: 5, reason: importsMessages.inSheet('Short Term', importsMessages.noteFormula) },
      { row: 3, reason: importsMessages.inSheet('Long Term', importsMessages.noteLongTermDone) },
    ]);
    const done = await send<ImportRecord>(admin, '/imports', ISSUES, issues(meeting.id, { skipInvalidRows: true }));
    expect(done.status).toBe(201);
    expect(done.body.result.counts).toEqual({ issues: 3, backburner: 1 });
    const written = (await cardsOf(meeting.id)).map((c) => [c.title, c.type, c.status]);
    expect(written).toHaveLength(4);
    expect(written).toEqual(
      expect.arrayContaining([
        ['Churn is up', '2', '0'],
        ['Website is slow', '2', '1'],
        ["'=cmd|calc", '2', '0'],
        ['Expand to Europe', '5', '0'],
      ]),
    );
    const again = await send<ImportPreview>(
      admin,
      '/imports/preview',
      ISSUES,
      issues(meeting.id, { duplicates: 'merge' }),
    );
    expect(again.body.result).toMatchObject({ create: { kpis: 0 }, skip: { kpis: 4 } });
    expect((await admin.api.post(`/imports/${done.body.result.id}/undo`)).status).toBe(200);
    expect(await cardsOf(meeting.id)).toEqual([]);
  });

  it("gives 404 for another workspace's meeting, and nothing is written there", async () => {
    const mine = await setup();
    const theirs = await setup();
    const answer = await send(mine.admin, '/imports', ISSUES, issues(theirs.meeting.id, { skipInvalidRows: true }));
    expect(answer.status).toBe(404);
    expect(await cardsOf(theirs.meeting.id)).toEqual([]);
  });
});

describe('hostile workbooks', () => {
  it('refuses external links, zip bombs, a CSV as a workbook and a workbook without the sheets, with a 400', async () => {
    const { admin, meeting } = await setup();
    const linked = await rezip(ROCKS, { 'xl/externalLinks/externalLink1.xml': Buffer.from('<externalLink/>') });
    const bomb = await rezip(ROCKS, { 'xl/media/zeros.bin': Buffer.alloc(XLSX_MAX_UNPACKED + 1) });
    // Under the ratio one entry may have, but past the workbook's size all together.
    const slice = Buffer.concat([Buffer.alloc(10 * 1024 * 1024), randomBytes(40 * 1024)]);
    const wide = await rezip(
      ROCKS,
      Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`xl/media/part${i}.bin`, slice])),
    );
    const cases: [string, Buffer, string][] = [
      ['external links', linked, importsMessages.xlsxExternalLinks],
      ['a bomb', bomb, cadenceImportMessages.entryTooLarge('"xl/media/zeros.bin"', 256)],
      ['many parts', wide, importsMessages.xlsxTooLarge(XLSX_MAX_UNPACKED / 1024 / 1024)],
      ['a CSV', fixture('ninety-scorecard.csv'), importsMessages.xlsxNotWorkbook],
      ['truncated', ROCKS.subarray(0, ROCKS.length - 40), importsMessages.xlsxNotWorkbook],
      ['issues as rocks', ISSUES, importsMessages.sheetMissing('"Rocks"')],
    ];
    for (const [name, bytes, message] of cases) {
      const answer = await send(admin, '/imports/preview', bytes, rocks(meeting.id), 'book.xlsx');
      expect([answer.status, answer.body.message], name).toEqual([400, message]);
    }
  });
});
