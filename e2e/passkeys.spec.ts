import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { clientMessages } from '../src/client/client.messages.ts';
import { authMessages } from '../src/features/auth/auth.messages.ts';
import { passkeysMessages } from '../src/features/auth/passkeys.messages.ts';
import { messages } from '../src/shared/messages.ts';
import { expectAccessible } from './axe.ts';
import { newUser, registerViaApi, screenshotsOf, spawnServer, whenAnswering } from './helpers.ts';

// Passkeys (decision 104) with Chromium's virtual authenticator: a person adds one in Settings →
// Security, signs out, and signs in with it alone. A passkey's relying party must be a host name,
// so this spec runs a Cadence of its own at http://localhost.

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const shots = screenshotsOf('passkeys');

const port = Number(process.env.E2E_PORT ?? 3100) + 70;
const site = `http://localhost:${port}`;
const api = `http://127.0.0.1:${port}`;
let dataDir = '';
let server: ChildProcess | undefined;

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('a person adds a passkey, signs out, and signs in with the passkey alone', async ({ page }) => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'cadence-e2e-passkeys-'));
  server = spawnServer(port, dataDir, 'localhost');
  await whenAnswering(api);
  const requests = await playwrightRequest.newContext({ baseURL: api });
  const user = newUser('passkey', { firstName: 'Pia', lastName: 'Key' });
  await registerViaApi(requests, user);
  await requests.dispose();

  // The browser's authenticator: a platform passkey that verifies its user (as a fingerprint would).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await page.goto(`${site}/login`);
  await page.getByRole('textbox', { name: messages.email }).fill(user.email);
  await page.getByRole('textbox', { name: authMessages.password, exact: true }).fill(user.password);
  await page.getByRole('button', { name: authMessages.signInButton, exact: true }).click();
  await expect(page).toHaveURL(/:\d+\/(home)?$/, { timeout: 30_000 });
  await page.goto(`${site}/settings/profile/security`);
  const card = page.getByRole('region', { name: passkeysMessages.cardTitle });
  await expect(card.getByText(passkeysMessages.empty)).toBeVisible();
  await card.getByRole('button', { name: passkeysMessages.add }).click();
  const dialog = page.getByRole('dialog', { name: passkeysMessages.addTitle });
  await dialog.getByRole('textbox', { name: passkeysMessages.nameLabel }).fill('Work laptop');
  await shots(page, 'add-dialog');
  await expectAccessible(page, 'add a passkey dialog');
  // Escape closes it without adding anything; then it is added for real.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await card.getByRole('button', { name: passkeysMessages.add }).click();
  await dialog.getByRole('textbox', { name: passkeysMessages.nameLabel }).fill('Work laptop');
  await dialog.getByRole('button', { name: passkeysMessages.save }).click();
  await expect(dialog).toBeHidden();
  const row = card.getByTestId('passkey-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Work laptop');
  await expect(row).toContainText(passkeysMessages.neverUsed);
  await card.scrollIntoViewIfNeeded();
  await shots(page, 'settings');
  await expectAccessible(page, 'settings with a passkey');

  await page.getByRole('button', { name: clientMessages.accountMenu }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: clientMessages.logout }).click();
  await expect(page).toHaveURL(/\/login$/);
  await shots(page, 'login');
  await expectAccessible(page, 'sign-in page with the passkey button');
  await page.getByRole('button', { name: passkeysMessages.signIn }).click();
  await expect(page).toHaveURL(/:\d+\/(home)?$/, { timeout: 30_000 });

  await page.goto(`${site}/settings/profile/security`);
  await expect(card.getByTestId('passkey-row')).not.toContainText(passkeysMessages.neverUsed);
});
