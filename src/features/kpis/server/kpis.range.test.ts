import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, workerDatabase } from '../../../../test/app.ts';
import { kpisFixtures, Q1_DATES } from '../../../../test/kpis-fixtures.ts';
import type { Database } from '../../../db/client.ts';
import { scoreCells } from '../../../db/schema/index.ts';
import { kpisMessages } from '../kpis.messages.ts';
import type { DeletedColumn, Scorecard } from '../kpis.schemas.ts';

let app: FastifyInstance;
let db: Database['db'];
beforeAll(async () => {
  app = await testApp();
  await app.ready();
  db = (await workerDatabase()).db;
});
afterAll(() => app.close());

const { setup, addScore, card, sessionsOf } = kpisFixtures(() => app);

describe('the scorecard’s range', () => {
  it('filters by quarter, by dates, by owner; defaults to the current quarter with the current session marked', async () => {
    const { leader, member, meeting } = await setup();
    const mine = await addScore(leader, meeting.id, { title: 'Mine' });
    await addScore(member, meeting.id, { title: 'Theirs', userId: member.userId });
    const q1 = await card(leader, meeting.id);
    await leader.api.put(`/scores/${mine.id}/cells/${q1.sessions[0]!.id}`, { measured: '5' });
    await leader.api.put(`/scores/${mine.id}/cells/${q1.sessions[6]!.id}`, { measured: '7' });

    const february = await card(leader, meeting.id, 'dateSince=2026-02-01&dateUntil=2026-02-28');
    expect(february).toMatchObject({ quarterId: null, dateSince: '2026-02-01', dateUntil: '2026-02-28' });
    expect(february.sessions.map((s) => s.sessionDate)).toEqual(Q1_DATES.slice(4, 8));
    const mineInFeb = february.scores.find((s) => s.title === 'Mine')!;
    expect(mineInFeb.cells.map((c) => c?.measured ?? null)).toEqual([null, null, '7', null]);
    expect(mineInFeb.cells[2]).toEqual({ measured: '7', met: false, note: null });
    expect(mineInFeb).toMatchObject({ total: 7, counted: 1 });
    // Inclusive ends.
    const oneDay = await card(leader, meeting.id, 'dateSince=2026-01-05&dateUntil=2026-01-05');
    expect(oneDay.sessions.map((s) => s.sessionDate)).toEqual(['2026-01-05']);

    const q2 = await card(leader, meeting.id, 'quarterId=2026-Q2');
    expect(q2.sessions[0]!.sessionDate).toBe('2026-04-06');
    expect(q2.sessions.at(-1)!.sessionDate).toBe('2026-06-29');
    expect(q2.scores.every((s) => s.counted === 0)).toBe(true);

    const theirs = await card(leader, meeting.id, `quarterId=2026-Q1&userId=${member.userId}`);
    expect(theirs.scores.map((s) => s.title)).toEqual(['Theirs']);
    expect(theirs.owners.map((o) => o.userId)).toEqual([member.userId]);

    // No range: the quarter holding today, in the meeting's time zone; the next session is current.
    const current = (await leader.api.get<Scorecard>(`/meetings/${meeting.id}/kpis`)).body.result;
    const today = new Date().toISOString().slice(0, 10);
    expect(current.dateSince <= today && today <= current.dateUntil).toBe(true);
    expect(current.quarterId).toMatch(/^\d{4}-Q[1-4]$/);
    const marked = current.sessions.filter((s) => s.isCurrent);
    expect(marked).toHaveLength(1);
    expect(marked[0]!.id).toBe(current.currentSessionId);
    expect(marked[0]!.sessionDate >= today).toBe(true);
    expect(q1.sessions.some((s) => s.isCurrent)).toBe(false);
  });

  it('reads quarters from the workspace’s periods (decision 056), never another workspace’s', async () => {
    const { leader, meeting } = await setup();
    const year = new Date().getUTCFullYear();
    // 2026 is a fiscal year from February 1; this year has uneven periods from January 1.
    const saved = await leader.api.post('/quartals', {
      year: 2026,
      startQuartal1: '2026-02-01',
      startQuartal2: '2026-05-01',
      startQuartal3: '2026-08-01',
      startQuartal4: '2026-11-01',
      endQuartal4: '2027-01-31',
    });
    expect(saved.status).toBe(200);
    const q1 = await card(leader, meeting.id, 'quarterId=2026-Q1');
    expect(q1).toMatchObject({ quarterId: '2026-Q1', dateSince: '2026-02-01', dateUntil: '2026-04-30' });
    expect(q1.sessions[0]!.sessionDate).toBe('2026-02-02');
    expect(q1.sessions.at(-1)!.sessionDate).toBe('2026-04-27');
    const q4 = await card(leader, meeting.id, 'quarterId=2026-Q4');
    expect(q4).toMatchObject({ dateSince: '2026-11-01', dateUntil: '2027-01-31' });
    // A year without periods keeps the calendar quarters.
    expect(await card(leader, meeting.id, 'quarterId=2030-Q2')).toMatchObject({
      dateSince: '2030-04-01',
      dateUntil: '2030-06-30',
    });
    // Another workspace's periods never apply: its 2026-Q1 is still January to March.
    const other = await setup();
    expect(await card(other.leader, other.meeting.id, 'quarterId=2026-Q1')).toMatchObject({
      dateSince: '2026-01-01',
      dateUntil: '2026-03-31',
    });

    // No range: the workspace's period holding today.
    if (year !== 2026) {
      await leader.api.post('/quartals', {
        year,
        startQuartal1: `${year}-01-01`,
        startQuartal2: `${year}-02-01`,
        startQuartal3: `${year}-06-01`,
        startQuartal4: `${year}-09-01`,
        endQuartal4: `${year}-12-31`,
      });
    }
    const today = new Date().toISOString().slice(0, 10);
    const [holding] = (
      await leader.api.get<{ id: string; startDate: string; endDate: string }[]>(
        `/quarters?since=${today}&until=${today}`,
      )
    ).body.result;
    const current = (await leader.api.get<Scorecard>(`/meetings/${meeting.id}/kpis`)).body.result;
    expect(current).toMatchObject({
      quarterId: holding!.id,
      dateSince: holding!.startDate,
      dateUntil: holding!.endDate,
    });
  });

  it('refuses malformed ranges', async () => {
    const { leader, meeting } = await setup();
    const reversed = await leader.api.get(`/meetings/${meeting.id}/kpis?dateSince=2026-03-01&dateUntil=2026-02-01`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors).toEqual({ dateUntil: kpisMessages.kpiRangeOrder });
    const badQuarter = await leader.api.get(`/meetings/${meeting.id}/kpis?quarterId=2026-Q5`);
    expect(badQuarter.status).toBe(400);
    expect(badQuarter.body.errors).toEqual({ quarterId: kpisMessages.kpiInvalidQuarter });
    const badDate = await leader.api.get(`/meetings/${meeting.id}/kpis?dateSince=03/01/2026`);
    expect(badDate.status).toBe(400);
    const tooLong = await leader.api.get(`/meetings/${meeting.id}/kpis?dateSince=2010-01-01&dateUntil=2026-01-01`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe(kpisMessages.kpiRangeTooLong);
  });
});

describe('Delete meeting date', () => {
  it('takes the column and its cells off the scorecard and keeps the session', async () => {
    const { leader, member, meeting } = await setup();
    const score = await addScore(leader, meeting.id);
    const q1 = await card(leader, meeting.id);
    const column = q1.sessions[1]!;
    await leader.api.put(`/scores/${score.id}/cells/${column.id}`, { measured: '10' });

    expect((await member.api.delete(`/meetings/${meeting.id}/kpis/sessions/${column.id}`)).status).toBe(403);
    const removed = await leader.api.delete<DeletedColumn>(`/meetings/${meeting.id}/kpis/sessions/${column.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.result).toEqual({ sessionId: column.id, cellsDeleted: 1 });

    const after = await card(leader, meeting.id);
    expect(after.sessions.map((s) => s.id)).not.toContain(column.id);
    expect(after.scores[0]!.cells).toHaveLength(12);
    expect((await sessionsOf(leader, meeting.id)).map((s) => s.id)).toContain(column.id);
    // It stays off: no value can be saved there, and a new score gets no cell for it.
    expect((await leader.api.put(`/scores/${score.id}/cells/${column.id}`, { measured: '1' })).status).toBe(404);
    const later = await addScore(leader, meeting.id, { title: 'Later' });
    const [cells] = await db
      .select({ n: count() })
      .from(scoreCells)
      .where(and(eq(scoreCells.scoreId, later.id), eq(scoreCells.sessionId, column.id)));
    expect(cells!.n).toBe(0);
    expect((await leader.api.delete(`/meetings/${meeting.id}/kpis/sessions/${column.id}`)).status).toBe(404);
  });
});

describe('export', () => {
  const setupWithValues = async () => {
    const { leader, member, meeting } = await setup();
    const revenue = await addScore(leader, meeting.id, { title: 'Revenue, net', score: '1,250', type: 'dollar' });
    const churn = await addScore(member, meeting.id, {
      title: '=cmd()',
      userId: member.userId,
      goal: '<=',
      score: '5',
      type: 'percentage',
      units: '%',
    });
    const q1 = await card(leader, meeting.id);
    await leader.api.put(`/scores/${revenue.id}/cells/${q1.sessions[0]!.id}`, { measured: '1,500.50' });
    await leader.api.put(`/scores/${revenue.id}/cells/${q1.sessions[2]!.id}`, { measured: '900' });
    await leader.api.put(`/scores/${churn.id}/cells/${q1.sessions[1]!.id}`, { measured: '4.5' });
    return { leader, member, meeting, q1 };
  };

  it('exports the visible scorecard as CSV: one row per measurable, one column per date', async () => {
    const { leader, meeting } = await setupWithValues();
    const response = await app.inject({
      method: 'GET',
      url: `/api/v2/meetings/${meeting.id}/kpis/export?format=csv&dateSince=2026-01-01&dateUntil=2026-01-31`,
      headers: { authorization: `Bearer ${leader.token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="scorecard-leadership-l10-2026-01-01-2026-01-31.csv"',
    );
    const text = response.body.replace(/^\uFEFF/, '');
    const parse = (line: string) => {
      const cells: string[] = [];
      const pattern = /("(?:[^"]|"")*"|[^,]*)(,|$)/g;
      for (const match of line.matchAll(pattern)) {
        const raw = match[1]!;
        cells.push(raw.startsWith('"') ? raw.slice(1, -1).replaceAll('""', '"') : raw);
        if (match[2] === '') break;
      }
      return cells;
    };
    const [header, ...rows] = text.trimEnd().split('\r\n').map(parse);
    expect(header).toEqual([
      'User',
      'Measurable',
      'Goal',
      'Target',
      'Units',
      '2026-01-05',
      '2026-01-12',
      '2026-01-19',
      '2026-01-26',
      'Average',
      'Total',
      'Latest',
    ]);
    expect(rows).toEqual([
      ['Ada Person', 'Revenue, net', '>=', '1250', '$', '1500.5', '', '900', '', '1200.25', '2400.5', '900'],
      ['Ben Person', "'=cmd()", '<=', '5', '%', '', '4.5', '', '', '4.5', '4.5', '4.5'],
    ]);
  });

  it('exports XLSX with numbers as numbers, filtered like the scorecard', async () => {
    const { leader, member, meeting } = await setupWithValues();
    const response = await app.inject({
      method: 'GET',
      url: `/api/v2/meetings/${meeting.id}/kpis/export?format=xlsx&quarterId=2026-Q1&userId=${leader.userId}`,
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Scorecard')!;
    expect(sheet.rowCount).toBe(2);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'User',
      'Measurable',
      'Goal',
      'Target',
      'Units',
      ...Q1_DATES,
      'Average',
      'Total',
      'Latest',
    ]);
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe('Ada Person');
    expect(row.getCell(2).value).toBe('Revenue, net');
    expect(row.getCell(3).value).toBe('>=');
    expect(row.getCell(4).value).toBe(1250);
    expect(row.getCell(6).value).toBe(1500.5);
    expect(typeof row.getCell(6).value).toBe('number');
    expect(row.getCell(7).value).toBe(null);
    expect(row.getCell(8).value).toBe(900);
    expect(row.getCell(6).numFmt).toBe('"$"#,##0.00');
    expect(row.getCell(5 + Q1_DATES.length + 1).value).toBe(1200.25);
    expect(row.getCell(5 + Q1_DATES.length + 2).value).toBe(2400.5);
  });
});
