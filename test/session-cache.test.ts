import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, tenants } from '../src/db/schema/index.ts';
import { createSessionCache } from '../src/features/auth/server/session-cache.ts';
import type { Auth } from '../src/server/context.ts';
import { SESSION_CACHE } from '../src/shared/constants.ts';
import { testApp } from './app.ts';
import { client, joinWorkspace, lastMailTo, linkHash, signIn, signUp } from './factories.ts';

// Per-request work (decisions 039 and 058): a resolved session is remembered for a few seconds
// (30 s on the embedded database, 5 s on PostgreSQL). These tests hold that no cache ever serves a
// session after it was revoked or after the membership behind it changed, on both databases;
// test/realtime-instances.test.ts holds it across two instances.

let app: FastifyInstance;

beforeAll(async () => {
  app = await testApp();
  // What the people issue's "remove from workspace" will do: a membership row changed by a request.
  app.post('/api/v2/test/leave-workspace', (request) =>
    request.inTenant(async (ctx) => {
      await ctx.db
        .delete(memberships)
        .where(and(eq(memberships.tenantId, ctx.tenantId), eq(memberships.userId, ctx.userId)));
      return { status: 'success', result: true };
    }),
  );
  // A read that tries to write: refused, and nothing is written.
  app.get('/api/v2/test/writing-read', { config: { public: true } }, (request) =>
    request.inTransaction(async (ctx) => {
      await ctx.db.insert(tenants).values({ name: 'written by a GET' });
      return { status: 'success', result: true };
    }),
  );
  await app.ready();
});
afterAll(() => app.close());

/** A few calls first, so that a cache (where there is one) holds the session. */
const warm = async (token: string) => {
  for (let i = 0; i < 3; i++) expect((await client(app, token).get('/self')).status).toBe(200);
};

describe('a revoked session is never served from a cache', () => {
  it('signing out ends the token at once', async () => {
    const person = await signUp(app);
    await warm(person.token);
    expect((await person.api.post('/logout')).status).toBe(200);
    expect((await person.api.get('/self')).status).toBe(401);
    expect((await person.api.get('/meetings')).status).toBe(401);
  });

  it('a password reset ends every other session at once', async () => {
    const person = await signUp(app);
    const other = await signIn(app, person.email);
    await warm(person.token);
    await warm(other);
    await client(app).post('/auth/forgot-password', { email: person.email });
    const hash = linkHash((await lastMailTo(app, person.email))!.text);
    const reset = await client(app).post('/auth/reset-password', {
      hash,
      password: 'a new one!',
      repeatPassword: 'a new one!',
    });
    expect(reset.status).toBe(200);
    expect((await client(app, person.token).get('/self')).status).toBe(401);
    expect((await client(app, other).get('/self')).status).toBe(401);
  });

  it('switching workspace is seen by the very next call', async () => {
    const admin = await signUp(app);
    const member = await joinWorkspace(app, admin);
    await warm(member.token);
    const own = (await signUp(app)).tenantId;
    expect(own).not.toBe(admin.tenantId);
    const mine = await member.api.get<{ id: string }[]>('/tenants');
    const home = mine.body.result.find((workspace) => workspace.id !== admin.tenantId)!;
    expect((await member.api.post('/switch-tenant', { id: home.id })).status).toBe(200);
    const self = await member.api.get<{ tenant: { id: string } | null }>('/self');
    expect(self.body.result.tenant?.id).toBe(home.id);
  });

  it('a membership removed by any request stops the workspace at once', async () => {
    const admin = await signUp(app);
    const member = await joinWorkspace(app, admin);
    await warm(member.token);
    expect((await member.api.get('/meetings')).status).toBe(200);
    expect((await member.api.post('/test/leave-workspace')).status).toBe(200);
    // Still signed in, but no longer in that workspace.
    const self = await member.api.get<{ tenant: unknown }>('/self');
    expect(self.status).toBe(200);
    expect(self.body.result.tenant).toBeNull();
    expect((await member.api.get('/meetings')).status).toBe(403);
  });
});

describe('GET /self is remembered with the session and never stale (decision 066)', () => {
  it('shows a profile change and a workspace renamed by its admin at once', async () => {
    const admin = await signUp(app);
    const member = await joinWorkspace(app, admin);
    await warm(member.token);
    await warm(admin.token);
    expect((await member.api.patch('/self', { firstName: 'Renamed' })).status).toBe(200);
    const self = await member.api.get<{ user: { firstName: string }; tenant: { name: string } }>('/self');
    expect(self.body.result.user.firstName).toBe('Renamed');
    expect((await admin.api.patch(`/tenants/${admin.tenantId}`, { name: 'New name of the workspace' })).status).toBe(
      200,
    );
    for (const person of [admin, member]) {
      const after = await person.api.get<{ tenant: { name: string } }>('/self');
      expect(after.body.result.tenant.name).toBe('New name of the workspace');
    }
  });
});

describe('reads run without a transaction', () => {
  it('a GET that tries to write fails and writes nothing', async () => {
    const before = await app.database.db.select().from(tenants).where(eq(tenants.name, 'written by a GET'));
    const answer = await client(app).get('/api/v2/test/writing-read');
    expect(answer.status).toBe(500);
    expect(answer.body.status).toBe('fail');
    const after = await app.database.db.select().from(tenants).where(eq(tenants.name, 'written by a GET'));
    expect(after).toHaveLength(before.length);
  });
});

describe('the session cache', () => {
  const auth = (userId: string): Auth => ({ sessionId: `s-${userId}`, userId, tenantId: null, isAdmin: false });
  const later = () => new Date(Date.now() + 3600_000);

  it('does not keep what it read while a clear came in between', async () => {
    const cache = createSessionCache();
    let release!: () => void;
    const reading = cache.resolve('token', async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { auth: auth('a'), expiresAt: later() };
    });
    cache.clear();
    release();
    expect(await reading).toEqual(auth('a'));
    expect(cache.size).toBe(0);
    let reads = 0;
    await cache.resolve('token', async () => {
      reads += 1;
      return null;
    });
    expect(reads).toBe(1);
  });

  it('remembers an answer until a clear or its time, and not one read while a clear came in between', async () => {
    let now = 1_000_000;
    const cache = createSessionCache({ now: () => now });
    let reads = 0;
    const read = async () => {
      reads += 1;
      return { answer: reads };
    };
    expect(await cache.remember('self:s', read)).toEqual({ answer: 1 });
    expect(await cache.remember('self:s', read)).toEqual({ answer: 1 });
    cache.clear();
    expect(await cache.remember('self:s', read)).toEqual({ answer: 2 });
    now += SESSION_CACHE.ttlMs;
    expect(await cache.remember('self:s', read)).toEqual({ answer: 3 });
    let release!: () => void;
    const slow = cache.remember('self:t', async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return 'read before the clear';
    });
    cache.clear();
    release();
    expect(await slow).toBe('read before the clear');
    expect(await cache.remember('self:t', async () => 'read again')).toBe('read again');
    // Before the instance is known to the others it reads every time.
    const young = createSessionCache({ now: () => now, activeFrom: now + 1 });
    await young.remember('k', read);
    await young.remember('k', read);
    expect(reads).toBe(5);
  });

  it('reads again after its time, after the session expires, and never past its bound', async () => {
    let now = 1_000_000;
    const cache = createSessionCache({ now: () => now });
    let reads = 0;
    const read = (expiresAt: Date) => async () => {
      reads += 1;
      return { auth: auth('a'), expiresAt };
    };
    await cache.resolve('t', read(new Date(now + 3600_000)));
    await cache.resolve('t', read(new Date(now + 3600_000)));
    expect(reads).toBe(1);
    now += SESSION_CACHE.ttlMs;
    await cache.resolve('t', read(new Date(now + 1000)));
    expect(reads).toBe(2);
    now += 1000;
    await cache.resolve('t', read(new Date(now + 1000)));
    expect(reads).toBe(3);
    for (let i = 0; i < SESSION_CACHE.maxEntries + 5; i++) {
      await cache.resolve(`k${i}`, read(new Date(now + 3600_000)));
    }
    expect(cache.size).toBe(SESSION_CACHE.maxEntries);
  });
});
