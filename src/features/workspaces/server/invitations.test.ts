import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { client, PASSWORD, type SignedUp, signUp } from '../../../../test/factories.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import { memberships } from '../../../db/schema/index.ts';
import type { Invitation } from '../workspaces.schemas.ts';

// Adding an existing account makes an invitation; only its invitee sees, accepts or declines it.

let app: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  app = await testApp();
  baseUrl = await listen(app);
});
afterAll(() => app.close());

const invite = async (admin: SignedUp, person: SignedUp) => {
  const added = await admin.api.post('/tenants/add-user', { email: person.email });
  expect(added.status).toBe(201);
  const open = await person.api.get<Invitation[]>('/invitations');
  const invitation = open.body.result.find((item) => item.workspace.id === admin.tenantId);
  expect(invitation).toBeDefined();
  return invitation!;
};

const workspaceNames = async (person: SignedUp) =>
  (await person.api.get<{ name: string }[]>('/tenants')).body.result.map((w) => w.name);

describe('invitations', () => {
  it('lists the pending invitation with the workspace and who invited; accepting makes a member', async () => {
    const admin = await signUp(app, { workspace: 'Harbour', firstName: 'Ines' });
    const person = await signUp(app);
    const invitation = await invite(admin, person);
    expect(invitation).toMatchObject({
      workspace: { id: admin.tenantId, name: 'Harbour', iconLogo: null },
      invitedBy: 'Ines Person',
    });
    const member = await connect(baseUrl, admin.token);

    const accepted = await person.api.post(`/invitations/${invitation.id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.result).toMatchObject({ id: admin.tenantId, name: 'Harbour', isAdmin: '0' });
    expect(await workspaceNames(person)).toContain('Harbour');
    expect((await person.api.post('/switch-tenant', { id: admin.tenantId })).status).toBe(200);
    const people = await admin.api.get<{ id: string }[]>('/users');
    expect(people.body.result.map((p) => p.id)).toContain(person.userId);
    // The workspace room hears it.
    await eventually(() => member.received.some((event) => event.type === 'workspace.memberJoined'));
    expect(member.received.find((event) => event.type === 'workspace.memberJoined')?.data).toEqual({
      userId: person.userId,
    });
    member.socket.close();

    // Closed: no longer listed, and a second accept is not found.
    expect((await person.api.get<Invitation[]>('/invitations')).body.result).toEqual([]);
    expect((await person.api.post(`/invitations/${invitation.id}/accept`)).status).toBe(404);
    // Adding them again: already in this workspace.
    expect((await admin.api.post('/tenants/add-user', { email: person.email })).status).toBe(409);
  });

  it('declining leaves the person out, and the invitation closed', async () => {
    const admin = await signUp(app, { workspace: 'Quay' });
    const person = await signUp(app);
    const invitation = await invite(admin, person);
    const declined = await person.api.post(`/invitations/${invitation.id}/decline`);
    expect(declined.status).toBe(200);
    expect(await workspaceNames(person)).not.toContain('Quay');
    expect((await person.api.post('/switch-tenant', { id: admin.tenantId })).status).toBe(404);
    expect((await person.api.get<Invitation[]>('/invitations')).body.result).toEqual([]);
    expect((await person.api.post(`/invitations/${invitation.id}/accept`)).status).toBe(404);
    // The admin may invite again; the new invitation is open.
    const again = await invite(admin, person);
    expect(again.id).not.toBe(invitation.id);
  });

  it('is invisible to everyone but its invitee: another user cannot see, accept or decline it (404)', async () => {
    const admin = await signUp(app, { workspace: 'Pier' });
    const person = await signUp(app);
    const intruder = await signUp(app);
    const invitation = await invite(admin, person);
    const member = await connect(baseUrl, admin.token);

    expect((await intruder.api.get<Invitation[]>('/invitations')).body.result).toEqual([]);
    // Not even the admin who sent it can accept it for them.
    for (const someone of [intruder, admin]) {
      const accept = await someone.api.post(`/invitations/${invitation.id}/accept`);
      expect(accept.status).toBe(404);
      expect(accept.body).toEqual({ status: 'fail', message: 'Not found' });
      expect((await someone.api.post(`/invitations/${invitation.id}/decline`)).status).toBe(404);
    }
    expect(await workspaceNames(intruder)).not.toContain('Pier');
    expect((await intruder.api.post('/switch-tenant', { id: admin.tenantId })).status).toBe(404);
    await settle();
    expect(member.received).toEqual([]);
    member.socket.close();
    // Nothing changed: the invitee still has it open.
    expect((await person.api.get<Invitation[]>('/invitations')).body.result.map((i) => i.id)).toEqual([invitation.id]);
    expect((await client(app).get('/invitations')).status).toBe(401);
    expect((await person.api.post('/invitations/not-an-id/accept')).status).toBe(404);
  });

  it("lists only the caller's own invitations, from every workspace that invited them", async () => {
    const first = await signUp(app, { workspace: 'Alpha' });
    const second = await signUp(app, { workspace: 'Beta' });
    const person = await signUp(app);
    const other = await signUp(app);
    await invite(first, person);
    await invite(second, person);
    await invite(first, other);
    const mine = await person.api.get<Invitation[]>('/invitations');
    expect(mine.body.result.map((i) => i.workspace.name)).toEqual(['Alpha', 'Beta']);
    const theirs = await other.api.get<Invitation[]>('/invitations');
    expect(theirs.body.result.map((i) => i.workspace.name)).toEqual(['Alpha']);
  });

  it('lets someone whose only way in is an invitation sign in to the picker', async () => {
    const admin = await signUp(app, { workspace: 'Dock' });
    const person = await signUp(app);
    // They leave their own workspace (disabled in it), so they have none left.
    await app.database.db.update(memberships).set({ disabled: true }).where(eq(memberships.userId, person.userId));
    const refused = await client(app).post('/signin', { email: person.email, password: PASSWORD });
    expect(refused.status).toBe(401);
    await admin.api.post('/tenants/add-user', { email: person.email });
    const signedIn = await client(app).post<{ tenantId: string | null; accessToken: string }>('/signin', {
      email: person.email,
      password: PASSWORD,
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.result.tenantId).toBeNull();
    const open = await client(app, signedIn.body.result.accessToken).get<Invitation[]>('/invitations');
    expect(open.body.result.map((i) => i.workspace.name)).toEqual(['Dock']);
  });
});
