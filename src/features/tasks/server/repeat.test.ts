import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { createMeeting, joinWorkspace, type SignedUp, signUp } from '../../../../test/factories.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import { openPostgres } from '../../../db/client.ts';
import { jobDepsOf } from '../../../server/jobs/jobTransaction.ts';
import type { Board, BoardDetail, Label } from '../../boards/boards.schemas.ts';
import { tasksMessages } from '../tasks.messages.ts';
import type { Checklist, Task, TaskPage } from '../tasks.schemas.ts';
import { makeDueOccurrences } from './repeat.job.ts';

// Repeating to-dos and cards: the next occurrence when one is done or its date has passed,
// made once whoever makes it, with the series' content; edits of this one or of the next ones;
// stopping; bad rules; tenancy. Dates are years ahead so that "today" never gets in the way.

let app: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  app = await testApp();
  baseUrl = await listen(app);
});
afterAll(() => app.close());

const todo = async (who: SignedUp, meetingId: string, extra: Record<string, unknown> = {}) => {
  const made = await who.api.post<Task>('/tasks', {
    title: 'Send the weekly report',
    type: '4',
    userId: who.userId,
    meetingIds: [meetingId],
    ...extra,
  });
  expect(made.status).toBe(201);
  return made.body.result;
};
const repeat = (who: SignedUp, id: string, rule: Record<string, unknown>) =>
  who.api.put<Task>(`/tasks/${id}/repeat`, rule);
/** The series' occurrences (the caller's action items of the meeting), by due date. */
const occurrences = async (who: SignedUp, meetingId: string, title = 'Send the weekly report') =>
  (await who.api.get<TaskPage>(`/tasks?meetingId=${meetingId}&size=100`)).body.result.items
    .filter((t) => t.title === title)
    .sort((a, b) => (a.dueDate ?? '').localeCompare(b.dueDate ?? ''));
const tick = (who: SignedUp, id: string, status: '0' | '1' = '1') => who.api.patch<Task>(`/tasks/${id}`, { status });

describe('repeating to-dos', () => {
  it('makes the next week’s to-do when this one is done, with its content and a fresh checklist, once', async () => {
    const lea = await signUp(app, { firstName: 'Lea' });
    const mo = await joinWorkspace(app, lea, { firstName: 'Mo' });
    const meeting = await createMeeting(lea, [mo.userId]);
    // 2030-01-07 is a Monday.
    const report = await todo(lea, meeting.id, { dueDate: '2030-01-07', members: [lea.userId, mo.userId] });
    const list = (await lea.api.post<Checklist>('/checklists', { taskId: report.id, title: 'Steps' })).body.result;
    await lea.api.post('/checklist-items', {
      checklistId: list.id,
      title: 'Pull numbers',
      ownerId: mo.userId,
      dueDate: '2030-01-06',
    });
    const item = (await lea.api.post<Checklist>('/checklist-items', { checklistId: list.id, title: 'Mail it' })).body
      .result.items[1]!;
    await lea.api.patch(`/checklist-items/${item.id}`, { status: '1' });

    const set = await repeat(lea, report.id, { frequency: 'weekly', weekdays: [1] });
    expect(set.status).toBe(200);
    expect(set.body.result).toMatchObject({ repeats: true, dueDate: '2030-01-07' });
    expect(set.body.result.repeat).toMatchObject({
      frequency: 'weekly',
      interval: 1,
      weekdays: [1],
      advance: 'done',
      startsOn: '2030-01-07',
      lastOn: null,
    });

    expect((await tick(mo, report.id)).status).toBe(200);
    const [first, next] = await occurrences(lea, meeting.id);
    expect(first).toMatchObject({ id: report.id, status: '1' });
    expect(next).toMatchObject({
      dueDate: '2030-01-14',
      status: '0',
      userId: lea.userId,
      meetingIds: [meeting.id],
      repeats: true,
      checklist: { done: 0, total: 2 },
    });
    expect(next!.members.sort()).toEqual([lea.userId, mo.userId].sort());
    const items = (await lea.api.get<Checklist[]>(`/tasks/${next!.id}/checklists`)).body.result[0]!.items;
    // The item's date keeps its distance from the card's (a day before).
    expect(items.map((i) => [i.title, i.status, i.ownerId, i.dueDate])).toEqual([
      ['Pull numbers', '0', mo.userId, '2030-01-13'],
      ['Mail it', '0', null, null],
    ]);

    // Reopened and done again: still one next occurrence.
    await tick(lea, report.id, '0');
    await tick(lea, report.id);
    expect((await occurrences(lea, meeting.id)).map((t) => t.dueDate)).toEqual(['2030-01-07', '2030-01-14']);
  });

  it('repeats a card on its board list with its labels', async () => {
    const lea = await signUp(app, { firstName: 'Lea' });
    const meeting = await createMeeting(lea);
    const made = await lea.api.post<Board>('/boards', {
      name: 'Ops',
      meetingIds: [meeting.id],
      lists: ['To do', 'Done'],
    });
    const board = {
      id: made.body.result.id,
      ...(await lea.api.get<BoardDetail>(`/boards/${made.body.result.id}`)).body.result,
    };
    const label = (await lea.api.post<Label>('/labels', { name: 'Finance', boardId: board.id })).body.result;
    const card = await todo(lea, meeting.id, {
      title: 'Pay the rent',
      dueDate: '2031-01-31',
      boardId: board.id,
      taskTypeId: board.lists[0]!.id,
      labelIds: [label.id],
      showInTasks: '0',
    });
    expect((await repeat(lea, card.id, { frequency: 'monthly', monthDay: 31 })).status).toBe(200);
    expect((await tick(lea, card.id)).status).toBe(200);
    const next = (await lea.api.get<TaskPage>(`/tasks?inTasks=false&size=100&meetingId=${meeting.id}`)).body.result;
    const open = next.items.filter((t) => t.title === 'Pay the rent' && t.status === '0');
    expect(open.map((t) => [t.dueDate, t.taskTypeId, t.labelIds])).toEqual([
      ['2031-02-28', board.lists[0]!.id, [label.id]],
    ]);
    // The 31st comes back where a month has it.
    await tick(lea, open[0]!.id);
    const later = (await lea.api.get<TaskPage>(`/tasks?inTasks=false&size=100&meetingId=${meeting.id}&state=active`))
      .body.result.items;
    expect(later.filter((t) => t.title === 'Pay the rent').map((t) => t.dueDate)).toEqual(['2031-03-31']);
  });

  it('ends after a number of times or on a date, and stops when asked', async () => {
    const lea = await signUp(app, { firstName: 'Lea' });
    const meeting = await createMeeting(lea);
    const daily = await todo(lea, meeting.id, { title: 'Standup notes', dueDate: '2030-02-01' });
    await repeat(lea, daily.id, { frequency: 'daily', count: 2 });
    await tick(lea, daily.id);
    const [, second] = await occurrences(lea, meeting.id, 'Standup notes');
    expect(second!.dueDate).toBe('2030-02-02');
    await tick(lea, second!.id);
    expect((await occurrences(lea, meeting.id, 'Standup notes')).length).toBe(2);

    const stopped = await todo(lea, meeting.id, { title: 'Water plants', dueDate: '2030-02-01' });
    await repeat(lea, stopped.id, { frequency: 'daily', interval: 3 });
    const answer = await lea.api.delete<Task>(`/tasks/${stopped.id}/repeat`);
    expect(answer.status).toBe(200);
    expect(answer.body.result).toMatchObject({ repeats: false, repeat: null });
    await tick(lea, stopped.id);
    expect((await occurrences(lea, meeting.id, 'Water plants')).length).toBe(1);
  });

  it('gives a new occurrence without a due date the rule’s first date from today', async () => {
    const lea = await signUp(app, { firstName: 'Lea' });
    const meeting = await createMeeting(lea);
    const undated = await todo(lea, meeting.id, { title: 'Undated' });
    const set = (await repeat(lea, undated.id, { frequency: 'daily' })).body.result;
    expect(set.dueDate).toBe(new Date().toISOString().slice(0, 10));
  });

  it('changes this one only, or this and the next ones', async () => {
    const lea = await signUp(app, { firstName: 'Lea' });
    const meeting = await createMeeting(lea);
    const first = await todo(lea, meeting.id, { title: 'Invoice clients', dueDate: '2030-03-01' });
    await repeat(lea, first.id, { frequency: 'monthly' });
    // This one only: the next one keeps the series' title.
    await lea.api.patch(`/tasks/${first.id}`, { title: 'Invoice clients (late)' });
    await tick(lea, first.id);
    const [second] = await occurrences(lea, meeting.id, 'Invoice clients');
    expect(second!.dueDate).toBe('2030-04-01');
    // This and the next ones.
    const edited = await lea.api.patch<Task>(`/tasks/${second!.id}`, {
      title: 'Invoice all clients',
      repeatScope: 'following',
    });
    expect(edited.status).toBe(200);
    await tick(lea, second!.id);
    const third = await occurrences(lea, meeting.id, 'Invoice all clients');
    expect(third.map((t) => [t.dueDate, t.status])).toEqual([
      ['2030-04-01', '1'],
      ['2030-05-01', '0'],
    ]);
    // A deleted occurrence: the series goes on without it.
    expect((await lea.api.delete(`/tasks/${third[1]!.id}`)).status).toBe(200);
    expect((await occurrences(lea, meeting.id, 'Invoice all clients')).map((t) => t.dueDate)).toEqual([
      '2030-04-01',
      '2030-06-01',
    ]);
  });

  it('is made repeating when created, and a bad rule saves neither the card nor its series', async () => {
    const lea = await signUp(app, { firstName: 'Lea' });
    const meeting = await createMeeting(lea);
    const made = await lea.api.post<Task>('/tasks', {
      title: 'Book the cleaners',
      type: '4',
      userId: lea.userId,
      meetingIds: [meeting.id],
      dueDate: '2030-01-09',
      repeat: { frequency: 'weekly' },
    });
    expect(made.status).toBe(201);
    // Weekly without days: the due date's weekday (a Wednesday).
    expect(made.body.result.repeat).toMatchObject({ frequency: 'weekly', weekdays: [3], startsOn: '2030-01-09' });
    const refused = await lea.api.post<Task>('/tasks', {
      title: 'Never saved',
      type: '4',
      userId: lea.userId,
      meetingIds: [meeting.id],
      dueDate: '2030-01-09',
      repeat: { frequency: 'daily', endsOn: '2029-01-01' },
    });
    expect(refused.status).toBe(400);
    expect(await occurrences(lea, meeting.id, 'Never saved')).toEqual([]);
  });

  it('refuses bad rules with the field named', async () => {
    const lea = await signUp(app, { firstName: 'Lea' });
    const meeting = await createMeeting(lea);
    const card = await todo(lea, meeting.id, { dueDate: '2030-01-07' });
    const headline = await todo(lea, meeting.id, { title: 'News', type: '3', dueDate: null });
    const fails = async (body: Record<string, unknown>, field: string, id = card.id) => {
      const answer = await repeat(lea, id, body);
      const errors = (answer.body as unknown as { errors?: Record<string, string> }).errors ?? {};
      expect([answer.status, Object.keys(errors)]).toEqual([400, [field]]);
      return errors;
    };
    expect((await fails({ frequency: 'daily', count: 0 }, 'count')).count).toBe(tasksMessages.repeatCount);
    await fails({ frequency: 'daily', count: 10_000 }, 'count');
    await fails({ frequency: 'daily', interval: 0 }, 'interval');
    await fails({ frequency: 'hourly' }, 'frequency');
    await fails({ frequency: 'daily', endsOn: '2030-02-30' }, 'endsOn');
    expect((await fails({ frequency: 'daily', endsOn: '2029-12-31' }, 'endsOn')).endsOn).toBe(
      tasksMessages.repeatEndsBeforeStart('2030-01-07'),
    );
    expect((await fails({ frequency: 'daily', endsOn: '2040-01-01' }, 'endsOn')).endsOn).toBe(
      tasksMessages.repeatTooMany,
    );
    await fails({ frequency: 'weekly', weekdays: [7] }, 'weekdays.0');
    await fails({ frequency: 'daily', until: '2030-02-01' }, 'body');
    await fails({ frequency: 'daily' }, 'frequency', headline.id);
    expect((await lea.api.get<Task>(`/tasks/${card.id}`)).body.result.repeat).toBeNull();
  });

  it('answers 404 for another workspace’s card and tells only the card’s meeting', async () => {
    const lea = await signUp(app, { firstName: 'Lea' });
    const mo = await joinWorkspace(app, lea, { firstName: 'Mo' });
    const sam = await joinWorkspace(app, lea, { firstName: 'Sam' });
    const meeting = await createMeeting(lea, [mo.userId]);
    const card = await todo(lea, meeting.id, { dueDate: '2030-01-07' });
    const eve = await signUp(app, { firstName: 'Eve' });
    await repeat(lea, card.id, { frequency: 'daily' });

    for (const tried of [
      await repeat(eve, card.id, { frequency: 'weekly' }),
      await eve.api.delete(`/tasks/${card.id}/repeat`),
      await repeat(sam, card.id, { frequency: 'weekly' }),
      await eve.api.patch(`/tasks/${card.id}`, { title: 'Mine', repeatScope: 'following' }),
    ]) {
      expect(tried.status).toBe(404);
      expect(tried.body.status).toBe('fail');
    }
    const still = (await lea.api.get<Task>(`/tasks/${card.id}`)).body.result;
    expect([still.title, still.repeat?.frequency]).toEqual(['Send the weekly report', 'daily']);

    const moSocket = await connect(baseUrl, mo.token);
    const samSocket = await connect(baseUrl, sam.token);
    const eveSocket = await connect(baseUrl, eve.token);
    expect(await moSocket.socket.emitWithAck('meeting:join', meeting.id)).toEqual({ ok: true });
    const created = (s: typeof moSocket) =>
      s.received.filter((m) => m.type === 'task.changed' && (m.data as { action: string }).action === 'created');
    await tick(lea, card.id);
    await eventually(() => created(moSocket).length > 0);
    await settle();
    expect(created(samSocket)).toEqual([]);
    expect(created(eveSocket)).toEqual([]);
    for (const s of [moSocket, samSocket, eveSocket]) s.socket.close();
  });
});

describe('repeating when the due date passes', () => {
  /** Sets a series to advance on its date, for an owner in New York. */
  const dueSeries = async (title: string, dueDate: string) => {
    const lea = await signUp(app, { firstName: 'Lea' });
    await app.database.db.execute(sql`update users set timezone = 'America/New_York' where id = ${lea.userId}`);
    const meeting = await createMeeting(lea);
    const card = await todo(lea, meeting.id, { title, dueDate });
    expect((await repeat(lea, card.id, { frequency: 'weekly', advance: 'due' })).status).toBe(200);
    return { lea, meeting };
  };

  it('makes the next one once the date is over in the owner’s time zone, across daylight saving', async () => {
    // Saturday 2030-03-09; New York moves to summer time on Sunday 2030-03-10 at 07:00 UTC.
    const { lea, meeting } = await dueSeries('Check the backups', '2030-03-09');
    const dates = async () => (await occurrences(lea, meeting.id, 'Check the backups')).map((t) => t.dueDate);
    const deps = jobDepsOf(app);
    await makeDueOccurrences(deps, new Date('2030-03-10T04:30:00Z')); // 23:30 on the 9th in New York
    expect(await dates()).toEqual(['2030-03-09']);
    await makeDueOccurrences(deps, new Date('2030-03-10T05:30:00Z')); // 00:30 on the 10th
    expect(await dates()).toEqual(['2030-03-09', '2030-03-16']);
    // A week later New York is four hours behind UTC, not five.
    await makeDueOccurrences(deps, new Date('2030-03-17T03:30:00Z')); // 23:30 on the 16th
    expect(await dates()).toEqual(['2030-03-09', '2030-03-16']);
    await makeDueOccurrences(deps, new Date('2030-03-17T04:30:00Z')); // 00:30 on the 17th
    expect(await dates()).toEqual(['2030-03-09', '2030-03-16', '2030-03-23']);
    // The previous ones stay open (overdue): the team chose the date, not the tick.
    expect((await occurrences(lea, meeting.id, 'Check the backups')).map((t) => t.status)).toEqual(['0', '0', '0']);
  });

  it('makes each occurrence exactly once when two servers run the job at the same moment', async () => {
    const series = await Promise.all(
      ['Rotate keys', 'Review access', 'Renew certificates'].map((title) => dueSeries(title, '2031-06-07')),
    );
    const first = jobDepsOf(app);
    // A second server: its own connections to the same database.
    const other = process.env.DATABASE_URL ? await openPostgres(process.env.DATABASE_URL, 2) : null;
    const second = other ? { ...first, db: other.db } : first;
    try {
      const at = new Date('2031-06-09T12:00:00Z');
      const made = await Promise.all([makeDueOccurrences(first, at), makeDueOccurrences(second, at)]);
      expect(made[0] + made[1]).toBeGreaterThanOrEqual(3);
    } finally {
      await other?.close();
    }
    for (const [index, title] of ['Rotate keys', 'Review access', 'Renew certificates'].entries()) {
      const { lea, meeting } = series[index]!;
      expect((await occurrences(lea, meeting.id, title)).map((t) => t.dueDate)).toEqual(['2031-06-07', '2031-06-14']);
    }
  });
});
