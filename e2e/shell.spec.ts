import { expect, type Page, test } from '@playwright/test';
import { clientMessages } from '../src/client/client.messages.ts';
import { homeMessages } from '../src/features/home/home.messages.ts';
import { serverMessages } from '../src/server/server.messages.ts';
import { messages } from '../src/shared/messages.ts';
import { SCREENS, signedInUser } from './helpers.ts';

// The app shell of document 1 §2 and the API error toasts of §8. The shell is private: every
// test starts signed in as a new user whose time zone is UTC, like the browser's.

let token = '';
test.beforeEach(async ({ page, request }) => {
  ({ token } = await signedInUser(page, request, 'shell'));
});
// A Monday morning, UTC (the browser's timezone in playwright.config.ts).
const MORNING = new Date('2026-03-02T09:30:00Z');

const systemStatus = (page: Page) => page.getByRole('region', { name: clientMessages.systemStatus });
const statusRow = (page: Page, label: string) => systemStatus(page).getByRole('listitem').filter({ hasText: label });
const gettingStarted = (page: Page) => page.getByRole('region', { name: homeMessages.gettingStartedTitle });
const ADMINISTRATION = '/settings/administration';
const sidebar = (page: Page) => page.getByRole('navigation', { name: clientMessages.mainNavigation });

test('home greets by the hour and shows the date, time and getting started; Administration the system status', async ({
  page,
}) => {
  // Console errors include CSP violations (the server forbids inline scripts).
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  await page.clock.setFixedTime(MORNING);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: clientMessages.goodMorning })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(messages.productName);
  await expect(page.getByRole('banner')).toContainText('March 02, 2026, 09:30 AM');
  await expect(gettingStarted(page)).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/home-light.png` });
  // The system status is on the Administration page (the owner of a new workspace is its admin).
  await page.goto(ADMINISTRATION);
  await expect(statusRow(page, clientMessages.statusServer)).toContainText(clientMessages.statusOk);
  await expect(statusRow(page, clientMessages.statusDatabase)).toContainText(clientMessages.statusOk);
  expect(consoleErrors).toEqual([]);
  await page.goto('/');

  // The hour boundaries of document 1 §1.
  for (const [time, greeting] of [
    ['2026-03-02T06:00:00Z', clientMessages.goodMorning],
    ['2026-03-02T11:59:00Z', clientMessages.goodMorning],
    ['2026-03-02T12:00:00Z', clientMessages.goodAfternoon],
    ['2026-03-02T17:59:00Z', clientMessages.goodAfternoon],
    ['2026-03-02T18:00:00Z', clientMessages.goodEvening],
    ['2026-03-02T05:59:00Z', clientMessages.goodEvening],
  ] as const) {
    await page.clock.setFixedTime(new Date(time));
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 }), time).toHaveText(greeting);
  }
});

test('the colour scheme can be switched to dark and is remembered', async ({ page }) => {
  await page.clock.setFixedTime(MORNING);
  await page.goto('/home');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.getByRole('button', { name: clientMessages.toggleColorScheme }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(gettingStarted(page)).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/home-dark.png` });
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('heading', { level: 1, name: clientMessages.goodMorning })).toBeVisible();
});

test('the sidebar links to the dashboard, and its toggle is remembered', async ({ page }) => {
  await page.goto('/');
  const dashboard = sidebar(page).getByRole('link', { name: clientMessages.navDashboard });
  await expect(dashboard).toHaveAttribute('href', '/home');
  await expect(dashboard).toHaveAttribute('aria-current', 'page');
  await expect(dashboard).toBeInViewport({ ratio: 1 });

  await page.getByRole('button', { name: clientMessages.toggleSidebar }).click();
  await expect(dashboard).not.toBeInViewport();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(dashboard).not.toBeInViewport();

  await page.getByRole('button', { name: clientMessages.toggleSidebar }).click();
  await expect(dashboard).toBeInViewport({ ratio: 1 });
  await dashboard.click();
  await expect(page).toHaveURL(/\/home$/);
});

test('below the md breakpoint the sidebar is a drawer the burger opens (decision 026)', async ({ page }) => {
  await page.setViewportSize({ width: 240, height: 600 });
  await page.goto('/home');
  const dashboard = sidebar(page).getByRole('link', { name: clientMessages.navDashboard });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(dashboard).toBeHidden();
  await page.screenshot({ path: `${SCREENS}/home-narrow.png` });
  await page.getByRole('button', { name: clientMessages.openNavigation }).click();
  await expect(dashboard).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: `${SCREENS}/home-narrow-sidebar.png` });
  // Choosing a page closes the drawer again.
  await dashboard.click();
  await expect(dashboard).toBeHidden();
});

test('an unknown path shows the 404 page, whose button leads home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: clientMessages.pageNotFound })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/not-found.png` });
  await page.getByRole('link', { name: clientMessages.goToHomepage }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test.describe('API failures become the toasts of document 1 §8', () => {
  test('a fail envelope on a 200 shows "Error: {message}"', async ({ page }) => {
    await page.route('**/api/health', (route) =>
      route.fulfill({ status: 200, json: { status: 'fail', message: 'Health check refused' } }),
    );
    await page.goto(ADMINISTRATION);
    await expect(page.getByText('Error: Health check refused', { exact: true })).toBeVisible();
    await expect(systemStatus(page)).toContainText(clientMessages.statusLoadFailed);
    // No details for a fail envelope: there is no HTTP error to describe.
    await expect(page.getByRole('button', { name: clientMessages.viewDetails })).toHaveCount(0);
  });

  const failWithDetails = (page: Page) =>
    page.route('**/api/health', (route) =>
      route.fulfill({
        status: 500,
        json: {
          status: 'fail',
          message: 'The health check failed',
          errors: { first_name: 'This field is required' },
          requestId: 'req-42',
        },
      }),
    );
  const detailsToast = (page: Page) => page.getByRole('alert').filter({ hasText: 'Error: The health check failed' });

  test('an HTTP error with a message shows it, with expandable details', async ({ page }) => {
    await failWithDetails(page);
    await page.goto(ADMINISTRATION);
    const toast = detailsToast(page);
    await expect(toast).toBeVisible();
    const fieldLine = toast.getByText('firstName: This field is required');
    await expect(fieldLine).toBeHidden();

    await toast.getByRole('button', { name: clientMessages.viewDetails }).click();
    await expect(fieldLine).toBeVisible();
    await expect(toast.getByText(clientMessages.requestId('req-42'))).toBeVisible();
    await expect(toast.getByText(clientMessages.httpStatus(500))).toBeVisible();
    await page.waitForTimeout(400); // let the expand animation finish for the screenshot
    await page.screenshot({ path: `${SCREENS}/toast-details.png` });

    await toast.getByRole('button', { name: clientMessages.hideDetails }).click();
    await expect(fieldLine).toBeHidden();
    await expect(toast.getByRole('button', { name: clientMessages.viewDetails })).toBeVisible();
  });

  test('an error toast stays until dismissed', async ({ page }) => {
    // Fake timers: a minute passes at once (info and success toasts would close after 3 s).
    await page.clock.install({ time: MORNING });
    // No real-time connection: a minute at once would look like a lost one, and the reconnect's
    // fresh reads would fail the health check again with a new toast.
    await page.route('**/socket.io/**', (route) => route.abort());
    await failWithDetails(page);
    await page.goto(ADMINISTRATION);
    const toast = detailsToast(page);
    await expect(toast).toBeVisible();
    await page.clock.runFor(60_000);
    await expect(toast).toBeVisible();
    await toast.getByRole('button', { name: messages.dismiss }).click();
    await page.clock.runFor(1_000);
    await expect(toast).toHaveCount(0);
  });

  test('an HTTP error without a JSON body shows "Error {status} calling the API."', async ({ page }) => {
    await page.route('**/api/health', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>Bad gateway</body></html>' }),
    );
    await page.goto(ADMINISTRATION);
    await expect(page.getByText(messages.apiHttpError(502), { exact: true })).toBeVisible();
    await expect(systemStatus(page)).toContainText(clientMessages.statusLoadFailed);
  });

  test('a 2xx without data shows "Something went wrong"', async ({ page }) => {
    await page.route('**/api/health', (route) => route.fulfill({ status: 200, body: '' }));
    await page.goto(ADMINISTRATION);
    await expect(page.getByText(messages.somethingWentWrong, { exact: true })).toBeVisible();
  });

  test('a 503 from the health check shows that the database does not answer', async ({ page }) => {
    await page.route('**/api/health', (route) =>
      route.fulfill({ status: 503, json: { status: 'fail', message: serverMessages.databaseDown } }),
    );
    await page.goto(ADMINISTRATION);
    await expect(page.getByText(messages.apiFail(serverMessages.databaseDown), { exact: true })).toBeVisible();
    await expect(statusRow(page, clientMessages.statusServer)).toContainText(clientMessages.statusOk);
    await expect(statusRow(page, clientMessages.statusDatabase)).toContainText(clientMessages.statusDown);
  });
});

test('a page whose code fails to load shows the unexpected-error page', async ({ page }) => {
  // The home page's code is in the chunk named 'home' (vite.config.ts).
  await page.route(/\/assets\/home-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: clientMessages.unexpectedError })).toBeVisible();
  await expect(page.getByRole('button', { name: clientMessages.reloadPage })).toBeVisible();
});

test('a rejected real-time connection shows the interactivity warning', async ({ page }) => {
  // The API accepts the session; the socket's handshake carries a token the server refuses
  // (socket.io sends its auth in the first polling POST).
  await page.route('**/socket.io/**', (route) => {
    const body = route.request().postData();
    if (body?.includes(token)) return route.continue({ postData: body.replace(token, 'not-a-valid-token') });
    return route.continue();
  });
  await page.goto('/home');
  await expect(page.getByText(clientMessages.realtimeUnavailable)).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/toast-realtime.png` });
});

test('an unreachable real-time server warns once, not at every retry', async ({ page }) => {
  const attempts: string[] = [];
  await page.route('**/socket.io/**', (route) => {
    attempts.push(route.request().url());
    return route.abort();
  });
  await page.goto('/home');
  await expect(page.getByText(clientMessages.realtimeUnavailable)).toBeVisible();
  // socket.io retries a transport failure after about a second, then backs off.
  await expect.poll(() => attempts.length, { timeout: 8_000 }).toBeGreaterThan(2);
  await expect(page.getByText(clientMessages.realtimeUnavailable)).toHaveCount(1);
});
