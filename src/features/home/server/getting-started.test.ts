import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import {
  client,
  createMeeting,
  inviteAndAccept,
  joinWorkspace,
  type SignedUp,
  signInAs,
  signUp,
} from '../../../../test/factories.ts';
import type { GettingStarted } from '../home.schemas.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

const read = async (who: SignedUp) => {
  const answer = await who.api.get<GettingStarted>('/getting-started');
  expect(answer.status).toBe(200);
  return answer.body.result;
};
const done = async (who: SignedUp) => Object.fromEntries((await read(who)).steps.map((step) => [step.key, step.done]));
const NOTHING_DONE = { meeting: false, team: false, scorecard: false };

const addScore = async (who: SignedUp, meetingId: string) => {
  const answer = await who.api.post(`/meetings/${meetingId}/scores`, {
    title: 'Revenue',
    userId: who.userId,
    goal: '>=',
    score: '1000',
  });
  expect(answer.status).toBe(201);
};

describe('getting started', () => {
  it('shows a new workspace its three steps, none done, in order, not dismissed', async () => {
    const owner = await signUp(app);
    expect(await read(owner)).toEqual({
      steps: [
        { key: 'meeting', done: false },
        { key: 'team', done: false },
        { key: 'scorecard', done: false },
      ],
      dismissed: false,
    });
  });

  it('ticks each step as the workspace gets a meeting, a second person and a score', async () => {
    const owner = await signUp(app);
    const meeting = await createMeeting(owner);
    expect(await done(owner)).toEqual({ ...NOTHING_DONE, meeting: true });

    await joinWorkspace(app, owner);
    expect(await done(owner)).toEqual({ meeting: true, team: true, scorecard: false });

    await addScore(owner, meeting.id);
    expect(await done(owner)).toEqual({ meeting: true, team: true, scorecard: true });
  });

  it('counts an open invitation as adding the team, and a declined one not', async () => {
    const owner = await signUp(app);
    const invited = await signUp(app);
    expect((await owner.api.post('/tenants/add-user', { email: invited.email })).status).toBe(201);
    expect((await done(owner)).team).toBe(true);

    const open = await invited.api.get<{ id: string; workspace: { id: string } }[]>('/invitations');
    const invitation = open.body.result.find((item) => item.workspace.id === owner.tenantId);
    expect((await invited.api.post(`/invitations/${invitation?.id}/decline`)).status).toBe(200);
    expect((await done(owner)).team).toBe(false);
  });

  it('keeps the panel closed for the person who closed it, on another device too, and only for them', async () => {
    const owner = await signUp(app);
    const member = await joinWorkspace(app, owner);
    const closed = await owner.api.post<GettingStarted>('/getting-started/dismiss');
    expect(closed.status).toBe(200);
    expect(closed.body.result.dismissed).toBe(true);
    expect((await read(owner)).dismissed).toBe(true);
    // Another sign-in (another browser) of the same person.
    const { accessToken } = await signInAs(app, owner.email, owner.tenantId);
    expect((await client(app, accessToken).get<GettingStarted>('/getting-started')).body.result.dismissed).toBe(true);
    // Closing again changes nothing.
    expect((await owner.api.post<GettingStarted>('/getting-started/dismiss')).body.result.dismissed).toBe(true);
    expect((await read(member)).dismissed).toBe(false);
  });

  it("is per workspace: another workspace's data and closing never count here", async () => {
    const mine = await signUp(app);
    const other = await signUp(app);
    const meeting = await createMeeting(other);
    await addScore(other, meeting.id);
    // `mine` joins the other workspace: the other one now has a team, and `mine` closes its panel there.
    await inviteAndAccept(other, mine);
    const there = client(app, (await signInAs(app, mine.email, other.tenantId)).accessToken);
    expect((await there.post<GettingStarted>('/getting-started/dismiss')).body.result.dismissed).toBe(true);
    expect(await done(other)).toEqual({ meeting: true, team: true, scorecard: true });

    expect(await done(mine)).toEqual(NOTHING_DONE);
    expect((await read(mine)).dismissed).toBe(false);
  });

  it('answers 401 without a token, and 401 to a dismiss without one', async () => {
    expect((await client(app).get('/getting-started')).status).toBe(401);
    expect((await client(app).post('/getting-started/dismiss')).status).toBe(401);
  });
});
