import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { createMeeting, joinWorkspace, type SignedUp, signUp } from '../../../../test/factories.ts';
import type { NotificationPage } from '../../notifications/notifications.schemas.ts';
import { tasksMessages } from '../tasks.messages.ts';
import type { Checklist, MeetingChecklistItems, MyChecklistItems, Task } from '../tasks.schemas.ts';

// Checklist items with an owner and a due date: validated like a card's people, told to the owner,
// listed among the owner's own open items (home's To Do's), ticked from there.

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

const newCard = async (who: SignedUp, meetingId: string, title: string) => {
  const made = await who.api.post<Task>('/tasks', { title, type: '4', userId: who.userId, meetingIds: [meetingId] });
  expect(made.status).toBe(201);
  return made.body.result;
};
const newChecklist = async (who: SignedUp, taskId: string) =>
  (await who.api.post<Checklist>('/checklists', { taskId, title: 'Steps' })).body.result;
const mine = async (who: SignedUp, query = '') =>
  (await who.api.get<MyChecklistItems>(`/checklist-items/mine${query}`)).body.result;

describe('checklist items with an owner and a due date', () => {
  it('are assigned to someone of the card’s meetings, told to them, and listed among their open items', async () => {
    const lea = await signUp(app, { firstName: 'Lea' });
    const mo = await joinWorkspace(app, lea, { firstName: 'Mo' });
    const cy = await joinWorkspace(app, lea, { firstName: 'Cy' });
    const ops = await createMeeting(lea, [mo.userId]);
    const sales = await createMeeting(lea, [mo.userId]);
    const deck = await newCard(lea, ops.id, 'Prepare the board deck');
    const pitch = await newCard(lea, sales.id, 'Pitch Acme');
    const steps = await newChecklist(lea, deck.id);
    const add = (checklistId: string, body: Record<string, unknown>) =>
      lea.api.post<Checklist>('/checklist-items', { checklistId, ...body });

    const numbers = await add(steps.id, { title: 'Pull the numbers', ownerId: mo.userId, dueDate: '2026-03-02' });
    expect(numbers.status).toBe(201);
    expect(numbers.body.result.items[0]).toMatchObject({ ownerId: mo.userId, dueDate: '2026-03-02', status: '0' });
    await add(steps.id, { title: 'Write the summary', ownerId: mo.userId });
    await add(steps.id, { title: 'Nobody’s', dueDate: '2026-03-01' });
    const pitchSteps = await newChecklist(lea, pitch.id);
    await add(pitchSteps.id, { title: 'Book the room', ownerId: mo.userId, dueDate: '2026-02-20' });

    // Told once each, by who did it.
    const told = (await mo.api.get<NotificationPage>('/notifications')).body.result.items.filter(
      (n) => n.kind === 'checklistItemOwner',
    );
    expect(told.map((n) => n.message)).toContain(
      tasksMessages.notificationChecklistItemOwner('Lea Person', 'Pull the numbers', 'Prepare the board deck'),
    );
    expect(told).toHaveLength(3);

    // Mo's open items, soonest first (undated last); the avatar strip hides a meeting's.
    const all = await mine(mo);
    expect(all.items.map((i) => [i.title, i.dueDate, i.taskTitle])).toEqual([
      ['Book the room', '2026-02-20', 'Pitch Acme'],
      ['Pull the numbers', '2026-03-02', 'Prepare the board deck'],
      ['Write the summary', null, 'Prepare the board deck'],
    ]);
    expect(all.total).toBe(3);
    expect((await mine(mo, `?hiddenMeetingIds=${sales.id}`)).items.map((i) => i.title)).toEqual([
      'Pull the numbers',
      'Write the summary',
    ]);
    expect((await mine(lea)).items).toEqual([]);
    // The live To-Do review of a meeting: its cards' owned open items, whoever owns them.
    const ofMeeting = async (who: SignedUp, meetingId: string) =>
      await who.api.get<MeetingChecklistItems>(`/checklist-items?meetingId=${meetingId}`);
    const opsItems = (await ofMeeting(lea, ops.id)).body.result;
    expect(opsItems.items.map((i) => [i.title, i.ownerId])).toEqual([
      ['Pull the numbers', mo.userId],
      ['Write the summary', mo.userId],
    ]);
    expect((await ofMeeting(cy, ops.id)).status).toBe(404);
    expect((await lea.api.get('/checklist-items?meetingId=nope')).status).toBe(400);

    // Ticked from home: off the list, and ticked on the card too.
    const first = all.items[1]!;
    const tick = await mo.api.put(`/checklist-items/${first.id}`, { status: '1' });
    expect(tick.status, JSON.stringify(tick.body)).toBe(200);
    expect((await mine(mo)).items.map((i) => i.title)).not.toContain('Pull the numbers');
    const onCard = (await lea.api.get<Checklist[]>(`/tasks/${deck.id}/checklists`)).body.result[0]!;
    expect(onCard.items.find((i) => i.id === first.id)?.status).toBe('1');
    // A card done takes its items off the list.
    expect((await lea.api.patch(`/tasks/${pitch.id}`, { status: '1' })).status).toBe(200);
    expect((await mine(mo)).items.map((i) => i.title)).toEqual(['Write the summary']);

    // Changed owner and date; cleared.
    const summary = onCard.items.find((i) => i.title === 'Write the summary')!;
    const moved = await lea.api.put<Checklist>(`/checklist-items/${summary.id}`, {
      ownerId: lea.userId,
      dueDate: '2026-04-01',
    });
    expect(moved.body.result.items.find((i) => i.id === summary.id)).toMatchObject({
      ownerId: lea.userId,
      dueDate: '2026-04-01',
    });
    expect((await mine(lea)).items.map((i) => i.title)).toEqual(['Write the summary']);
    const cleared = await lea.api.put<Checklist>(`/checklist-items/${summary.id}`, { ownerId: null, dueDate: null });
    expect(cleared.body.result.items.find((i) => i.id === summary.id)).toMatchObject({ ownerId: null, dueDate: null });

    // Refused with the field named: someone outside the card's meetings, an impossible date.
    const outsider = await add(steps.id, { title: 'x', ownerId: cy.userId });
    expect([outsider.status, outsider.body.errors?.ownerId]).toEqual([400, tasksMessages.notAssignable]);
    const impossible = await add(steps.id, { title: 'x', dueDate: '2026-02-30' });
    expect([impossible.status, Object.keys(impossible.body.errors ?? {})]).toEqual([400, ['dueDate']]);
    expect((await mo.api.get('/checklist-items/mine?hiddenMeetingIds=nope')).status).toBe(400);
  });

  it('answers 404 for another workspace’s person in the body and changes nothing', async () => {
    const lea = await signUp(app, { firstName: 'Lea' });
    const eve = await signUp(app, { firstName: 'Eve' });
    const meeting = await createMeeting(lea);
    const card = await newCard(lea, meeting.id, 'Prepare the board deck');
    const steps = await newChecklist(lea, card.id);
    const made = await lea.api.post<Checklist>('/checklist-items', {
      checklistId: steps.id,
      title: 'Pull the numbers',
    });
    const item = made.body.result.items[0]!;
    expect(
      (await lea.api.post('/checklist-items', { checklistId: steps.id, title: 'x', ownerId: eve.userId })).status,
    ).toBe(404);
    expect((await lea.api.put(`/checklist-items/${item.id}`, { ownerId: eve.userId })).status).toBe(404);
    // Eve's own ids: the item is not hers to change.
    expect((await eve.api.put(`/checklist-items/${item.id}`, { ownerId: eve.userId })).status).toBe(404);
    const after = (await lea.api.get<Checklist[]>(`/tasks/${card.id}/checklists`)).body.result[0]!;
    expect(after.items).toEqual([item]);
    expect((await mine(eve)).items).toEqual([]);
    expect((await eve.api.get(`/checklist-items?meetingId=${meeting.id}`)).status).toBe(404);
  });
});
