import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMeeting, joinWorkspace, signUp } from '../../../../test/factories.ts';
import { connectSlack, startSlackServer } from '../../../../test/slack.ts';
import type { SlackStandin } from '../../../../test/slack-standin.ts';
import { jobDepsOf } from '../../../server/jobs/jobTransaction.ts';
import type { Task } from '../../tasks/tasks.schemas.ts';
import { sendMeetingDigests } from './digests.job.ts';

let standin: SlackStandin;
let app: FastifyInstance;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ standin, app, close } = await startSlackServer());
});
afterAll(() => close());

describe('the digest on Slack', () => {
  it('is a direct message listing each item as a link, for people whose switches want it', async () => {
    const ada = await signUp(app, { firstName: 'Ada' });
    await connectSlack(app, ada, standin);
    const sam = await joinWorkspace(app, ada, { firstName: 'Sam' });
    const quiet = await joinWorkspace(app, ada, { firstName: 'Quiet' });
    const samId = standin.addUser(sam.email);
    const quietId = standin.addUser(quiet.email);
    expect((await quiet.api.patch('/self/notifications', { reminders: false })).status).toBe(200);
    const meeting = await createMeeting(ada, [sam.userId, quiet.userId]);
    const todo = async (userId: string, title: string) => {
      const answer = await ada.api.post<Task>('/tasks', {
        title,
        type: '4',
        userId,
        meetingIds: [meeting.id],
        dueDate: '2026-01-11',
      });
      expect(answer.status).toBe(201);
      return answer.body.result;
    };
    const call = await todo(sam.userId, 'Call bank & co > 5k');
    await todo(quiet.userId, 'Water plants');
    await app.slack.relay!.idle();
    const before = standin.posted.length;

    await sendMeetingDigests(jobDepsOf(app), new Date('2026-01-11T12:00:00Z'));
    await app.slack.relay!.idle();
    const posted = standin.posted.slice(before).filter((m) => m.text.includes('Before Leadership L10'));
    expect(posted.map((m) => m.channel)).toEqual([samId]);
    expect(posted[0]!.text.split('\n')).toEqual([
      'Before Leadership L10 on Jan 12: 1 to-do due',
      `• <http://cadence.test/home/${call.id}|To-do: Call bank &amp; co &gt; 5k (due Jan 11)>`,
      `<http://cadence.test/meeting-dashboard/${meeting.id}|Open in Cadence>`,
    ]);
    expect(posted.some((m) => m.channel === quietId)).toBe(false);
  });
});
