import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { client, joinWorkspace, signUp } from '../../../../test/factories.ts';
import { type OidcStandin, startOidcProvider } from '../../../../test/oidc-provider.ts';
import {
  CALLBACK,
  configureSso,
  settingsFor,
  signInThrough,
  ssoApp,
  uniqueDomain,
} from '../../../../test/sso-fixtures.ts';
import { ssoProviders } from '../../../db/schema/index.ts';
import { messages } from '../../../shared/messages.ts';
import { ssoMessages } from '../sso.messages.ts';

// A workspace's own provider as its admins set it: the secret sealed and never shown, another
// workspace's settings out of reach, bad input refused, and discovery of the provider from an email.

let app: FastifyInstance;
let provider: OidcStandin;
beforeAll(async () => {
  provider = await startOidcProvider([CALLBACK]);
  app = await ssoApp();
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await provider.close();
});

describe('workspace SSO settings', () => {
  it('saves the provider, seals the client secret and never answers it', async () => {
    const domain = uniqueDomain();
    const admin = await signUp(app);
    const empty = await admin.api.get(`/workspaces/${admin.tenantId}/sso`);
    expect(empty.body.result).toMatchObject({ configured: false, redirectUrl: CALLBACK });

    const saved = await configureSso(admin, provider, domain.toUpperCase());
    expect(saved.body.result).toEqual({
      configured: true,
      displayName: 'Acme ID',
      issuer: provider.issuer,
      clientId: provider.clientId,
      hasClientSecret: true,
      allowedDomains: [domain],
      joinOnFirstSignIn: false,
      requireSso: false,
      redirectUrl: CALLBACK,
      signInUrl: `http://cadence.test/login?workspace=${admin.tenantId}`,
    });
    expect(JSON.stringify(saved.body)).not.toContain(provider.clientSecret);
    const [row] = await app.database.db.select().from(ssoProviders).where(eq(ssoProviders.tenantId, admin.tenantId));
    expect(row!.sealedClientSecret!.toString('latin1')).not.toContain(provider.clientSecret);

    // Saved again without a secret: the sealed one stays.
    const { clientSecret: _, ...withoutSecret } = settingsFor(provider, domain);
    const again = await admin.api.put(`/workspaces/${admin.tenantId}/sso`, { ...withoutSecret, displayName: 'Acme' });
    expect(again.body.result).toMatchObject({ displayName: 'Acme', hasClientSecret: true });

    const removed = await admin.api.delete(`/workspaces/${admin.tenantId}/sso`);
    expect(removed.body.result).toMatchObject({ configured: false });
  });

  it("re-seals the client secret when the workspace's vault key is rotated: sign-in still works", async () => {
    const domain = uniqueDomain();
    const admin = await signUp(app, { email: `admin@${domain}` });
    await configureSso(admin, provider, domain);
    const [before] = await app.database.db.select().from(ssoProviders).where(eq(ssoProviders.tenantId, admin.tenantId));
    expect((await admin.api.post('/vault/rotate-key')).status).toBe(200);
    const [after] = await app.database.db.select().from(ssoProviders).where(eq(ssoProviders.tenantId, admin.tenantId));
    expect(after!.sealedClientSecret!.equals(before!.sealedClientSecret!)).toBe(false);
    // The provider's token endpoint checks the secret: a sign-in proves it opened.
    const { browser, landed } = await signInThrough(app, admin.tenantId, admin.email);
    expect((await browser.complete(landed.location.searchParams.get('ssoCode')!)).status).toBe(200);
  });

  it("keeps another workspace's settings out of reach: 404 and nothing changed", async () => {
    const owner = await signUp(app);
    const stranger = await signUp(app);
    await configureSso(owner, provider, uniqueDomain());
    const path = `/workspaces/${owner.tenantId}/sso`;
    expect((await stranger.api.get(path)).status).toBe(404);
    const changed = await stranger.api.put(path, settingsFor(provider, uniqueDomain(), { requireSso: true }));
    expect(changed.status).toBe(404);
    expect((await stranger.api.delete(path)).status).toBe(404);
    const kept = await owner.api.get<{ requireSso: boolean; displayName: string }>(path);
    expect(kept.body.result).toMatchObject({ configured: true, requireSso: false, displayName: 'Acme ID' });
  });

  it('is for admins: a member gets 403, nothing changed', async () => {
    const admin = await signUp(app);
    const member = await joinWorkspace(app, admin);
    const path = `/workspaces/${admin.tenantId}/sso`;
    expect((await member.api.get(path)).status).toBe(403);
    expect((await member.api.put(path, settingsFor(provider, uniqueDomain()))).status).toBe(403);
    expect((await admin.api.get(path)).body.result).toMatchObject({ configured: false });
  });

  it('refuses bad input with 4xx and field messages, never a 500', async () => {
    const admin = await signUp(app);
    const path = `/workspaces/${admin.tenantId}/sso`;
    const put = (body: Record<string, unknown>) => admin.api.put(path, body);
    const good = settingsFor(provider, uniqueDomain());
    const noDomain = await put({ ...good, allowedDomains: [] });
    expect(noDomain.status).toBe(400);
    expect(noDomain.body.errors).toHaveProperty('allowedDomains');
    expect((await put({ ...good, allowedDomains: ['not a domain'] })).body.errors?.['allowedDomains.0']).toBe(
      ssoMessages.badDomain,
    );
    expect((await put({ ...good, issuer: 'not a url' })).status).toBe(400);
    expect((await put({ ...good, unknownKey: 1 })).status).toBe(400);
    expect((await put({ ...good, displayName: '' })).body.errors?.displayName).toBe(messages.required);
    const nothingThere = await put({ ...good, issuer: 'http://127.0.0.1:9/nothing' });
    expect(nothingThere.status).toBe(400);
    expect(nothingThere.body.errors?.issuer).toBe(ssoMessages.discoveryFailed('http://127.0.0.1:9/nothing'));
    expect((await admin.api.get('/workspaces/not-a-uuid/sso')).status).toBe(404);
    expect((await client(app).get('/auth/sso/discover?email=not-an-email')).status).toBe(400);
    expect((await client(app).get('/auth/sso/start?provider=facebook')).status).toBe(400);
    expect((await client(app).post('/auth/sso/complete', { code: '' })).status).toBe(400);
    expect((await client(app).post('/auth/sso/complete', { code: 'made-up' })).status).toBe(401);
    const forged = await app.inject({ method: 'GET', url: '/api/v2/auth/sso/callback?state=x&code=y' });
    expect(forged.statusCode).toBe(302);
    expect(forged.headers.location).toBe('/login?ssoError=state');
    expect((await admin.api.get(path)).body.result).toMatchObject({ configured: false });
  });

  it('refuses plain-http and private issuers unless the server allows them', async () => {
    const strict = await testApp();
    const admin = await signUp(strict);
    const path = `/workspaces/${admin.tenantId}/sso`;
    const http = await admin.api.put(path, settingsFor(provider, uniqueDomain()));
    expect(http.body.errors?.issuer).toBe(ssoMessages.notHttps);
    const local = await admin.api.put(path, {
      ...settingsFor(provider, uniqueDomain()),
      issuer: 'https://127.0.0.1:8443',
    });
    expect(local.body.errors?.issuer).toBe(ssoMessages.privateIssuer);
    await strict.close();
  });
});

describe('finding a workspace provider', () => {
  it('from a work email domain or a workspace link; nothing for others', async () => {
    const domain = uniqueDomain();
    const admin = await signUp(app);
    await configureSso(admin, provider, domain);
    const byEmail = await client(app).get<{ provider: unknown }>(
      `/auth/sso/discover?email=Someone@${domain.toUpperCase()}`,
    );
    expect(byEmail.body.result.provider).toEqual({ id: admin.tenantId, name: 'Acme ID' });
    const byLink = await client(app).get<{ provider: unknown }>(`/auth/sso/discover?workspace=${admin.tenantId}`);
    expect(byLink.body.result.provider).toEqual({ id: admin.tenantId, name: 'Acme ID' });
    const other = await client(app).get<{ provider: unknown }>(`/auth/sso/discover?email=a@${uniqueDomain()}`);
    expect(other.body.result.provider).toBeNull();
  });
});
