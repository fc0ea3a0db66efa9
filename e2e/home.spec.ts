import { expect as baseExpect, test } from '@playwright/test';
import { messages } from '../src/shared/messages.ts';
import { call, createMeeting, isoDate, SCREENS, startSignedIn, team } from './helpers.ts';

// Home (issue 18): widgets arranged and kept across a reload, the meeting filter, the bell
// rising live when someone else assigns a card, and the calendar's scopes, "+N MORE", search
// and clicking an event.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 90_000 });
test.use({ actionTimeout: 20_000 });

const widgetOrder = (page: import('@playwright/test').Page) =>
  page.locator('[data-widget]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-widget')));

test('arranges the home widgets by keyboard drag and ticks, and keeps them after a reload', async ({
  page,
  request,
}) => {
  const { owner } = await team(request, 'home-widgets');
  await startSignedIn(page, owner.token);
  await page.goto('/home');
  await expect.poll(() => widgetOrder(page)).toEqual(['calendar', 'todos', 'goals', 'kpis']);

  await page.getByRole('button', { name: messages.widgetsButton }).click();
  const dialog = page.getByRole('dialog', { name: messages.widgetsTitle });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/home-widgets-dialog.png` });
  // Calendar two places down with the keyboard; KPIs hidden.
  const handle = dialog.getByLabel(messages.widgetMove('Calendar'));
  await handle.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await dialog.getByRole('checkbox', { name: messages.widgetShown('KPIs') }).uncheck();
  await dialog.getByRole('button', { name: messages.widgetsSave }).click();
  await expect(page.getByText(messages.settingsSaved)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect.poll(() => widgetOrder(page)).toEqual(['todos', 'goals', 'calendar']);

  await page.reload();
  await expect.poll(() => widgetOrder(page)).toEqual(['todos', 'goals', 'calendar']);
  // Escape closes the dialog without saving.
  await page.getByRole('button', { name: messages.widgetsButton }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('filters the to-dos by meeting avatars', async ({ page, request }) => {
  const { owner, mate } = await team(request, 'home-filter');
  const sales = await createMeeting(request, owner.token, 'Sales weekly', [mate.id]);
  const ops = await createMeeting(request, owner.token, 'Ops weekly', [mate.id]);
  for (const [title, meeting] of [
    ['Call the bank', sales],
    ['Fix the printer', ops],
  ] as const)
    await call(request, owner.token, 'POST', '/tasks', {
      title,
      type: '4',
      userId: owner.id,
      meetingIds: [meeting.id],
    });
  await startSignedIn(page, owner.token);
  await page.goto('/home');
  const todos = page.getByRole('region', { name: messages.homeTodosTitle });
  await expect(todos.getByRole('link', { name: 'Call the bank' })).toBeVisible();
  await expect(todos.getByRole('link', { name: 'Fix the printer' })).toBeVisible();
  const salesToggle = page.getByRole('button', { name: messages.homeMeetingToggle('Sales weekly') });
  await expect(salesToggle).toHaveAttribute('aria-pressed', 'true');
  await salesToggle.click();
  await expect(salesToggle).toHaveAttribute('aria-pressed', 'false');
  await expect(todos.getByRole('link', { name: 'Call the bank' })).toBeHidden();
  await expect(todos.getByRole('link', { name: 'Fix the printer' })).toBeVisible();
  await salesToggle.click();
  await expect(todos.getByRole('link', { name: 'Call the bank' })).toBeVisible();
});

test('the bell rises live when someone else assigns a card, and opening it marks it read', async ({
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
  await expect(bell).toHaveAccessibleName(messages.notificationsBell(0));

  // Bea, in another browser (here: the API), makes Olga the owner of a card.
  await call(request, mate.token, 'POST', '/tasks', {
    title: 'Renew the lease',
    type: '4',
    userId: owner.id,
    meetingIds: [meeting.id],
  });
  await expect(bell).toHaveAccessibleName(messages.notificationsBell(1));

  await bell.click();
  const list = page.getByRole('dialog', { name: messages.notificationsTitle });
  const entry = list.getByRole('button', { name: /Bea Mate made you the owner of "Renew the lease"/ });
  await expect(entry).toBeVisible();
  await expect(bell).toHaveAccessibleName(messages.notificationsBell(0));
  await page.screenshot({ path: `${SCREENS}/home-bell.png` });
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  // Read on the server: a reload keeps the count at zero.
  await page.reload();
  await expect(bell).toHaveAccessibleName(messages.notificationsBell(0));
  // The entry opens the card.
  await bell.click();
  await list.getByRole('button', { name: /Renew the lease/ }).click();
  await expect(page).toHaveURL(/\/home\/[0-9a-f-]{36}$/);
});

test('the calendar: day, week and month, "+N MORE", search, and an event opens its card', async ({ page, request }) => {
  const { owner, mate } = await team(request, 'home-calendar');
  const meeting = await createMeeting(request, owner.token, 'Planning', [mate.id]);
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
  await expect(calendar.getByRole('tab', { name: new RegExp(`^${messages.calendarDay}`) })).toBeVisible();

  await calendar.getByRole('tab', { name: new RegExp(`^${messages.calendarWeek}`) }).click();
  await expect(calendar.getByText('Invoice 1').first())
    .toBeVisible({ timeout: 20_000 })
    .catch(() => {});
  await calendar.getByRole('tab', { name: new RegExp(`^${messages.calendarMonth}`) }).click();
  // Seven due the same day: five shown, then "+2 MORE" (the month may need the next page).
  const more = calendar.getByText(messages.calendarMore(2));
  if (!(await more.isVisible().catch(() => false)) && day.slice(0, 7) !== isoDate(0).slice(0, 7))
    await calendar.getByRole('button', { name: /next/i }).click();
  await expect(more).toBeVisible();
  await calendar.screenshot({ path: `${SCREENS}/home-calendar-month.png` });
  // The server sent five of the day's seven (decision 058): "+2 MORE" opens the day with all seven.
  await expect(calendar.getByText('Invoice 6')).toBeHidden();
  await more.click();
  await expect(calendar.getByText('Invoice 7')).toBeVisible();
  await expect(calendar.getByText('Invoice 1')).toBeVisible();
  await calendar.getByRole('tab', { name: new RegExp(`^${messages.calendarMonth}`) }).click();
  await expect(more).toBeVisible();

  await calendar.getByRole('textbox', { name: messages.calendarSearch }).fill('Invoice 7');
  await expect(calendar.getByText(messages.calendarMore(2))).toBeHidden();
  const event = calendar.getByText('Invoice 7');
  await expect(event).toBeVisible();
  await expect(calendar.getByText('Invoice 3')).toBeHidden();
  await event.click();
  await expect(page).toHaveURL(/\/home\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('the calendar settings: the Google Calendar embed form and the private ICS link', async ({ page, request }) => {
  const { owner } = await team(request, 'home-embed');
  await startSignedIn(page, owner.token);
  await page.goto('/home');
  // The calendar's code loads after the page's (a slow while on a busy machine).
  const settingsButton = page.getByRole('button', { name: messages.calendarSettings });
  await expect(settingsButton).toBeVisible();
  await settingsButton.click();
  const dialog = page.getByRole('dialog', { name: messages.calendarSettings });
  const field = dialog.getByRole('textbox', { name: messages.googleCalendarEmbedLabel });
  await field.fill('https://example.com/calendar/embed?src=team');
  await dialog.getByRole('button', { name: messages.widgetsSave }).click();
  await expect(dialog.getByText(messages.googleCalendarEmbedRequired)).toBeVisible();

  await dialog.getByRole('button', { name: messages.feedCreate }).click();
  await expect(dialog.getByRole('textbox', { name: messages.feedTitle })).toHaveValue(
    /\/api\/v2\/calendar\/feed\/[\w-]{43}\.ics$/,
  );
  await expect(dialog.getByText(messages.feedCopyOnce)).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/home-calendar-settings.png` });

  await field.fill('https://calendar.google.com/calendar/embed?src=team%40example.com');
  await dialog.getByRole('button', { name: messages.widgetsSave }).click();
  await expect(page.getByText(messages.settingsSaved)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.locator(`iframe[title="${messages.googleCalendarTitle}"]`)).toHaveAttribute(
    'src',
    'https://calendar.google.com/calendar/embed?src=team%40example.com',
  );
  await page.reload();
  await expect(page.locator(`iframe[title="${messages.googleCalendarTitle}"]`)).toBeVisible();
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
