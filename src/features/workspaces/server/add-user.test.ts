import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { client, lastMailTo, linkHash, signUp, uniqueEmail } from '../../../../test/factories.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

describe('adding a person to a workspace', () => {
  it('looks an email up: unknown, in another workspace, in this one', async () => {
    const admin = await signUp(app);
    const other = await signUp(app, { firstName: 'Olga' });
    const lookup = (email: string) => admin.api.get(`/users/exists?email=${encodeURIComponent(email)}`);

    expect((await lookup(uniqueEmail())).body.result).toEqual({ exists: false, existsInTenant: false, user: null });
    expect((await lookup(other.email.toUpperCase())).body.result).toEqual({
      exists: true,
      existsInTenant: false,
      user: { id: other.userId, firstName: 'Olga', lastName: 'Person', email: other.email },
    });
    expect((await lookup(admin.email)).body.result).toMatchObject({ exists: true, existsInTenant: true });
    expect((await lookup('not an email')).status).toBe(400);
  });

  it('adds a new person, who sets a password from the emailed link and signs in to the workspace', async () => {
    const admin = await signUp(app, { workspace: 'Crew' });
    const email = uniqueEmail('newbie');
    const added = await admin.api.post('/tenants/add-user', { email, firstName: 'New', lastName: 'Bie' });
    expect(added.status).toBe(201);
    expect(added.body.result).toMatchObject({ email, firstName: 'New', lastName: 'Bie' });

    const mail = await lastMailTo(app, email);
    expect(mail?.subject).toBe('Test Person added you to Crew on Cadence');
    expect(mail?.text).toContain('http://cadence.test/set-password?hash=');
    expect((await client(app).post('/signin', { email, password: 'chosen1' })).status).toBe(401);

    const set = await client(app).post<{ message: string }>('/auth/reset-password', {
      hash: linkHash(mail!.text),
      password: 'chosen1',
      repeatPassword: 'chosen1',
    });
    expect(set.body.result.message).toBe('Your password was set. You can sign in now.');
    const signedIn = await client(app).post<{ tenantId: string; isAdmin: string }>('/signin', {
      email,
      password: 'chosen1',
    });
    expect(signedIn.body.result).toMatchObject({ tenantId: admin.tenantId, isAdmin: '0' });
  });

  it('adds an existing person by id and tells them by email', async () => {
    const admin = await signUp(app, { workspace: 'Guild' });
    const other = await signUp(app);
    const added = await admin.api.post('/tenants/add-user', { id: other.userId });
    expect(added.status).toBe(201);
    expect((await lastMailTo(app, other.email))?.text).toContain('http://cadence.test/login');
    const list = await other.api.get<{ name: string }[]>('/tenants');
    expect(list.body.result.map((w) => w.name)).toContain('Guild');
  });

  it('refuses someone already in the workspace with 409', async () => {
    const admin = await signUp(app);
    const again = await admin.api.post('/tenants/add-user', { id: admin.userId });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('User already exists in this workspace');
  });

  it('requires names for a new person', async () => {
    const admin = await signUp(app);
    const answer = await admin.api.post('/tenants/add-user', { email: uniqueEmail(), firstName: '', lastName: '' });
    expect(answer.status).toBe(400);
  });

  it('is for workspace admins only: others get 403 and nothing is added', async () => {
    const admin = await signUp(app);
    const email = uniqueEmail('member');
    await admin.api.post('/tenants/add-user', { email, firstName: 'Mem', lastName: 'Ber' });
    const member = await client(app).post<{ message: string }>('/auth/reset-password', {
      hash: linkHash((await lastMailTo(app, email))!.text),
      password: 'member1',
    });
    expect(member.status).toBe(200);
    const signedIn = await client(app).post<{ accessToken: string }>('/signin', { email, password: 'member1' });
    const asMember = client(app, signedIn.body.result.accessToken);

    const target = uniqueEmail('target');
    const refused = await asMember.post('/tenants/add-user', { email: target, firstName: 'T', lastName: 'T' });
    expect(refused.status).toBe(403);
    expect((await asMember.get(`/users/exists?email=${target}`)).status).toBe(403);
    expect((await admin.api.get(`/users/exists?email=${target}`)).body.result).toMatchObject({ exists: false });
  });

  it('answers 404 for an unknown user id', async () => {
    const admin = await signUp(app);
    const answer = await admin.api.post('/tenants/add-user', { id: '6d5f7a2e-0000-4000-8000-000000000000' });
    expect(answer.status).toBe(404);
  });
});
