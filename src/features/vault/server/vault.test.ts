import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { client, createMeeting, joinWorkspace, type SignedUp, signIn, signUp } from '../../../../test/factories.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import { memberships, tenants, vaultAudit } from '../../../db/schema/index.ts';
import { ADMIN_FLAG } from '../../../shared/constants.ts';
import type { Meeting } from '../../meetings/meetings.schemas.ts';
import type { Revealed, VaultAuditPage, VaultEntry, VaultEntryPage, VaultFolder } from '../vault.schemas.ts';

// The vault through the API: who sees and reveals what, lists without secrets, audit rows,
// loss of access at once (also for a socket in the room), and other workspaces' ids.

let app: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  app = await testApp();
  baseUrl = await listen(app);
});
afterAll(() => app.close());

interface Team {
  /** Signed up first: the workspace's admin, and the meeting's leader. */
  leader: SignedUp;
  inGroup: SignedUp;
  outside: SignedUp;
  /** A workspace admin who is not in the meeting. */
  admin: SignedUp;
  meeting: Meeting;
  groupId: string;
}

const team = async (): Promise<Team> => {
  const leader = await signUp(app, { firstName: 'Lea' });
  const inGroup = await joinWorkspace(app, leader, { firstName: 'Gus' });
  const outside = await joinWorkspace(app, leader, { firstName: 'Otto' });
  const member = await joinWorkspace(app, leader, { firstName: 'Ada' });
  // No route makes an admin yet: the flag is set in the database, and Ada signs in again.
  await app.database.db
    .update(memberships)
    .set({ isAdmin: ADMIN_FLAG.yes })
    .where(and(eq(memberships.tenantId, leader.tenantId), eq(memberships.userId, member.userId)));
  const token = await signIn(app, member.email, leader.tenantId);
  const admin = { ...member, token, api: client(app, token) };
  const meeting = await createMeeting(leader, [inGroup.userId, outside.userId]);
  const group = await leader.api.post<{ id: string }>('/groups', { name: 'Finance', userIds: [inGroup.userId] });
  expect(group.status).toBe(201);
  return { leader, inGroup, outside, admin, meeting, groupId: group.body.result.id };
};

const addEntry = async (who: SignedUp, meetingId: string, body: Record<string, unknown>) => {
  const answer = await who.api.post<VaultEntry>(`/meetings/${meetingId}/passwords`, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.result;
};

const listOf = async (who: SignedUp, meetingId: string, query = '') =>
  who.api.get<VaultEntryPage>(`/meetings/${meetingId}/passwords${query}`);

const accounts = (page: VaultEntryPage) => page.items.map((entry) => entry.account);

const reveal = (who: SignedUp, entryId: string, purpose: 'reveal' | 'copy' = 'reveal') =>
  who.api.post<Revealed>(`/passwords/${entryId}/reveal`, { purpose });

describe('who sees and reveals what', () => {
  it('shows open entries to everyone in the meeting, restricted ones only to their groups, and reveals accordingly', async () => {
    const t = await team();
    const open = await addEntry(t.leader, t.meeting.id, {
      account: 'Bank',
      username: 'team',
      password: 'open-secret-1',
      siteUrl: 'bank.example.com',
    });
    const restricted = await addEntry(t.leader, t.meeting.id, {
      account: 'Payroll',
      password: 'group-secret-2',
      groupIds: [t.groupId],
    });
    expect(open.siteUrl).toBe('https://bank.example.com');
    expect(restricted).toMatchObject({ restricted: true, groupIds: [t.groupId] });

    expect(accounts((await listOf(t.inGroup, t.meeting.id)).body.result)).toEqual(['Bank', 'Payroll']);
    expect(accounts((await listOf(t.outside, t.meeting.id)).body.result)).toEqual(['Bank']);
    // The leader is in no group: a leader of the meeting keeps access to every entry (decision 088).
    const leaderView = (await listOf(t.leader, t.meeting.id)).body.result.items;
    expect(leaderView.map((entry) => [entry.account, entry.canReveal])).toEqual([
      ['Bank', true],
      ['Payroll', true],
    ]);
    expect((await reveal(t.leader, restricted.id)).body.result.password).toBe('group-secret-2');

    expect((await reveal(t.inGroup, restricted.id)).body.result).toEqual({ password: 'group-secret-2', seconds: 30 });
    expect((await reveal(t.outside, open.id)).body.result.password).toBe('open-secret-1');
    const refused = await reveal(t.outside, restricted.id);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Not found');
  });

  it('lets a workspace admin outside the meeting manage every entry but reveal none', async () => {
    const t = await team();
    const restricted = await addEntry(t.leader, t.meeting.id, {
      account: 'Payroll',
      password: 'group-secret',
      groupIds: [t.groupId],
    });
    const page = (await listOf(t.admin, t.meeting.id)).body.result;
    expect(page.canManage).toBe(true);
    expect(page.items).toMatchObject([{ account: 'Payroll', canReveal: false, canManage: true }]);
    expect((await reveal(t.admin, restricted.id)).status).toBe(404);
    const renamed = await t.admin.api.patch<VaultEntry>(`/passwords/${restricted.id}`, { account: 'Payroll 2' });
    expect(renamed.status).toBe(200);
    expect((await reveal(t.inGroup, restricted.id)).body.result.password).toBe('group-secret');
  });

  it('lets members reveal but not change, and people outside the meeting not even see the vault', async () => {
    const t = await team();
    const entry = await addEntry(t.leader, t.meeting.id, { account: 'Wifi', password: 'w1f1-secret' });
    expect((await t.inGroup.api.patch(`/passwords/${entry.id}`, { account: 'Mine' })).status).toBe(403);
    expect((await t.inGroup.api.delete(`/passwords/${entry.id}`)).status).toBe(403);
    expect(
      (await t.inGroup.api.post(`/meetings/${t.meeting.id}/passwords`, { account: 'X', password: 'y' })).status,
    ).toBe(403);
    const stranger = await joinWorkspace(app, t.leader);
    expect((await listOf(stranger, t.meeting.id)).status).toBe(404);
    expect((await reveal(stranger, entry.id)).status).toBe(404);
    expect((await stranger.api.get(`/meetings/${t.meeting.id}/password-folders`)).status).toBe(404);
  });

  it('never carries a password in a list, a saved entry or a folder', async () => {
    const t = await team();
    const folder = await t.leader.api.post<VaultFolder>(`/meetings/${t.meeting.id}/password-folders`, { name: 'Ops' });
    const created = await t.leader.api.post(`/meetings/${t.meeting.id}/passwords`, {
      account: 'Server',
      password: 'never-listed-7f3a',
      folderId: folder.body.result.id,
    });
    const edited = await t.leader.api.patch(`/passwords/${(created.body.result as VaultEntry).id}`, {
      password: 'never-listed-8b4c',
    });
    const bodies = [
      created.body,
      edited.body,
      (await listOf(t.leader, t.meeting.id)).body,
      (await t.leader.api.get(`/meetings/${t.meeting.id}/password-folders`)).body,
      (await t.leader.api.get(`/meetings/${t.meeting.id}/password-activity`)).body,
    ];
    for (const body of bodies) expect(JSON.stringify(body)).not.toMatch(/never-listed|"password"/);
  });
});

describe('the list', () => {
  it('sorts A-Z and Z-A, searches, filters by group and folder, and pages', async () => {
    const t = await team();
    const folder = (await t.leader.api.post<VaultFolder>(`/meetings/${t.meeting.id}/password-folders`, { name: 'Web' }))
      .body.result;
    await addEntry(t.leader, t.meeting.id, { account: 'beta', password: 'p', folderId: folder.id });
    await addEntry(t.leader, t.meeting.id, { account: 'Alpha', password: 'p', username: 'ops@example.com' });
    await addEntry(t.leader, t.meeting.id, { account: 'gamma', password: 'p', groupIds: [t.groupId] });
    const id = t.meeting.id;
    expect(accounts((await listOf(t.inGroup, id)).body.result)).toEqual(['Alpha', 'beta', 'gamma']);
    expect(accounts((await listOf(t.inGroup, id, '?sort=desc')).body.result)).toEqual(['gamma', 'beta', 'Alpha']);
    expect(accounts((await listOf(t.inGroup, id, '?search=OPS@')).body.result)).toEqual(['Alpha']);
    expect(accounts((await listOf(t.inGroup, id, `?groupId=${t.groupId}`)).body.result)).toEqual(['gamma']);
    expect(accounts((await listOf(t.inGroup, id, `?folderId=${folder.id}`)).body.result)).toEqual(['beta']);
    expect(accounts((await listOf(t.inGroup, id, '?folderId=none')).body.result)).toEqual(['Alpha', 'gamma']);
    const second = (await listOf(t.inGroup, id, '?limit=2&offset=2')).body.result;
    expect({ items: accounts(second), total: second.total }).toEqual({ items: ['gamma'], total: 3 });
    const folders = (await t.outside.api.get<{ items: VaultFolder[] }>(`/meetings/${id}/password-folders`)).body.result;
    expect(folders.items).toEqual([expect.objectContaining({ name: 'Web', entryCount: 1 })]);
  });

  it('refuses bad input with field messages and no write', async () => {
    const t = await team();
    const id = t.meeting.id;
    const cases: [Record<string, unknown>, string][] = [
      [{ password: 'x' }, 'account'],
      [{ account: 'A' }, 'password'],
      [{ account: 'A', password: 'x', siteUrl: 'javascript:alert(1)' }, 'siteUrl'],
      [{ account: 'A', password: 'x', siteUrl: 'ftp://files.example.com' }, 'siteUrl'],
      [{ account: 'A'.repeat(201), password: 'x' }, 'account'],
      [{ account: 'A', password: 'x'.repeat(1001) }, 'password'],
    ];
    for (const [body, field] of cases) {
      const answer = await t.leader.api.post(`/meetings/${id}/passwords`, body);
      expect(answer.status, field).toBe(400);
      expect(Object.keys(answer.body.errors ?? {})).toContain(field);
    }
    expect((await t.leader.api.post(`/meetings/${id}/password-folders`, { name: '  ' })).body.errors).toEqual({
      name: 'This field is required',
    });
    expect((await listOf(t.leader, id)).body.result.total).toBe(0);
  });
});

describe('folders', () => {
  it("counts in each folder only the entries the caller sees: a group's entries are not told to others", async () => {
    const t = await team();
    const id = t.meeting.id;
    const folder = (await t.leader.api.post<VaultFolder>(`/meetings/${id}/password-folders`, { name: 'Ops' })).body
      .result;
    await addEntry(t.leader, id, { account: 'open', password: 'p', folderId: folder.id });
    await addEntry(t.leader, id, { account: 'hidden', password: 'p', folderId: folder.id, groupIds: [t.groupId] });
    const countsOf = async (who: SignedUp) => {
      const answer = await who.api.get<{ items: Record<string, unknown>[] }>(`/meetings/${id}/password-folders`);
      expect(answer.status).toBe(200);
      return answer.body.result.items;
    };
    // Otto is not in Finance: one entry, and nothing in the answer says there is another.
    const outside = await countsOf(t.outside);
    expect(outside).toEqual([{ id: folder.id, meetingId: id, name: 'Ops', entryCount: 1 }]);
    expect((await countsOf(t.inGroup))[0]).toMatchObject({ entryCount: 2 });
    // Admins manage every entry of the meeting: they count all of them.
    expect((await countsOf(t.admin))[0]).toMatchObject({ entryCount: 2 });
    expect((await countsOf(t.leader))[0]).toMatchObject({ entryCount: 2 });
    // A leader who is no admin and not in the group sees every entry of the meeting (decision 088).
    const otherLeader = await joinWorkspace(app, t.leader, { firstName: 'Lou' });
    expect(
      (await t.leader.api.patch(`/meetings/${id}`, { administrators: [t.leader.userId, otherLeader.userId] })).status,
    ).toBe(200);
    expect((await countsOf(otherLeader))[0]).toMatchObject({ entryCount: 2 });
  });

  it('renames, and deletes keeping or deleting its entries', async () => {
    const t = await team();
    const id = t.meeting.id;
    const make = async (name: string) =>
      (await t.leader.api.post<VaultFolder>(`/meetings/${id}/password-folders`, { name })).body.result;
    const keep = await make('Keep');
    const drop = await make('Drop');
    await addEntry(t.leader, id, { account: 'kept', password: 'p', folderId: keep.id });
    const gone = await addEntry(t.leader, id, { account: 'gone', password: 'p', folderId: drop.id });
    expect(
      (await t.leader.api.patch<VaultFolder>(`/password-folders/${keep.id}`, { name: 'Kept' })).body.result.name,
    ).toBe('Kept');
    expect((await t.inGroup.api.delete(`/password-folders/${keep.id}`)).status).toBe(403);
    expect((await t.leader.api.delete(`/password-folders/${keep.id}`)).status).toBe(200);
    expect((await t.leader.api.delete(`/password-folders/${drop.id}?entries=delete`)).status).toBe(200);
    const left = (await listOf(t.leader, id)).body.result.items;
    expect(left.map((entry) => [entry.account, entry.folderId])).toEqual([['kept', null]]);
    const history = await t.leader.api.get<VaultAuditPage>(`/meetings/${id}/password-activity?entryId=${gone.id}`);
    expect(history.body.result.items.map((row) => row.action)).toEqual(['delete', 'create']);
  });
});

describe('audit', () => {
  it('records reveal, copy, create, change and delete with who, session and address, for leaders and admins only', async () => {
    const t = await team();
    const entry = await addEntry(t.leader, t.meeting.id, { account: 'Router', password: 'r0uter' });
    await reveal(t.inGroup, entry.id);
    await reveal(t.inGroup, entry.id, 'copy');
    await t.leader.api.patch(`/passwords/${entry.id}`, { notes: 'rack 2' });
    await t.leader.api.delete(`/passwords/${entry.id}`);
    const history = await t.leader.api.get<VaultAuditPage>(
      `/meetings/${t.meeting.id}/password-activity?entryId=${entry.id}`,
    );
    const rows = history.body.result.items;
    expect(rows.map((row) => [row.action, row.userName])).toEqual([
      ['delete', 'Lea Person'],
      ['update', 'Lea Person'],
      ['copy', 'Gus Person'],
      ['reveal', 'Gus Person'],
      ['create', 'Lea Person'],
    ]);
    expect(rows[3]).toMatchObject({ account: 'Router', userId: t.inGroup.userId });
    expect(rows[3]!.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows[3]!.address).toMatch(/^127\./);
    expect((await t.inGroup.api.get(`/meetings/${t.meeting.id}/password-activity`)).status).toBe(403);
    expect((await t.admin.api.get(`/meetings/${t.meeting.id}/password-activity`)).status).toBe(200);
  });

  it('shows an admin which entries a departed person revealed or copied, newest first, one or several actions', async () => {
    const t = await team();
    const alarm = await addEntry(t.leader, t.meeting.id, { account: 'Alarm', password: '1234' });
    const door = await addEntry(t.leader, t.meeting.id, { account: 'Door', password: '5678' });
    await reveal(t.outside, alarm.id);
    await reveal(t.outside, door.id, 'copy');
    await reveal(t.inGroup, alarm.id);
    expect((await t.leader.api.post(`/users/${t.outside.userId}/disable`)).status).toBe(200);
    const seen = await t.admin.api.get<VaultAuditPage>(
      `/password-activity?userId=${t.outside.userId}&action=reveal,copy`,
    );
    expect(seen.status).toBe(200);
    expect(seen.body.result.items.map((row) => [row.action, row.account, row.entryId, row.meetingTitle])).toEqual([
      ['copy', 'Door', door.id, t.meeting.title],
      ['reveal', 'Alarm', alarm.id, t.meeting.title],
    ]);
    const reveals = await t.admin.api.get<VaultAuditPage>(
      `/password-activity?userId=${t.outside.userId}&action=reveal`,
    );
    expect(reveals.body.result.items.map((row) => row.account)).toEqual(['Alarm']);
    const paged = await t.admin.api.get<VaultAuditPage>(
      `/password-activity?userId=${t.outside.userId}&action=reveal,copy&limit=1&offset=1`,
    );
    expect({ total: paged.body.result.total, items: paged.body.result.items.map((row) => row.account) }).toEqual({
      total: 2,
      items: ['Alarm'],
    });
    expect((await t.admin.api.get(`/password-activity?action=reveal,peek`)).status).toBe(400);
    expect((await t.inGroup.api.get('/password-activity')).status).toBe(403);
    expect((await t.leader.api.get(`/password-activity?userId=${t.outside.userId}`)).status).toBe(200);
  });

  it('keeps the audit of a deleted meeting: an admin still reads its reveals, and the deletion of its entries', async () => {
    const t = await team();
    const entry = await addEntry(t.leader, t.meeting.id, { account: 'Safe', password: 's4fe' });
    const folder = (
      await t.leader.api.post<VaultFolder>(`/meetings/${t.meeting.id}/password-folders`, { name: 'Gone' })
    ).body.result;
    const inFolder = await addEntry(t.leader, t.meeting.id, { account: 'Locker', password: 'l', folderId: folder.id });
    await reveal(t.inGroup, entry.id);
    await reveal(t.outside, inFolder.id, 'copy');
    expect((await t.leader.api.delete(`/meetings/${t.meeting.id}`)).status).toBe(200);
    expect((await t.admin.api.get(`/meetings/${t.meeting.id}/password-activity`)).status).toBe(404);

    const rows = async (query: string) => {
      const answer = await t.admin.api.get<VaultAuditPage>(`/password-activity?${query}`);
      expect(answer.status).toBe(200);
      return answer.body.result.items.filter((row) => row.meetingId === t.meeting.id);
    };
    const all = await rows('limit=100');
    expect(all.map((row) => [row.action, row.account, row.userName]).sort()).toEqual(
      [
        ['copy', 'Locker', 'Otto Person'],
        ['create', 'Locker', 'Lea Person'],
        ['create', 'Safe', 'Lea Person'],
        ['delete', 'Locker', 'Lea Person'],
        ['delete', 'Safe', 'Lea Person'],
        ['reveal', 'Safe', 'Gus Person'],
      ].sort(),
    );
    for (const row of all) expect(row).toMatchObject({ meetingTitle: t.meeting.title, meetingDeleted: true });
    expect((await rows(`userId=${t.inGroup.userId}&action=reveal,copy`)).map((row) => row.entryId)).toEqual([entry.id]);
  });

  it('cannot be changed: no method but GET on its routes, and the database refuses UPDATE and DELETE', async () => {
    const t = await team();
    const entry = await addEntry(t.leader, t.meeting.id, { account: 'Audited', password: 'a' });
    await reveal(t.inGroup, entry.id);
    const paths = [
      `/api/v2/meetings/${t.meeting.id}/password-activity`,
      '/api/v2/password-activity',
      `/api/v2/meetings/${t.meeting.id}/password-activity?entryId=${entry.id}`,
    ];
    for (const url of paths) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        const body = method === 'DELETE' ? {} : { payload: { action: 'create', account: 'forged' } };
        const answer = await app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${t.admin.token}` },
          ...body,
        });
        expect([404, 405], `${method} ${url}`).toContain(answer.statusCode);
      }
      const read = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${t.admin.token}` } });
      expect(read.statusCode, url).toBe(200);
    }
    const db = app.database.db;
    const ofMeeting = eq(vaultAudit.meetingId, t.meeting.id);
    const before = await db.select().from(vaultAudit).where(ofMeeting);
    expect(before.map((row) => row.action).sort()).toEqual(['create', 'reveal']);
    /** The database's own refusal (drizzle wraps it: its cause is the database's error). */
    const refusal = async (query: PromiseLike<unknown>) => {
      const error = await Promise.resolve(query).then(
        () => null,
        (e: unknown) => e as Error & { cause?: Error },
      );
      return error?.cause?.message ?? error?.message ?? 'no error';
    };
    expect(await refusal(db.update(vaultAudit).set({ account: 'forged' }).where(ofMeeting))).toMatch(
      /vault_audit is append-only: UPDATE refused/,
    );
    expect(await refusal(db.update(vaultAudit).set({ userId: null }).where(ofMeeting))).toMatch(/UPDATE refused/);
    expect(await refusal(db.delete(vaultAudit).where(ofMeeting))).toMatch(/append-only: DELETE refused/);
    expect(await refusal(db.execute(sql`truncate vault_audit`))).toMatch(/append-only: TRUNCATE refused/);
    expect(await db.select().from(vaultAudit).where(ofMeeting)).toEqual(before);
  });

  it('goes with its workspace when the workspace itself is deleted', async () => {
    const t = await team();
    const entry = await addEntry(t.leader, t.meeting.id, { account: 'Tenant', password: 't' });
    await reveal(t.inGroup, entry.id);
    const db = app.database.db;
    const ofTenant = eq(vaultAudit.tenantId, t.leader.tenantId);
    expect(await db.$count(vaultAudit, ofTenant)).toBe(2);
    await db.delete(tenants).where(eq(tenants.id, t.leader.tenantId));
    expect(await db.$count(vaultAudit, ofTenant)).toBe(0);
  });

  it('limits the rate of reveals per person', async () => {
    const t = await team();
    const entry = await addEntry(t.leader, t.meeting.id, { account: 'Limit', password: 'l' });
    let status = 200;
    for (let i = 0; i < 61 && status === 200; i++) status = (await reveal(t.outside, entry.id)).status;
    expect(status).toBe(429);
    expect((await reveal(t.inGroup, entry.id)).status).toBe(200);
  });
});

describe('loss of access', () => {
  it('ends at once on removal from the meeting, a group or the workspace, and the room hears no more', async () => {
    const t = await team();
    const id = t.meeting.id;
    const open = await addEntry(t.leader, id, { account: 'Open', password: 'o' });
    const restricted = await addEntry(t.leader, id, { account: 'Closed', password: 'c', groupIds: [t.groupId] });
    const stays = await connect(baseUrl, t.leader.token);
    const removed = await connect(baseUrl, t.outside.token);
    for (const listener of [stays, removed])
      expect(await listener.socket.emitWithAck('meeting:join', id)).toEqual({ ok: true });

    // Taken off the meeting: no list, no reveal, no more events of its room.
    expect((await t.leader.api.patch(`/meetings/${id}`, { members: [t.inGroup.userId] })).status).toBe(200);
    expect((await listOf(t.outside, id)).status).toBe(404);
    expect((await reveal(t.outside, open.id)).status).toBe(404);
    const heard = removed.received.filter((m) => m.type === 'vault.changed').length;
    await addEntry(t.leader, id, { account: 'After', password: 'a' });
    await eventually(() => stays.received.some((m) => m.type === 'vault.changed'));
    await settle();
    expect(removed.received.filter((m) => m.type === 'vault.changed').length).toBe(heard);

    // Taken out of the group: the restricted entry is gone from the list and cannot be revealed.
    expect((await t.leader.api.patch(`/groups/${t.groupId}`, { userIds: [] })).status).toBe(200);
    expect(accounts((await listOf(t.inGroup, id)).body.result)).toEqual(['After', 'Open']);
    expect((await reveal(t.inGroup, restricted.id)).status).toBe(404);

    // Disabled in the workspace: nothing at all.
    expect((await t.leader.api.post(`/users/${t.inGroup.userId}/disable`)).status).toBe(200);
    expect((await reveal(t.inGroup, open.id)).status).toBe(401);
    stays.socket.disconnect();
    removed.socket.disconnect();
  });

  it('keeps a restricted entry hidden when its last group is deleted', async () => {
    const t = await team();
    const entry = await addEntry(t.leader, t.meeting.id, { account: 'Orphan', password: 'x', groupIds: [t.groupId] });
    expect((await t.leader.api.delete(`/groups/${t.groupId}`)).status).toBe(200);
    expect(accounts((await listOf(t.outside, t.meeting.id)).body.result)).toEqual([]);
    expect((await reveal(t.outside, entry.id)).status).toBe(404);
  });
});

describe('other workspaces', () => {
  it("answers 404 for another workspace's meeting, entry, folder and group, and changes nothing", async () => {
    const t = await team();
    const other = await team();
    const entry = await addEntry(t.leader, t.meeting.id, { account: 'Mine', password: 'm' });
    const folder = (await t.leader.api.post<VaultFolder>(`/meetings/${t.meeting.id}/password-folders`, { name: 'F' }))
      .body.result;
    const o = other.leader.api;
    expect((await o.get(`/meetings/${t.meeting.id}/passwords`)).status).toBe(404);
    expect((await o.post(`/meetings/${t.meeting.id}/passwords`, { account: 'x', password: 'y' })).status).toBe(404);
    expect((await o.patch(`/passwords/${entry.id}`, { account: 'Theirs' })).status).toBe(404);
    expect((await o.post(`/passwords/${entry.id}/reveal`, {})).status).toBe(404);
    expect((await o.delete(`/passwords/${entry.id}`)).status).toBe(404);
    expect((await o.patch(`/password-folders/${folder.id}`, { name: 'G' })).status).toBe(404);
    expect((await o.delete(`/password-folders/${folder.id}`)).status).toBe(404);
    expect((await o.get(`/meetings/${t.meeting.id}/password-activity`)).status).toBe(404);
    const own = other.meeting.id;
    expect(
      (await o.post(`/meetings/${own}/passwords`, { account: 'x', password: 'y', folderId: folder.id })).status,
    ).toBe(404);
    expect(
      (await o.post(`/meetings/${own}/passwords`, { account: 'x', password: 'y', groupIds: [t.groupId] })).status,
    ).toBe(404);
    expect((await listOf(other.leader, own)).body.result.total).toBe(0);
    expect(accounts((await listOf(t.leader, t.meeting.id)).body.result)).toEqual(['Mine']);
  });
});
