import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { clientMessages } from '../src/client/client.messages.ts';
import { expectAccessible } from './axe.ts';
import { SCREENS } from './helpers.ts';

// The installable app (decision 101): the manifest and the service worker make Cadence installable,
// a visit without a network gets the offline page, and a new build is offered with a prompt.
// Service workers are blocked in the other files (playwright.config.ts); here they run.
test.use({ serviceWorkers: 'allow' });

/** Waits until the page's service worker is active and controls the page (after a reload). */
const controlled = async (page: Page) => {
  await page.goto('/login');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
};

/** The page's controller and its registration's workers, each with its state. */
const workerStates = async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  const { controller } = navigator.serviceWorker;
  return JSON.stringify({
    controller: controller && `${controller.state} ${controller === registration?.active ? '(active)' : ''}`,
    active: registration?.active?.state ?? null,
    waiting: registration?.waiting?.state ?? null,
    installing: registration?.installing?.state ?? null,
  });
};

const noSideScroll = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);

test('Cadence installs: a valid manifest and an active service worker', async ({ page, request }) => {
  await controlled(page);
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ name: 'Cadence', start_url: '/home', display: 'standalone' });
  for (const icon of manifest.icons as { src: string }[])
    expect((await request.get(icon.src)).headers()['content-type']).toBe('image/png');
  // What Chromium checks before it offers to install: the manifest parses with no error, and
  // nothing stands in the way but the test browser's own incognito profile.
  const cdp = await page.context().newCDPSession(page);
  const { errors } = await cdp.send('Page.getAppManifest');
  expect(errors).toEqual([]);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  // The service worker caches no API answer: a call made now reaches the server.
  const answered = await page.evaluate(async () => (await fetch('/api/health', { cache: 'no-store' })).status);
  expect(answered).toBe(200);
  const cached = await page.evaluate(async () => {
    const names = await caches.keys();
    const urls = (await Promise.all(names.map(async (name) => (await caches.open(name)).keys()))).flat();
    return urls.map((entry) => new URL(entry.url).pathname);
  });
  expect(cached).toContain('/offline.html');
  expect(cached.filter((url) => url.startsWith('/api/'))).toEqual([]);
});

test('a visit without a network shows the offline page, and Try again comes back', async ({ page }) => {
  await controlled(page);
  await page.context().setOffline(true);
  for (const [size, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto('/home');
    await expect(page.getByRole('heading', { name: clientMessages.offlineTitle })).toBeVisible();
    await expect(page.getByText(clientMessages.offlineText)).toBeVisible();
    await noSideScroll(page);
    await page.screenshot({ path: `${SCREENS}/offline-${size}.png` });
  }
  await expectAccessible(page, 'the offline page');
  await page.context().setOffline(false);
  await page.getByRole('link', { name: clientMessages.offlineRetry }).click();
  await expect(page).toHaveURL(/\/login/);
});

test('a new build offers "Reload to update", and reloading takes it', async ({ page }) => {
  // Each step waits for the page's registration, which loads after the first paint: slow on a
  // busy machine.
  test.setTimeout(90_000);
  await controlled(page);
  const worker = path.resolve(process.env.CLIENT_DIR ?? 'dist/client', 'sw.js');
  const original = readFileSync(worker);
  try {
    // A new build: another service worker script.
    writeFileSync(worker, `${original}\n// ${Date.now()}\n`);
    const notice = page.getByRole('status').filter({ hasText: clientMessages.updateReady });
    // The page looks for a new version (as it does every hour) until the new one waits.
    const waitsForUpdate = () =>
      expect(async () => {
        await page.evaluate(async () => {
          await (await navigator.serviceWorker.getRegistration())?.update();
        });
        await expect(notice).toBeVisible({ timeout: 2000 });
      }).toPass();
    await waitsForUpdate();
    for (const [size, viewport] of [
      ['desktop', { width: 1280, height: 800 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await noSideScroll(page);
      await page.screenshot({ path: `${SCREENS}/update-prompt-${size}.png` });
    }
    await expectAccessible(page, 'the update prompt');
    // Later (or Escape) keeps this version; the prompt comes back with the next check.
    await page.keyboard.press('Escape');
    await expect(notice).toBeHidden();
    await page.reload();
    const takesIt = async (tab: Page) => {
      const prompt = tab.getByRole('status').filter({ hasText: clientMessages.updateReady });
      await expect(prompt).toBeVisible({ timeout: 20_000 });
      await tab.getByRole('button', { name: clientMessages.updateReload }).click();
      await expect(prompt)
        .toBeHidden({ timeout: 20_000 })
        .catch(async (error: Error) => {
          // What the page's service workers were doing, for a failure seen only on a busy machine.
          const state = await tab.evaluate(workerStates).catch((reason: Error) => reason.message);
          throw new Error(`${error.message}\nservice workers: ${state}`);
        });
      await expect
        .poll(() => tab.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null), {
          timeout: 20_000,
        })
        .toBeNull();
    };
    await takesIt(page);
    // A second tab no version controls (a hard reload goes past the service worker) gets the
    // prompt too, and its choice takes both tabs to the new version.
    writeFileSync(worker, `${original}\n// ${Date.now()} again\n`);
    await waitsForUpdate();
    const other = await page.context().newPage();
    await other.goto('/login');
    const loaded = other.waitForEvent('load');
    await (await other.context().newCDPSession(other)).send('Page.reload', { ignoreCache: true });
    await loaded;
    expect(await other.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    await takesIt(other);
    await expect(notice).toBeHidden({ timeout: 20_000 });
  } finally {
    writeFileSync(worker, original);
  }
});
