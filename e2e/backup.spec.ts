import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type APIRequestContext,
  expect as baseExpect,
  type Locator,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { clientMessages } from '../src/client/client.messages.ts';
import { PGLITE_PART } from '../src/server/backup/backup.create.ts';
import { withVerifiedBackup } from '../src/server/backup/backup.restore.ts';
import { backupMessages } from '../src/server/backup/backup.routes.ts';
import { expectAccessible } from './axe.ts';
import { newUser, registerViaApi, SCREENS, signIn, spawnServer, startSignedIn, whenAnswering } from './helpers.ts';

// The Administration page's Backup card (decision 091). Who may download the server's backup is
// the server's rule (src/server/backup/server-admins.ts): a person who is an enabled admin of EVERY
// workspace on the server. The suite's server holds the workspaces of every other spec, so there
// an admin of one workspace is refused, with the card's explanation and the server's reason. The
// download itself is shown on a one-workspace server this spec starts on its own port and data
// folder (as e2e/realtime-restart.spec.ts does); the suite's server is not touched.

test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 30_000 });
// The machine these run on may be busy: a page's first load gets longer than the default.
const expect = baseExpect.configure({ timeout: 30_000 });

const PASSPHRASE = 'correct horse battery staple';

/** A picture of the window with the whole card in it (its bottom at the window's bottom: it is the page's last card). */
const shot = async (page: Page, card: Locator, name: string) => {
  await card.evaluate((element) => element.scrollIntoView({ block: 'end' }));
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SCREENS}/backup-${name}.png` });
};
/** Nothing on the page is wider than the window (no sideways scroll). */
const expectNoSidewaysScroll = async (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);

const backupCard = (page: Page) => page.getByRole('region', { name: clientMessages.backupTitle });

/** Opens Administration and brings the Backup card into view. */
const openCard = async (page: Page, base = '') => {
  await page.goto(`${base}/settings/administration`);
  const card = backupCard(page).first();
  await expect(card.getByRole('heading', { name: clientMessages.backupTitle })).toBeVisible({ timeout: 120_000 });
  await card.scrollIntoViewIfNeeded();
  return card;
};

/** The short passphrase is refused in the card: the field says why and the button waits. */
const expectShortPassphraseRefused = async (card: Locator) => {
  const field = card.getByLabel(clientMessages.backupPassphrase);
  const button = card.getByRole('button', { name: clientMessages.backupDownload });
  await field.fill('too short');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(card.getByText(clientMessages.backupPassphraseShort)).toBeVisible();
  // A screen reader hears why with the field.
  await expect(field).toHaveAccessibleDescription(new RegExp(clientMessages.backupPassphraseShort.slice(0, 30)));
  await expect(button).toBeDisabled();
  return { field, button };
};

test('on a server shared by many workspaces, the card explains who may download, refuses a short passphrase, and the server refuses a one-workspace admin', async ({
  page,
  request,
}) => {
  // Two workspaces at least, whatever else ran: Olga administers hers, not Ole's.
  const olga = newUser('backup-olga', { firstName: 'Olga', lastName: 'Owner' });
  const ole = newUser('backup-ole', { firstName: 'Ole', lastName: 'Other' });
  await registerViaApi(request, olga);
  await registerViaApi(request, ole);
  const owner = await signIn(request, olga);
  await startSignedIn(page, owner.token);

  const card = await openCard(page);
  await expect(card.getByText(clientMessages.backupText)).toBeVisible();
  await expect(card.getByText(/Only the admin of every workspace on this server may download it/)).toBeVisible();

  const { field, button } = await expectShortPassphraseRefused(card);
  await expectNoSidewaysScroll(page);
  await shot(page, card, 'short-passphrase');
  await expectAccessible(page, 'the Backup card with a short passphrase');

  // Without a passphrase the button asks the server, which refuses: Olga is not the admin of Ole's workspace.
  await field.fill('');
  await expect(button).toBeEnabled();
  let downloaded = false;
  page.on('download', () => {
    downloaded = true;
  });
  await button.click();
  await expect(card.getByRole('alert')).toHaveText(backupMessages.notAllowed);
  expect(downloaded).toBe(false);
  await expectNoSidewaysScroll(page);
  await shot(page, card, 'refused');
  await expectAccessible(page, 'the Backup card after the refusal');

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await shot(page, card, 'refused-phone');
  await field.fill('too short');
  await expect(button).toBeDisabled();
  await expectNoSidewaysScroll(page);
  await shot(page, card, 'short-passphrase-phone');
  await expectAccessible(page, 'the Backup card on a phone');
});

// ---- A one-workspace server of this spec's own. ----

const port = Number(process.env.E2E_PORT ?? 3100) + 60;
const base = `http://127.0.0.1:${port}`;
// Made by the test (Playwright also loads this file in its runner process, which runs no test).
let dataDir = '';
let downloads = '';
let server: ChildProcess | undefined;
let api: APIRequestContext | undefined;

const startServer = () => spawnServer(port, dataDir);
const answering = () => whenAnswering(base);

test.afterAll(async () => {
  await api?.dispose();
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  for (const dir of [dataDir, downloads]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Clicks Download and saves what the browser receives; its path. */
const download = async (page: Page, button: Locator, name: string) => {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), button.click()]);
  expect(file.suggestedFilename()).toMatch(/^cadence-backup-\d{8}T\d{6}Z?\.cadence$/);
  const saved = path.join(downloads, name);
  await file.saveAs(saved);
  // The card says what was saved, so an admin knows the download is whole.
  await expect(page.getByRole('status').filter({ hasText: file.suggestedFilename() })).toBeVisible();
  return saved;
};

test('the admin of a one-workspace server downloads the backup, plain and encrypted, and each file checks', async ({
  page,
}) => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'cadence-e2e-backup-'));
  downloads = mkdtempSync(path.join(os.tmpdir(), 'cadence-e2e-backup-files-'));
  server = startServer();
  await answering();
  api = await playwrightRequest.newContext({ baseURL: base });
  const solo = newUser('backup-solo', { firstName: 'Sol', lastName: 'Admin' });
  await registerViaApi(api, solo);
  const admin = await signIn(api, solo);
  await startSignedIn(page, admin.token);

  const card = await openCard(page, base);
  const { field, button } = await expectShortPassphraseRefused(card);

  // Plain: the file starts with the backup's header line and passes the restore's checks.
  await field.fill('');
  const plain = await download(page, button, 'plain.cadence');
  expect(readFileSync(plain).subarray(0, 17).toString('latin1')).toBe('CADENCE BACKUP 1\n');
  const manifest = await withVerifiedBackup(plain, undefined, async (backup) => backup.manifest);
  expect(manifest.parts.map((part) => part.name)).toContain(PGLITE_PART);
  await expect(card.getByRole('alert')).toHaveCount(0);
  await expect(backupCard(page).getByRole('status')).toContainText('password vault');
  await expectNoSidewaysScroll(page);
  await shot(page, card, 'downloaded');
  await expectAccessible(page, 'the Backup card after a download');

  // With a passphrase: the encrypted header, and only that passphrase opens it.
  await field.fill(PASSPHRASE);
  await expect(button).toBeEnabled();
  const sealed = await download(page, button, 'sealed.cadence');
  expect(readFileSync(sealed).subarray(0, 27).toString('latin1')).toBe('CADENCE BACKUP 1 ENCRYPTED\n');
  const opened = await withVerifiedBackup(sealed, PASSPHRASE, async (backup) => backup.manifest);
  expect(opened.parts.length).toBe(manifest.parts.length);
  await expect(backupCard(page).getByRole('status')).toContainText('encrypted');
  await expect(withVerifiedBackup(sealed, 'not the passphrase at all', async () => null)).rejects.toThrow();

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await shot(page, card, 'downloaded-phone');
});
