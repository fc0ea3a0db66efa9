import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { createMeeting, joinWorkspace, type SignedUp, signUp } from '../../../../test/factories.ts';
import type { GoalCardChoices, GoalKpiChoices, Milestones } from '../milestones.schemas.ts';
import { tasksMessages } from '../tasks.messages.ts';
import type { Task } from '../tasks.schemas.ts';

// The progress dialog's choices: the KPIs and open cards of every meeting of a goal the caller
// sees, a page at a time; a KPI of another meeting refused with its field, another workspace's
// or an unseen meeting's ids 404 with nothing changed.

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const kpi = async (who: SignedUp, meetingId: string, title: string, goal = '>=', score = '100') => {
  const made = await who.api.post<{ id: string }>(`/meetings/${meetingId}/scores`, {
    title,
    userId: who.userId,
    goal,
    score,
    type: 'number',
  });
  expect(made.status).toBe(201);
  return made.body.result.id;
};

const card = async (who: SignedUp, body: Record<string, unknown>) => {
  const made = await who.api.post<Task>('/tasks', { type: '4', userId: who.userId, ...body });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.result.id;
};

/** Lea leads Ops (with Mo) and Sales; the goal is in both; Other is hers too, not the goal's. */
const world = async () => {
  const lea = await signUp(app, { firstName: 'Lea' });
  const mo = await joinWorkspace(app, lea, { firstName: 'Mo' });
  const sam = await joinWorkspace(app, lea, { firstName: 'Sam' });
  const ops = await createMeeting(lea, [mo.userId], { title: 'Ops weekly' });
  const sales = await createMeeting(lea, [], { title: 'Sales weekly' });
  const other = await createMeeting(lea, [], { title: 'Another meeting' });
  const goal = (
    await lea.api.post<Task>('/tasks', {
      title: 'Open the Lisbon office',
      type: '1',
      userId: lea.userId,
      meetingIds: [ops.id, sales.id],
      dueDate: '2026-12-31',
    })
  ).body.result;
  const kpis = {
    leads: await kpi(lea, sales.id, 'Leads a week'),
    calls: await kpi(lea, sales.id, 'Calls made', '>=', '40'),
    costs: await kpi(lea, ops.id, 'Costs', '<=', '5000'),
    other: await kpi(lea, other.id, 'Not this one'),
  };
  return { lea, mo, sam, ops, sales, other, goal, kpis };
};

describe('a goal’s progress choices', () => {
  it('lists the KPIs of every meeting of the goal the caller sees, by meeting, paged and searched', async () => {
    const { lea, mo, goal, ops, sales, kpis } = await world();
    const list = async (who: SignedUp, query = '') =>
      who.api.get<GoalKpiChoices>(`/tasks/${goal.id}/progress-choices/kpis${query}`);

    const all = (await list(lea)).body.result;
    expect(all.items.map((k) => [k.title, k.meetingTitle, k.comparator, k.target])).toEqual([
      ['Costs', 'Ops weekly', '<=', '5000'],
      ['Leads a week', 'Sales weekly', '>=', '100'],
      ['Calls made', 'Sales weekly', '>=', '40'],
    ]);
    expect([all.total, all.offset]).toEqual([3, 0]);
    expect(all.items[0]).toEqual({
      id: kpis.costs,
      title: 'Costs',
      meetingId: ops.id,
      meetingTitle: 'Ops weekly',
      comparator: '<=',
      target: '5000',
    });
    expect(all.items[1]!.meetingId).toBe(sales.id);
    // A page at a time, with the total; past the end, none and the same total.
    const second = (await list(lea, '?offset=1&limit=1')).body.result;
    expect([second.items.map((k) => k.title), second.total]).toEqual([['Leads a week'], 3]);
    expect((await list(lea, '?offset=10')).body.result).toEqual({ items: [], total: 3, offset: 10 });
    // Words of the title, any case; a % is a character like any other.
    expect((await list(lea, '?q=LEADS')).body.result.items.map((k) => k.id)).toEqual([kpis.leads]);
    expect((await list(lea, '?q=%25')).body.result.total).toBe(0);
    // Mo attends Ops only: Sales' KPIs are not his to see.
    expect((await list(mo)).body.result.items.map((k) => k.title)).toEqual(['Costs']);

    for (const bad of ['?limit=0', '?limit=101', '?offset=-1', `?q=${'x'.repeat(101)}`, '?limit=ten']) {
      const answer = await list(lea, bad);
      expect([bad, answer.status, answer.body.status]).toEqual([bad, 400, 'fail']);
    }
  });

  it('lists the open cards of those meetings and their boards, less goals and done cards', async () => {
    const { lea, mo, goal, ops, sales } = await world();
    const board = await lea.api.post<{ id: string }>('/boards', {
      name: 'Sprint',
      meetingIds: [sales.id],
      lists: ['To do'],
    });
    expect(board.status).toBe(201);
    const paint = await card(lea, { title: 'Paint the walls', meetingIds: [ops.id] });
    const wire = await card(lea, { title: 'wire the office', meetingIds: [sales.id] });
    const spec = await card(lea, { title: 'Write the spec', meetingIds: [], boardId: board.body.result.id });
    const done = await card(lea, { title: 'Find a lawyer', meetingIds: [ops.id] });
    expect((await lea.api.patch(`/tasks/${done}`, { status: '1' })).status).toBe(200);
    await card(lea, { title: 'Another goal', type: '1', meetingIds: [ops.id] });
    // One already counts in another goal: it says which.
    const second = await lea.api.post<Task>('/tasks', {
      title: 'Second goal',
      type: '1',
      userId: lea.userId,
      meetingIds: [ops.id],
    });
    await lea.api.put(`/tasks/${second.body.result.id}/progress-sources`, { cardIds: [paint], kpi: null });

    const list = async (who: SignedUp, query = '') =>
      (await who.api.get<GoalCardChoices>(`/tasks/${goal.id}/progress-choices/cards${query}`)).body.result;
    const all = await list(lea);
    expect(all.items).toEqual([
      { id: paint, title: 'Paint the walls', countsInGoalId: second.body.result.id },
      { id: wire, title: 'wire the office', countsInGoalId: null },
      { id: spec, title: 'Write the spec', countsInGoalId: null },
    ]);
    expect(all.total).toBe(3);
    expect((await list(lea, '?q=the%20office')).items.map((c) => c.id)).toEqual([wire]);
    expect((await list(lea, '?limit=2&offset=2')).items.map((c) => c.id)).toEqual([spec]);
    // Mo sees Ops' cards only.
    expect((await list(mo)).items.map((c) => c.title)).toEqual(['Paint the walls']);
  });

  it('refuses a KPI of a meeting the goal is not in (400, kpi) and one the caller does not see (404)', async () => {
    const { lea, mo, goal, kpis } = await world();
    const put = (who: SignedUp, body: Record<string, unknown>) =>
      who.api.put<Milestones>(`/tasks/${goal.id}/progress-sources`, body);
    const sources = async () =>
      (await lea.api.get<Milestones>(`/tasks/${goal.id}/milestones`)).body.result.sources.kpi?.scoreId ?? null;

    const outside = await put(lea, { cardIds: [], kpi: { scoreId: kpis.other, target: '1' } });
    expect([outside.status, outside.body.errors]).toEqual([400, { kpi: tasksMessages.progressKpiNotOfGoal }]);
    expect(await sources()).toBeNull();
    // Mo attends Ops, not Sales: a Sales KPI is none of his.
    const unseen = await put(mo, { cardIds: [], kpi: { scoreId: kpis.leads, target: '1' } });
    expect([unseen.status, unseen.body.status]).toEqual([404, 'fail']);
    expect(await sources()).toBeNull();
    // Lea links it; Mo may still save the goal's sources keeping it as it is.
    expect((await put(lea, { cardIds: [], kpi: { scoreId: kpis.leads, target: '200' } })).status).toBe(200);
    const kept = await put(mo, { cardIds: [], kpi: { scoreId: kpis.leads, target: '150' } });
    expect([kept.status, kept.body.result.sources.kpi?.target]).toEqual([200, '150']);
    expect((await put(mo, { cardIds: [], kpi: { scoreId: kpis.costs, target: '4000' } })).status).toBe(200);
    expect(await sources()).toBe(kpis.costs);
  });

  it('answers 404 for another workspace, a goal the caller does not see and an id of nothing; 400 for a card that is no goal', async () => {
    const { lea, sam, goal, ops } = await world();
    const eve = await signUp(app, { firstName: 'Eve' });
    const todo = await card(lea, { title: 'Call', meetingIds: [ops.id] });
    for (const kind of ['kpis', 'cards']) {
      for (const [who, id] of [
        [eve, goal.id],
        [sam, goal.id],
        [lea, '00000000-0000-4000-8000-000000000000'],
      ] as const) {
        const answer = await who.api.get(`/tasks/${id}/progress-choices/${kind}`);
        expect([kind, answer.status, answer.body.status]).toEqual([kind, 404, 'fail']);
      }
      const notGoal = await lea.api.get(`/tasks/${todo}/progress-choices/${kind}`);
      expect([notGoal.status, notGoal.body.message]).toEqual([400, tasksMessages.milestonesGoalsOnly]);
      // A path id that names nothing is no record: 404 like any other.
      expect((await lea.api.get(`/tasks/not-an-id/progress-choices/${kind}`)).status).toBe(404);
    }
    // A goal of no meeting has nothing to choose from.
    const own = await lea.api.post<Task>('/tasks', { title: 'Mine', type: '1', userId: lea.userId, meetingIds: [] });
    expect(
      (await lea.api.get<GoalKpiChoices>(`/tasks/${own.body.result.id}/progress-choices/kpis`)).body.result,
    ).toEqual({ items: [], total: 0, offset: 0 });
  });
});
