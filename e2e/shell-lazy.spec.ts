import { expect, type Page, test } from '@playwright/test';
import { clientMessages } from '../src/client/client.messages.ts';
import { notificationsMessages } from '../src/features/notifications/notifications.messages.ts';
import { messages } from '../src/shared/messages.ts';
import { DESKTOP, PHONE, SCREENS, signedInUser } from './helpers.ts';

// The top bar's account menu and bell, and the narrow screens' drawer, load their code after the
// first paint (decision 095). Their buttons are there at once; pressed early, they open when the
// code arrives; if it cannot be loaded, a press says so and the next one tries again.

test.beforeEach(async ({ page, request }) => {
  await signedInUser(page, request, 'lazy-shell');
});

/** Holds the chunk of `name` until `release` is called. */
const holdChunk = async (page: Page, name: string) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(new RegExp(`/assets/${name}-[^/]+\\.js$`), async (route) => {
    await held;
    await route.continue();
  });
  return release;
};

const accountButton = (page: Page) => page.getByRole('button', { name: clientMessages.accountMenu });
const bell = (page: Page) => page.getByTestId('notification-bell');

test('the account menu and the bell pressed before their code has arrived open once it is there', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const releaseMenu = await holdChunk(page, 'UserMenu');
  const releaseBell = await holdChunk(page, 'NotificationBell');
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName(notificationsMessages.notificationsBell(0));

  await accountButton(page).click();
  const profile = page.getByRole('menuitem', { name: messages.myProfile });
  await expect(profile).toBeHidden();
  releaseMenu();
  await expect(profile).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(profile).toBeHidden();

  await bell(page).click();
  const list = page.getByRole('dialog', { name: notificationsMessages.notificationsTitle });
  await expect(list).toBeHidden();
  releaseBell();
  await expect(list).toBeVisible();
  await expect(list).toContainText(notificationsMessages.notificationsEmpty);
  await page.screenshot({ path: `${SCREENS}/home-bell-early.png` });
});

test('a menu whose code fails to load says so when pressed, and opens when a press loads it', async ({ page }) => {
  const chunk = /\/assets\/UserMenu-[^/]+\.js$/;
  await page.route(chunk, (route) => route.abort());
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await accountButton(page).click();
  await expect(page.getByText(clientMessages.partLoadFailed)).toBeVisible();
  // The rest of the top bar works meanwhile.
  await expect(bell(page)).toBeEnabled();

  await page.unroute(chunk);
  await accountButton(page).click();
  await expect(page.getByRole('menuitem', { name: messages.myProfile })).toBeVisible();
});

test('on a phone the drawer opens from the burger even while its code is still on the way', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const release = await holdChunk(page, 'NavigationDrawer');
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('button', { name: clientMessages.openNavigation }).click();
  const dashboard = page
    .getByRole('navigation', { name: clientMessages.mainNavigation })
    .getByRole('link', { name: clientMessages.navDashboard });
  await expect(dashboard).toBeHidden();
  release();
  await expect(dashboard).toBeInViewport({ ratio: 1 });
  await page.keyboard.press('Escape');
  await expect(dashboard).toBeHidden();
});

test('the sidebar scrolls within its column when the window is shorter than its links', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 420 });
  await page.goto('/home');
  const nav = page.getByRole('navigation', { name: clientMessages.mainNavigation });
  const settings = nav.getByRole('link', { name: clientMessages.navSettings });
  await expect(settings).toBeAttached();
  // The column ends at the window's bottom; its last link is reached by scrolling the column.
  const box = await nav.boundingBox();
  expect(box && box.y + box.height).toBeLessThanOrEqual(420);
  await expect(settings).not.toBeInViewport();
  await settings.scrollIntoViewIfNeeded();
  await expect(settings).toBeInViewport({ ratio: 1 });
  expect(await nav.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
  await page.screenshot({ path: `${SCREENS}/home-sidebar-scrolled.png` });
  await settings.click();
  await expect(page).toHaveURL(/\/settings\/profile$/);
});
