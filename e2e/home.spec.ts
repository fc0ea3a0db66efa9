import { type Browser, expect as baseExpect, type Page, test } from '@playwright/test';
import { clientMessages } from '../src/client/client.messages.ts';
import { calendarMessages } from '../src/features/calendar/calendar.messages.ts';
import { homeMessages } from '../src/features/home/home.messages.ts';
import { notificationsMessages } from '../src/features/notifications/notifications.messages.ts';
import { settingsMessages } from '../src/features/settings/settings.messages.ts';
import { tasksMessages } from '../src/features/tasks/tasks.messages.ts';
import { messages } from '../src/shared/messages.ts';
import {
  type Account,
  call,
  createMeeting,
  dragWithMouse,
  isoDate,
  realtimeConnected,
  SCREENS,
  startSignedIn,
  team,
} from './helpers.ts';

// Home: widgets arranged by keyboard and mouse and kept across a reload, the bell
// rising live when someone in another browser assigns a card, "Mark all read", and the calendar's
// scopes, "+N MORE", search, clicking each kind of event, and the widget's own loading, empty and
// error states. The meeting strip and the item widgets' states: e2e/home-widgets.spec.ts.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 90_000 });
test.use({ actionTimeout: 20_000 });

const widgetOrder = (page: Page) =>
  page.locator('[data-widget]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-widget')));

/** A second browser (its own context: its own tab storage and socket), signed in as `account`. */
const secondBrowser = async (browser: Browser, account: Account) => {
  const context = await browser.newContext();
  await context.addInitScript((value) => sessionStorage.setItem('cadence.token', value), account.token);
  return { context, page: await context.newPage() };
};

/** In `page` (a meeting's dashboard), adds a to-do owned by `ownerName` through the task form. */
const addTodoFor = async (page: Page, title: string, ownerName: string) => {
  const items = page.getByRole('region', { name: tasksMessages.actionItems });
  await items.getByRole('button', { name: tasksMessages.addTaskOfType('To Do') }).click();
  const form = page.getByRole('dialog', { name: tasksMessages.taskFormTitle('add', 'To Do') });
  await form.getByRole('textbox', { name: messages.taskTitleLabel }).fill(title);
  await form.getByRole('combobox', { name: messages.taskOwnerLabel }).click();
  await page.getByRole('option', { name: ownerName }).click();
  await form.getByRole('button', { name: messages.saveButton }).click();
  await expect(form).toBeHidden();
};

test('arranges the home widgets by keyboard and mouse drag and ticks, and keeps them after a reload', async ({
  page,
  request,
}) => {
  const { owner } = await team(request, 'home-widgets');
  await startSignedIn(page, owner.token);
  await page.goto('/home');
  await expect.poll(() => widgetOrder(page)).toEqual(['calendar', 'todos', 'goals', 'kpis']);

  await page.getByRole('button', { name: homeMessages.widgetsButton }).click();
  const dialog = page.getByRole('dialog', { name: homeMessages.widgetsTitle });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/home-widgets-dialog.png` });
  // Calendar two places down with the keyboard; KPIs hidden.
  const handle = dialog.getByLabel(homeMessages.widgetMove('Calendar'));
  await handle.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  const rows = () =>
    dialog.locator('[data-testid^="widget-"]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')));
  await expect.poll(rows).toEqual(['widget-todos', 'widget-goals', 'widget-calendar', 'widget-kpis']);
  // Goals to the top with the mouse: its grip dragged above the first row.
  await dragWithMouse(
    page,
    dialog.getByLabel(homeMessages.widgetMove('Goals')),
    dialog.getByTestId('widget-todos'),
    -8,
  );
  await expect.poll(rows).toEqual(['widget-goals', 'widget-todos', 'widget-calendar', 'widget-kpis']);
  await dialog.getByRole('checkbox', { name: homeMessages.widgetShown('KPIs') }).uncheck();
  await dialog.getByRole('button', { name: messages.widgetsSave }).click();
  await expect(page.getByText(messages.settingsSaved)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect.poll(() => widgetOrder(page)).toEqual(['goals', 'todos', 'calendar']);

  await page.reload();
  await expect.poll(() => widgetOrder(page)).toEqual(['goals', 'todos', 'calendar']);
  // Escape closes the dialog without saving.
  await page.getByRole('button', { name: homeMessages.widgetsButton }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('the bell rises live when someone else assigns a card in their browser; opening it and "Mark all read" read them', async ({
  browser,
  page,
  request,
}) => {
  const { owner, mate } = await team(request, 'home-bell');
  const meeting = await createMeeting(request, owner.token, 'Leadership', [mate.id]);
  await startSignedIn(page, owner.token);
  // The real-time connection is up once the server answered its upgrade probe.
  const connected = page
    .waitForEvent('websocket')
    .then((ws) => ws.waitForEvent('framereceived', { predicate: (frame) => String(frame.payload) === '3probe' }));
  await page.goto('/home');
  await connected;
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName(notificationsMessages.notificationsBell(0));
  await realtimeConnected(page);

  // Bea, in a browser of her own, makes Olga the owner of a new to-do on the meeting's dashboard.
  const bea = await secondBrowser(browser, mate);
  await bea.page.goto(`/meeting-dashboard/${meeting.id}/${meeting.title}`);
  await addTodoFor(bea.page, 'Renew the lease', 'Olga Owner');
  await expect(bell).toHaveAccessibleName(notificationsMessages.notificationsBell(1));

  await bell.click();
  const list = page.getByRole('dialog', { name: notificationsMessages.notificationsTitle });
  const entry = list.getByRole('button', { name: /Bea Mate made you the owner of "Renew the lease"/ });
  await expect(entry).toBeVisible();
  await expect(bell).toHaveAccessibleName(notificationsMessages.notificationsBell(0));
  await page.screenshot({ path: `${SCREENS}/home-bell.png` });
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  // Read on the server: a reload keeps the count at zero.
  await page.reload();
  await expect(bell).toHaveAccessibleName(notificationsMessages.notificationsBell(0));
  await realtimeConnected(page);

  // Two more arrive while Olga's list is open: the count rises to two; "Mark all read" reads them.
  await bell.click();
  await expect(entry).toBeVisible();
  await addTodoFor(bea.page, 'Book the venue', 'Olga Owner');
  await addTodoFor(bea.page, 'Order the chairs', 'Olga Owner');
  await expect(bell).toHaveAccessibleName(notificationsMessages.notificationsBell(2));
  const unread = list.locator('[data-unread]');
  await expect(unread).toHaveCount(2);
  await expect(list.getByRole('button', { name: /Order the chairs/ })).toBeVisible();
  await list.getByRole('button', { name: notificationsMessages.notificationsMarkAllRead }).click();
  await expect(bell).toHaveAccessibleName(notificationsMessages.notificationsBell(0));
  await expect(unread).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(bell).toHaveAccessibleName(notificationsMessages.notificationsBell(0));
  await bea.context.close();

  // The entry opens the card.
  await bell.click();
  await list.getByRole('button', { name: /Renew the lease/ }).click();
  await expect(page).toHaveURL(/\/home\/[0-9a-f-]{36}$/);
});

test('the calendar: day first, week and month, "+N MORE", search; a session, a goal and a card open', async ({
  page,
  request,
}) => {
  const { owner, mate } = await team(request, 'home-calendar');
  // Held today at 10:00 (UTC, the person's zone): in today's day and week.
  const meeting = await call<{ id: string; title: string }>(request, owner.token, 'POST', '/meetings', {
    operation: 'create',
    title: 'Planning',
    sharepointUrl: 'https://meet.example.com/planning',
    startDate: isoDate(0),
    startTime: '10:00',
    repeatEvery: 1,
    repeatType: 'weeks',
    type: 'meeting',
    members: [mate.id],
  });
  const goal = await call<{ id: string }>(request, owner.token, 'POST', '/tasks', {
    title: 'Hire a designer',
    type: '1',
    userId: owner.id,
    meetingIds: [meeting.id],
    dueDate: isoDate(0),
  });
  const day = isoDate(3);
  for (const n of [1, 2, 3, 4, 5, 6, 7])
    await call(request, owner.token, 'POST', '/tasks', {
      title: `Invoice ${n}`,
      type: '4',
      userId: owner.id,
      meetingIds: [meeting.id],
      dueDate: day,
    });
  await startSignedIn(page, owner.token);
  await page.goto('/home');
  const calendar = page.getByRole('region', { name: messages.calendarTitle });
  const tab = (name: string) => calendar.getByRole('tab', { name: new RegExp(`^${name}`) });
  // Day is the default view (document 1 §9): today's session and goal.
  await expect(tab(calendarMessages.calendarDay)).toHaveAttribute('aria-selected', 'true');
  await expect(tab(calendarMessages.calendarWeek)).toHaveAttribute('aria-selected', 'false');
  await expect(tab(calendarMessages.calendarMonth)).toHaveAttribute('aria-selected', 'false');
  await expect(calendar.getByText('Planning')).toBeVisible();
  await expect(calendar.getByText('Hire a designer')).toBeVisible();

  // A goal opens in the card dialog.
  await calendar.getByText('Hire a designer').click();
  await expect(page).toHaveURL(new RegExp(`/home/${goal.id}$`));
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  // A session opens its meeting's dashboard.
  await calendar.getByText('Planning').click();
  await expect(page).toHaveURL(new RegExp(`/meeting-dashboard/${meeting.id}`));
  await expect(page.getByRole('heading', { level: 1, name: /Planning/ })).toBeVisible();

  await page.goto('/home');
  await tab(calendarMessages.calendarWeek).click();
  await expect(tab(calendarMessages.calendarWeek)).toHaveAttribute('aria-selected', 'true');
  await expect(tab(calendarMessages.calendarDay)).toHaveAttribute('aria-selected', 'false');
  // Today lies in every week: its session in the time grid, its goal in the all-day row.
  await expect(calendar.getByText('Planning')).toBeVisible();
  await expect(calendar.getByText('Hire a designer')).toBeVisible();
  await calendar.screenshot({ path: `${SCREENS}/home-calendar-week.png` });

  await tab(calendarMessages.calendarMonth).click();
  await expect(tab(calendarMessages.calendarMonth)).toHaveAttribute('aria-selected', 'true');
  // Seven due the same day: five shown, then "+2 MORE" (the month may need the next page).
  const more = calendar.getByText(calendarMessages.calendarMore(2));
  if (day.slice(0, 7) !== isoDate(0).slice(0, 7)) await calendar.getByRole('button', { name: /next/i }).click();
  await expect(more).toBeVisible();
  await calendar.screenshot({ path: `${SCREENS}/home-calendar-month.png` });
  // The server sent five of the day's seven (decision 058): "+2 MORE" opens the day with all seven.
  await expect(calendar.getByText('Invoice 6')).toBeHidden();
  await more.click();
  await expect(tab(calendarMessages.calendarDay)).toHaveAttribute('aria-selected', 'true');
  await expect(calendar.getByText('Invoice 7')).toBeVisible();
  await expect(calendar.getByText('Invoice 1')).toBeVisible();
  await tab(calendarMessages.calendarMonth).click();
  await expect(more).toBeVisible();

  await calendar.getByRole('textbox', { name: calendarMessages.calendarSearch }).fill('Invoice 7');
  await expect(calendar.getByText(calendarMessages.calendarMore(2))).toBeHidden();
  await expect(calendar.getByText('Invoice 7', { exact: true })).toBeVisible();
  await expect(calendar.getByText('Invoice 3')).toBeHidden();
  // A search that matches nothing in the window says so.
  await calendar.getByRole('textbox', { name: calendarMessages.calendarSearch }).fill('Invoice 77');
  await expect(calendar.getByText(calendarMessages.calendarNoMatch('Invoice 77'))).toBeVisible();
  await calendar.getByRole('textbox', { name: calendarMessages.calendarSearch }).fill('Invoice 7');
  await expect(calendar.getByText(calendarMessages.calendarNoMatch('Invoice 77'))).toBeHidden();
  // A card opens in the card dialog.
  await calendar.getByText('Invoice 7', { exact: true }).click();
  await expect(page).toHaveURL(/\/home\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('the calendar widget: loading, empty, the server’s error, and its own error when its code fails to load', async ({
  page,
  request,
}) => {
  const { owner } = await team(request, 'home-calendar-states');
  await startSignedIn(page, owner.token);
  // The events call answers 500 with a message, once the test lets it.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const events = '**/api/v2/calendar/events?**';
  await page.route(events, async (route) => {
    await held;
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ status: 'error', message: 'The calendar store is unavailable', result: null }),
    });
  });
  await page.goto('/home');
  const calendar = page.getByRole('region', { name: messages.calendarTitle });
  await expect(calendar.getByText(messages.calendarLoading)).toBeVisible();
  release();
  const failed = calendar.getByRole('alert');
  await expect(failed).toContainText(messages.calendarLoadFailed);
  await expect(failed).toContainText('The calendar store is unavailable');
  await expect(calendar.getByText(messages.calendarLoading)).toBeHidden();
  // Only the widget failed: the rest of home is there.
  await expect(page.getByRole('region', { name: clientMessages.homeTodosTitle })).toBeVisible();
  await calendar.screenshot({ path: `${SCREENS}/home-calendar-error.png` });
  // Retry once the server answers: a new account's day holds nothing, and says so.
  await page.unroute(events);
  await failed.getByRole('button', { name: messages.retry }).click();
  await expect(calendar.getByText(calendarMessages.calendarEmpty)).toBeVisible();
  await expect(failed).toBeHidden();

  // The calendar's code fails to load: the widget shows its own error, the page stays.
  const chunk = '**/assets/CalendarPanel-*.js';
  await page.route(chunk, (route) => route.abort());
  await page.reload();
  await expect(calendar.getByRole('alert')).toContainText(messages.calendarLoadFailed);
  await expect(page.getByRole('region', { name: clientMessages.homeTodosTitle })).toBeVisible();
  await page.unroute(chunk);
  await calendar.getByRole('button', { name: messages.retry }).click();
  await expect(calendar.getByRole('tab', { name: new RegExp(`^${calendarMessages.calendarDay}`) })).toBeVisible();
});

test('the calendar settings: the Google Calendar embed form and the private ICS link', async ({ page, request }) => {
  const { owner } = await team(request, 'home-embed');
  await startSignedIn(page, owner.token);
  await page.goto('/home');
  // The calendar's code loads after the page's (a slow while on a busy machine).
  const settingsButton = page.getByRole('button', { name: calendarMessages.calendarSettings });
  await expect(settingsButton).toBeVisible();
  await settingsButton.click();
  const dialog = page.getByRole('dialog', { name: calendarMessages.calendarSettings });
  const field = dialog.getByRole('textbox', { name: calendarMessages.googleCalendarEmbedLabel });
  await field.fill('https://example.com/calendar/embed?src=team');
  await dialog.getByRole('button', { name: messages.widgetsSave }).click();
  await expect(dialog.getByText(settingsMessages.googleCalendarEmbedRequired)).toBeVisible();

  await dialog.getByRole('button', { name: calendarMessages.feedCreate }).click();
  await expect(dialog.getByRole('textbox', { name: calendarMessages.feedTitle })).toHaveValue(
    /\/api\/v2\/calendar\/feed\/[\w-]{43}\.ics$/,
  );
  await expect(dialog.getByText(calendarMessages.feedCopyOnce)).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/home-calendar-settings.png` });

  await field.fill('https://calendar.google.com/calendar/embed?src=team%40example.com');
  await dialog.getByRole('button', { name: messages.widgetsSave }).click();
  await expect(page.getByText(messages.settingsSaved)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.locator(`iframe[title="${calendarMessages.googleCalendarTitle}"]`)).toHaveAttribute(
    'src',
    'https://calendar.google.com/calendar/embed?src=team%40example.com',
  );
  await page.reload();
  await expect(page.locator(`iframe[title="${calendarMessages.googleCalendarTitle}"]`)).toBeVisible();
});

test('the meeting dashboard’s calendar shows that meeting’s items only, in the person’s language', async ({
  page,
  request,
}) => {
  const { owner, mate } = await team(request, 'dash-calendar');
  const planning = await createMeeting(request, owner.token, 'Planning', [mate.id]);
  const other = await createMeeting(request, owner.token, 'Budget', [mate.id]);
  const due = isoDate(2);
  for (const [title, meetingId] of [
    ['Draft the roadmap', planning.id],
    ['Check the invoices', other.id],
  ] as const)
    await call(request, owner.token, 'POST', '/tasks', {
      title,
      type: '4',
      userId: owner.id,
      meetingIds: [meetingId],
      dueDate: due,
    });
  await call(request, owner.token, 'PATCH', '/self', { locale: 'de_DE' });
  await startSignedIn(page, owner.token);
  await page.goto(`/meeting-dashboard/${planning.id}`);
  const calendar = page.getByRole('region', { name: messages.calendarTitle });
  // Below the board, the calendar is shown once the page is scrolled near it.
  await calendar.scrollIntoViewIfNeeded();
  // German from FullCalendar's locale (loaded after the calendar's code): its view names, the titles.
  const monthTab = calendar.getByRole('tab', { name: /^Monat/ });
  await expect(monthTab).toBeVisible();
  await monthTab.click();
  // The month grid (six weeks) always reaches two days past today's month.
  const month = new Intl.DateTimeFormat('de-DE', { month: 'long', timeZone: 'UTC' }).format(new Date());
  await expect(calendar.getByText('Draft the roadmap')).toBeVisible();
  await expect(calendar.getByRole('heading', { name: new RegExp(month) })).toBeVisible();
  // The other meeting's card is not on this meeting's calendar.
  await expect(calendar.getByText('Check the invoices')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/dashboard-calendar-de.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await calendar.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/dashboard-calendar-de-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  // Clicking it opens the card.
  await calendar.getByText('Draft the roadmap').click();
  await expect(page).toHaveURL(/\/home\/[0-9a-f-]{36}$/);
});
