import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMeeting, joinWorkspace, type SignedUp, signUp } from '../../../../test/factories.ts';
import { connectSlack, SIGNING_SECRET, slashCommand, startSlackServer } from '../../../../test/slack.ts';
import type { SlackStandin } from '../../../../test/slack-standin.ts';
import { taskMeetings, tasks } from '../../../db/schema/index.ts';
import { slackMessages } from '../slack.messages.ts';
import { parseCommand } from './slack.commands.service.ts';
import { slackSignature } from './slack.signature.ts';

let standin: SlackStandin;
let app: FastifyInstance;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ standin, app, close } = await startSlackServer());
});
afterAll(() => close());

/** `person` has a Slack account with the same e-mail (in capitals: matched case-insensitively). */
const inSlack = (person: SignedUp) => standin.addUser(person.email.toUpperCase());

/** A connected workspace with a meeting its admin leads; `member` attends it. */
const setup = async () => {
  const admin = await signUp(app);
  const member = await joinWorkspace(app, admin, { firstName: 'Sam' });
  await connectSlack(app, admin, standin);
  const meeting = await createMeeting(admin, [member.userId], { title: 'Leadership Team' });
  return { admin, member, teamId: standin.team.id, meeting };
};

const tasksOf = (meetingId: string) =>
  app.database.db
    .select({ title: tasks.title, type: tasks.type, userId: tasks.userId })
    .from(tasks)
    .innerJoin(taskMeetings, eq(taskMeetings.taskId, tasks.id))
    .where(and(eq(taskMeetings.meetingId, meetingId)));

describe('the /cadence slash command', () => {
  it('parses the verb, the meeting and the title', () => {
    expect(parseCommand('todo Leadership Team Call the bank')).toEqual({
      type: '4',
      rest: 'Leadership Team Call the bank',
      quotedMeeting: null,
    });
    expect(parseCommand('ISSUE "Team" Pricing is unclear')).toEqual({
      type: '2',
      rest: 'Pricing is unclear',
      quotedMeeting: 'Team',
    });
    expect(parseCommand('help')).toBeNull();
    expect(parseCommand('todo')).toBeNull();
    expect(parseCommand('')).toBeNull();
  });

  it('creates a to-do and an issue in the named meeting for the Slack user matched by email', async () => {
    const { member, teamId, meeting } = await setup();
    const slackUser = inSlack(member);
    const todo = await slashCommand(app, {
      team_id: teamId,
      user_id: slackUser,
      text: 'todo Leadership Team Call the bank',
    });
    expect(todo.statusCode).toBe(200);
    expect(todo.json()).toMatchObject({ response_type: 'ephemeral' });
    expect(todo.json().text).toContain('To-do “Call the bank” added to Leadership Team');
    const issue = await slashCommand(app, {
      team_id: teamId,
      user_id: slackUser,
      text: 'issue "leadership team" Pricing <is> unclear',
    });
    expect(issue.json().text).toContain('Issue “Pricing');
    const made = await tasksOf(meeting.id);
    expect(made).toEqual(
      expect.arrayContaining([
        { title: 'Call the bank', type: '4', userId: member.userId },
        expect.objectContaining({ type: '2', userId: member.userId }),
      ]),
    );
    expect(made).toHaveLength(2);
  });

  it('refuses a bad signature, a stale timestamp and a replay (401), creating nothing', async () => {
    const { member, teamId, meeting } = await setup();
    const slackUser = inSlack(member);
    const fields = { team_id: teamId, user_id: slackUser, text: 'todo Leadership Team Signed twice' };
    const bad = await slashCommand(app, fields, { secret: 'not-the-signing-secret' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe(slackMessages.slackSignatureInvalid);
    expect((await slashCommand(app, fields, { signature: 'v0=00' })).statusCode).toBe(401);
    const old = Math.floor(Date.now() / 1000) - 6 * 60;
    const stale = await slashCommand(app, fields, { timestamp: old });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toBe(slackMessages.slackTimestampStale);
    expect(await tasksOf(meeting.id)).toHaveLength(0);

    // The same signed request twice: the second is a replay.
    const timestamp = Math.floor(Date.now() / 1000);
    const first = await slashCommand(app, fields, { timestamp });
    expect(first.statusCode).toBe(200);
    const replay = await slashCommand(app, fields, { timestamp });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(slackMessages.slackReplay);
    expect(await tasksOf(meeting.id)).toHaveLength(1);

    // A body changed after signing does not match its signature.
    const body = new URLSearchParams({ ...fields, command: '/cadence' }).toString();
    const tampered = await app.inject({
      method: 'POST',
      url: '/api/v2/slack/commands',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-slack-request-timestamp': String(timestamp),
        'x-slack-signature': slackSignature(SIGNING_SECRET, String(timestamp), body),
      },
      payload: body.replace('Signed+twice', 'Changed'),
    });
    expect(tampered.statusCode).toBe(401);
    expect(await tasksOf(meeting.id)).toHaveLength(1);
  });

  it('answers with help, and says why when the person, the meeting or the team is unknown', async () => {
    const { admin, member, teamId, meeting } = await setup();
    const slackUser = inSlack(member);
    const help = await slashCommand(app, { team_id: teamId, user_id: slackUser, text: '' });
    expect(help.json()).toEqual({ response_type: 'ephemeral', text: slackMessages.slackCommandHelp('/cadence') });
    const noMeeting = await slashCommand(app, { team_id: teamId, user_id: slackUser, text: 'todo Marketing Plan it' });
    expect(noMeeting.json().text).toBe(slackMessages.slackNoMeeting('/cadence'));
    // A Slack user whose email is no member's.
    const stranger = await signUp(app);
    const strangerId = inSlack(stranger);
    const notMember = await slashCommand(app, { team_id: teamId, user_id: strangerId, text: 'todo Leadership Team X' });
    expect(notMember.json().text).toContain(stranger.email.toUpperCase());
    const otherTeam = await slashCommand(app, { team_id: 'TNOTCONNECTED', user_id: slackUser, text: 'todo x y' });
    expect(otherTeam.json().text).toBe(slackMessages.slackTeamNotConnected);
    // A meeting the person does not attend is not theirs to name.
    await createMeeting(admin, [], { title: 'Board Only' });
    const hidden = await slashCommand(app, { team_id: teamId, user_id: slackUser, text: 'issue Board Only Secret' });
    expect(hidden.json().text).toBe(slackMessages.slackNoMeeting('/cadence'));
    expect(await tasksOf(meeting.id)).toHaveLength(0);
  });

  it("never reaches another workspace's meeting, even with the same title", async () => {
    const { member, teamId, meeting } = await setup();
    const slackUser = inSlack(member);
    const other = await signUp(app);
    const theirs = await createMeeting(other, [], { title: 'Leadership Team Weekly' });
    const answer = await slashCommand(app, {
      team_id: teamId,
      user_id: slackUser,
      text: 'todo Leadership Team Weekly review',
    });
    expect(answer.json().text).toContain('added to Leadership Team.');
    expect(await tasksOf(theirs.id)).toHaveLength(0);
    expect(await tasksOf(meeting.id)).toEqual([{ title: 'Weekly review', type: '4', userId: member.userId }]);
  });

  it('answers an unknown Slack user, a huge body (413) and a NUL (400), never a 500', async () => {
    const { teamId } = await setup();
    const missingUser = await slashCommand(app, { team_id: teamId, user_id: '', text: 'todo a b' });
    expect(missingUser.statusCode).toBe(200);
    const huge = await slashCommand(app, { team_id: teamId, user_id: 'U1', text: 'x'.repeat(20_000) });
    expect(huge.statusCode).toBe(413);
    const nul = await slashCommand(app, { team_id: teamId, user_id: 'U1', text: 'todo a\u0000b' });
    expect(nul.statusCode).toBe(400);
  });
});
