import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { createMeeting, joinWorkspace, type SignedUp, signUp } from '../../../../test/factories.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import { quarterOf, quarterRange } from '../../../shared/kpis.ts';
import type { RealtimeMessage } from '../../../shared/realtime.ts';
import type { Template } from '../vision.schemas.ts';

// The vision board's live sections follow goals and backburner items live for every viewer who
// may see them, also one in none of the cards' meeting rooms (the board page joins none), and
// for nobody else (decision 057).

let app: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  app = await testApp();
  baseUrl = await listen(app);
});
afterAll(() => app.close());

const today = new Date().toISOString().slice(0, 10);
const cardEvents = (received: RealtimeMessage[]) =>
  received.filter((m) => m.type.startsWith('task.')).map((m) => ({ type: m.type, data: m.data }));
const seen = (id: string) => ({ type: 'task.visibleChanged', data: { id } });

describe('live sections in real time', () => {
  it('tell every viewer allowed to see a goal or backburner item that it changed, and nobody else', async () => {
    const ada = await signUp(app, { firstName: 'Ada' }); // admin
    const ben = await joinWorkspace(app, ada, { firstName: 'Ben' }); // in the goal's meeting
    const cy = await joinWorkspace(app, ada, { firstName: 'Cy' }); // in the workspace, not in the meeting
    const eve = await signUp(app, { firstName: 'Eve' }); // another workspace
    const board = await ada.api.post<Template>('/vision/templates', { title: 'Our V/TO', catalogKey: 'vto' });
    const meeting = await createMeeting(ada, [ben.userId]);
    const { dateSince } = quarterRange(quarterOf(today))!;
    const goal = await ada.api.post<{ id: string }>('/tasks', {
      title: 'Ship v2',
      type: '1',
      userId: ada.userId,
      meetingIds: [meeting.id],
      dueDate: dateSince,
    });
    expect(goal.status).toBe(201);
    const id = goal.body.result.id;
    const goalsOf = async (who: SignedUp) =>
      (await who.api.get<Template>(`/vision/templates/${board.body.result.id}`)).body.result.sections
        .find((s) => s.kind === 'quarterlyGoals')
        ?.items?.map((item) => item.title);
    expect(await goalsOf(ben)).toEqual(['Ship v2']);
    expect(await goalsOf(cy)).toEqual([]);

    // Sockets as the vision page has them: signed in, in no meeting's room.
    const benSocket = await connect(baseUrl, ben.token);
    const cySocket = await connect(baseUrl, cy.token);
    const eveSocket = await connect(baseUrl, eve.token);

    expect((await ada.api.patch(`/tasks/${id}`, { title: 'Ship v2.1' })).status).toBe(200);
    await eventually(() => cardEvents(benSocket.received).length > 0);
    expect(cardEvents(benSocket.received)).toEqual([seen(id)]);
    expect(await goalsOf(ben)).toEqual(['Ship v2.1']);

    // A card Ben is taken off (out of the meeting): he hears of it once more, as it leaves his board.
    const other = await createMeeting(ada, []);
    const moved = await ada.api.post(`/tasks/${id}/move`, { meetingIds: [other.id], confirm: true });
    expect(moved.status).toBe(200);
    await eventually(() => cardEvents(benSocket.received).length > 1);
    expect(await goalsOf(ben)).toEqual([]);
    // From now on he may not see it: its changes no longer reach him.
    expect((await ada.api.patch(`/tasks/${id}`, { title: 'Ship v3' })).status).toBe(200);
    expect((await ada.api.delete(`/tasks/${id}`)).status).toBe(200);

    // A to-do is in no live section: no such event for it.
    const todo = await ada.api.post<{ id: string }>('/tasks', {
      title: 'Buy milk',
      type: '4',
      userId: ada.userId,
      meetingIds: [meeting.id],
    });
    expect(todo.status).toBe(201);
    await settle();
    expect(cardEvents(benSocket.received)).toEqual([seen(id), seen(id)]);
    expect(cardEvents(cySocket.received)).toEqual([]);
    expect(cardEvents(eveSocket.received)).toEqual([]);
    for (const s of [benSocket, cySocket, eveSocket]) s.socket.close();
  });
});
