import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { createMeeting, joinWorkspace, signUp } from '../../../../test/factories.ts';
import { messages } from '../../../shared/messages.ts';
import type { Board, BoardList } from '../../boards/boards.schemas.ts';
import type { Task } from '../tasks.schemas.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

/**
 * Ada leads two meetings: "Leadership" with Ben and Cy, "Sales" with Ben only, which has its
 * own board. A card of Leadership is watched by Ben and Cy, and Cy is also one of its members
 * on request.
 */
const setup = async (options: { cyIsMember?: boolean } = {}) => {
  const ada = await signUp(app, { firstName: 'Ada' });
  const ben = await joinWorkspace(app, ada, { firstName: 'Ben' });
  const cy = await joinWorkspace(app, ada, { firstName: 'Cy' });
  const leadership = await createMeeting(ada, [ben.userId, cy.userId]);
  const sales = await createMeeting(ada, [ben.userId], { title: 'Sales' });
  const board = (await ada.api.post<Board>('/boards', { name: 'Pipeline', meetingIds: [sales.id], lists: ['Open'] }))
    .body.result;
  const [list] = (await ada.api.get<BoardList[]>(`/boards/${board.id}/task-types`)).body.result;
  const created = await ada.api.post<Task>('/tasks', {
    title: 'Follow up',
    userId: ada.userId,
    meetingIds: [leadership.id],
    members: options.cyIsMember ? [ada.userId, cy.userId] : [ada.userId],
    watchers: [ben.userId, cy.userId],
  });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  return { ada, ben, cy, sales, board, list: list!, task: created.body.result };
};

describe('a card moved or copied to a board of another meeting', () => {
  it('keeps the watchers who are in the new meeting and drops the others', async () => {
    const { ada, ben, cy, board, list, task } = await setup();
    expect(task.watchers.sort()).toEqual([ben.userId, cy.userId].sort());

    const moved = await ada.api.post<Task>(`/tasks/${task.id}/move`, { boardId: board.id, taskTypeId: list.id });
    expect(moved.status).toBe(200);
    expect(moved.body.result.watchers).toEqual([ben.userId]);
    expect((await ada.api.get<string[]>(`/tasks/${task.id}/watchers`)).body.result).toEqual([ben.userId]);
    // Cy is in neither the card's meeting nor its board's any more: the card is gone for them.
    expect((await cy.api.get(`/tasks/${task.id}`)).status).toBe(404);
    expect((await ben.api.get(`/tasks/${task.id}`)).status).toBe(200);
  });

  it('gives a copy only the watchers who are in the new meeting; the original keeps its own', async () => {
    const { ada, ben, cy, board, list, task } = await setup();
    const copy = await ada.api.post<Task>(`/tasks/${task.id}/copy`, { boardId: board.id, taskTypeId: list.id });
    expect(copy.status).toBe(201);
    expect(copy.body.result.watchers).toEqual([ben.userId]);
    expect((await cy.api.get(`/tasks/${copy.body.result.id}`)).status).toBe(404);
    const original = (await ada.api.get<Task>(`/tasks/${task.id}`)).body.result;
    expect(original.watchers.sort()).toEqual([ben.userId, cy.userId].sort());
  });

  it('asks before unassigning a member who is not in the new meeting, then drops them as member and watcher', async () => {
    const { ada, ben, cy, board, list, task } = await setup({ cyIsMember: true });
    const ask = await ada.api.post(`/tasks/${task.id}/move`, { boardId: board.id, taskTypeId: list.id });
    expect(ask.status).toBe(409);
    expect(ask.body.message).toBe(messages.membersNotInMeeting);
    const unchanged = (await ada.api.get<Task>(`/tasks/${task.id}`)).body.result;
    expect(unchanged).toMatchObject({ boardId: null, members: expect.arrayContaining([cy.userId]) });
    expect(unchanged.watchers).toContain(cy.userId);

    const moved = await ada.api.post<Task>(`/tasks/${task.id}/move`, {
      boardId: board.id,
      taskTypeId: list.id,
      confirm: true,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.result).toMatchObject({ boardId: board.id, members: [ada.userId], watchers: [ben.userId] });
  });
});
