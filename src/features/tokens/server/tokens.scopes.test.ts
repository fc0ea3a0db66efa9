import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { createMeeting, type SignedUp, signUp } from '../../../../test/factories.ts';
import { makeToken } from '../../../../test/tokens-fixtures.ts';
import type { Meeting } from '../../meetings/meetings.schemas.ts';
import type { Task } from '../../tasks/tasks.schemas.ts';
import { tokensMessages } from '../tokens.messages.ts';
import type { CurrentToken } from '../tokens.schemas.ts';
import { TOKEN_AREAS, type TokenArea } from '../tokens.schemas.ts';
import { requiredScope } from './tokens.scopes.ts';

// What a token's scopes let it call: per area, a read and a write, allowed and refused.

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

interface Fixture {
  admin: SignedUp;
  meeting: Meeting;
  goal: Task;
}

const fixture = async (): Promise<Fixture> => {
  const admin = await signUp(app);
  const meeting = await createMeeting(admin);
  const goal = await admin.api.post<Task>('/tasks', {
    title: 'Grow',
    type: '1',
    userId: admin.userId,
    meetingIds: [meeting.id],
  });
  if (goal.status !== 201) throw new Error(JSON.stringify(goal.body));
  return { admin, meeting, goal: goal.body.result };
};

type Call = (api: Awaited<ReturnType<typeof makeToken>>['api'], f: Fixture) => Promise<{ status: number }>;

/** Per area: a call that reads it and one that writes it (the admin's valid requests). */
const CALLS: Record<TokenArea, { read: Call; write?: Call }> = {
  meetings: {
    read: (api) => api.get('/meetings'),
    write: (api, f) => api.patch(`/meetings/${f.meeting.id}`, { title: 'Renamed by a token' }),
  },
  tasks: {
    read: (api) => api.get('/tasks'),
    write: (api, f) =>
      api.post('/tasks', { title: 'From a token', userId: f.admin.userId, meetingIds: [f.meeting.id] }),
  },
  boards: {
    read: (api) => api.get('/labels'),
    write: (api) => api.post('/labels', { name: 'From a token', color: '#61bd4f' }),
  },
  kpis: {
    read: (api, f) => api.get(`/meetings/${f.meeting.id}/kpis`),
    write: (api, f) =>
      api.post(`/meetings/${f.meeting.id}/scores`, {
        title: 'Calls',
        userId: f.admin.userId,
        goal: '>=',
        score: '10',
        units: '#',
      }),
  },
  goals: {
    read: (api, f) => api.get(`/tasks/${f.goal.id}/milestones`),
    write: (api, f) => api.post(`/tasks/${f.goal.id}/milestones`, { title: 'First step' }),
  },
  people: {
    read: (api) => api.get('/directory/users'),
    write: (api, f) => api.delete(`/users/${f.admin.userId}/photo`),
  },
  time: {
    read: (api) => api.get('/time/accounts'),
    write: (api) => api.post('/time/accounts', { title: 'Client from a token' }),
  },
  // The reports area only reads (the workspace's export is administration).
  reports: { read: (api, f) => api.get(`/reports/users/${f.admin.userId}`) },
};

const ok = (status: number) => status >= 200 && status < 300;

describe('scopes per area', () => {
  for (const area of TOKEN_AREAS) {
    it(`${area}: read allows reading only; write allows both; another area's scope allows neither`, async () => {
      const f = await fixture();
      const { read, write } = CALLS[area];
      const reader = await makeToken(app, f.admin, [`${area}:read`]);
      const writer = await makeToken(app, f.admin, [`${area}:write`]);
      const other = TOKEN_AREAS.find((a) => a !== area)!;
      const outsider = await makeToken(app, f.admin, [`${other}:read`, `${other}:write`]);

      expect((await read(reader.api, f)).status).toSatisfy(ok);
      expect((await read(writer.api, f)).status).toSatisfy(ok);
      const refusedRead = (await read(outsider.api, f)) as { status: number; body: { message: string } };
      expect(refusedRead.status).toBe(403);
      expect(refusedRead.body.message).toBe(tokensMessages.missingScope(`${area}:read`));
      if (!write) return;
      const refusedWrite = (await write(reader.api, f)) as { status: number; body: { message: string } };
      expect(refusedWrite.status).toBe(403);
      expect(refusedWrite.body.message).toBe(tokensMessages.missingScope(`${area}:write`));
      expect((await write(outsider.api, f)).status).toBe(403);
      expect((await write(writer.api, f)).status).toSatisfy(ok);
    });
  }

  it('a write scope wrote what it said: the meeting is renamed, the refused tries changed nothing', async () => {
    const f = await fixture();
    const reader = await makeToken(app, f.admin, ['meetings:read']);
    expect((await reader.api.patch(`/meetings/${f.meeting.id}`, { title: 'Not allowed' })).status).toBe(403);
    expect((await f.admin.api.get<Meeting>(`/meetings/${f.meeting.id}`)).body.result.title).toBe(f.meeting.title);
    const writer = await makeToken(app, f.admin, ['meetings:write']);
    expect((await writer.api.patch(`/meetings/${f.meeting.id}`, { title: 'Renamed' })).status).toBe(200);
    expect((await f.admin.api.get<Meeting>(`/meetings/${f.meeting.id}`)).body.result.title).toBe('Renamed');
  });

  it('vault and administration need their own scopes: every area at write reaches neither', async () => {
    const f = await fixture();
    const everyArea = await makeToken(
      app,
      f.admin,
      TOKEN_AREAS.map((area) => `${area}:write`),
    );
    expect((await everyArea.api.get('/general-settings')).status).toBe(403);
    expect((await everyArea.api.get(`/meetings/${f.meeting.id}/passwords`)).status).toBe(403);
    expect((await everyArea.api.post(`/users/${f.admin.userId}/remove-admin`)).status).toBe(403);
    expect((await everyArea.api.get('/workspace-exports')).status).toBe(403);
    const admin = await makeToken(app, f.admin, ['admin:read', 'vault:reveal']);
    expect((await admin.api.get('/general-settings')).status).toBe(200);
    expect((await admin.api.get(`/meetings/${f.meeting.id}/passwords`)).status).toBe(200);
    // Reading administration is not changing it.
    expect((await admin.api.post('/general-settings', { primaryColor: '#112233' })).status).toBe(403);
  });

  it('calls no scope covers are refused (default deny), tokens included: a token cannot make or list tokens', async () => {
    const f = await fixture();
    const everything = await makeToken(app, f.admin, [
      ...TOKEN_AREAS.flatMap((area) => [`${area}:read`, `${area}:write`]),
      'vault:reveal',
      'admin:read',
      'admin:write',
    ]);
    for (const [method, url, body] of [
      ['post', '/self/api-tokens', { name: 'Escalation', scopes: ['tasks:read'] }],
      ['get', '/self/api-tokens', undefined],
      ['post', '/api-tokens', { name: 'Escalation', scopes: ['tasks:read'] }],
      ['get', '/api-tokens', undefined],
      ['get', '/self', undefined],
      ['get', '/self/sessions', undefined],
      ['post', '/self/change-password', { currentPassword: 'x', password: 'yyyyyyyy', repeatPassword: 'yyyyyyyy' }],
      ['post', '/switch-tenant', { id: f.admin.tenantId }],
      ['post', '/tenants', { name: 'Another' }],
      ['post', '/calendar/feed', {}],
      ['post', '/vault/rotate-key', {}],
      ['get', '/notifications', undefined],
    ] as const) {
      const answer = await (method === 'get' ? everything.api.get(url) : everything.api.post(url, body));
      expect({ url, status: answer.status, body: answer.body }).toMatchObject({
        url,
        status: 403,
        body: { status: 'fail', message: tokensMessages.notForTokens },
      });
    }
    // The admin's own list holds only the token made above.
    const mine = await f.admin.api.get<{ name: string }[]>('/self/api-tokens');
    expect(mine.body.result.map((token) => token.name)).toEqual([everything.name]);
  });

  it('any token may ask what it is and whom it acts as; a browser has no token to ask about', async () => {
    const f = await fixture();
    const reader = await makeToken(app, f.admin, ['tasks:read'], { name: 'Reader' });
    const answer = await reader.api.get<CurrentToken>('/api-token');
    expect(answer.status).toBe(200);
    expect(answer.body.result).toMatchObject({
      id: reader.id,
      name: 'Reader',
      kind: 'personal',
      scopes: ['tasks:read'],
      tenantId: f.admin.tenantId,
      person: { id: f.admin.userId },
    });
    expect((await f.admin.api.get('/api-token')).status).toBe(403);
  });

  it('every operation of the API maps to a scope or to none, and the routes that manage access are administration', async () => {
    const document = app.swagger() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const scopes: Record<string, string | null> = {};
    for (const [path, operations] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(operations)) {
        const url = path.replace(/\{(\w+)\}/g, ':$1');
        scopes[`${method.toUpperCase()} ${path}`] = requiredScope(method.toUpperCase(), url, operation.tags);
      }
    for (const route of [
      'POST /api/v2/users/{id}/make-admin',
      'POST /api/v2/users/{id}/disable',
      'POST /api/v2/tenants/add-user',
      'PATCH /api/v2/groups/{id}',
      'POST /api/v2/workspace-exports',
    ])
      expect(scopes[route], route).toBe('admin:write');
    // The live meeting and its archives are the meetings area.
    expect(scopes['GET /api/v2/sessions/{id}/archive']).toBe('meetings:read');
    expect(scopes['POST /api/v2/sessions/{id}/finish']).toBe('meetings:write');
    for (const [route, scope] of Object.entries(scopes)) {
      if (/\/(self|api-tokens|signin|register|logout|switch-tenant|invitations|slack|backup)\b/.test(route))
        expect(scope, route).toBeNull();
      if (route.startsWith('GET ') && scope) expect(scope, route).toMatch(/:(read|reveal)$|^any$/);
    }
    // Most of the API is open to tokens, not by accident all of it.
    const open = Object.values(scopes).filter(Boolean).length;
    expect(open).toBeGreaterThan(150);
    expect(open).toBeLessThan(Object.keys(scopes).length - 40);
  });
});
