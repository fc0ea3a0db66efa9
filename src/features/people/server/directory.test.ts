import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { client, joinWorkspace, lastMailTo, PASSWORD, signUp, uniqueEmail } from '../../../../test/factories.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import type { Contact, DirectoryPage, Group } from '../people.schemas.ts';

let app: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  app = await testApp();
  baseUrl = await listen(app);
});
afterAll(() => app.close());

const newContact = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Zoe',
  lastName: 'Quinn',
  email: uniqueEmail('contact'),
  jobTitle: 'Designer',
  timezone: 'Europe/Berlin',
  phone: '+49 30 1234',
  address: 'Main street 1',
  dob: '1990-02-28',
  slack: '@zoe',
  ...overrides,
});

describe('directory', () => {
  it("a person an admin creates starts in the admin's time zone unless one is given", async () => {
    const admin = await signUp(app);
    expect((await admin.api.patch('/self', { timezone: 'Europe/Berlin' })).status).toBe(200);
    const plain = await admin.api.post<{ user: Contact }>('/users', newContact({ timezone: undefined }));
    expect(plain.status).toBe(201);
    expect(plain.body.result.user.timezone).toBe('Europe/Berlin');
    const given = await admin.api.post<{ user: Contact }>('/users', newContact({ timezone: 'Asia/Tokyo' }));
    expect(given.body.result.user.timezone).toBe('Asia/Tokyo');
    // Through the add-person dialog (tenants/add-user) too.
    const email = uniqueEmail('added');
    const added = await admin.api.post('/tenants/add-user', { email, firstName: 'Ann', lastName: 'Added' });
    expect(added.status).toBe(201);
    const list = await admin.api.get<DirectoryPage>('/directory/users?search=Ann%20Added');
    const ann = list.body.result.users[0]!;
    expect((await admin.api.get<Contact>(`/users/${ann.id}`)).body.result.timezone).toBe('Europe/Berlin');
  });

  it('lists everyone of the workspace by first name, with the admin flag, searchable and paged', async () => {
    const admin = await signUp(app, { firstName: 'Mia' });
    await joinWorkspace(app, admin, { firstName: 'Bob' });
    await joinWorkspace(app, admin, { firstName: 'Amy' });
    const all = await admin.api.get<DirectoryPage>('/directory/users');
    expect(all.status).toBe(200);
    expect(all.body.result.users.map((u) => u.firstName)).toEqual(['Amy', 'Bob', 'Mia']);
    expect(all.body.result.total).toBe(3);
    expect(all.body.result.users.find((u) => u.firstName === 'Mia')?.isAdmin).toBe('1');
    expect(all.body.result.users.find((u) => u.firstName === 'Bob')?.isAdmin).toBe('0');

    const page = await admin.api.get<DirectoryPage>('/directory/users?limit=2&offset=2');
    expect(page.body.result).toMatchObject({ total: 3, users: [{ firstName: 'Mia' }] });
    const found = await admin.api.get<DirectoryPage>('/directory/users?search=bo');
    expect(found.body.result.users.map((u) => u.firstName)).toEqual(['Bob']);
    const wildcard = await admin.api.get<DirectoryPage>('/directory/users?search=%25');
    expect(wildcard.body.result.users).toEqual([]);
  });

  it('New User: an account with every field and its groups (both sides), and a set-password mail', async () => {
    const admin = await signUp(app);
    const group = await admin.api.post<Group>('/groups', { name: 'Sales' });
    expect(group.status).toBe(201);
    const input = newContact({ groupIds: [group.body.result.id], timezone: 'Mars/Olympus' });
    const created = await admin.api.post<{ outcome: string; message: string; user: Contact }>('/users', input);
    expect(created.status).toBe(201);
    expect(created.body.result).toMatchObject({
      outcome: 'created',
      message: 'User has been created',
      user: {
        firstName: 'Zoe',
        email: input.email,
        jobTitle: 'Designer',
        timezone: 'America/Los_Angeles',
        phone: '+49 30 1234',
        dob: '1990-02-28',
        slack: '@zoe',
        isAdmin: '0',
        disabled: false,
        groupIds: [group.body.result.id],
      },
    });
    const groups = await admin.api.get<{ groups: Group[] }>('/groups?includeUsers=true');
    expect(groups.body.result.groups[0]).toMatchObject({
      name: 'Sales',
      userIds: [created.body.result.user.id],
      users: [{ firstName: 'Zoe', deleted: false }],
    });
    expect((await lastMailTo(app, input.email))?.text).toContain('/set-password?hash=');
  });

  it('refuses a contact without the mandatory fields, with a bad email or an impossible date', async () => {
    const admin = await signUp(app);
    const empty = await admin.api.post('/users', { firstName: '', email: 'nope' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toMatchObject({
      firstName: 'This field is required',
      lastName: 'This field is required',
      email: 'Enter a valid email address',
    });
    const badDate = await admin.api.post('/users', newContact({ dob: '2023-02-30' }));
    expect(badDate.status).toBe(400);
    expect(badDate.body.errors?.dob).toBeDefined();
  });

  it('an existing account is invited, not created or changed', async () => {
    const admin = await signUp(app);
    const other = await signUp(app, { firstName: 'Otto' });
    const answer = await admin.api.post<{ outcome: string; user: null }>('/users', newContact({ email: other.email }));
    expect(answer.status).toBe(201);
    expect(answer.body.result).toMatchObject({ outcome: 'invited', user: null });
    const self = await other.api.get<{ user: { firstName: string } }>('/self');
    expect(self.body.result.user.firstName).toBe('Otto');
  });

  it('a member edits only themselves and not their groups; an admin edits anyone; groups follow on both sides', async () => {
    const admin = await signUp(app);
    const member = await joinWorkspace(app, admin);
    const colleague = await joinWorkspace(app, admin);
    const group = (await admin.api.post<Group>('/groups', { name: 'Ops' })).body.result;

    const other = await member.api.patch(`/users/${colleague.userId}`, { firstName: 'Hacked' });
    expect(other.status).toBe(403);
    expect((await admin.api.get<Contact>(`/users/${colleague.userId}`)).body.result.firstName).toBe('Test');
    expect((await member.api.patch(`/users/${member.userId}`, { groupIds: [group.id] })).status).toBe(403);
    const own = await member.api.patch<Contact>(`/users/${member.userId}`, { phone: '555', address: '' });
    expect(own.status).toBe(200);
    expect(own.body.result).toMatchObject({ phone: '555', address: null });

    const byAdmin = await admin.api.patch<Contact>(`/users/${colleague.userId}`, { groupIds: [group.id] });
    expect(byAdmin.body.result.groupIds).toEqual([group.id]);
    const groups = await admin.api.get<{ groups: Group[] }>('/groups');
    expect(groups.body.result.groups[0]!.userIds).toEqual([colleague.userId]);
    // Emptied on the user's side: gone from the group's side too.
    await admin.api.patch(`/users/${colleague.userId}`, { groupIds: [] });
    expect((await admin.api.get<{ groups: Group[] }>('/groups')).body.result.groups[0]!.userIds).toEqual([]);
  });

  it("another workspace's users and groups are 404 and nothing changes", async () => {
    const admin = await signUp(app);
    const stranger = await signUp(app);
    const theirGroup = (await stranger.api.post<Group>('/groups', { name: 'Theirs' })).body.result;
    expect((await admin.api.get(`/users/${stranger.userId}`)).status).toBe(404);
    expect((await admin.api.patch(`/users/${stranger.userId}`, { firstName: 'X' })).status).toBe(404);
    expect((await admin.api.post(`/users/${stranger.userId}/disable`)).status).toBe(404);
    expect((await admin.api.patch(`/groups/${theirGroup.id}`, { name: 'Mine' })).status).toBe(404);
    expect((await admin.api.delete(`/groups/${theirGroup.id}`)).status).toBe(404);
    expect((await admin.api.patch(`/users/${admin.userId}`, { groupIds: [theirGroup.id] })).status).toBe(404);
    expect((await admin.api.post('/groups', { name: 'G', userIds: [stranger.userId] })).status).toBe(404);
    const still = await stranger.api.get<{ groups: Group[] }>('/groups');
    expect(still.body.result.groups.map((g) => g.name)).toEqual(['Theirs']);
    expect((await stranger.api.get<{ user: { firstName: string } }>('/self')).body.result.user.firstName).toBe('Test');
  });
});

describe('Disable User', () => {
  it('only admins disable; the disabled user is signed out at once (socket too) and cannot sign in', async () => {
    const admin = await signUp(app);
    const member = await joinWorkspace(app, admin, { firstName: 'Dina' });
    const bystander = await joinWorkspace(app, admin);

    expect((await bystander.api.post(`/users/${member.userId}/disable`)).status).toBe(403);
    expect((await admin.api.post(`/users/${admin.userId}/disable`)).status).toBe(400);

    const socket = await connect(baseUrl, member.token);
    const watcher = await connect(baseUrl, admin.token);
    const closed = new Promise((resolve) => socket.socket.once('disconnect', resolve));
    const disabled = await admin.api.post<Contact>(`/users/${member.userId}/disable`);
    expect(disabled.status).toBe(200);
    expect(disabled.body.result.disabled).toBe(true);
    await expect(closed).resolves.toBe('io server disconnect');
    await eventually(() => watcher.received.some((m) => m.type === 'people.changed'));
    await settle();
    expect(socket.received.some((m) => m.type === 'people.changed')).toBe(false);
    watcher.socket.disconnect();

    expect((await member.api.get('/self')).status).toBe(401);
    const signIn = await client(app).post('/signin', { email: member.email, password: PASSWORD });
    // Their own first workspace is still theirs; in this one they are disabled.
    expect(signIn.status).toBe(200);
    const inHere = await client(app).post<{ tenantId: string; accessToken: string }>('/signin', {
      email: member.email,
      password: PASSWORD,
      lastTenantSelected: admin.tenantId,
    });
    expect(inHere.body.result.tenantId).not.toBe(admin.tenantId);
    const switched = await client(app, inHere.body.result.accessToken).post('/switch-tenant', {
      id: admin.tenantId,
    });
    expect(switched.status).toBe(404);

    // Still listed, in the deleted-user style; not offered for new memberships.
    const list = await admin.api.get<DirectoryPage>('/directory/users');
    expect(list.body.result.users.find((u) => u.id === member.userId)?.disabled).toBe(true);
    expect((await admin.api.post('/groups', { name: 'G', userIds: [member.userId] })).status).toBe(404);

    const enabled = await admin.api.post<Contact>(`/users/${member.userId}/enable`);
    expect(enabled.body.result.disabled).toBe(false);
  });

  it('a person whose only workspace disabled them cannot sign in, and is told where and whom to ask', async () => {
    const admin = await signUp(app, { firstName: 'Ada', workspace: `Acme Agency ${Date.now()}` });
    const workspace = (await admin.api.get<{ tenant: { name: string } }>('/self')).body.result.tenant.name;
    const input = newContact();
    const created = await admin.api.post<{ user: Contact }>('/users', input);
    const hash = /hash=([\w-]+)/.exec((await lastMailTo(app, input.email))!.text)![1];
    expect((await client(app).post('/auth/reset-password', { hash, password: PASSWORD })).status).toBe(200);
    expect((await client(app).post('/signin', { email: input.email, password: PASSWORD })).status).toBe(200);
    await admin.api.post(`/users/${created.body.result.user.id}/disable`);
    const refused = await client(app).post('/signin', { email: input.email, password: PASSWORD });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(`Your account was disabled in ${workspace}. Ask Ada Person to enable it again.`);
    // A wrong password learns nothing of it.
    const wrong = await client(app).post('/signin', { email: input.email, password: `${PASSWORD}x` });
    expect(wrong.body.message).not.toContain(workspace);
  });
});

describe('groups', () => {
  it('admins create, rename and delete; an empty name is refused; deleting removes it from its people', async () => {
    const admin = await signUp(app);
    const member = await joinWorkspace(app, admin);
    expect((await member.api.post('/groups', { name: 'Mine' })).status).toBe(403);
    const created = await admin.api.post<Group>('/groups', { name: 'Leads', userIds: [member.userId] });
    expect(created.body.result.userIds).toEqual([member.userId]);
    const id = created.body.result.id;
    const empty = await admin.api.patch(`/groups/${id}`, { name: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ name: 'This field is required' });
    const renamed = await admin.api.patch<Group>(`/groups/${id}`, { name: 'Team leads' });
    expect(renamed.body.result.name).toBe('Team leads');
    expect((await member.api.get<Contact>(`/users/${member.userId}`)).body.result.groupIds).toEqual([id]);
    expect((await member.api.delete(`/groups/${id}`)).status).toBe(403);
    expect((await admin.api.delete(`/groups/${id}`)).status).toBe(200);
    expect((await member.api.get<Contact>(`/users/${member.userId}`)).body.result.groupIds).toEqual([]);
    expect((await admin.api.get<{ total: number }>('/groups')).body.result.total).toBe(0);
  });
});
