import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { createMeeting, joinWorkspace, type SignedUp, signUp } from '../../../../test/factories.ts';
import { vaultAudit, vaultEntries } from '../../../db/schema/index.ts';
import type { Meeting } from '../../meetings/meetings.schemas.ts';
import { vaultMessages } from '../vault.messages.ts';
import type { Revealed, VaultAuditPage, VaultEntry, VaultEntryPage } from '../vault.schemas.ts';

// Decision 088: the meeting's leaders keep access to every entry of their meeting whatever its
// groups, and their reveals are audited as any other; a save that would leave its author unable
// to reveal the entry asks first (409 unless confirmed, nothing written).

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

interface Team {
  /** The workspace's first admin and the meeting's first leader; in no group. */
  lea: SignedUp;
  /** A second leader of the meeting, no admin, in no group. */
  lou: SignedUp;
  /** A workspace admin who is a plain member of the meeting, in no group. */
  ada: SignedUp;
  /** A member in the Finance group. */
  gus: SignedUp;
  /** A member in no group. */
  otto: SignedUp;
  /** A workspace admin outside the meeting. */
  max: SignedUp;
  meeting: Meeting;
  finance: string;
}

const team = async (): Promise<Team> => {
  const lea = await signUp(app, { firstName: 'Lea' });
  const join = (firstName: string) => joinWorkspace(app, lea, { firstName });
  const lou = await join('Lou');
  const ada = await join('Ada');
  const gus = await join('Gus');
  const otto = await join('Otto');
  const max = await join('Max');
  for (const admin of [ada, max]) expect((await lea.api.post(`/users/${admin.userId}/make-admin`)).status).toBe(200);
  const meeting = await createMeeting(lea, [ada.userId, gus.userId, otto.userId]);
  expect((await lea.api.patch(`/meetings/${meeting.id}`, { administrators: [lea.userId, lou.userId] })).status).toBe(
    200,
  );
  const group = await lea.api.post<{ id: string }>('/groups', { name: 'Finance', userIds: [gus.userId] });
  expect(group.status).toBe(201);
  return { lea, lou, ada, gus, otto, max, meeting, finance: group.body.result.id };
};

const add = (who: SignedUp, meetingId: string, body: Record<string, unknown>) =>
  who.api.post<VaultEntry>(`/meetings/${meetingId}/passwords`, body);

const reveal = (who: SignedUp, entryId: string, purpose: 'reveal' | 'copy' = 'reveal') =>
  who.api.post<Revealed>(`/passwords/${entryId}/reveal`, { purpose });

const entriesOf = async (meetingId: string) =>
  app.database.db.select().from(vaultEntries).where(eq(vaultEntries.meetingId, meetingId));

const auditOf = async (t: Team, entryId: string) => {
  const page = await t.lea.api.get<VaultAuditPage>(`/meetings/${t.meeting.id}/password-activity?entryId=${entryId}`);
  expect(page.status).toBe(200);
  return page.body.result.items.map((row) => [row.userName, row.action]).reverse();
};

describe('a save that would lock its author out', () => {
  it('is refused with 409 and writes nothing, then saved once confirmed', async () => {
    const t = await team();
    const body = { account: 'Payroll', password: 'payroll-secret', groupIds: [t.finance] };
    const refused = await add(t.ada, t.meeting.id, body);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(vaultMessages.vaultLockOutRefused);
    expect(refused.body.errors).toEqual({ confirmLockOut: vaultMessages.vaultLockOutRefused });
    expect(await entriesOf(t.meeting.id)).toEqual([]);
    expect(await app.database.db.select().from(vaultAudit).where(eq(vaultAudit.meetingId, t.meeting.id))).toEqual([]);
    // An explicit false is no confirmation.
    expect((await add(t.ada, t.meeting.id, { ...body, confirmLockOut: false })).status).toBe(409);

    const saved = await add(t.ada, t.meeting.id, { ...body, confirmLockOut: true });
    expect(saved.status).toBe(201);
    expect(saved.body.result).toMatchObject({ restricted: true, groupIds: [t.finance], canReveal: false });
    expect(JSON.stringify(saved.body)).not.toContain('confirmLockOut');
    expect((await reveal(t.ada, saved.body.result.id)).status).toBe(404);
    expect((await reveal(t.gus, saved.body.result.id)).body.result.password).toBe('payroll-secret');
  });

  it('asks on an edit only when the new groups take the access its author had', async () => {
    const t = await team();
    const open = await add(t.ada, t.meeting.id, { account: 'Wifi', password: 'w' });
    expect(open.status).toBe(201);
    const id = open.body.result.id;
    const restrict = { account: 'Wifi renamed', groupIds: [t.finance], password: 'changed' };
    const refused = await t.ada.api.patch(`/passwords/${id}`, restrict);
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toHaveProperty('confirmLockOut');
    const [stored] = await entriesOf(t.meeting.id);
    expect(stored).toMatchObject({ account: 'Wifi', restricted: false });
    expect((await reveal(t.ada, id)).body.result.password).toBe('w');
    // Other fields change without a question: the access stays.
    expect((await t.ada.api.patch(`/passwords/${id}`, { notes: 'hall', groupIds: [] })).status).toBe(200);

    const confirmed = await t.ada.api.patch<VaultEntry>(`/passwords/${id}`, { ...restrict, confirmLockOut: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.result).toMatchObject({ account: 'Wifi renamed', restricted: true, canReveal: false });
    // Already without access: a further change takes nothing more, so no question.
    expect((await t.ada.api.patch(`/passwords/${id}`, { notes: 'rack 2', groupIds: [t.finance] })).status).toBe(200);
    expect((await reveal(t.gus, id)).body.result.password).toBe('changed');
  });

  it('never asks a leader, nor an admin who keeps access; asks an admin outside the meeting even for an open entry', async () => {
    const t = await team();
    const restricted = { password: 'p', groupIds: [t.finance] };
    expect((await add(t.lea, t.meeting.id, { account: 'Lea', ...restricted })).status).toBe(201);
    expect((await add(t.lou, t.meeting.id, { account: 'Lou', ...restricted })).status).toBe(201);
    expect((await add(t.ada, t.meeting.id, { account: 'Open', password: 'p' })).status).toBe(201);
    expect((await t.lea.api.patch(`/groups/${t.finance}`, { userIds: [t.gus.userId, t.ada.userId] })).status).toBe(200);
    expect((await add(t.ada, t.meeting.id, { account: 'Ada', ...restricted })).status).toBe(201);
    // Max is no one in the meeting: he can reveal none of its passwords.
    expect((await add(t.max, t.meeting.id, { account: 'Max', password: 'p' })).status).toBe(409);
    expect((await add(t.max, t.meeting.id, { account: 'Max', password: 'p', confirmLockOut: true })).status).toBe(201);
    expect((await entriesOf(t.meeting.id)).map((entry) => entry.account).sort()).toEqual([
      'Ada',
      'Lea',
      'Lou',
      'Max',
      'Open',
    ]);
  });
});

describe("the meeting's leaders", () => {
  it('reveal and copy every entry of their meeting, audited; a member outside the groups still cannot, audited as refused', async () => {
    const t = await team();
    const entry = (await add(t.lea, t.meeting.id, { account: 'Payroll', password: 'pay-1', groupIds: [t.finance] }))
      .body.result;
    // Lou leads the meeting, is no admin and in no group: he lists, reveals and copies it.
    const louList = (await t.lou.api.get<VaultEntryPage>(`/meetings/${t.meeting.id}/passwords`)).body.result;
    expect(louList.items).toMatchObject([{ account: 'Payroll', canReveal: true, canManage: true }]);
    expect((await reveal(t.lou, entry.id)).body.result).toEqual({ password: 'pay-1', seconds: 30 });
    expect((await reveal(t.lou, entry.id, 'copy')).body.result.password).toBe('pay-1');
    expect((await reveal(t.lea, entry.id)).body.result.password).toBe('pay-1');

    // Otto is a member outside Finance: no row, no secret, each try audited as a refusal.
    const ottoList = (await t.otto.api.get<VaultEntryPage>(`/meetings/${t.meeting.id}/passwords`)).body.result;
    expect(ottoList.items).toEqual([]);
    for (const purpose of ['reveal', 'copy'] as const) {
      const answer = await reveal(t.otto, entry.id, purpose);
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('Not found');
    }
    // Ada, a workspace admin and plain member, is not a leader: refused too.
    expect((await reveal(t.ada, entry.id)).status).toBe(404);

    expect(await auditOf(t, entry.id)).toEqual([
      ['Lea Person', 'create'],
      ['Lou Person', 'reveal'],
      ['Lou Person', 'copy'],
      ['Lea Person', 'reveal'],
      ['Otto Person', 'refused_reveal'],
      ['Otto Person', 'refused_copy'],
      ['Ada Person', 'refused_reveal'],
    ]);
    const rows = await app.database.db.select().from(vaultAudit).where(eq(vaultAudit.userId, t.lou.userId));
    expect(rows.every((row) => row.sessionId !== null && row.address !== null && row.account === 'Payroll')).toBe(true);
  });

  it('only of the meeting the entry belongs to: a leader of another meeting gets a 404', async () => {
    const t = await team();
    const entry = (await add(t.lea, t.meeting.id, { account: 'Payroll', password: 'pay', groupIds: [t.finance] })).body
      .result;
    const otherMeeting = await createMeeting(t.otto, [], { title: 'Otto weekly' });
    expect(otherMeeting.administrators.map((person) => person.id)).toEqual([t.otto.userId]);
    expect((await reveal(t.otto, entry.id)).status).toBe(404);
    // Taken off the leaders, Lou is a plain member outside the group again.
    expect((await t.lea.api.patch(`/meetings/${t.meeting.id}`, { administrators: [t.lea.userId] })).status).toBe(200);
    expect((await reveal(t.lou, entry.id)).status).toBe(404);
  });
});

describe('other workspaces', () => {
  it("answer 404 for another workspace's entry, meeting, folder and group ids, with or without the confirmation, and change nothing", async () => {
    const t = await team();
    const other = await team();
    const entry = (await add(t.lea, t.meeting.id, { account: 'Mine', password: 'm' })).body.result;
    const folder = (await t.lea.api.post<{ id: string }>(`/meetings/${t.meeting.id}/password-folders`, { name: 'F' }))
      .body.result;
    const o = other.ada.api;
    const confirmed = { confirmLockOut: true };
    expect((await o.patch(`/passwords/${entry.id}`, { groupIds: [other.finance], ...confirmed })).status).toBe(404);
    expect((await o.patch(`/passwords/${entry.id}`, { account: 'Theirs' })).status).toBe(404);
    expect((await reveal(other.lea, entry.id)).status).toBe(404);
    expect(
      (await o.post(`/meetings/${t.meeting.id}/passwords`, { account: 'x', password: 'y', ...confirmed })).status,
    ).toBe(404);
    // Ids of the other workspace in the body: 404 before any question of access.
    const own = other.meeting.id;
    for (const body of [
      { account: 'x', password: 'y', groupIds: [t.finance] },
      { account: 'x', password: 'y', groupIds: [t.finance], ...confirmed },
      { account: 'x', password: 'y', folderId: folder.id, ...confirmed },
    ])
      expect((await o.post(`/meetings/${own}/passwords`, body)).status, JSON.stringify(body)).toBe(404);
    const theirs = (await add(other.lea, own, { account: 'Theirs', password: 't' })).body.result;
    expect((await o.patch(`/passwords/${theirs.id}`, { groupIds: [t.finance] })).status).toBe(404);
    expect((await o.patch(`/passwords/${theirs.id}`, { folderId: folder.id, ...confirmed })).status).toBe(404);

    expect((await entriesOf(own)).map((row) => [row.account, row.restricted, row.folderId])).toEqual([
      ['Theirs', false, null],
    ]);
    expect((await entriesOf(t.meeting.id)).map((row) => [row.account, row.restricted, row.folderId])).toEqual([
      ['Mine', false, null],
    ]);
    const audit = await app.database.db.select().from(vaultAudit).where(eq(vaultAudit.entryId, entry.id));
    expect(audit.map((row) => row.action)).toEqual(['create']);
  });
});
