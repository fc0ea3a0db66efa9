import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { client, PASSWORD, type SignedUp, signUp } from '../../../../test/factories.ts';
import { makeToken } from '../../../../test/tokens-fixtures.ts';
import { enrol } from '../../../../test/two-factor-fixtures.ts';
import { type CreationOptions, type RequestOptions, softPasskey } from '../../../../test/webauthn-authenticator.ts';
import { loadConfig } from '../../../server/config.ts';
import { passkeysMessages } from '../passkeys.messages.ts';

// Passkeys (decision 104) through the API, with a software authenticator signing for real: the
// server's checks (challenge, origin, RP ID, user verification, signature, counter) all run.

const ORIGIN = 'http://cadence.test'; // the test app's PUBLIC_URL

interface Ceremony<T> {
  challengeId: string;
  options: T;
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

/** `person` registers a new software passkey named `name`; the passkey and the API's answer. */
const register = async (person: SignedUp, name = 'Laptop') => {
  const key = softPasskey(ORIGIN);
  const options = await person.api.post<Ceremony<CreationOptions>>('/self/passkeys/options');
  expect(options.status).toBe(200);
  const added = await person.api.post<{ id: string; name: string }>('/self/passkeys', {
    challengeId: options.body.result.challengeId,
    name,
    response: key.create(options.body.result.options),
  });
  return { key, added };
};

const signInOptions = async (api = client(app)) => {
  const answer = await api.post<Ceremony<RequestOptions>>('/signin/passkey/options');
  expect(answer.status).toBe(200);
  return answer.body.result;
};

const signInWith = async (key: ReturnType<typeof softPasskey>, extra: Parameters<typeof key.get>[1] = {}) => {
  const { challengeId, options } = await signInOptions();
  return client(app).post<{ accessToken: string; id: string; tenantId: string | null }>('/signin/passkey', {
    challengeId,
    response: key.get(options, extra),
    rememberUser: true,
  });
};

describe('passkeys', () => {
  it('registers a passkey that then signs its person in, recorded as a passkey sign-in', async () => {
    const person = await signUp(app);
    const { key, added } = await register(person, 'Work laptop');
    expect(added.status).toBe(201);
    expect(added.body.result.name).toBe('Work laptop');

    const listed = await person.api.get<{ name: string; lastUsedAt: string | null }[]>('/self/passkeys');
    expect(listed.body.result).toEqual([expect.objectContaining({ name: 'Work laptop', lastUsedAt: null })]);

    const signedIn = await signInWith(key);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.result).toMatchObject({ id: person.userId, tenantId: person.tenantId });
    const session = client(app, signedIn.body.result.accessToken);
    expect((await session.get('/self')).status).toBe(200);
    const sessions = await session.get<{ method: string | null }[]>('/self/sessions');
    expect(sessions.body.result.map((one) => one.method)).toContain('passkey');
    const after = await person.api.get<{ lastUsedAt: string | null }[]>('/self/passkeys');
    expect(after.body.result[0]!.lastUsedAt).not.toBeNull();
  });

  it('signs in a person with two-factor sign-in without a code: the passkey verified them', async () => {
    const person = await signUp(app);
    const { key } = await register(person);
    await enrol(person);
    const byPassword = await client(app).post('/signin', { email: person.email, password: PASSWORD });
    expect(byPassword.body.result).toMatchObject({ twoFactorRequired: true });
    expect(byPassword.body.result).not.toHaveProperty('accessToken');
    const byPasskey = await signInWith(key);
    expect(byPasskey.status).toBe(200);
    expect((await client(app, byPasskey.body.result.accessToken).get('/self')).status).toBe(200);
  });

  it('uses each challenge once: the same answer sent again is refused', async () => {
    const person = await signUp(app);
    const { key } = await register(person);
    const { challengeId, options } = await signInOptions();
    const response = key.get(options);
    const first = await client(app).post('/signin/passkey', { challengeId, response });
    expect(first.status).toBe(200);
    const again = await client(app).post('/signin/passkey', { challengeId, response });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(passkeysMessages.requestExpired);
  });

  it('refuses an answer made for another site, without user verification, or by an unknown key', async () => {
    const person = await signUp(app);
    const { key } = await register(person);
    for (const extra of [{ from: 'http://evil.test' }, { verified: false }]) {
      const refused = await signInWith(key, extra);
      expect(refused.status).toBe(401);
      expect(refused.body.message).toBe(passkeysMessages.notVerified);
    }
    const stranger = softPasskey(ORIGIN);
    const { challengeId, options } = await signInOptions();
    const unknown = await client(app).post('/signin/passkey', {
      challengeId,
      response: stranger.get(options),
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe(passkeysMessages.unknownPasskey);
    // A key that claims to be someone else's person is refused too.
    const other = await signUp(app);
    const claimed = await signInWith(key, {
      handle: Buffer.from(other.userId.replaceAll('-', ''), 'hex').toString('base64url'),
    });
    expect(claimed.status).toBe(401);
    // None of these refusals spent the key: it still signs in.
    expect((await signInWith(key)).status).toBe(200);
  });

  it('refuses a registration for another site, or with another person’s challenge, and the same key twice', async () => {
    const person = await signUp(app);
    const key = softPasskey(ORIGIN);
    const options = await person.api.post<Ceremony<CreationOptions>>('/self/passkeys/options');
    const wrongSite = await person.api.post('/self/passkeys', {
      challengeId: options.body.result.challengeId,
      name: 'Phone',
      response: key.create(options.body.result.options, { from: 'http://evil.test' }),
    });
    expect(wrongSite.status).toBe(400);

    const other = await signUp(app);
    const theirs = await other.api.post<Ceremony<CreationOptions>>('/self/passkeys/options');
    const stolen = await person.api.post('/self/passkeys', {
      challengeId: theirs.body.result.challengeId,
      name: 'Phone',
      response: key.create(theirs.body.result.options),
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe(passkeysMessages.requestExpired);

    const fresh = await person.api.post<Ceremony<CreationOptions>>('/self/passkeys/options');
    const response = key.create(fresh.body.result.options);
    const first = await person.api.post('/self/passkeys', {
      challengeId: fresh.body.result.challengeId,
      name: 'Phone',
      response,
    });
    expect(first.status).toBe(201);
    const twice = await person.api.post<Ceremony<CreationOptions>>('/self/passkeys/options');
    expect(twice.body.result.options).toMatchObject({ excludeCredentials: [expect.objectContaining({ id: key.id })] });
    const repeat = await person.api.post('/self/passkeys', {
      challengeId: twice.body.result.challengeId,
      name: 'Phone again',
      response: key.create(twice.body.result.options),
    });
    expect(repeat.status).toBe(409);
    expect((await person.api.get<unknown[]>('/self/passkeys')).body.result).toHaveLength(1);
    expect((await other.api.get<unknown[]>('/self/passkeys')).body.result).toHaveLength(0);
  });

  it('removes only the caller’s own passkey; a removed one no longer signs in', async () => {
    const person = await signUp(app);
    const other = await signUp(app);
    const { key, added } = await register(person);
    const path = `/self/passkeys/${added.body.result.id}`;
    expect((await other.api.delete(path)).status).toBe(404);
    expect((await signInWith(key)).status).toBe(200);
    expect((await person.api.delete(path)).status).toBe(200);
    expect((await person.api.get<unknown[]>('/self/passkeys')).body.result).toHaveLength(0);
    const after = await signInWith(key);
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(passkeysMessages.unknownPasskey);
  });

  it('is not for API tokens, and bad input is a 400', async () => {
    const person = await signUp(app);
    const token = await makeToken(app, person, ['people:write', 'admin:write']);
    expect((await token.api.get('/self/passkeys')).status).toBe(403);
    expect((await token.api.post('/self/passkeys/options')).status).toBe(403);

    const { challengeId } = await signInOptions();
    for (const body of [
      {},
      { challengeId },
      { challengeId: 'not-an-id', response: {} },
      {
        challengeId,
        response: { id: 'a\u0000b', rawId: 'x', type: 'public-key', response: {}, clientExtensionResults: {} },
      },
      { challengeId, response: 'text' },
    ]) {
      const answer = await client(app).post('/signin/passkey', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    const noName = await person.api.post('/self/passkeys', { challengeId, name: ' ', response: {} });
    expect(noName.status).toBe(400);
  });

  it('counts failed passkey sign-ins against the client address like wrong passwords', async () => {
    const limited = await testApp({
      authLimits: loadConfig({ DATA_DIR: '/tmp', LIMIT_SIGN_IN_PER_ADDRESS: '2' }).authLimits,
    });
    try {
      const stranger = softPasskey(ORIGIN);
      const from = client(limited);
      const tries = [];
      for (let i = 0; i < 3; i++) {
        const ceremony = await from.post<Ceremony<RequestOptions>>('/signin/passkey/options');
        const { challengeId, options } = ceremony.body.result;
        tries.push((await from.post('/signin/passkey', { challengeId, response: stranger.get(options) })).status);
      }
      expect(tries).toEqual([401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});
