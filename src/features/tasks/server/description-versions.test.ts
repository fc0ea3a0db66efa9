import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { createMeeting, joinWorkspace, signUp } from '../../../../test/factories.ts';
import { tasksMessages } from '../tasks.messages.ts';
import type { Task } from '../tasks.schemas.ts';

// Two people editing one card's description: a save typed over a description someone has since
// replaced is refused, and writes nothing of the change.

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const setup = async () => {
  const owner = await signUp(app);
  const mate = await joinWorkspace(app, owner);
  const meeting = await createMeeting(owner, [mate.userId]);
  const card = await owner.api.post<Task>('/tasks', {
    title: 'Write the launch plan',
    userId: owner.userId,
    meetingIds: [meeting.id],
    description: '<p>Draft</p>',
  });
  expect(card.status).toBe(201);
  return { owner, mate, id: card.body.result.id };
};

describe('a card description typed over an old version', () => {
  it('is refused with 409 and changes nothing; typed over the current one it is saved', async () => {
    const { owner, mate, id } = await setup();
    const first = await owner.api.patch<Task>(`/tasks/${id}`, {
      description: '<p>Olga’s plan</p>',
      descriptionBase: '<p>Draft</p>',
    });
    expect(first.status).toBe(200);
    // Bea typed over "Draft" too; her save comes second, with a title change in the same request.
    const refused = await mate.api.patch(`/tasks/${id}`, {
      title: 'Renamed',
      description: '<p>Bea’s plan</p>',
      descriptionBase: '<p>Draft</p>',
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ status: 'fail', message: tasksMessages.descriptionChangedMeanwhile });
    const now = (await owner.api.get<Task>(`/tasks/${id}`)).body.result;
    expect(now.description).toBe('<p>Olga’s plan</p>');
    expect(now.title).toBe('Write the launch plan');

    // She keeps hers on purpose, over the version she now sees.
    const kept = await mate.api.patch<Task>(`/tasks/${id}`, {
      description: '<p>Bea’s plan</p>',
      descriptionBase: now.description,
    });
    expect(kept.status).toBe(200);
    expect(kept.body.result.description).toBe('<p>Bea’s plan</p>');
    // The same text as stored is no conflict; without a base the last save wins, as before.
    expect(
      (await owner.api.patch(`/tasks/${id}`, { description: '<p>Bea’s plan</p>', descriptionBase: '<p>x</p>' })).status,
    ).toBe(200);
    expect((await owner.api.patch(`/tasks/${id}`, { description: '<p>Plain</p>' })).status).toBe(200);
    // Other fields never conflict: a base only matters with a description.
    expect((await owner.api.patch(`/tasks/${id}`, { title: 'T', descriptionBase: '<p>old</p>' })).status).toBe(200);
  });

  it('two saves over the same version at the same moment: one is written, the other refused', async () => {
    const { owner, mate, id } = await setup();
    const answers = await Promise.all([
      owner.api.patch(`/tasks/${id}`, { description: '<p>One</p>', descriptionBase: '<p>Draft</p>' }),
      mate.api.patch(`/tasks/${id}`, { description: '<p>Two</p>', descriptionBase: '<p>Draft</p>' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });
});
