import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { client, joinWorkspace, signIn, signUp } from '../../../../test/factories.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import { makeToken } from '../../../../test/tokens-fixtures.ts';
import { addDays, todayUtc } from '../../../shared/dates.ts';
import { messages } from '../../../shared/messages.ts';
import { tokensMessages } from '../tokens.messages.ts';
import type { ApiToken, CreatedToken } from '../tokens.schemas.ts';

// Making, listing and revoking tokens: the secret once, bad input refused, the lists follow live.

let app: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  app = await testApp();
  baseUrl = await listen(app);
});
afterAll(() => app.close());

describe('making a token', () => {
  it('answers the secret once; lists show only its first characters, never the secret or its hash', async () => {
    const ada = await signUp(app);
    const made = await ada.api.post<CreatedToken>('/self/api-tokens', {
      name: '  Reporting script ',
      scopes: ['reports:read', 'tasks:write'],
    });
    expect(made.status).toBe(201);
    const { secret, ...token } = made.body.result;
    expect(secret).toMatch(/^cad_[\w-]{43}$/);
    expect(token).toMatchObject({
      kind: 'personal',
      name: 'Reporting script',
      scopes: ['reports:read', 'tasks:write'],
      masked: `${secret.slice(0, 12)}…`,
      expiresAt: null,
      expired: false,
      lastUsedAt: null,
      createdBy: { id: ada.userId },
    });
    const listed = await ada.api.get<ApiToken[]>('/self/api-tokens');
    expect(listed.body.result).toEqual([token]);
    expect(JSON.stringify(listed.body)).not.toContain(secret.slice(12));
    // Two tokens never share a secret.
    const other = await makeToken(app, ada, ['tasks:read']);
    expect(other.secret).not.toBe(secret);
  });

  it('an expiry date is the last day it works, where its creator lives', async () => {
    const ada = await signUp(app);
    const today = todayUtc();
    const made = await makeToken(app, ada, ['tasks:read'], { expiresOn: today });
    // The test people live in UTC: the token stops at the next midnight.
    expect(made.expiresAt).toBe(`${addDays(today, 1)}T00:00:00.000Z`);
    expect((await made.api.get('/tasks')).status).toBe(200);
  });

  it('refuses bad input with a 400 in the envelope, and writes nothing', async () => {
    const ada = await signUp(app);
    const cases: [unknown, string, string][] = [
      [{}, 'name', messages.required],
      [{ name: 'x' }, 'scopes', messages.required],
      [{ name: 'x', scopes: [] }, 'scopes', tokensMessages.scopeRequired],
      [{ name: '   ', scopes: ['tasks:read'] }, 'name', messages.required],
      [{ name: 'x', scopes: ['tasks:delete'] }, 'scopes.0', tokensMessages.unknownScope],
      [{ name: 'x', scopes: ['tasks:read', 'tasks:read'] }, 'scopes', tokensMessages.duplicateScope],
      [{ name: 'x', scopes: 'tasks:read' }, 'scopes', tokensMessages.scopeRequired],
      [
        { name: 'x', scopes: ['tasks:read'], expiresOn: addDays(todayUtc(), -1) },
        'expiresOn',
        tokensMessages.expiryInPast,
      ],
      [{ name: 'x', scopes: ['tasks:read'], expiresOn: '2031-02-30' }, 'expiresOn', messages.impossibleDate],
      [{ name: 'x', scopes: ['tasks:read'], expiresOn: '31/12/2030' }, 'expiresOn', messages.invalidDate],
      [{ name: 'x', scopes: ['tasks:read'], expiresOn: '9999-12-31' }, 'expiresOn', tokensMessages.expiryTooFar],
      [{ name: 'x'.repeat(101), scopes: ['tasks:read'] }, 'name', messages.tooLong(100)],
      [{ name: 'a\u0000b', scopes: ['tasks:read'] }, 'name', ''],
      [{ name: 'x', scopes: ['tasks:read\u0000'] }, 'scopes.0', ''],
    ];
    for (const [body, field, message] of cases) {
      const answer = await ada.api.post('/self/api-tokens', body);
      expect({ body, status: answer.status }).toEqual({ body, status: 400 });
      expect(answer.body.status).toBe('fail');
      expect(Object.keys(answer.body.errors ?? {}), JSON.stringify(answer.body)).toContain(field);
      if (message) expect(answer.body.errors?.[field]).toBe(message);
    }
    // An unknown field: the schema is strict.
    const extra = await ada.api.post('/self/api-tokens', { name: 'x', scopes: ['tasks:read'], userId: ada.userId });
    expect(extra.status).toBe(400);
    // No body at all, and a body that is no JSON object.
    for (const payload of [undefined, '"text"', '[]', 'null']) {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/v2/self/api-tokens',
        headers: { authorization: `Bearer ${ada.token}`, 'content-type': 'application/json' },
        ...(payload === undefined ? {} : { payload }),
      });
      expect(answer.statusCode, String(payload)).toBe(400);
      expect(answer.json().status).toBe('fail');
    }
    // A malformed id in the path is a record that is not there (the API's rule).
    expect((await ada.api.delete('/self/api-tokens/not-a-uuid')).status).toBe(404);
    expect((await ada.api.get<ApiToken[]>('/self/api-tokens')).body.result).toEqual([]);
  });

  it('a session token that looks like an API token is still only a session token, and a made-up cad_ token is 401', async () => {
    const ada = await signUp(app);
    expect((await client(app, 'cad_not-a-real-token').get('/tasks')).status).toBe(401);
    expect((await client(app, `cad_${'x'.repeat(300)}`).get('/tasks')).status).toBe(401);
    // The browser session goes on working as before.
    expect((await ada.api.get('/self/api-tokens')).status).toBe(200);
  });
});

describe('real time', () => {
  it("a person's other pages hear of their token changes; other people's sockets hear nothing", async () => {
    const ada = await signUp(app);
    const ben = await joinWorkspace(app, ada);
    const adaOtherTab = await connect(baseUrl, await signIn(app, ada.email, ada.tenantId));
    const benTab = await connect(baseUrl, ben.token);
    try {
      const token = await makeToken(app, ada, ['tasks:read']);
      await eventually(() => adaOtherTab.received.some((m) => m.type === 'apiTokens.changed'));
      expect(adaOtherTab.received.find((m) => m.type === 'apiTokens.changed')?.data).toEqual({ kind: 'personal' });
      expect(JSON.stringify(adaOtherTab.received)).not.toContain(token.secret);
      adaOtherTab.received.length = 0;
      expect((await ada.api.delete(`/self/api-tokens/${token.id}`)).status).toBe(200);
      await eventually(() => adaOtherTab.received.some((m) => m.type === 'apiTokens.changed'));
      await settle();
      expect(benTab.received.filter((m) => m.type === 'apiTokens.changed')).toEqual([]);
    } finally {
      adaOtherTab.socket.disconnect();
      benTab.socket.disconnect();
    }
  });

  it("a workspace token's changes reach the workspace's admins, not its other members", async () => {
    const ada = await signUp(app);
    const ben = await joinWorkspace(app, ada);
    const cid = await joinWorkspace(app, ada);
    expect((await ada.api.post(`/users/${cid.userId}/make-admin`)).status).toBe(200);
    const cidTab = await connect(baseUrl, cid.token);
    const benTab = await connect(baseUrl, ben.token);
    try {
      const token = await makeToken(app, ada, ['tasks:read'], { kind: 'workspace' });
      await eventually(() => cidTab.received.some((m) => m.type === 'apiTokens.changed'));
      expect(cidTab.received.find((m) => m.type === 'apiTokens.changed')?.data).toEqual({ kind: 'workspace' });
      expect((await ada.api.delete(`/api-tokens/${token.id}`)).status).toBe(200);
      await eventually(() => cidTab.received.filter((m) => m.type === 'apiTokens.changed').length === 2);
      await settle();
      expect(benTab.received.filter((m) => m.type === 'apiTokens.changed')).toEqual([]);
    } finally {
      cidTab.socket.disconnect();
      benTab.socket.disconnect();
    }
  });

  it('an API token cannot open a socket', async () => {
    const ada = await signUp(app);
    const token = await makeToken(app, ada, ['meetings:read']);
    await expect(connect(baseUrl, token.secret)).rejects.toThrow();
  });
});
