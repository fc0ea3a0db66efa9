import { expect as baseExpect, type Locator, type Page, type Route, test } from '@playwright/test';
import { clientMessages } from '../src/client/client.messages.ts';
import { homeMessages } from '../src/features/home/home.messages.ts';
import { kpisMessages } from '../src/features/kpis/kpis.messages.ts';
import { messages } from '../src/shared/messages.ts';
import { call, createMeeting, SCREENS, signedInUser, signIn, startSignedIn, team } from './helpers.ts';

// Home's To Do's, Goals and KPIs widgets: the meeting strip hides and shows meetings
// (the server leaves their items out, past a page; the choice is saved with the person, so it
// stays after a reload and in another browser: decision 069), and each widget's own loading,
// empty and error states.

const expect = baseExpect.configure({ timeout: 30_000 });
// A page of to-dos is made through the API first: a minute on a busy machine.
test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 20_000 });

const widgets = (page: Page) => ({
  todos: page.getByRole('region', { name: clientMessages.homeTodosTitle }),
  goals: page.getByRole('region', { name: clientMessages.homeGoalsTitle }),
  kpis: page.getByRole('region', { name: kpisMessages.myKpis, exact: true }),
});

/** The page scrolls sideways by this many pixels (0: it does not). */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const pressed = (toggle: Locator, value: boolean) => expect(toggle).toHaveAttribute('aria-pressed', String(value));

test('the meeting strip hides and shows meetings: the widgets drop their items, a reload and another browser keep it, Show all restores', async ({
  browser,
  page,
  request,
}) => {
  const { owner, mate } = await team(request, 'home-hide');
  const sales = await createMeeting(request, owner.token, 'Sales weekly', [mate.id]);
  const ops = await createMeeting(request, owner.token, 'Ops weekly', [mate.id]);
  const hr = await createMeeting(request, owner.token, 'HR weekly', [mate.id]);
  const add = (title: string, meetingIds: string[], type = '4') =>
    call(request, owner.token, 'POST', '/tasks', { title, type, userId: owner.id, meetingIds });
  await add('Call the bank', [sales.id]);
  await add('Plan the offsite', [sales.id, ops.id]);
  await add('Hire a recruiter', [hr.id]);
  await add('Water the plants', []);
  await add('Grow sales', [sales.id], '1');
  await add('Cut costs', [ops.id], '1');
  // Then a full page (100) of newer Ops to-dos: the first page of all of Olga's to-dos (newest
  // first) leaves the others out, so only the server can find them once Ops is hidden.
  for (let batch = 0; batch < 5; batch++)
    await Promise.all(Array.from({ length: 20 }, (_, i) => add(`Ops chore ${batch * 20 + i + 1}`, [ops.id])));
  const firstPage = await call<{ items: { title: string }[]; total: number }>(
    request,
    owner.token,
    'GET',
    '/tasks?type=4&state=active&offset=0&limit=100',
  );
  expect([firstPage.total, firstPage.items.some((card) => card.title === 'Call the bank')]).toEqual([104, false]);

  await startSignedIn(page, owner.token);
  await page.goto('/home');
  const { todos, goals } = widgets(page);
  const strip = page.getByRole('group', { name: homeMessages.homeMeetingsFilter });
  const toggle = (title: string) =>
    strip.getByRole('button', { name: homeMessages.homeMeetingToggle(title), exact: true });
  const showAll = strip.getByRole('button', { name: homeMessages.homeMeetingsShowAll });
  // Every meeting shown at first: eight to-dos of 104, both goals.
  for (const title of ['Sales weekly', 'Ops weekly', 'HR weekly']) await pressed(toggle(title), true);
  await expect(showAll).toHaveAttribute('aria-disabled', 'true');
  await expect(todos.getByText(homeMessages.homeMoreItems(96))).toBeVisible();
  await expect(goals.getByRole('link', { name: 'Grow sales' })).toBeVisible();
  await expect(goals.getByRole('link', { name: 'Cut costs' })).toBeVisible();

  // Ops hidden by a click: its to-dos and goal go; the one also in Sales stays.
  await toggle('Ops weekly').click();
  await pressed(toggle('Ops weekly'), false);
  await expect(strip.getByText(homeMessages.homeMeetingsHidden(1))).toBeVisible();
  for (const title of ['Call the bank', 'Plan the offsite', 'Hire a recruiter', 'Water the plants'])
    await expect(todos.getByRole('link', { name: title })).toBeVisible();
  await expect(todos.getByRole('link')).toHaveCount(4);
  await expect(todos.getByText(/and \d+ more/)).toHaveCount(0);
  await expect(goals.getByRole('link', { name: 'Cut costs' })).toBeHidden();
  await expect(goals.getByRole('link', { name: 'Grow sales' })).toBeVisible();

  // Sales hidden with the keyboard: the item of Sales and Ops goes too (none of its meetings is
  // shown); HR's and the one of no meeting stay.
  await toggle('Sales weekly').focus();
  await page.keyboard.press('Space');
  await pressed(toggle('Sales weekly'), false);
  await pressed(toggle('HR weekly'), true);
  await expect(strip.getByText(homeMessages.homeMeetingsHidden(2))).toBeVisible();
  await expect(todos.getByRole('link', { name: 'Plan the offsite' })).toBeHidden();
  await expect(todos.getByRole('link')).toHaveCount(2);
  await expect(todos.getByRole('link', { name: 'Hire a recruiter' })).toBeVisible();
  await expect(todos.getByRole('link', { name: 'Water the plants' })).toBeVisible();
  await expect(goals.getByText(clientMessages.homeGoalsEmptyFiltered)).toBeVisible();

  // Saved with the person, as the server holds it.
  await expect
    .poll(async () =>
      (
        await call<{ hiddenMeetingIds: string[] }>(request, owner.token, 'GET', '/self/settings')
      ).hiddenMeetingIds.sort(),
    )
    .toEqual([sales.id, ops.id].sort());
  await page.screenshot({ path: `${SCREENS}/home-meetings-hidden.png`, fullPage: true });
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await strip.scrollIntoViewIfNeeded();
  await expect(showAll).toBeInViewport();
  await page.screenshot({ path: `${SCREENS}/home-meetings-hidden-390.png` });
  await page.screenshot({ path: `${SCREENS}/home-meetings-hidden-390-full.png`, fullPage: true });
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  // A reload keeps it.
  await page.reload();
  await pressed(toggle('Sales weekly'), false);
  await pressed(toggle('Ops weekly'), false);
  await pressed(toggle('HR weekly'), true);
  await expect(todos.getByRole('link', { name: 'Hire a recruiter' })).toBeVisible();
  await expect(todos.getByRole('link')).toHaveCount(2);
  await expect(goals.getByText(clientMessages.homeGoalsEmptyFiltered)).toBeVisible();

  // So does another browser, signed in on its own.
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await startSignedIn(other, (await signIn(request, owner.user)).token);
  await other.goto('/home');
  const otherStrip = other.getByRole('group', { name: homeMessages.homeMeetingsFilter });
  await pressed(
    otherStrip.getByRole('button', { name: homeMessages.homeMeetingToggle('Ops weekly'), exact: true }),
    false,
  );
  await expect(widgets(other).todos.getByRole('link', { name: 'Water the plants' })).toBeVisible();
  await expect(widgets(other).todos.getByRole('link')).toHaveCount(2);
  await elsewhere.close();

  // Show all: every meeting again, and the focus stays on the button.
  await showAll.click();
  for (const title of ['Sales weekly', 'Ops weekly', 'HR weekly']) await pressed(toggle(title), true);
  await expect(showAll).toBeFocused();
  await expect(showAll).toHaveAttribute('aria-disabled', 'true');
  await expect(strip.getByText(/meetings? hidden/)).toHaveCount(0);
  await expect(todos.getByText(homeMessages.homeMoreItems(96))).toBeVisible();
  await expect(goals.getByRole('link', { name: 'Cut costs' })).toBeVisible();
  await page.reload();
  await pressed(toggle('Sales weekly'), true);
  await expect(todos.getByText(homeMessages.homeMoreItems(96))).toBeVisible();
});

test('the To Do’s, Goals and KPIs widgets: empty for a new person, loading, the server’s error with Retry', async ({
  page,
  request,
}) => {
  const { token } = await signedInUser(page, request, 'home-states');
  await page.goto('/home');
  const { todos, goals, kpis } = widgets(page);
  // A new person: nothing yet, each widget says so; no meeting, so no strip.
  await expect(todos.getByText(clientMessages.homeTodosEmpty)).toBeVisible();
  await expect(goals.getByText(clientMessages.homeGoalsEmpty)).toBeVisible();
  await expect(kpis.getByText(kpisMessages.kpiNoMeetings)).toBeVisible();
  await expect(page.getByRole('group', { name: homeMessages.homeMeetingsFilter })).toHaveCount(0);

  // With a meeting, the widgets' calls answer 500 with a message, once the test lets them.
  await createMeeting(request, token, 'Weekly', []);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const failing = (message: string) => async (route: Route) => {
    await held;
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ status: 'error', message, result: null }),
    });
  };
  const tasksCall = '**/api/v2/tasks?**';
  const scorecardCall = '**/api/v2/meetings/*/kpis**';
  await page.route(tasksCall, failing('The task store is unavailable'));
  await page.route(scorecardCall, failing('The scorecard store is unavailable'));
  await page.reload();
  for (const widget of [todos, goals, kpis]) await expect(widget.getByRole('status')).toContainText(messages.loading);
  release();
  const cases: [Locator, string, string][] = [
    [todos, homeMessages.homeTodosLoadFailed, 'The task store is unavailable'],
    [goals, homeMessages.homeGoalsLoadFailed, 'The task store is unavailable'],
    [kpis, kpisMessages.kpiLoadFailed, 'The scorecard store is unavailable'],
  ];
  for (const [widget, title, detail] of cases) {
    const failed = widget.getByRole('alert');
    await expect(failed).toContainText(title);
    await expect(failed).toContainText(detail);
    await expect(failed.getByRole('button', { name: messages.retry })).toBeVisible();
    await expect(widget.getByRole('status')).toHaveCount(0);
  }
  // Only the widgets failed: the page and the strip are there.
  await expect(page.getByRole('group', { name: homeMessages.homeMeetingsFilter })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/home-widgets-error.png`, fullPage: true });

  // Retry once the server answers: each shows its empty state.
  await page.unroute(tasksCall);
  await page.unroute(scorecardCall);
  for (const [widget] of cases) await widget.getByRole('alert').getByRole('button', { name: messages.retry }).click();
  await expect(todos.getByText(clientMessages.homeTodosEmpty)).toBeVisible();
  await expect(goals.getByText(clientMessages.homeGoalsEmpty)).toBeVisible();
  await expect(kpis.getByText(kpisMessages.kpiNoMyScores)).toBeVisible();
  for (const widget of [todos, goals, kpis]) await expect(widget.getByRole('alert')).toHaveCount(0);
});
