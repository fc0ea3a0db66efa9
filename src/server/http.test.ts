import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../test/app.ts';
import { client, signUp, uniqueEmail } from '../../test/factories.ts';
import { tenants } from '../db/schema/index.ts';
import { badRequest } from '../shared/errors.ts';

// The HTTP conventions of ARCHITECTURE.md, as an API client sees them.

let app: FastifyInstance;

beforeAll(async () => {
  app = await testApp();
  // Two routes that exist only in this test, to drive the failure paths of the conventions.
  app.post('/api/v2/test/half-write', { config: { public: true } }, (request) =>
    request.inTransaction(async (ctx) => {
      await ctx.db.insert(tenants).values({ name: 'half-written' });
      ctx.publish({ tenantId: '00000000-0000-0000-0000-000000000000', type: 'my-event', data: { message: 'x' } });
      throw badRequest({ name: 'This field is required' });
    }),
  );
  app.get('/api/v2/test/echo-query', { config: { public: true } }, async (request) => request.query);
  app.get('/api/v2/test/crash', { config: { public: true } }, async () => {
    throw new Error('secret internal detail');
  });
  await app.ready();
});
afterAll(() => app.close());

describe('HTTP conventions', () => {
  it('answers success in the envelope with camelCase keys', async () => {
    const answer = await client(app).get('/api/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'success', result: { status: 'ok', database: 'ok' } });
  });

  it('accepts snake_case and camelCase request keys alike', async () => {
    const email = uniqueEmail('snake');
    const snake = await client(app).post('/register', {
      user: { first_name: 'Sam', last_name: 'Snake', email, password: 'secret1' },
      tenant: { name: 'Snakes' },
    });
    expect(snake.status).toBe(201);
    // Register answers no account details (decision 022): the new account shows once signed in.
    const signedIn = await client(app).post<{ accessToken: string }>('/signin', { email, password: 'secret1' });
    const self = await client(app, signedIn.body.result.accessToken).get('/self');
    expect(self.body.result).toMatchObject({ user: { firstName: 'Sam', lastName: 'Snake' } });
  });

  it('accepts snake_case query keys', async () => {
    const answer = await client(app).get('/test/echo-query?meeting_id=m1&dateSince=2026-01-01');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ meetingId: 'm1', dateSince: '2026-01-01' });
  });

  it('answers 400 with a message per field', async () => {
    const answer = await client(app).post('/register', { user: { email: 'nope' }, tenant: {} });
    expect(answer.status).toBe(400);
    expect(answer.body.status).toBe('fail');
    expect(answer.body.errors).toMatchObject({
      'user.firstName': 'This field is required',
      'user.email': 'Enter a valid email address',
      'user.password': 'This field is required',
      'tenant.name': 'This field is required',
    });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v2/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"user":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'fail' });
  });

  it('answers 401 without a token and with an unknown one', async () => {
    expect((await client(app).get('/self')).status).toBe(401);
    const answer = await client(app, 'made-up-token').get('/self');
    expect(answer.status).toBe(401);
    expect(answer.body.status).toBe('fail');
  });

  it('answers 404 in the envelope for an unknown API path', async () => {
    const answer = await client(app).get('/api/v2/no-such-thing');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ status: 'fail', message: 'No route for GET /api/v2/no-such-thing' });
  });

  it('answers 404 for a malformed id in the path, like a missing record', async () => {
    const { api } = await signUp(app);
    const answer = await api.patch('/tenants/not-a-uuid', { name: 'x' });
    expect(answer.status).toBe(404);
  });

  it('writes nothing and publishes nothing when a request fails', async () => {
    const answer = await client(app).post('/test/half-write');
    expect(answer.status).toBe(400);
    const rows = await app.database.db.select().from(tenants).where(eq(tenants.name, 'half-written'));
    expect(rows).toEqual([]);
  });

  it('answers 500 with a request id and no internal detail', async () => {
    const answer = await client(app).get('/test/crash');
    expect(answer.status).toBe(500);
    expect(answer.body.requestId).toBe(answer.headers['x-request-id']);
    expect(answer.body.message).toContain(answer.body.requestId);
    expect(JSON.stringify(answer.body)).not.toContain('secret internal detail');
    expect(JSON.stringify(answer.body)).not.toContain('.ts:');
  });

  it('documents every route in OpenAPI', async () => {
    const response = await app.inject('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/health', '/api/v2/register', '/api/v2/signin', '/api/v2/tenants']),
    );
    expect((await app.inject('/api/docs/')).statusCode).toBe(200);
  });

  it('sends security headers with a CSP that forbids inline scripts', async () => {
    const response = await app.inject('/api/health');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});
