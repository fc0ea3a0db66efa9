import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, testConfig } from '../../../../test/app.ts';
import { createMeeting, joinWorkspace, type SignedUp, signUp } from '../../../../test/factories.ts';
import { makeToken } from '../../../../test/tokens-fixtures.ts';
import { apiTokens } from '../../../db/schema/index.ts';
import { messages } from '../../../shared/messages.ts';
import type { Meeting } from '../../meetings/meetings.schemas.ts';
import type { Activity, Task } from '../../tasks/tasks.schemas.ts';
import type { VaultAuditPage, VaultEntry } from '../../vault/vault.schemas.ts';
import { tokensMessages } from '../tokens.messages.ts';
import type { ApiToken } from '../tokens.schemas.ts';

// A token stops at once when it should (expiry, revocation, its person disabled or demoted),
// stays in its workspace, is rate limited, and leaves its name on what it wrote.

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

const newTask = async (person: SignedUp, meeting: Meeting, title = 'A card') => {
  const answer = await person.api.post<Task>('/tasks', { title, userId: person.userId, meetingIds: [meeting.id] });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.result;
};

describe('when a token stops working', () => {
  it('an expired token is 401, the day before it is not', async () => {
    const ada = await signUp(app);
    const token = await makeToken(app, ada, ['tasks:read']);
    expect((await token.api.get('/tasks')).status).toBe(200);
    await app.database.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, token.id));
    const answer = await token.api.get('/tasks');
    expect(answer.status).toBe(401);
    expect(answer.body.status).toBe('fail');
    // The list says so too.
    const [listed] = (await ada.api.get<ApiToken[]>('/self/api-tokens')).body.result;
    expect(listed).toMatchObject({ id: token.id, expired: true });
  });

  it('a revoked token is refused from its next call; revoking twice or another’s token is 404', async () => {
    const ada = await signUp(app);
    const ben = await joinWorkspace(app, ada);
    const token = await makeToken(app, ada, ['tasks:read']);
    expect((await token.api.get('/tasks')).status).toBe(200);
    expect((await ben.api.delete(`/self/api-tokens/${token.id}`)).status).toBe(404);
    expect((await ben.api.delete(`/api-tokens/${token.id}`)).status).toBe(403);
    expect((await token.api.get('/tasks')).status).toBe(200);
    expect((await ada.api.delete(`/self/api-tokens/${token.id}`)).status).toBe(200);
    expect((await token.api.get('/tasks')).status).toBe(401);
    expect((await ada.api.delete(`/self/api-tokens/${token.id}`)).status).toBe(404);
    expect((await ada.api.get<ApiToken[]>('/self/api-tokens')).body.result).toEqual([]);
  });

  it("a disabled person's tokens are 401; enabled again, they work again", async () => {
    const ada = await signUp(app);
    const ben = await joinWorkspace(app, ada);
    const token = await makeToken(app, ben, ['people:read']);
    expect((await token.api.get('/directory/users')).status).toBe(200);
    expect((await ada.api.post(`/users/${ben.userId}/disable`)).status).toBe(200);
    expect((await token.api.get('/directory/users')).status).toBe(401);
    expect((await ada.api.post(`/users/${ben.userId}/enable`)).status).toBe(200);
    expect((await token.api.get('/directory/users')).status).toBe(200);
  });

  it('a person who loses admin loses it through their token too', async () => {
    const ada = await signUp(app);
    const ben = await joinWorkspace(app, ada);
    expect((await ada.api.post(`/users/${ben.userId}/make-admin`)).status).toBe(200);
    const token = await makeToken(app, ben, ['admin:read']);
    expect((await token.api.get('/general-settings')).status).toBe(200);
    expect((await token.api.get('/admin/meetings')).status).toBe(200);
    expect((await ada.api.post(`/users/${ben.userId}/remove-admin`)).status).toBe(200);
    expect((await token.api.get('/admin/meetings')).status).toBe(403);
  });

  it('a workspace token is the workspace admins’ to see and revoke; it outlives its creator’s admin flag', async () => {
    const ada = await signUp(app);
    const ben = await joinWorkspace(app, ada);
    expect((await ben.api.post('/api-tokens', { name: 'CI', scopes: ['tasks:read'] })).status).toBe(403);
    expect((await ben.api.get('/api-tokens')).status).toBe(403);
    expect((await ada.api.post(`/users/${ben.userId}/make-admin`)).status).toBe(200);
    const token = await makeToken(app, ben, ['tasks:read'], { kind: 'workspace', name: 'CI' });
    expect((await ada.api.get<ApiToken[]>('/api-tokens')).body.result).toMatchObject([
      { id: token.id, kind: 'workspace', name: 'CI', createdBy: { id: ben.userId } },
    ]);
    // Workspace tokens are not anyone's personal ones.
    expect((await ben.api.get<ApiToken[]>('/self/api-tokens')).body.result).toEqual([]);
    expect((await ada.api.post(`/users/${ben.userId}/remove-admin`)).status).toBe(200);
    expect((await token.api.get('/tasks')).status).toBe(200);
    expect((await ada.api.delete(`/api-tokens/${token.id}`)).status).toBe(200);
    expect((await token.api.get('/tasks')).status).toBe(401);
  });
});

describe('a token stays in its workspace', () => {
  it("another workspace's ids in the path and in the body are 404 and change nothing", async () => {
    const ada = await signUp(app);
    const eve = await signUp(app);
    const adaMeeting = await createMeeting(ada);
    const eveMeeting = await createMeeting(eve);
    const eveTask = await newTask(eve, eveMeeting, 'Eve’s card');
    const token = await makeToken(app, ada, ['tasks:write', 'meetings:write']);

    for (const answer of [
      await token.api.get(`/tasks/${eveTask.id}`),
      await token.api.patch(`/tasks/${eveTask.id}`, { title: 'Taken' }),
      await token.api.delete(`/tasks/${eveTask.id}`),
      await token.api.patch(`/meetings/${eveMeeting.id}`, { title: 'Taken' }),
      await token.api.post('/tasks', { title: 'Sneaky', userId: ada.userId, meetingIds: [eveMeeting.id] }),
      await token.api.post('/activities', { taskId: eveTask.id, description: '<p>Hello</p>' }),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ status: 'fail', message: messages.notFound });
    }
    expect((await eve.api.get<Task>(`/tasks/${eveTask.id}`)).body.result.title).toBe('Eve’s card');
    expect((await eve.api.get<Meeting>(`/meetings/${eveMeeting.id}`)).body.result.title).toBe(eveMeeting.title);
    expect((await eve.api.get<Activity[]>(`/tasks/${eveTask.id}/activities`)).body.result).toEqual([]);
    const adaTasks = await ada.api.get<{ items: Task[] }>(`/tasks?meetingId=${adaMeeting.id}`);
    expect(JSON.stringify(adaTasks.body)).not.toContain('Sneaky');
    // Nor can a token revoke another workspace's token.
    const eveToken = await makeToken(app, eve, ['tasks:read'], { kind: 'workspace' });
    expect((await ada.api.delete(`/api-tokens/${eveToken.id}`)).status).toBe(404);
    expect((await eveToken.api.get('/tasks')).status).toBe(200);
  });
});

describe('rate limit', () => {
  it('counts per token: over the limit is 429 in the envelope with Retry-After; another token goes on', async () => {
    const limited = await testApp({
      authLimits: { ...testConfig().authLimits!, apiTokenCalls: { max: 5, windowMs: 60_000 } },
    });
    try {
      const ada = await signUp(limited);
      const first = await makeToken(limited, ada, ['tasks:read']);
      const second = await makeToken(limited, ada, ['tasks:read']);
      for (let i = 0; i < 5; i++) expect((await first.api.get('/tasks')).status).toBe(200);
      const refused = await first.api.get('/tasks');
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ status: 'fail', message: tokensMessages.tooManyCalls });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await second.api.get('/tasks')).status).toBe(200);
      // The person's browser session is not an API token: not counted.
      for (let i = 0; i < 6; i++) expect((await ada.api.get('/tasks')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('attribution', () => {
  it('a comment written through a token says which; the list shows when and from where it was last used', async () => {
    const ada = await signUp(app, { firstName: 'Ada' });
    const meeting = await createMeeting(ada);
    const task = await newTask(ada, meeting);
    const token = await makeToken(app, ada, ['tasks:write'], { name: 'Zapier' });
    expect((await ada.api.get<ApiToken[]>('/self/api-tokens')).body.result[0]).toMatchObject({
      lastUsedAt: null,
      lastUsedAddress: null,
    });
    expect((await token.api.post('/activities', { taskId: task.id, description: '<p>Synced</p>' })).status).toBe(201);
    expect((await ada.api.post('/activities', { taskId: task.id, description: '<p>By hand</p>' })).status).toBe(201);
    const comments = (await ada.api.get<Activity[]>(`/tasks/${task.id}/activities`)).body.result;
    expect(comments.map((c) => [c.description, c.author?.firstName, c.viaToken])).toEqual([
      ['<p>Synced</p>', 'Ada', 'Zapier'],
      ['<p>By hand</p>', 'Ada', null],
    ]);
    const [listed] = (await ada.api.get<ApiToken[]>('/self/api-tokens')).body.result;
    expect(listed?.lastUsedAt).not.toBeNull();
    expect(listed?.lastUsedAddress).toMatch(/^127\./);
  });

  it('a workspace token writes as its service account, named after it; a vault reveal is audited with the token', async () => {
    const ada = await signUp(app);
    const meeting = await createMeeting(ada);
    const task = await newTask(ada, meeting);
    const bot = await makeToken(app, ada, ['tasks:write', 'vault:reveal'], { kind: 'workspace', name: 'Sync bot' });
    expect((await bot.api.post('/activities', { taskId: task.id, description: '<p>Bot</p>' })).status).toBe(201);
    const [comment] = (await ada.api.get<Activity[]>(`/tasks/${task.id}/activities`)).body.result;
    expect(comment).toMatchObject({ viaToken: 'Sync bot', author: { firstName: 'Sync bot' } });
    // The service account is nobody in the workspace's people list.
    const people = await ada.api.get('/directory/users');
    expect(JSON.stringify(people.body)).not.toContain('Sync bot');

    const entry = await ada.api.post<VaultEntry>(`/meetings/${meeting.id}/passwords`, {
      account: 'Bank',
      username: 'team',
      password: 'token-secret-1',
    });
    expect(entry.status).toBe(201);
    // The service account is in no meeting: like an admin, it lists the vault but reveals nothing.
    expect((await bot.api.get(`/meetings/${meeting.id}/passwords`)).status).toBe(200);
    expect((await bot.api.post(`/passwords/${entry.body.result.id}/reveal`, { purpose: 'reveal' })).status).toBe(404);
    // The meeting's leader's own token reveals, and the audit names the token, with no session.
    const mine = await makeToken(app, ada, ['vault:reveal'], { name: 'Password sync' });
    const revealed = await mine.api.post<{ password: string }>(`/passwords/${entry.body.result.id}/reveal`, {
      purpose: 'reveal',
    });
    expect(revealed.status).toBe(200);
    expect(revealed.body.result.password).toBe('token-secret-1');
    const audit = await ada.api.get<VaultAuditPage>(`/meetings/${meeting.id}/password-activity`);
    const rows = audit.body.result.items.filter((row) => row.action !== 'refused_reveal');
    expect(rows.map((row) => [row.action, row.viaToken, row.sessionId === null])).toEqual([
      ['reveal', 'Password sync', true],
      ['create', null, false],
    ]);
  });
});
