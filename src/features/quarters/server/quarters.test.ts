import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { joinWorkspace, signUp } from '../../../../test/factories.ts';
import { messages } from '../../../shared/messages.ts';
import type { Annual, Quarter, QuarterRecord } from '../quarters.schemas.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

const year = new Date().getUTCFullYear();

const calendarYear = (y: number) => ({
  year: y,
  isCalendarYear: '1',
  quarters: [`${y}-01-01`, `${y}-04-01`, `${y}-07-01`, `${y}-10-01`].map((startDate) => ({ startDate })),
  endDate: `${y}-12-31`,
});
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
    expect(later.body.errors).toEqual({ year: messages.annualYearChoice });
    const again = await admin.api.post('/annuals', calendarYear(year + 1));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(messages.annualYearTaken(year + 1));
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
    expect(unordered.body.errors).toEqual({ 'quarters.2.startDate': messages.periodsOverlap });
    const same = await admin.api.post(
      '/annuals',
      fiscal(y, [`${y}-01-01`, `${y}-04-01`, `${y}-04-01`, `${y}-10-01`], `${y}-12-31`),
    );
    expect(same.body.errors).toEqual({ 'quarters.2.startDate': messages.periodsOverlap });
    const endBeforeLast = await admin.api.post(
      '/annuals',
      fiscal(y, [`${y}-01-01`, `${y}-04-01`, `${y}-07-01`, `${y}-10-01`], `${y}-09-30`),
    );
    expect(endBeforeLast.body.errors).toEqual({ endDate: messages.periodsOverlap });
    const notCalendar = await admin.api.post('/annuals', { ...calendarYear(y), endDate: `${y}-12-30` });
    expect(notCalendar.body.errors).toEqual({ endDate: messages.calendarYearFixed });
    const otherYear = await admin.api.post(
      '/annuals',
      fiscal(y, [`${y - 1}-10-01`, `${y}-01-01`, `${y}-04-01`, `${y}-07-01`], `${y}-09-30`),
    );
    expect(otherYear.body.errors).toEqual({ 'quarters.0.startDate': messages.annualStartOutsideYear(y) });
    const tooLong = await admin.api.post(
      '/annuals',
      fiscal(y, [`${y}-02-01`, `${y}-05-01`, `${y}-08-01`, `${y}-11-01`], `${y + 1}-02-01`),
    );
    expect(tooLong.body.errors).toEqual({ endDate: messages.annualTooLong(`${y + 1}-01-31`) });
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
    expect(startOverlap.body.errors).toEqual({ 'quarters.0.startDate': messages.annualStartOverlap(`${b}-01-31`) });
    expect(startOverlap.body.message).toBe(messages.annualStartOverlap(`${b}-01-31`));
    const endOverlap = await admin.api.post(
      '/annuals',
      fiscal(b, [`${b}-02-01`, `${b}-05-01`, `${b}-08-01`, `${b}-11-01`], `${c}-01-01`),
    );
    expect(endOverlap.body.errors).toEqual({ endDate: messages.annualEndOverlap(`${c}-01-01`) });
    const fits = await admin.api.post(
      '/annuals',
      fiscal(b, [`${b}-02-01`, `${b}-05-01`, `${b}-08-01`, `${b}-11-01`], `${b}-12-31`),
    );
    expect(fits.status).toBe(201);
    // Editing the earlier year into the later one is refused the same way.
    const list = await admin.api.get<{ items: Annual[] }>('/annuals');
    const later = list.body.result.items.find((item) => item.year === c)!;
    const moved = await admin.api.put(`/annuals/${later.id}`, {
      ...fiscal(c, [`${c}-01-01`, `${c}-04-01`, `${c}-07-01`, `${c}-10-01`], `${c}-12-31`),
      quarters: [`${b}-12-31`, `${c}-04-01`, `${c}-07-01`, `${c}-10-01`].map((startDate) => ({ startDate })),
      isCalendarYear: '0',
    });
    expect(moved.body.errors).toEqual({ 'quarters.0.startDate': messages.annualStartOutsideYear(c) });
  });

  it('locks past dates when editing and keeps the year', async () => {
    const admin = await signUp(app);
    const created = await admin.api.post<Annual>('/annuals', calendarYear(year));
    const id = created.body.result.id;
    const past = await admin.api.put(`/annuals/${id}`, {
      ...fiscal(year, [`${year}-01-02`, `${year}-04-01`, `${year}-07-01`, `${year}-10-01`], `${year}-12-31`),
    });
    expect(past.status).toBe(400);
    expect(past.body.errors?.['quarters.0.startDate']).toBe(messages.pastDateLocked);
    const otherYear = await admin.api.put(`/annuals/${id}`, calendarYear(year + 1));
    expect(otherYear.body.errors).toEqual({ year: messages.annualYearFixed });
    // A future year's dates can all change.
    const next = await admin.api.post<Annual>('/annuals', calendarYear(year + 1));
    const y = year + 1;
    const changed = await admin.api.put<Annual>(`/annuals/${next.body.result.id}`, {
      ...calendarYear(y),
      quarters: [`${y}-01-01`, `${y}-03-01`, `${y}-06-01`, `${y}-09-01`].map((startDate) => ({ startDate })),
    });
    expect(changed.status).toBe(200);
    expect(changed.body.result.quarters[0]!.endDate).toBe(`${y}-02-28`);
  });

  it('answers 403 to members and 404 for another workspace’s annual', async () => {
    const admin = await signUp(app);
    const member = await joinWorkspace(app, admin);
    const created = await admin.api.post<Annual>('/annuals', calendarYear(year + 1));
    expect((await member.api.get('/annuals')).status).toBe(403);
    expect((await member.api.post('/annuals', calendarYear(year + 2))).status).toBe(403);
    expect((await member.api.put(`/annuals/${created.body.result.id}`, calendarYear(year + 1))).status).toBe(403);
    expect((await member.api.delete(`/annuals/${created.body.result.id}`)).status).toBe(403);
    expect(
      (
        await member.api.post(
          '/quartals',
          record(2020, ['2020-01-01', '2020-04-01', '2020-07-01', '2020-10-01', '2020-12-31']),
        )
      ).status,
    ).toBe(403);
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
    expect(overlap.body.errors).toEqual({ 'quarters.0.startDate': messages.annualStartOverlap('2023-01-31') });
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
