import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { joinWorkspace, signUp } from '../../../../test/factories.ts';
import { peopleMessages } from '../people.messages.ts';
import type { DirectoryPage, Group } from '../people.schemas.ts';

// The directory by group and by status, and group names that stay unique in a workspace.

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const names = (page: { body: { result: DirectoryPage } }) => page.body.result.users.map((u) => u.firstName);

describe('directory filters', () => {
  it('lists one group, the active people or the disabled ones, with the totals of that list', async () => {
    const admin = await signUp(app, { firstName: 'Mia' });
    const bob = await joinWorkspace(app, admin, { firstName: 'Bob' });
    const amy = await joinWorkspace(app, admin, { firstName: 'Amy' });
    await joinWorkspace(app, admin, { firstName: 'Cal' });
    const sales = (await admin.api.post<Group>('/groups', { name: 'Sales', userIds: [bob.userId, amy.userId] })).body
      .result;
    expect((await admin.api.post(`/users/${amy.userId}/disable`)).status).toBe(200);

    const all = await admin.api.get<DirectoryPage>('/directory/users');
    expect(names(all)).toEqual(['Amy', 'Bob', 'Cal', 'Mia']);
    const active = await admin.api.get<DirectoryPage>('/directory/users?status=active');
    expect(names(active)).toEqual(['Bob', 'Cal', 'Mia']);
    expect(active.body.result.total).toBe(3);
    const disabled = await admin.api.get<DirectoryPage>('/directory/users?status=disabled');
    expect(names(disabled)).toEqual(['Amy']);
    expect(disabled.body.result.total).toBe(1);
    const group = await admin.api.get<DirectoryPage>(`/directory/users?groupId=${sales.id}`);
    expect(names(group)).toEqual(['Amy', 'Bob']);
    expect(group.body.result.users.every((u) => u.groupIds.includes(sales.id))).toBe(true);
    const activeInGroup = await admin.api.get<DirectoryPage>(
      `/directory/users?groupId=${sales.id}&status=active&limit=1`,
    );
    expect(names(activeInGroup)).toEqual(['Bob']);
    expect(activeInGroup.body.result.total).toBe(1);
    // A member sees the same directory.
    expect(names(await bob.api.get<DirectoryPage>(`/directory/users?groupId=${sales.id}`))).toEqual(['Amy', 'Bob']);

    for (const query of ['?status=gone', '?groupId=nope', '?status=', '?groupId='])
      expect((await admin.api.get(`/directory/users${query}`)).status).toBe(400);
  });

  it("another workspace's group is not found", async () => {
    const admin = await signUp(app);
    const stranger = await signUp(app);
    const theirs = (await stranger.api.post<Group>('/groups', { name: 'Theirs', userIds: [stranger.userId] })).body
      .result;
    const answer = await admin.api.get(`/directory/users?groupId=${theirs.id}`);
    expect(answer.status).toBe(404);
    expect(JSON.stringify(answer.body)).not.toContain(stranger.email);
  });
});

describe('group names', () => {
  it('a second group of the same name (case and spaces aside) is refused, on create and on rename', async () => {
    const admin = await signUp(app);
    const first = await admin.api.post<Group>('/groups', { name: 'Sales' });
    expect(first.status).toBe(201);
    const again = await admin.api.post('/groups', { name: '  sales ' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      message: peopleMessages.groupNameTaken('sales'),
      errors: { name: peopleMessages.groupNameTaken('sales') },
    });
    const other = (await admin.api.post<Group>('/groups', { name: 'Support' })).body.result;
    const renamed = await admin.api.patch(`/groups/${other.id}`, { name: 'SALES' });
    expect(renamed.status).toBe(409);
    // Renaming a group to its own name in other letters is fine; so is the same name in another workspace.
    expect((await admin.api.patch<Group>(`/groups/${first.body.result.id}`, { name: 'sales' })).status).toBe(200);
    const stranger = await signUp(app);
    expect((await stranger.api.post('/groups', { name: 'Sales' })).status).toBe(201);
    const groups = (await admin.api.get<{ groups: Group[] }>('/groups')).body.result.groups;
    expect(groups.map((g) => g.name)).toEqual(['sales', 'Support']);
  });

  it('two admins creating the same name at once: one group is made', async () => {
    const admin = await signUp(app);
    const second = await joinWorkspace(app, admin);
    expect((await admin.api.post(`/users/${second.userId}/make-admin`)).status).toBe(200);
    const answers = await Promise.all([
      admin.api.post('/groups', { name: 'Hiring' }),
      second.api.post('/groups', { name: 'Hiring' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const groups = (await admin.api.get<{ groups: Group[] }>('/groups')).body.result.groups;
    expect(groups.filter((g) => g.name === 'Hiring')).toHaveLength(1);
  });
});
