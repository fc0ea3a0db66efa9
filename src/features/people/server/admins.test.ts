import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { joinWorkspace, signUp } from '../../../../test/factories.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import type { Self } from '../../../shared/self.ts';
import { peopleMessages } from '../people.messages.ts';
import type { Contact, DirectoryPage } from '../people.schemas.ts';

// A second admin: admins grant and remove admin rights, their own included; a workspace keeps
// at least one active admin.

let app: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  app = await testApp();
  baseUrl = await listen(app);
});
afterAll(() => app.close());

const adminFlagOf = async (viewer: Awaited<ReturnType<typeof signUp>>, userId: string) =>
  (await viewer.api.get<DirectoryPage>('/directory/users')).body.result.users.find((u) => u.id === userId)?.isAdmin;

describe('admin rights', () => {
  it('an admin makes a member an admin, who can act as one at once; the person hears of it live', async () => {
    const owner = await signUp(app);
    const member = await joinWorkspace(app, owner);
    // Not yet an admin: the admin-only directory action is refused.
    expect((await member.api.post(`/users/${owner.userId}/remove-admin`)).status).toBe(403);
    const socket = await connect(baseUrl, member.token);
    try {
      const made = await owner.api.post<Contact>(`/users/${member.userId}/make-admin`);
      expect(made.status).toBe(200);
      expect(made.body.result.isAdmin).toBe('1');
      await eventually(() =>
        socket.received.some(
          (m) => m.type === 'people.changed' && (m.data as { userId: string }).userId === member.userId,
        ),
      );
    } finally {
      socket.socket.disconnect();
    }
    expect((await member.api.get<Self>('/self')).body.result.isAdmin).toBe('1');
    // Making an admin an admin again changes nothing.
    expect((await owner.api.post<Contact>(`/users/${member.userId}/make-admin`)).body.result.isAdmin).toBe('1');
    // The new admin now removes the first one's rights, and the first one is a member at once.
    expect((await member.api.post(`/users/${owner.userId}/remove-admin`)).status).toBe(200);
    expect((await owner.api.get<Self>('/self')).body.result.isAdmin).toBe('0');
    expect((await owner.api.post(`/users/${member.userId}/remove-admin`)).status).toBe(403);
    expect(await adminFlagOf(member, owner.userId)).toBe('0');
  });

  it('the last active admin cannot lose the rights, not even by their own hand', async () => {
    const owner = await signUp(app);
    const member = await joinWorkspace(app, owner);
    const refused = await owner.api.post(`/users/${owner.userId}/remove-admin`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ status: 'fail', message: peopleMessages.lastAdmin });
    expect((await owner.api.get<Self>('/self')).body.result.isAdmin).toBe('1');

    // A disabled admin does not count: they cannot manage anything.
    expect((await owner.api.post(`/users/${member.userId}/make-admin`)).status).toBe(200);
    expect((await owner.api.post(`/users/${member.userId}/disable`)).status).toBe(200);
    expect((await owner.api.post(`/users/${owner.userId}/remove-admin`)).status).toBe(409);
    // A disabled person is not made an admin either.
    const other = await joinWorkspace(app, owner);
    expect((await owner.api.post(`/users/${other.userId}/disable`)).status).toBe(200);
    const disabled = await owner.api.post(`/users/${other.userId}/make-admin`);
    expect(disabled.status).toBe(409);
    expect(disabled.body).toMatchObject({ message: peopleMessages.disabledCannotBeAdmin });
    expect(await adminFlagOf(owner, other.userId)).toBe('0');

    // With a second active admin, one may step down.
    const second = await joinWorkspace(app, owner);
    expect((await owner.api.post(`/users/${second.userId}/make-admin`)).status).toBe(200);
    expect((await owner.api.post(`/users/${owner.userId}/remove-admin`)).status).toBe(200);
    expect((await owner.api.get<Self>('/self')).body.result.isAdmin).toBe('0');
  });

  it('two admins removing each other at once: one of them stays an admin', async () => {
    const owner = await signUp(app);
    const second = await joinWorkspace(app, owner);
    expect((await owner.api.post(`/users/${second.userId}/make-admin`)).status).toBe(200);
    const answers = await Promise.all([
      owner.api.post(`/users/${second.userId}/remove-admin`),
      second.api.post(`/users/${owner.userId}/remove-admin`),
    ]);
    const [won, lost] = answers.map((a) => a.status).sort();
    expect(won).toBe(200);
    // The other finds it would leave no admin (409) or, when the first had already finished,
    // that it is no longer an admin itself (403).
    expect([403, 409]).toContain(lost);
    const flags = [await adminFlagOf(owner, owner.userId), await adminFlagOf(owner, second.userId)];
    expect(flags.filter((flag) => flag === '1')).toHaveLength(1);
  });

  it("another workspace's person is not found and keeps their rights; that workspace hears nothing", async () => {
    const owner = await signUp(app);
    const stranger = await signUp(app);
    const strangersMate = await joinWorkspace(app, stranger);
    const socket = await connect(baseUrl, stranger.token);
    try {
      for (const path of ['make-admin', 'remove-admin']) {
        const answer = await owner.api.post(`/users/${strangersMate.userId}/${path}`);
        expect(answer.status).toBe(404);
        expect((await owner.api.post(`/users/${stranger.userId}/${path}`)).status).toBe(404);
      }
      await settle();
      expect(socket.received.some((m) => m.type === 'people.changed')).toBe(false);
    } finally {
      socket.socket.disconnect();
    }
    expect(await adminFlagOf(stranger, stranger.userId)).toBe('1');
    expect(await adminFlagOf(stranger, strangersMate.userId)).toBe('0');
    expect((await owner.api.post('/users/not-a-uuid/make-admin')).status).toBe(404);
  });
});
