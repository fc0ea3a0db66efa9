import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { createMeeting, joinWorkspace, type SignedUp, signUp } from '../../../../test/factories.ts';
import { vaultAudit } from '../../../db/schema/index.ts';
import type { Meeting } from '../../meetings/meetings.schemas.ts';
import type { Revealed, VaultAuditPage, VaultEntry, VaultEntryPage } from '../vault.schemas.ts';

// Decision 088: the meeting's leaders keep access to every entry of their meeting whatever its
// groups, and their reveals are audited as any other.

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

const auditOf = async (t: Team, entryId: string) => {
  const page = await t.lea.api.get<VaultAuditPage>(`/meetings/${t.meeting.id}/password-activity?entryId=${entryId}`);
  expect(page.status).toBe(200);
  return page.body.result.items.map((row) => [row.userName, row.action]).reverse();
};

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
