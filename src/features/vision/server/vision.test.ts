import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { createMeeting, joinWorkspace, type SignedUp, signUp } from '../../../../test/factories.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import { quarterOf, quarterRange } from '../../../shared/kpis.ts';
import { messages } from '../../../shared/messages.ts';
import { visionMessages } from '../vision.messages.ts';
import type { Section, Template, TemplatesPage } from '../vision.schemas.ts';

let app: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  app = await testApp();
  baseUrl = await listen(app);
});
afterAll(() => app.close());

/** A workspace with a board made from the default template. */
const withBoard = async () => {
  const admin = await signUp(app);
  const made = await admin.api.post<Template>('/vision/templates', { title: 'Our V/TO', catalogKey: 'vto' });
  expect(made.status).toBe(201);
  const section = (title: string) => made.body.result.sections.find((s) => s.title === title) as Section;
  return { admin, template: made.body.result, section };
};

const today = new Date().toISOString().slice(0, 10);

describe('vision board', () => {
  it('lists the catalogue; a board from the default has the expected sections in order; Save template copies it', async () => {
    const admin = await signUp(app);
    const empty = await admin.api.get<TemplatesPage>('/vision/templates');
    expect(empty.body.result.items).toEqual([]);
    expect(empty.body.result.catalog.map((t) => t.key)).toContain('vto');
    const { template } = await withBoard();
    expect(template.sections.map((s) => s.title)).toEqual([
      'Core Values',
      'Core Focus',
      '10-Year Target',
      'Marketing Strategy',
      '3-Year Picture',
      '1-Year Plan',
      'Quarterly Goals',
      'Long-Term Issues',
    ]);
    expect(template.sectionIds).toEqual(template.sections.map((s) => s.id));
    expect(template.columns).toBe(2);
    const { admin: owner, template: board } = await withBoard();
    const copy = await owner.api.post<Template>('/vision/templates', { title: 'Copy', fromTemplateId: board.id });
    expect(copy.status).toBe(201);
    expect(copy.body.result.sections.map((s) => s.title)).toEqual(board.sections.map((s) => s.title));
    const list = await owner.api.get<TemplatesPage>('/vision/templates?search=cop');
    expect(list.body.result.items.map((t) => t.title)).toEqual(['Copy']);
    expect((await owner.api.get<TemplatesPage>('/vision/templates')).body.result.total).toBe(2);
  });

  it('adds, updates and deletes sections; one/two columns; refuses a missing title and a description over 60,000', async () => {
    const { admin, template, section } = await withBoard();
    const added = await admin.api.post<Section>(`/vision/templates/${template.id}/sections`, {
      title: 'Scorecard',
      description: '<p>Weekly <strong>numbers</strong></p>',
    });
    expect(added.status).toBe(201);
    expect(added.body.result).toMatchObject({ title: 'Scorecard', sort: 8, version: 1, kind: 'text' });
    const noTitle = await admin.api.post(`/vision/templates/${template.id}/sections`, { title: '  ' });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.errors?.title).toBe(messages.required);
    const tooLong = await admin.api.put(`/vision/sections/${section('Core Values').id}`, {
      description: 'x'.repeat(60_001),
      version: 1,
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors?.description).toBe(messages.descriptionTooLong);
    const untitled = await admin.api.post('/vision/templates', { title: '', catalogKey: 'vto' });
    expect(untitled.status).toBe(400);
    const updated = await admin.api.put<Section>(`/vision/sections/${section('Core Values').id}`, {
      description: '<p>Be kind</p>',
      version: 1,
    });
    expect(updated.body.result).toMatchObject({ description: '<p>Be kind</p>', version: 2 });
    const one = await admin.api.patch<Template>(`/vision/templates/${template.id}`, { columns: 1 });
    expect(one.body.result.columns).toBe(1);
    expect((await admin.api.patch(`/vision/templates/${template.id}`, { columns: 3 })).status).toBe(400);
    expect((await admin.api.delete(`/vision/sections/${added.body.result.id}`)).status).toBe(200);
    const after = (await admin.api.get<Template>(`/vision/templates/${template.id}`)).body.result;
    expect(after.sections).toHaveLength(8);
    expect(after.sections[0]?.description).toBe('<p>Be kind</p>');
  });

  it('two saves typed over one version: the first is stored, the second is 409 naming who and stores nothing', async () => {
    const { admin, section } = await withBoard();
    const mate = await joinWorkspace(app, admin, { firstName: 'Bea' });
    const id = section('10-Year Target').id;
    const first = await admin.api.put<Section>(`/vision/sections/${id}`, {
      title: '10-Year Target',
      description: '<p>Mine</p>',
      version: 1,
    });
    expect(first.status).toBe(200);
    const second = await mate.api.put(`/vision/sections/${id}`, {
      title: 'Ten years',
      description: '<p>Theirs</p>',
      version: 1,
    });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      status: 'fail',
      message: visionMessages.sectionChangedMeanwhile('Test Person'),
    });
    const stored = (await mate.api.get<Template>(`/vision/templates/${section('10-Year Target').templateId}`)).body
      .result;
    expect(stored.sections.find((s) => s.id === id)).toMatchObject({
      title: '10-Year Target',
      description: '<p>Mine</p>',
      version: 2,
      changedBy: admin.userId,
    });

    // Keep mine: saved again over the version now shown, it wins.
    const kept = await mate.api.put<Section>(`/vision/sections/${id}`, {
      title: 'Ten years',
      description: '<p>Theirs</p>',
      version: 2,
    });
    expect(kept.status).toBe(200);
    expect(kept.body.result).toMatchObject({ title: 'Ten years', description: '<p>Theirs</p>', version: 3 });
    // Ada, still on version 2, is refused in turn, by Bea's name.
    const late = await admin.api.put(`/vision/sections/${id}`, { description: '<p>Late</p>', version: 2 });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(visionMessages.sectionChangedMeanwhile('Bea Person'));
  });

  it('the same text saved twice over one version is no conflict; without a version the last save wins', async () => {
    const { admin, section } = await withBoard();
    const mate = await joinWorkspace(app, admin);
    const id = section('Core Focus').id;
    const same = { title: 'Core Focus', description: '<p>Purpose: help teams meet well</p>', version: 1 };
    expect((await admin.api.put(`/vision/sections/${id}`, same)).status).toBe(200);
    const again = await mate.api.put<Section>(`/vision/sections/${id}`, same);
    expect(again.status).toBe(200);
    expect(again.body.result.description).toBe('<p>Purpose: help teams meet well</p>');

    // Another API client that names no version: the last save wins, as before.
    const one = await admin.api.put<Section>(`/vision/sections/${id}`, { description: '<p>One</p>' });
    expect(one.status).toBe(200);
    const two = await mate.api.put<Section>(`/vision/sections/${id}`, { description: '<p>Two</p>' });
    expect(two.status).toBe(200);
    const stored = (await admin.api.get<Template>(`/vision/templates/${section('Core Focus').templateId}`)).body.result;
    expect(stored.sections.find((s) => s.id === id)?.description).toBe('<p>Two</p>');
    // A version that is not a whole number is refused like any bad field.
    expect((await admin.api.put(`/vision/sections/${id}`, { description: '<p>x</p>', version: 'two' })).status).toBe(
      400,
    );
  });

  it('two saves over one version at the same moment: one is stored, the other refused', async () => {
    const { admin, section } = await withBoard();
    const mate = await joinWorkspace(app, admin);
    const id = section('Marketing Strategy').id;
    const answers = await Promise.all([
      admin.api.put(`/vision/sections/${id}`, { description: '<p>One</p>', version: 1 }),
      mate.api.put(`/vision/sections/${id}`, { description: '<p>Two</p>', version: 1 }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });

  it('keeps rich text inert: scripts, handlers and javascript: links are removed on the way in', async () => {
    const { admin, section } = await withBoard();
    const saved = await admin.api.put<Section>(`/vision/sections/${section('Core Focus').id}`, {
      description:
        '<p onclick="alert(1)">Hi<script>alert(2)</script><img src=x onerror=alert(3)><a href="javascript:alert(4)">x</a><iframe src="https://evil.test"></iframe></p>',
      version: 1,
    });
    const html = saved.body.result.description;
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
    expect(html).toContain('Hi');
    const titled = await admin.api.post<Section>(`/vision/templates/${section('Core Focus').templateId}/sections`, {
      title: '<b onmouseover=alert(1)>Bold</b> title',
    });
    expect(titled.body.result.title).toBe('Bold title');
  });

  it('live sections show the goals of this quarter and the open backburner, as the caller may see them, never copied', async () => {
    const { admin, template, section } = await withBoard();
    const mate = await joinWorkspace(app, admin);
    const meeting = await createMeeting(admin, []);
    const { dateSince } = quarterRange(quarterOf(today))!;
    const goal = await admin.api.post<{ id: string }>('/tasks', {
      title: 'Ship v2',
      type: '1',
      userId: admin.userId,
      meetingIds: [meeting.id],
      dueDate: dateSince,
    });
    expect(goal.status).toBe(201);
    await admin.api.post('/tasks', {
      title: 'Old goal',
      type: '1',
      userId: admin.userId,
      meetingIds: [meeting.id],
      dueDate: '2001-01-01',
    });
    const issue = await admin.api.post<{ id: string }>('/tasks', {
      title: 'Office move',
      type: '5',
      userId: admin.userId,
      meetingIds: [meeting.id],
    });
    expect(issue.status).toBe(201);
    const read = async (who: SignedUp) => (await who.api.get<Template>(`/vision/templates/${template.id}`)).body.result;
    const board = await read(admin);
    const goals = board.sections.find((s) => s.id === section('Quarterly Goals').id)!;
    expect(goals.items?.map((i) => i.title)).toEqual(['Ship v2']);
    expect(goals.items?.[0]).toMatchObject({ statusName: 'On Track', dueDate: dateSince });
    expect(board.sections.find((s) => s.kind === 'longTermIssues')?.items?.map((i) => i.title)).toEqual([
      'Office move',
    ]);
    // Not in the meeting: the mate sees none of them.
    const theirs = await read(mate);
    expect(theirs.sections.find((s) => s.kind === 'quarterlyGoals')?.items).toEqual([]);
    // Done goals leave at once: the section follows the data, it holds no copy.
    await admin.api.patch(`/tasks/${goal.body.result.id}`, { status: '1' });
    expect((await read(admin)).sections.find((s) => s.kind === 'quarterlyGoals')?.items).toEqual([]);
  });

  it("another workspace's templates and sections are 404 and nothing changes; only admins delete templates", async () => {
    const mine = await withBoard();
    const theirs = await withBoard();
    const id = theirs.section('Core Values').id;
    expect((await mine.admin.api.get(`/vision/templates/${theirs.template.id}`)).status).toBe(404);
    expect((await mine.admin.api.put(`/vision/sections/${id}`, { title: 'Mine', version: 1 })).status).toBe(404);
    // An old version does not turn it into a conflict that would tell the section exists.
    expect((await mine.admin.api.put(`/vision/sections/${id}`, { title: 'Mine', version: 7 })).status).toBe(404);
    expect((await mine.admin.api.put(`/vision/sections/${id}`, { title: 'Mine' })).status).toBe(404);
    expect((await mine.admin.api.delete(`/vision/sections/${id}`)).status).toBe(404);
    expect((await mine.admin.api.post(`/vision/templates/${theirs.template.id}/sections`, { title: 'X' })).status).toBe(
      404,
    );
    expect(
      (await mine.admin.api.post('/vision/templates', { title: 'Steal', fromTemplateId: theirs.template.id })).status,
    ).toBe(404);
    expect((await mine.admin.api.delete(`/vision/templates/${theirs.template.id}`)).status).toBe(404);
    const still = (await theirs.admin.api.get<Template>(`/vision/templates/${theirs.template.id}`)).body.result;
    expect(still.sections.find((s) => s.id === id)).toMatchObject({ title: 'Core Values', version: 1 });
    const mate = await joinWorkspace(app, mine.admin);
    expect((await mate.api.delete(`/vision/templates/${mine.template.id}`)).status).toBe(403);
    expect((await mine.admin.api.delete(`/vision/templates/${mine.template.id}`)).status).toBe(200);
  });

  it('exports a PDF on A4 and Letter, and tells the workspace (only) about edits', async () => {
    const { admin, template, section } = await withBoard();
    for (const paper of ['A4', 'LETTER']) {
      const pdf = await app.inject({
        method: 'GET',
        url: `/api/v2/vision/templates/${template.id}/export?paper=${paper}`,
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const mate = await joinWorkspace(app, admin);
    const stranger = await signUp(app);
    const watching = await connect(baseUrl, mate.token);
    const outside = await connect(baseUrl, stranger.token);
    try {
      await admin.api.put(`/vision/sections/${section('Core Values').id}`, { title: 'Values', version: 1 });
      await eventually(() =>
        watching.received.some((m) => m.type === 'vision.changed' && (m.data as { version: number }).version === 2),
      );
      await settle();
      expect(outside.received.filter((m) => m.type === 'vision.changed')).toEqual([]);
    } finally {
      watching.socket.close();
      outside.socket.close();
    }
  });
});
