import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarRecord, calendarYear } from '../../../../test/annual-fixtures.ts';
import { testApp } from '../../../../test/app.ts';
import { joinWorkspace, signUp } from '../../../../test/factories.ts';
import { messages } from '../../../shared/messages.ts';
import { quartersMessages } from '../quarters.messages.ts';
import type { Annual, Quarter, QuarterRecord } from '../quarters.schemas.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

const year = new Date().getUTCFullYear();

const fiscal = (y: number, starts: string[], endDate: string) => ({
  year: y,
  isCalendarYear: '0',
  quarters: starts.map((startDate) => ({ startDate })),
  endDate,
});
const record = (y: number, dates: string[]) => ({
  year: y,
  startQuartal1: dates[0],
  startQuartal2: dates[1],
  startQuartal3: dates[2],
  startQuartal4: dates[3],
  endQuartal4: dates[4],
});

describe('annuals', () => {
  it('adds a calendar year with its four periods; each ends the day before the next begins', async () => {
    const admin = await signUp(app);
    const saved = await admin.api.post<Annual>('/annuals', calendarYear(year + 1));
    expect(saved.status).toBe(201);
    expect(saved.body.result.quarters.map((q) => [q.id, q.startDate, q.endDate])).toEqual([
      [`${year + 1}-Q1`, `${year + 1}-01-01`, `${year + 1}-03-31`],
      [`${year + 1}-Q2`, `${year + 1}-04-01`, `${year + 1}-06-30`],
      [`${year + 1}-Q3`, `${year + 1}-07-01`, `${year + 1}-09-30`],
      [`${year + 1}-Q4`, `${year + 1}-10-01`, `${year + 1}-12-31`],
    ]);
    const list = await admin.api.get<{ items: Annual[]; total: number }>('/annuals');
    expect(list.body.result.total).toBe(1);
    expect(list.body.result.items[0]!.year).toBe(year + 1);
  });

  it('offers the current year and the next two that do not exist, and refuses a fourth year', async () => {
    const admin = await signUp(app);
    expect((await admin.api.get<{ years: number[] }>('/annuals/choices')).body.result.years).toEqual([
      year,
      year + 1,
      year + 2,
    ]);
    await admin.api.post('/annuals', calendarYear(year + 1));
    expect((await admin.api.get<{ years: number[] }>('/annuals/choices')).body.result.years).toEqual([year, year + 2]);
    const later = await admin.api.post('/annuals', calendarYear(year + 3));
    expect(later.status).toBe(400);
    expect(later.body.errors).toEqual({ year: quartersMessages.annualYearChoice });
    const again = await admin.api.post('/annuals', calendarYear(year + 1));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(quartersMessages.annualYearTaken(year + 1));
    await admin.api.post('/annuals', calendarYear(year));
    await admin.api.post('/annuals', calendarYear(year + 2));
    expect((await admin.api.get<{ years: number[] }>('/annuals/choices')).body.result.years).toEqual([]);
  });

  it('refuses unordered periods, a calendar year off Jan 1 – Dec 31 and dates outside the year', async () => {
    const admin = await signUp(app);
    const y = year + 1;
    const unordered = await admin.api.post(
      '/annuals',
      fiscal(y, [`${y}-01-01`, `${y}-07-01`, `${y}-04-01`, `${y}-10-01`], `${y}-12-31`),
    );
    expect(unordered.status).toBe(400);
    expect(unordered.body.errors).toEqual({ 'quarters.2.startDate': quartersMessages.periodsOverlap });
    const same = await admin.api.post(
      '/annuals',
      fiscal(y, [`${y}-01-01`, `${y}-04-01`, `${y}-04-01`, `${y}-10-01`], `${y}-12-31`),
    );
    expect(same.body.errors).toEqual({ 'quarters.2.startDate': quartersMessages.periodsOverlap });
    const endBeforeLast = await admin.api.post(
      '/annuals',
      fiscal(y, [`${y}-01-01`, `${y}-04-01`, `${y}-07-01`, `${y}-10-01`], `${y}-09-30`),
    );
    expect(endBeforeLast.body.errors).toEqual({ endDate: quartersMessages.periodsOverlap });
    const notCalendar = await admin.api.post('/annuals', { ...calendarYear(y), endDate: `${y}-12-30` });
    expect(notCalendar.body.errors).toEqual({ endDate: quartersMessages.calendarYearFixed });
    const otherYear = await admin.api.post(
      '/annuals',
      fiscal(y, [`${y - 1}-10-01`, `${y}-01-01`, `${y}-04-01`, `${y}-07-01`], `${y}-09-30`),
    );
    expect(otherYear.body.errors).toEqual({ 'quarters.0.startDate': quartersMessages.annualStartOutsideYear(y) });
    const tooLong = await admin.api.post(
      '/annuals',
      fiscal(y, [`${y}-02-01`, `${y}-05-01`, `${y}-08-01`, `${y}-11-01`], `${y + 1}-02-01`),
    );
    expect(tooLong.body.errors).toEqual({ endDate: quartersMessages.annualTooLong(`${y + 1}-01-31`) });
    const impossible = await admin.api.post('/annuals', { ...calendarYear(y), endDate: `${y}-02-30` });
    expect(impossible.status).toBe(400);
    expect((await admin.api.get<{ total: number }>('/annuals')).body.result.total).toBe(0);
  });

  it('refuses a start inside the previous year and an end inside the next, naming the date', async () => {
    const admin = await signUp(app);
    const [a, b, c] = [year, year + 1, year + 2];
    await admin.api.post('/annuals', fiscal(a, [`${a}-02-01`, `${a}-05-01`, `${a}-08-01`, `${a}-11-01`], `${b}-01-31`));
    await admin.api.post('/annuals', fiscal(c, [`${c}-01-01`, `${c}-04-01`, `${c}-07-01`, `${c}-10-01`], `${c}-12-31`));
    const startOverlap = await admin.api.post('/annuals', calendarYear(b));
    expect(startOverlap.status).toBe(400);
    expect(startOverlap.body.errors).toEqual({
      'quarters.0.startDate': quartersMessages.annualStartOverlap(`${b}-01-31`),
    });
    expect(startOverlap.body.message).toBe(quartersMessages.annualStartOverlap(`${b}-01-31`));
    const endOverlap = await admin.api.post(
      '/annuals',
      fiscal(b, [`${b}-02-01`, `${b}-05-01`, `${b}-08-01`, `${b}-11-01`], `${c}-01-01`),
    );
    expect(endOverlap.body.errors).toEqual({ endDate: quartersMessages.annualEndOverlap(`${c}-01-01`) });
    const fits = await admin.api.post(
      '/annuals',
      fiscal(b, [`${b}-02-01`, `${b}-05-01`, `${b}-08-01`, `${b}-11-01`], `${b}-12-31`),
    );
    expect(fits.status).toBe(201);
    // A start moved back into the previous calendar year is outside the year being edited: that
    // rule answers first, so the overlap message is not the one given here (see the edits below).
    const list = await admin.api.get<{ items: Annual[] }>('/annuals');
    const later = list.body.result.items.find((item) => item.year === c)!;
    const moved = await admin.api.put(`/annuals/${later.id}`, {
      ...fiscal(c, [`${c}-01-01`, `${c}-04-01`, `${c}-07-01`, `${c}-10-01`], `${c}-12-31`),
      quarters: [`${b}-12-31`, `${c}-04-01`, `${c}-07-01`, `${c}-10-01`].map((startDate) => ({ startDate })),
      isCalendarYear: '0',
    });
    expect(moved.body.errors).toEqual({ 'quarters.0.startDate': quartersMessages.annualStartOutsideYear(c) });
  });

  // document 3 §5: the start must be AFTER the previous annual's end and the end BEFORE the next
  // annual's start, so a start on that end and an end on that start overlap; the day after and
  // the day before fit. The same on PUT annuals/{id} as on POST.
  describe('the neighbouring annuals, on add and on edit', () => {
    const [a, b, c] = [year, year + 1, year + 2];
    const yearB = (starts: string[], end: string) => fiscal(b, starts, end);
    const bStarts = [`${b}-02-01`, `${b}-05-01`, `${b}-08-01`, `${b}-11-01`];
    const aStarts = [`${a}-03-01`, `${a}-06-01`, `${a}-09-01`, `${a}-12-01`];
    // a: a fiscal year ending on Jan 31 of b; c: a calendar year starting on Jan 1 of c.
    const setUp = async () => {
      const admin = await signUp(app);
      const first = await admin.api.post<Annual>('/annuals', fiscal(a, aStarts, `${b}-01-31`));
      const third = await admin.api.post<Annual>('/annuals', calendarYear(c));
      expect([first.status, third.status]).toEqual([201, 201]);
      return { admin, first: first.body.result, third: third.body.result };
    };
    const datesOf = (annual: Annual) => [annual.year, annual.startDate, annual.endDate];

    it('refuses a start on the previous end and an end on the next start when adding; the day after and before fit', async () => {
      const { admin } = await setUp();
      const onEnd = await admin.api.post('/annuals', yearB([`${b}-01-31`, ...bStarts.slice(1)], `${b}-12-31`));
      expect(onEnd.status).toBe(400);
      expect(onEnd.body.errors).toEqual({ 'quarters.0.startDate': quartersMessages.annualStartOverlap(`${b}-01-31`) });
      expect(onEnd.body.message).toBe(quartersMessages.annualStartOverlap(`${b}-01-31`));
      const onStart = await admin.api.post('/annuals', yearB(bStarts, `${c}-01-01`));
      expect(onStart.status).toBe(400);
      expect(onStart.body.errors).toEqual({ endDate: quartersMessages.annualEndOverlap(`${c}-01-01`) });
      expect(onStart.body.message).toBe(quartersMessages.annualEndOverlap(`${c}-01-01`));
      expect((await admin.api.get<{ total: number }>('/annuals')).body.result.total).toBe(2);
      // Feb 1 is the day after a's end, Dec 31 the day before c's start.
      const fits = await admin.api.post<Annual>('/annuals', yearB(bStarts, `${b}-12-31`));
      expect(fits.status).toBe(201);
      expect(datesOf(fits.body.result)).toEqual([b, `${b}-02-01`, `${b}-12-31`]);
    });

    it('gives the same two messages when an edit moves a start or an end into a neighbour, and stores nothing', async () => {
      const { admin, first } = await setUp();
      const middle = (await admin.api.post<Annual>('/annuals', yearB(bStarts, `${b}-12-31`))).body.result;
      const edit = (id: string, body: unknown) => admin.api.put(`/annuals/${id}`, body);
      for (const start of [`${b}-01-15`, `${b}-01-31`]) {
        const answer = await edit(middle.id, yearB([start, ...bStarts.slice(1)], `${b}-12-31`));
        expect(answer.status, start).toBe(400);
        expect(answer.body.errors, start).toEqual({
          'quarters.0.startDate': quartersMessages.annualStartOverlap(`${b}-01-31`),
        });
        expect(answer.body.message).toBe(quartersMessages.annualStartOverlap(`${b}-01-31`));
      }
      for (const end of [`${c}-01-20`, `${c}-01-01`]) {
        const answer = await edit(middle.id, yearB(bStarts, end));
        expect(answer.status, end).toBe(400);
        expect(answer.body.errors, end).toEqual({ endDate: quartersMessages.annualEndOverlap(`${c}-01-01`) });
        expect(answer.body.message).toBe(quartersMessages.annualEndOverlap(`${c}-01-01`));
      }
      // The earlier year's end moved onto the next year's first day (its starts unchanged).
      const earlier = await edit(first.id, fiscal(a, aStarts, `${b}-02-01`));
      expect(earlier.status).toBe(400);
      expect(earlier.body.errors).toEqual({ endDate: quartersMessages.annualEndOverlap(`${b}-02-01`) });
      const list = await admin.api.get<{ items: Annual[] }>('/annuals');
      expect(list.body.result.items.map(datesOf)).toEqual([
        [c, `${c}-01-01`, `${c}-12-31`],
        [b, `${b}-02-01`, `${b}-12-31`],
        [a, `${a}-03-01`, `${b}-01-31`],
      ]);
      // The day after and the day before still fit on edit.
      const shorter = await edit(first.id, fiscal(a, aStarts, `${b}-01-30`));
      expect(shorter.status).toBe(200);
      const later = await edit(middle.id, yearB([`${b}-01-31`, ...bStarts.slice(1)], `${b}-12-31`));
      expect(later.status).toBe(200);
      expect(datesOf(later.body.result as Annual)).toEqual([b, `${b}-01-31`, `${b}-12-31`]);
    });
  });

  it('locks past dates when editing and keeps the year', async () => {
    const admin = await signUp(app);
    // 2020 is past whatever the day the test runs (saveQuartals takes past years, for history).
    const old = await admin.api.post<QuarterRecord>(
      '/quartals',
      record(2020, ['2020-01-01', '2020-04-01', '2020-07-01', '2020-10-01', '2020-12-31']),
    );
    const id = old.body.result.id;
    const past = await admin.api.put(`/annuals/${id}`, {
      ...fiscal(2020, ['2020-01-02', '2020-04-01', '2020-07-01', '2020-10-01'], '2020-12-31'),
    });
    expect(past.status).toBe(400);
    expect(past.body.errors).toEqual({ 'quarters.0.startDate': quartersMessages.pastDateLocked });
    const pastEnd = await admin.api.put(`/annuals/${id}`, {
      ...fiscal(2020, ['2020-01-01', '2020-04-01', '2020-07-01', '2020-10-01'], '2020-12-30'),
    });
    expect(pastEnd.body.errors).toEqual({ endDate: quartersMessages.pastDateLocked });
    const pastRecord = await admin.api.put('/quartals', {
      ...record(2020, ['2020-01-01', '2020-05-01', '2020-07-01', '2020-10-01', '2020-12-31']),
      id,
    });
    expect(pastRecord.body.errors).toEqual({ 'quarters.1.startDate': quartersMessages.pastDateLocked });
    const otherYear = await admin.api.put(`/annuals/${id}`, calendarYear(2021));
    expect(otherYear.body.errors).toEqual({ year: quartersMessages.annualYearFixed });
    const kept = await admin.api.get<{ items: QuarterRecord[] }>('/quartals');
    expect(kept.body.result.items).toEqual([expect.objectContaining({ year: 2020, startQuartal2: '2020-04-01' })]);
    // A future year's dates can all change.
    const next = await admin.api.post<Annual>('/annuals', calendarYear(year + 1));
    const y = year + 1;
    const changed = await admin.api.put<Annual>(`/annuals/${next.body.result.id}`, {
      ...calendarYear(y),
      quarters: [`${y}-01-01`, `${y}-03-15`, `${y}-06-01`, `${y}-09-01`].map((startDate) => ({ startDate })),
    });
    expect(changed.status).toBe(200);
    expect(changed.body.result.quarters[0]!.endDate).toBe(`${y}-03-14`);
  });

  it('answers 403 to members and 404 for another workspace’s annual', async () => {
    const admin = await signUp(app);
    const member = await joinWorkspace(app, admin);
    const created = await admin.api.post<Annual>('/annuals', calendarYear(year + 1));
    expect((await member.api.get('/annuals')).status).toBe(403);
    expect((await member.api.post('/annuals', calendarYear(year + 2))).status).toBe(403);
    expect((await member.api.put(`/annuals/${created.body.result.id}`, calendarYear(year + 1))).status).toBe(403);
    expect((await member.api.delete(`/annuals/${created.body.result.id}`)).status).toBe(403);
    const year2020 = record(2020, ['2020-01-01', '2020-04-01', '2020-07-01', '2020-10-01', '2020-12-31']);
    expect((await member.api.get('/annuals/choices')).status).toBe(403);
    expect((await member.api.post('/quartals', year2020)).status).toBe(403);
    const ownRecord = { ...calendarRecord(year + 1), id: created.body.result.id };
    expect((await member.api.put('/quartals', ownRecord)).status).toBe(403);
    expect((await member.api.delete(`/quartals/${created.body.result.id}`)).status).toBe(403);
    const stranger = await signUp(app);
    expect((await stranger.api.put(`/annuals/${created.body.result.id}`, calendarYear(year + 1))).status).toBe(404);
    expect((await stranger.api.delete(`/annuals/${created.body.result.id}`)).status).toBe(404);
    expect((await stranger.api.delete(`/quartals/${created.body.result.id}`)).status).toBe(404);
    expect((await admin.api.get<{ total: number }>('/annuals')).body.result.total).toBe(1);
    // Members read the quarters.
    expect((await member.api.get<{ total: number }>('/quartals')).body.result.total).toBe(1);
  });
});

describe('quartals', () => {
  it('adds, edits and deletes a year of quarters, which is the annual of that year', async () => {
    const admin = await signUp(app);
    const added = await admin.api.post<QuarterRecord>(
      '/quartals',
      record(2022, ['2022-02-01', '2022-05-01', '2022-08-01', '2022-11-01', '2023-01-31']),
    );
    expect(added.status).toBe(200);
    expect(added.body.result).toMatchObject({ year: 2022, startQuartal1: '2022-02-01', endQuartal4: '2023-01-31' });
    const overlap = await admin.api.post(
      '/quartals',
      record(2023, ['2023-01-01', '2023-04-01', '2023-07-01', '2023-10-01', '2023-12-31']),
    );
    expect(overlap.body.errors).toEqual({ 'quarters.0.startDate': quartersMessages.annualStartOverlap('2023-01-31') });
    const badYear = await admin.api.post('/quartals', { ...record(2023, []), year: '23' });
    expect(badYear.status).toBe(400);
    const badDate = await admin.api.post(
      '/quartals',
      record(2023, ['2023/02/01', '2023-05-01', '2023-08-01', '2023-11-01', '2023-12-31']),
    );
    expect(badDate.body.errors).toEqual({ startQuartal1: messages.invalidDate });
    const ownFuture = await admin.api.post<QuarterRecord>(
      '/quartals',
      record(year + 1, [
        `${year + 1}-01-01`,
        `${year + 1}-04-01`,
        `${year + 1}-07-01`,
        `${year + 1}-10-01`,
        `${year + 1}-12-31`,
      ]),
    );
    const edited = await admin.api.put<QuarterRecord>('/quartals', {
      ...record(year + 1, [
        `${year + 1}-01-01`,
        `${year + 1}-05-01`,
        `${year + 1}-07-01`,
        `${year + 1}-10-01`,
        `${year + 1}-12-31`,
      ]),
      id: ownFuture.body.result.id,
    });
    expect(edited.body.result.startQuartal2).toBe(`${year + 1}-05-01`);
    const annuals = await admin.api.get<{ items: Annual[] }>('/annuals');
    const annual = annuals.body.result.items.find((a) => a.year === year + 1)!;
    expect(annual.quarters[0]!.endDate).toBe(`${year + 1}-04-30`);
    expect(annual.isCalendarYear).toBe('1');
    expect((await admin.api.delete(`/quartals/${added.body.result.id}`)).status).toBe(200);
    expect((await admin.api.get<{ total: number }>('/quartals')).body.result.total).toBe(1);
  });

  it('refuses an end on or after the next year’s start through saveQuartals, adding and editing', async () => {
    const admin = await signUp(app);
    const [b, c] = [year + 1, year + 2];
    await admin.api.post('/quartals', calendarRecord(c));
    const starts = [`${b}-02-01`, `${b}-05-01`, `${b}-08-01`, `${b}-11-01`];
    for (const end of [`${c}-01-15`, `${c}-01-01`]) {
      const answer = await admin.api.post('/quartals', record(b, [...starts, end]));
      expect(answer.status, end).toBe(400);
      expect(answer.body.errors, end).toEqual({ endDate: quartersMessages.annualEndOverlap(`${c}-01-01`) });
      expect(answer.body.message).toBe(quartersMessages.annualEndOverlap(`${c}-01-01`));
    }
    expect((await admin.api.get<{ total: number }>('/quartals')).body.result.total).toBe(1);
    const fits = await admin.api.post<QuarterRecord>('/quartals', record(b, [...starts, `${b}-12-31`]));
    expect(fits.status).toBe(200);
    const moved = await admin.api.put('/quartals', {
      ...record(b, [...starts, `${c}-01-10`]),
      id: fits.body.result.id,
    });
    expect(moved.status).toBe(400);
    expect(moved.body.errors).toEqual({ endDate: quartersMessages.annualEndOverlap(`${c}-01-01`) });
    const kept = await admin.api.get<{ items: QuarterRecord[] }>('/quartals');
    expect(kept.body.result.items.map((r) => [r.year, r.endQuartal4])).toEqual([
      [c, `${c}-12-31`],
      [b, `${b}-12-31`],
    ]);
  });

  it("gives pickers the workspace's own quarters, and calendar quarters for years without an annual", async () => {
    const admin = await signUp(app);
    const member = await joinWorkspace(app, admin);
    const y = year + 1;
    await admin.api.post(
      '/annuals',
      fiscal(y, [`${y}-02-01`, `${y}-05-01`, `${y}-08-01`, `${y}-11-01`], `${y + 1}-01-31`),
    );
    const quarters = await member.api.get<Quarter[]>(`/quarters?since=${y}-01-01&until=${y + 1}-06-30`);
    expect(quarters.status).toBe(200);
    expect(quarters.body.result.map((q) => [q.id, q.startDate, q.endDate, q.isDefault])).toEqual([
      [`${y}-Q1`, `${y}-02-01`, `${y}-04-30`, false],
      [`${y}-Q2`, `${y}-05-01`, `${y}-07-31`, false],
      [`${y}-Q3`, `${y}-08-01`, `${y}-10-31`, false],
      [`${y}-Q4`, `${y}-11-01`, `${y + 1}-01-31`, false],
      [`${y + 1}-Q2`, `${y + 1}-04-01`, `${y + 1}-06-30`, true],
    ]);
    const tooWide = await member.api.get(`/quarters?since=2000-01-01&until=2030-01-01`);
    expect(tooWide.status).toBe(400);
  });
});
