import { expect, test } from '@playwright/test';
import { SSO_ERRORS, ssoMessages } from '../src/features/auth/sso.messages.ts';
import { type OidcStandin, settingsFor, startOidcProvider } from '../test/oidc-provider.ts';
import { expectAccessible } from './axe.ts';
import { call, newUser, registerViaApi, screenshotsOf, signIn, startSignedIn } from './helpers.ts';

// Single sign-on (decision 103) through a real OpenID provider that this spec starts on a loopback
// port: an admin's settings screen, then a person signs in on the provider's own login page. The
// server accepts loopback issuers (SSO_ALLOW_PRIVATE_ISSUERS in playwright.config.ts).

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const shots = screenshotsOf('sso');

const baseURL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100)}`;

let provider: OidcStandin;
test.beforeAll(async () => {
  provider = await startOidcProvider([`${baseURL}/api/v2/auth/sso/callback`]);
});
test.afterAll(async () => {
  await provider.close();
});

test('an admin sets up single sign-on; a member signs in through the provider', async ({ page, browser, request }) => {
  const domain = `sso-e2e-${Date.now().toString(36)}.test`;
  const ownerUser = newUser('sso-owner', { firstName: 'Olga', lastName: 'Owner', email: `olga@${domain}` });
  await registerViaApi(request, ownerUser);
  const owner = await signIn(request, ownerUser);
  await call(request, owner.token, 'PUT', `/workspaces/${owner.tenantId}/sso`, settingsFor(provider, domain));

  // The admin's screen: the provider, the links to copy; the dialog closes with Escape.
  await startSignedIn(page, owner.token);
  await page.goto('/settings/administration');
  const card = page.getByRole('region', { name: ssoMessages.sectionTitle });
  await expect(card.getByText('Acme ID', { exact: true })).toBeVisible();
  await expect(card.getByText(`${baseURL}/api/v2/auth/sso/callback`)).toBeVisible();
  await shots(page, 'admin', card);
  await expectAccessible(page, 'Administration with single sign-on');
  await card.getByRole('button', { name: ssoMessages.edit }).click();
  const dialog = page.getByRole('dialog', { name: ssoMessages.sectionTitle });
  await expect(dialog.getByRole('textbox', { name: ssoMessages.issuer })).toHaveValue(provider.issuer);
  await expect(dialog.getByRole('button', { name: ssoMessages.save })).toBeVisible();
  await expect(dialog.getByRole('button', { name: ssoMessages.cancel })).toBeVisible();
  await shots(page, 'admin-dialog');
  await expectAccessible(page, 'the single sign-on dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // A fresh browser: the sign-in page, a work email, the provider's own login page, and in.
  const context = await browser.newContext({ baseURL });
  const visitor = await context.newPage();
  await visitor.goto('/login');
  await visitor.getByRole('button', { name: ssoMessages.useSso }).click();
  await visitor.getByRole('textbox', { name: ssoMessages.workEmail }).fill(`nobody@other-${domain}`);
  await visitor.getByRole('button', { name: ssoMessages.continueWithSso }).click();
  await expect(visitor.getByText(ssoMessages.noProviderForEmail)).toBeVisible();
  await shots(visitor, 'login');
  await expectAccessible(visitor, 'the sign-in page with single sign-on');
  await visitor.getByRole('textbox', { name: ssoMessages.workEmail }).fill(ownerUser.email);
  await visitor.getByRole('button', { name: ssoMessages.continueWithSso }).click();
  await expect(visitor).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await visitor.locator('input[name="login"]').fill(ownerUser.email);
  await visitor.locator('input[name="password"]').fill('anything');
  await visitor.getByRole('button', { name: 'Sign-in' }).click();
  await expect(visitor).toHaveURL(`${baseURL}/`);
  expect(await visitor.evaluate(() => sessionStorage.getItem('cadence.token'))).toBeTruthy();
  await context.close();
});

test('a workspace link offers its provider; a refusal is explained on the sign-in page', async ({ page, request }) => {
  const domain = `sso-link-${Date.now().toString(36)}.test`;
  const ownerUser = newUser('sso-link', { email: `olga@${domain}` });
  await registerViaApi(request, ownerUser);
  const owner = await signIn(request, ownerUser);
  await call(request, owner.token, 'PUT', `/workspaces/${owner.tenantId}/sso`, settingsFor(provider, domain));
  // An address outside the allowed domains signs in at the provider: Cadence refuses and says why.
  await page.goto(`/login?workspace=${owner.tenantId}`);
  await expect(page.getByRole('button', { name: ssoMessages.continueWith('Acme ID') })).toBeVisible();
  await shots(page, 'login-link');
  await page.getByRole('button', { name: ssoMessages.continueWith('Acme ID') }).click();
  await page.locator('input[name="login"]').fill(`stranger@elsewhere-${domain}`);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page).toHaveURL(/\/login\?ssoError=domain/);
  await expect(page.getByRole('alert').filter({ hasText: SSO_ERRORS.domain })).toBeVisible();
  // The workspace's button stays, to try again with another account.
  await expect(page.getByRole('button', { name: ssoMessages.continueWith('Acme ID') })).toBeVisible();
  await shots(page, 'error');
  await expectAccessible(page, 'the sign-in page after a refused single sign-on');
});
