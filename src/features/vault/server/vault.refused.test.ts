import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { client, createMeeting, joinWorkspace, type SignedUp, signIn, signUp } from '../../../../test/factories.ts';
import { memberships, vaultAudit } from '../../../db/schema/index.ts';
import { ADMIN_FLAG } from '../../../shared/constants.ts';
import type { VaultAuditPage, VaultEntry } from '../vault.schemas.ts';

// Every refused reveal or copy is audited the same way, whoever was refused: a workspace admin
// outside the entry's groups, a person taken off the meeting, a member outside the groups. The
// answer stays a 404 that tells nothing; another workspace's entry is not audited anywhere.

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const reveal = (who: SignedUp, entryId: string, purpose: 'reveal' | 'copy') =>
  who.api.post(`/passwords/${entryId}/reveal`, { purpose });

const setUp = async () => {
  const leader = await signUp(app, { firstName: 'Lea' });
  const inGroup = await joinWorkspace(app, leader, { firstName: 'Gus' });
  const removed = await joinWorkspace(app, leader, { firstName: 'Rex' });
  const member = await joinWorkspace(app, leader, { firstName: 'Ada' });
  await app.database.db
    .update(memberships)
    .set({ isAdmin: ADMIN_FLAG.yes })
    .where(and(eq(memberships.tenantId, leader.tenantId), eq(memberships.userId, member.userId)));
  const admin = { ...member, api: client(app, await signIn(app, member.email, leader.tenantId)) };
  const meeting = await createMeeting(leader, [inGroup.userId, removed.userId]);
  const group = await leader.api.post<{ id: string }>('/groups', { name: 'Finance', userIds: [inGroup.userId] });
  const add = async (body: Record<string, unknown>) =>
    (await leader.api.post<VaultEntry>(`/meetings/${meeting.id}/passwords`, body)).body.result;
  const open = await add({ account: 'Bank', password: 'open-secret' });
  const restricted = await add({ account: 'Payroll', password: 'group-secret', groupIds: [group.body.result.id] });
  return { leader, inGroup, removed, admin, meeting, open, restricted };
};

const refusals = async (who: SignedUp, meetingId: string) => {
  const page = await who.api.get<VaultAuditPage>(`/meetings/${meetingId}/password-activity`);
  expect(page.status).toBe(200);
  return page.body.result.items
    .filter((row) => row.action.startsWith('refused_'))
    .map((row) => [row.userName, row.action, row.account])
    .reverse();
};

describe('refused reveals and copies', () => {
  it('are audited alike for an admin outside the groups, a person removed from the meeting and a member outside the groups', async () => {
    const t = await setUp();
    for (const purpose of ['reveal', 'copy'] as const) {
      const answer = await reveal(t.admin, t.restricted.id, purpose);
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('Not found');
    }
    // The meeting's leader keeps access whatever the groups (decision 088): no refusal.
    expect((await reveal(t.leader, t.restricted.id, 'reveal')).status).toBe(200);
    // Rex, still a member but outside Finance.
    expect((await reveal(t.removed, t.restricted.id, 'reveal')).status).toBe(404);
    expect((await t.leader.api.patch(`/meetings/${t.meeting.id}`, { members: [t.inGroup.userId] })).status).toBe(200);
    for (const purpose of ['reveal', 'copy'] as const) {
      expect((await reveal(t.removed, t.open.id, purpose)).status).toBe(404);
    }
    // Allowed ones stay what they were.
    expect((await reveal(t.inGroup, t.restricted.id, 'copy')).status).toBe(200);

    expect(await refusals(t.leader, t.meeting.id)).toEqual([
      ['Ada Person', 'refused_reveal', 'Payroll'],
      ['Ada Person', 'refused_copy', 'Payroll'],
      ['Rex Person', 'refused_reveal', 'Payroll'],
      ['Rex Person', 'refused_reveal', 'Bank'],
      ['Rex Person', 'refused_copy', 'Bank'],
    ]);
    // The workspace's activity lists the removed person's refusals by who they are.
    const theirs = await t.admin.api.get<VaultAuditPage>(
      `/password-activity?userId=${t.removed.userId}&action=refused_reveal,refused_copy`,
    );
    expect(theirs.body.result.total).toBe(3);
    // A refusal records the request's session and address, as a reveal does.
    const rows = await app.database.db.select().from(vaultAudit).where(eq(vaultAudit.userId, t.removed.userId));
    expect(rows.every((row) => row.sessionId !== null && row.address !== null)).toBe(true);
  });

  it('audits nothing for an entry of another workspace or one that does not exist: a plain 404', async () => {
    const t = await setUp();
    const other = await setUp();
    expect((await reveal(other.leader, t.open.id, 'reveal')).status).toBe(404);
    expect((await reveal(other.leader, '00000000-0000-4000-8000-000000000000', 'copy')).status).toBe(404);
    expect(await refusals(t.leader, t.meeting.id)).toEqual([]);
    expect(await refusals(other.leader, other.meeting.id)).toEqual([]);
    const stray = await app.database.db.select().from(vaultAudit).where(eq(vaultAudit.entryId, t.open.id));
    expect(stray.map((row) => row.action)).toEqual(['create']);
  });
});
