import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { joinWorkspace, signUp } from '../../../../test/factories.ts';
import { memberships, tenants } from '../../../db/schema/index.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

describe('workspaces', () => {
  it('lists the user’s workspaces and creates one with its creator as admin', async () => {
    const { api, tenantId } = await signUp(app, { workspace: 'Alpha' });
    const created = await api.post<{ id: string; name: string; isAdmin: string }>('/tenants', {
      tenant: { name: ' Beta ' },
    });
    expect(created.status).toBe(201);
    expect(created.body.result).toMatchObject({ name: 'Beta', isAdmin: '1' });
    const list = await api.get<{ id: string; name: string }[]>('/tenants');
    expect(list.body.result.map((w) => w.name)).toEqual(['Alpha', 'Beta']);
    expect(list.body.result.map((w) => w.id)).toContain(tenantId);
  });

  it('accepts the original client’s tenantName and requires a name', async () => {
    const { api } = await signUp(app);
    expect((await api.post('/tenants', { tenant_name: 'Gamma' })).status).toBe(201);
    const missing = await api.post('/tenants', { tenant: { name: '  ' } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ name: 'This field is required' });
  });

  it('switches into a workspace of the user', async () => {
    const { api } = await signUp(app);
    const second = await api.post<{ id: string }>('/tenants', { tenant: { name: 'Second' } });
    const switched = await api.post('/switch-tenant', { id: second.body.result.id });
    expect(switched.status).toBe(200);
    expect(switched.body.result).toEqual({ tenantId: second.body.result.id, isAdmin: '1' });
    const self = await api.get<{ tenant: { id: string } }>('/self');
    expect(self.body.result.tenant.id).toBe(second.body.result.id);
  });

  it('answers 404 for another workspace’s id and changes nothing', async () => {
    const owner = await signUp(app, { workspace: 'Private' });
    const intruder = await signUp(app, { workspace: 'Intruder' });

    const intoForeign = await intruder.api.post('/switch-tenant', { id: owner.tenantId });
    expect(intoForeign.status).toBe(404);
    const self = await intruder.api.get<{ tenant: { id: string } }>('/self');
    expect(self.body.result.tenant.id).toBe(intruder.tenantId);

    const rename = await intruder.api.patch(`/tenants/${owner.tenantId}`, { name: 'Taken over' });
    expect(rename.status).toBe(404);
    const [row] = await app.database.db.select().from(tenants).where(eq(tenants.id, owner.tenantId));
    expect(row!.name).toBe('Private');
  });

  it('lets only a workspace admin rename it (403 for other members)', async () => {
    const admin = await signUp(app, { workspace: 'Team' });
    const member = await signUp(app);
    await app.database.db.insert(memberships).values({ tenantId: admin.tenantId, userId: member.userId, isAdmin: '0' });
    await member.api.post('/switch-tenant', { id: admin.tenantId });

    const refused = await member.api.patch(`/tenants/${admin.tenantId}`, { name: 'Renamed' });
    expect(refused.status).toBe(403);
    const renamed = await admin.api.patch<{ name: string }>(`/tenants/${admin.tenantId}`, { name: 'Renamed' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.result.name).toBe('Renamed');
  });

  it('stops a session using a workspace the user was disabled in', async () => {
    const admin = await signUp(app);
    const member = await signUp(app);
    await app.database.db.insert(memberships).values({ tenantId: admin.tenantId, userId: member.userId });
    await member.api.post('/switch-tenant', { id: admin.tenantId });
    await app.database.db.update(memberships).set({ disabled: true }).where(eq(memberships.userId, member.userId));
    const refused = await member.api.patch(`/tenants/${admin.tenantId}`, { name: 'x' });
    expect(refused.status).toBe(403);
    expect((await member.api.get<unknown[]>('/tenants')).body.result).toEqual([]);
  });
});

describe('GET users', () => {
  it('lists the people of the current workspace only, without disabled ones', async () => {
    const admin = await signUp(app, { firstName: 'Ann' });
    const member = await joinWorkspace(app, admin, { firstName: 'Bob' });
    const gone = await joinWorkspace(app, admin, { firstName: 'Cid' });
    await signUp(app, { firstName: 'Stranger' });
    await app.database.db
      .update(memberships)
      .set({ disabled: true })
      .where(and(eq(memberships.userId, gone.userId), eq(memberships.tenantId, admin.tenantId)));

    const list = await member.api.get<{ id: string; firstName: string; isAdmin: string; email: string }[]>('/users');
    expect(list.status).toBe(200);
    expect(list.body.result.map((p) => [p.firstName, p.isAdmin])).toEqual([
      ['Ann', '1'],
      ['Bob', '0'],
    ]);
    expect(list.body.result[0]).toEqual(
      expect.objectContaining({ id: admin.userId, email: admin.email, image: null, jobTitle: null }),
    );
  });
});
