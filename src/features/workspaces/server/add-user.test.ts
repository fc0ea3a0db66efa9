import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { client, lastMailTo, linkHash, signUp, uniqueEmail } from '../../../../test/factories.ts';
import { RATE_LIMITS } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import { workspacesMessages } from '../workspaces.messages.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

describe('adding a person to a workspace', () => {
  it('looks an email up: unknown, in another workspace, in this one — and reveals nothing else', async () => {
    const admin = await signUp(app);
    const other = await signUp(app, { firstName: 'Olga' });
    const lookup = (email: string) => admin.api.get(`/users/exists?email=${encodeURIComponent(email)}`);

    expect((await lookup(uniqueEmail())).body.result).toEqual({ exists: false, existsInTenant: false });
    const elsewhere = await lookup(other.email.toUpperCase());
    expect(elsewhere.body.result).toEqual({ exists: true, existsInTenant: false });
    // No name, email or id of an account outside the workspace, anywhere in the answer.
    const text = JSON.stringify(elsewhere.body);
    for (const secret of ['Olga', other.email, other.userId]) expect(text).not.toContain(secret);
    expect((await lookup(admin.email)).body.result).toEqual({ exists: true, existsInTenant: true });
    expect((await lookup('not an email')).status).toBe(400);
  });

  it('limits lookups per admin with 429 in the envelope and Retry-After', async () => {
    const admin = await signUp(app);
    const lookup = () => admin.api.get(`/users/exists?email=${encodeURIComponent(uniqueEmail())}`);
    for (let i = 0; i < RATE_LIMITS.userLookupPerAdmin.max; i++) expect((await lookup()).status).toBe(200);
    const refused = await lookup();
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ status: 'fail', message: messages.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Per admin: another admin is not held up.
    expect((await (await signUp(app)).api.get(`/users/exists?email=${uniqueEmail()}`)).status).toBe(200);
  });

  it('limits add-user per admin with 429', async () => {
    const admin = await signUp(app);
    for (let i = 0; i < RATE_LIMITS.addUserPerAdmin.max; i++) {
      const added = await admin.api.post('/tenants/add-user', { email: uniqueEmail(), firstName: 'A', lastName: 'B' });
      expect(added.status).toBe(201);
    }
    const refused = await admin.api.post('/tenants/add-user', { email: uniqueEmail(), firstName: 'A', lastName: 'B' });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('adds a new person, who sets a password from the emailed link and signs in to the workspace', async () => {
    const admin = await signUp(app, { workspace: 'Crew' });
    const email = uniqueEmail('newbie');
    const added = await admin.api.post('/tenants/add-user', { email, firstName: 'New', lastName: 'Bie' });
    expect(added.status).toBe(201);
    expect(added.body.result).toMatchObject({
      outcome: 'added',
      message: 'User has been added to this workspace',
      person: { email, firstName: 'New', lastName: 'Bie' },
    });

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

  it('invites an existing person (by email or id) instead of adding them, and tells them by email', async () => {
    const admin = await signUp(app, { workspace: 'Guild' });
    const other = await signUp(app);
    const added = await admin.api.post('/tenants/add-user', { email: other.email });
    expect(added.status).toBe(201);
    expect(added.body.result).toEqual({ outcome: 'invited', message: workspacesMessages.invitationSent, person: null });
    const mail = await lastMailTo(app, other.email);
    expect(mail?.subject).toBe('Test Person invited you to Guild on Cadence');
    expect(mail?.text).toContain('http://cadence.test/workspaces');
    // Not a member until they accept: not listed, and they cannot switch to it.
    const list = await other.api.get<{ name: string }[]>('/tenants');
    expect(list.body.result.map((w) => w.name)).not.toContain('Guild');
    expect((await other.api.post('/switch-tenant', { id: admin.tenantId })).status).toBe(404);
    const people = await admin.api.get<{ id: string }[]>('/users');
    expect(people.body.result.map((p) => p.id)).not.toContain(other.userId);
    // The original client's form, by id, invites too.
    const byId = await admin.api.post('/tenants/add-user', { id: other.userId });
    expect(byId.body.result).toMatchObject({ outcome: 'invited', person: null });
  });

  it('refuses someone already in the workspace with 409', async () => {
    const admin = await signUp(app);
    const again = await admin.api.post('/tenants/add-user', { id: admin.userId });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('User already exists in this workspace');
    const byEmail = await admin.api.post('/tenants/add-user', { email: admin.email.toUpperCase() });
    expect(byEmail.status).toBe(409);
    expect(byEmail.body.message).toBe('User already exists in this workspace');
  });

  it('requires names for a new person', async () => {
    const admin = await signUp(app);
    const answer = await admin.api.post('/tenants/add-user', { email: uniqueEmail(), firstName: '', lastName: '' });
    expect(answer.status).toBe(400);
    const missing = await admin.api.post('/tenants/add-user', { email: uniqueEmail() });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ firstName: messages.required, lastName: messages.required });
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
