import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { joinWorkspace, PNG_PIXEL, type SignedUp, signUp, uploadFile } from '../../../../test/factories.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import { messages } from '../../../shared/messages.ts';
import { orgchartMessages } from '../orgchart.messages.ts';
import type { OrgChart, Seat } from '../orgchart.schemas.ts';

let app: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  app = await testApp();
  baseUrl = await listen(app);
});
afterAll(() => app.close());

/** A workspace whose admin created the default chart; its seats by job title. */
const withChart = async () => {
  const admin = await signUp(app);
  const created = await admin.api.post<OrgChart>('/org-chart');
  expect(created.status).toBe(201);
  const seat = (title: string) => created.body.result.seats.find((s) => s.jobTitle === title) as Seat;
  return { admin, seats: created.body.result.seats, seat };
};

const chartOf = async (person: SignedUp) => (await person.api.get<OrgChart>('/org-chart')).body.result;

describe('org chart', () => {
  it('starts empty, then from the default of 7 seats in 4 rows drawn as a tree; a second start is refused', async () => {
    const admin = await signUp(app);
    expect(await chartOf(admin)).toEqual({ seats: [], canEdit: true });
    const { status, body } = await admin.api.post<OrgChart>('/org-chart');
    expect(status).toBe(201);
    const seats = body.result.seats;
    expect(seats).toHaveLength(7);
    expect(new Set(seats.map((s) => s.row))).toEqual(new Set([1, 2, 3, 4]));
    const byTitle = new Map(seats.map((s) => [s.jobTitle, s]));
    expect(byTitle.get('Visionary')?.parentId).toBeNull();
    expect(byTitle.get('Integrator')?.parentId).toBe(byTitle.get('Visionary')?.id);
    for (const title of ['Sales/Marketing', 'Operations', 'Finance'])
      expect(byTitle.get(title)?.parentId).toBe(byTitle.get('Integrator')?.id);
    const again = await admin.api.post('/org-chart');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(orgchartMessages.orgChartExists);
    expect((await chartOf(admin)).seats).toHaveLength(7);
  });

  it('adds a seat with people, lines and a colour; numbers 1–20 only, one seat per place', async () => {
    const { admin, seat } = await withChart();
    const colleague = await joinWorkspace(app, admin, { firstName: 'Cleo' });
    const added = await admin.api.post<Seat>('/org-chart/seats', {
      row: 4,
      seat_number: 13,
      parent_id: seat('Finance').id,
      color: '#FF8787',
      job_title: 'Controller <script>alert(1)</script>',
      description: ['Monthly close', '  ', 'Budget <b>owner</b>'],
      coworkers: [colleague.userId],
      first_name: 'Nina',
      last_name: 'Newcomer',
    });
    expect(added.status).toBe(201);
    expect(added.body.result).toMatchObject({
      row: 4,
      seatNumber: 13,
      jobTitle: 'Controller',
      description: ['Monthly close', 'Budget owner'],
      coworkers: [colleague.userId],
      firstName: 'Nina',
    });
    expect(added.body.result.users[0]).toMatchObject({ firstName: 'Cleo', deleted: false });

    const taken = await admin.api.post('/org-chart/seats', { row: 4, seatNumber: 13, jobTitle: 'Twin' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(orgchartMessages.seatTaken);
    for (const seatNumber of [0, 21, 2.5, '3'])
      expect((await admin.api.post('/org-chart/seats', { row: 5, seatNumber, jobTitle: 'Out' })).status).toBe(400);
    expect((await admin.api.post('/org-chart/seats', { row: 21, seatNumber: 1, jobTitle: 'Out' })).status).toBe(400);
    const untitled = await admin.api.post('/org-chart/seats', { row: 5, seatNumber: 1, jobTitle: ' ' });
    expect(untitled.status).toBe(400);
    expect(untitled.body.errors?.jobTitle).toBe(messages.required);
    expect((await chartOf(admin)).seats).toHaveLength(8);
  });

  it('moves a seat to a free place only; a taken place is refused and nothing moves', async () => {
    const { admin, seat } = await withChart();
    const sales = seat('Sales');
    const moved = await admin.api.patch<Seat>(`/org-chart/seats/${sales.id}`, { row: 4, seatNumber: 2 });
    expect(moved.status).toBe(200);
    expect(moved.body.result).toMatchObject({ row: 4, seatNumber: 2, parentId: seat('Sales/Marketing').id });
    const onto = await admin.api.patch(`/org-chart/seats/${sales.id}`, { row: 3, seatNumber: 10 });
    expect(onto.status).toBe(409);
    expect(onto.body.message).toBe('That seat is taken, please select a free seat.');
    const after = (await chartOf(admin)).seats.find((s) => s.id === sales.id);
    expect(after).toMatchObject({ row: 4, seatNumber: 2 });
  });

  it('refuses a parent that would make a cycle, and one of another workspace (404)', async () => {
    const { admin, seat } = await withChart();
    const cycle = await admin.api.patch(`/org-chart/seats/${seat('Integrator').id}`, {
      parentId: seat('Operations').id,
    });
    expect(cycle.status).toBe(409);
    expect(cycle.body.message).toBe(orgchartMessages.seatParentCycle);
    const self = await admin.api.patch(`/org-chart/seats/${seat('Integrator').id}`, {
      parentId: seat('Integrator').id,
    });
    expect(self.status).toBe(409);
    const other = await withChart();
    const foreign = await admin.api.patch(`/org-chart/seats/${seat('Sales').id}`, {
      parentId: other.seat('Finance').id,
    });
    expect(foreign.status).toBe(404);
    const foreignNew = await admin.api.post('/org-chart/seats', {
      row: 5,
      seatNumber: 1,
      jobTitle: 'X',
      parentId: other.seat('Finance').id,
    });
    expect(foreignNew.status).toBe(404);
    expect((await chartOf(admin)).seats.find((s) => s.id === seat('Integrator').id)?.parentId).toBe(
      seat('Visionary').id,
    );
  });

  it('deletes only leaves, and never below 3 rows and 7 seats', async () => {
    const { admin, seat } = await withChart();
    const parent = await admin.api.delete(`/org-chart/seats/${seat('Operations').id}`);
    expect(parent.status).toBe(409);
    expect(parent.body.message).toBe('Only leaves can be deleted!');
    const minimum = await admin.api.delete(`/org-chart/seats/${seat('Finance').id}`);
    expect(minimum.status).toBe(409);
    expect(minimum.body.message).toBe(orgchartMessages.orgChartMinimum);
    const extra = await admin.api.post<Seat>('/org-chart/seats', {
      row: 4,
      seatNumber: 13,
      jobTitle: 'Controller',
      parentId: seat('Finance').id,
    });
    expect((await admin.api.delete(`/org-chart/seats/${seat('Sales').id}`)).status).toBe(200);
    expect((await chartOf(admin)).seats.map((s) => s.id)).not.toContain(seat('Sales').id);
    // Finance has a child now: not a leaf.
    expect((await admin.api.delete(`/org-chart/seats/${seat('Finance').id}`)).body.message).toBe(
      orgchartMessages.onlyLeavesDeleted,
    );
    expect((await admin.api.delete(`/org-chart/seats/${extra.body.result.id}`)).body.message).toBe(
      orgchartMessages.orgChartMinimum,
    );
  });

  it('members see the chart; only admins change it', async () => {
    const { admin, seat } = await withChart();
    const member = await joinWorkspace(app, admin);
    const chart = await chartOf(member);
    expect(chart.canEdit).toBe(false);
    expect(chart.seats).toHaveLength(7);
    expect((await member.api.patch(`/org-chart/seats/${seat('Sales').id}`, { row: 4, seatNumber: 1 })).status).toBe(
      403,
    );
    expect((await member.api.post('/org-chart/seats', { row: 5, seatNumber: 1, jobTitle: 'X' })).status).toBe(403);
    expect((await member.api.delete(`/org-chart/seats/${seat('Sales').id}`)).status).toBe(403);
  });

  it("another workspace's seats are 404 and nothing changes", async () => {
    const mine = await withChart();
    const theirs = await withChart();
    const id = theirs.seat('Sales').id;
    expect((await mine.admin.api.patch(`/org-chart/seats/${id}`, { jobTitle: 'Mine now' })).status).toBe(404);
    expect((await mine.admin.api.delete(`/org-chart/seats/${id}`)).status).toBe(404);
    expect((await uploadFile(app, mine.admin.token, 'PUT', `/org-chart/seats/${id}/image`, PNG_PIXEL)).statusCode).toBe(
      404,
    );
    const outsider = await signUp(app);
    const coworker = await mine.admin.api.patch(`/org-chart/seats/${mine.seat('Sales').id}`, {
      coworkers: [outsider.userId],
    });
    expect(coworker.status).toBe(404);
    expect((await chartOf(theirs.admin)).seats.find((s) => s.id === id)).toMatchObject({
      jobTitle: 'Sales',
      image: null,
    });
  });

  it('takes a jpg/png/gif picture up to 2 MB checked by its bytes, served at its own URL', async () => {
    const { admin, seat } = await withChart();
    const id = seat('Sales').id;
    const saved = await uploadFile(app, admin.token, 'PUT', `/org-chart/seats/${id}/image`, PNG_PIXEL);
    expect(saved.statusCode).toBe(200);
    const url = saved.json().result.image as string;
    const served = await app.inject({ method: 'GET', url });
    expect(served.headers['content-type']).toBe('image/png');
    // Stored as a decoded copy (decision 076): a PNG still, not the same bytes.
    expect((await sharp(served.rawPayload).metadata()).format).toBe('png');
    const disguised = await uploadFile(
      app,
      admin.token,
      'PUT',
      `/org-chart/seats/${id}/image`,
      Buffer.from('<svg onload=alert(1)>'),
    );
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().message).toBe(orgchartMessages.seatImageType);
    const big = Buffer.concat([PNG_PIXEL, Buffer.alloc(2 * 1024 * 1024)]);
    expect((await uploadFile(app, admin.token, 'PUT', `/org-chart/seats/${id}/image`, big)).statusCode).toBe(413);
    expect((await chartOf(admin)).seats.find((s) => s.id === id)?.image).toBe(url);
    expect((await admin.api.delete<{ image: null }>(`/org-chart/seats/${id}/image`)).body.result.image).toBeNull();
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('exports a PDF on A4 and Letter; 404 before the chart exists', async () => {
    const { admin } = await withChart();
    for (const paper of ['A4', 'LETTER']) {
      const pdf = await app.inject({
        method: 'GET',
        url: `/api/v2/org-chart/export?paper=${paper}`,
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      // Landscape: the page is wider than it is tall.
      const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf.rawPayload.toString('latin1'));
      expect(Number(box?.[1])).toBeGreaterThan(Number(box?.[2]));
    }
    const empty = await signUp(app);
    const none = await app.inject({
      method: 'GET',
      url: '/api/v2/org-chart/export',
      headers: { authorization: `Bearer ${empty.token}` },
    });
    expect(none.statusCode).toBe(404);
  });

  it('tells viewers of the workspace about changes, and nobody else', async () => {
    const { admin, seat } = await withChart();
    const member = await joinWorkspace(app, admin);
    const stranger = await signUp(app);
    const watching = await connect(baseUrl, member.token);
    const outside = await connect(baseUrl, stranger.token);
    try {
      await admin.api.patch(`/org-chart/seats/${seat('Sales').id}`, { row: 4, seatNumber: 1 });
      await eventually(() => watching.received.some((m) => m.type === 'orgchart.changed'));
      await settle();
      expect(outside.received.filter((m) => m.type === 'orgchart.changed')).toEqual([]);
    } finally {
      watching.socket.close();
      outside.socket.close();
    }
  });
});
