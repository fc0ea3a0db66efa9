import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { client, joinWorkspace, PASSWORD, signUp } from '../../../../test/factories.ts';
import { enrol } from '../../../../test/two-factor-fixtures.ts';
import { TWO_FACTOR_REQUIRED_CODE, twoFactorRequiredMessage } from '../../../shared/two-factor.ts';
import { twoFactorMessages } from '../two-factor.messages.ts';

// A workspace that requires two-factor sign-in (decision 102): its members without it are
// asked to enrol and get 403 with a code from that workspace only, until they do.

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

type Policy = { required: boolean; membersWithout: number };

describe('requiring two-factor sign-in in a workspace', () => {
  it('an admin without it cannot require it (no lock-out); with it they can, and see who lacks it', async () => {
    const admin = await signUp(app);
    const member = await joinWorkspace(app, admin);
    const refused = await admin.api.put('/two-factor/policy', { required: true });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(twoFactorMessages.enableYourselfFirst);
    expect((await admin.api.get<Policy>('/two-factor/policy')).body.result).toEqual({
      required: false,
      membersWithout: 2,
    });

    await enrol(admin);
    const saved = await admin.api.put<Policy>('/two-factor/policy', { required: true });
    expect(saved.status).toBe(200);
    expect(saved.body.result).toEqual({ required: true, membersWithout: 1 });
    // Members cannot read or change it.
    expect((await member.api.put('/two-factor/policy', { required: false })).status).toBe(403);
    // Bad input: 400, not 500.
    for (const body of [{}, { required: 'yes' }, { required: true, more: 1 }, { required: null }])
      expect((await admin.api.put('/two-factor/policy', body)).status).toBe(400);
  });

  it('blocks a member without it in that workspace only, until they enrol', async () => {
    const admin = await signUp(app, { workspace: 'Strict Co' });
    await enrol(admin);
    const member = await joinWorkspace(app, admin);
    expect((await member.api.get('/meetings')).status).toBe(200);
    expect((await admin.api.put('/two-factor/policy', { required: true })).status).toBe(200);

    // From the next request on (the session cache is cleared by the change).
    const blocked = await member.api.get('/meetings');
    expect(blocked.status).toBe(403);
    expect(blocked.body).toEqual({
      status: 'fail',
      message: twoFactorRequiredMessage,
      errors: { twoFactor: TWO_FACTOR_REQUIRED_CODE },
    });
    expect((await member.api.get('/general-settings')).status).toBe(403);
    expect((await member.api.get('/users')).status).toBe(403);
    // What is the person's own still works: who they are, their workspaces, enrolling.
    const self = await member.api.get<{ tenant: unknown; twoFactorRequiredBy: unknown }>('/self');
    expect(self.body.result.tenant).toBeNull();
    expect(self.body.result.twoFactorRequiredBy).toEqual({ id: admin.tenantId, name: 'Strict Co' });
    const status = await member.api.get<{ enabled: boolean; requiredBy: string[] }>('/self/two-factor');
    expect(status.body.result).toEqual({ enabled: false, recoveryCodesLeft: 0, requiredBy: ['Strict Co'] });

    // Signing in again says so.
    const again = await client(app).post<{ twoFactorEnrolmentRequired?: boolean; accessToken: string }>('/signin', {
      email: member.email,
      password: PASSWORD,
      lastTenantSelected: admin.tenantId,
    });
    expect(again.body.result.twoFactorEnrolmentRequired).toBe(true);
    // Their own workspace does not require it: switching there works as before.
    const own = await client(app).post<{ twoFactorEnrolmentRequired?: boolean; accessToken: string; tenantId: string }>(
      '/signin',
      { email: member.email, password: PASSWORD },
    );
    expect(own.body.result.tenantId).toBeNull();
    const elsewhere = client(app, own.body.result.accessToken);
    const mine = await elsewhere.get<{ id: string }[]>('/tenants');
    const ownWorkspace = mine.body.result.find((w) => w.id !== admin.tenantId)!;
    expect((await elsewhere.post('/switch-tenant', { id: ownWorkspace.id })).status).toBe(200);
    expect((await elsewhere.get('/meetings')).status).toBe(200);

    await enrol(member);
    expect((await member.api.get('/meetings')).status).toBe(200);
    expect((await admin.api.get<Policy>('/two-factor/policy')).body.result.membersWithout).toBe(0);
  });
});
