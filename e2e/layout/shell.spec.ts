import { clientMessages } from '../../src/client/client.messages.ts';
import { authMessages } from '../../src/features/auth/auth.messages.ts';
import { calendarMessages } from '../../src/features/calendar/calendar.messages.ts';
import { homeMessages } from '../../src/features/home/home.messages.ts';
import { notificationsMessages } from '../../src/features/notifications/notifications.messages.ts';
import { peopleMessages } from '../../src/features/people/people.messages.ts';
import { messages } from '../../src/shared/messages.ts';
import { call, seedLayoutTeam as seed, signedInUser, startSignedIn } from '../helpers.ts';
import { checkDialog, checkPage, eachSize, escapeCloses, expect, SIZES, test } from './helpers.ts';

// Layout (decision 026, e2e/layout/helpers.ts): the public pages, the shell (navigation, user
// menu, workspaces, profile) and the home page's widgets, calendar and bell.

// Axe and the seeding take a while on a busy machine.
test.describe.configure({ mode: 'parallel', timeout: 90_000 });

// The machine these run on is shared and slow at times: no action waits forever.
test.use({ actionTimeout: 20_000 });

eachSize((size) => {
  test(`public pages (${size})`, async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: authMessages.signInButton, exact: true })).toBeVisible();
    await checkPage(page, 'sign-in', size, [
      page.getByRole('button', { name: authMessages.signInButton, exact: true }),
    ]);

    await page.goto('/sign-up');
    await expect(page.getByRole('heading').first()).toBeVisible();
    await checkPage(page, 'sign-up', size);

    await page.goto('/forgotpassword');
    await expect(page.getByRole('heading', { name: authMessages.forgotPasswordTitle })).toBeVisible();
    await checkPage(page, 'forgot-password', size);

    await page.goto('/error/500');
    await expect(page.getByRole('heading', { name: clientMessages.serverErrorTitle })).toBeVisible();
    await checkPage(page, 'error-500', size);

    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: clientMessages.pageNotFound })).toBeVisible();
    await checkPage(page, 'not-found', size);
  });

  test(`shell: home, navigation, user menu, workspaces, profile (${size})`, async ({ page, request }) => {
    await signedInUser(page, request, `layout-shell-${size}`);
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const nav = page.getByRole('navigation', { name: clientMessages.mainNavigation });
    const dashboardLink = nav.getByRole('link', { name: clientMessages.navDashboard });
    const burger = page.getByRole('button', { name: clientMessages.openNavigation });
    const userMenu = page.getByRole('button', { name: clientMessages.accountMenu });
    await checkPage(page, 'home', size, [userMenu]);

    if (size === 'phone') {
      // A drawer: closed at first, opened by the burger, closed by Escape (focus back on the
      // burger), by the backdrop and by choosing a page.
      await expect(dashboardLink).toBeHidden();
      await burger.click();
      await expect(dashboardLink).toBeInViewport({ ratio: 1 });
      await checkPage(page, 'navigation-drawer', size);
      await escapeCloses(page, dashboardLink, 'the navigation drawer');
      await expect(burger).toBeFocused();
      await burger.click();
      await expect(dashboardLink).toBeVisible();
      await page.mouse.click(SIZES.phone.width - 20, SIZES.phone.height / 2);
      await expect(dashboardLink).toBeHidden();
      await burger.click();
      await nav.getByRole('link', { name: clientMessages.navMeetings }).click();
      await expect(page).toHaveURL(/\/meetings$/);
      await expect(dashboardLink).toBeHidden();
    } else {
      await expect(burger).toBeHidden();
      await expect(dashboardLink).toBeInViewport({ ratio: 1 });
    }

    await userMenu.click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await checkPage(page, 'user-menu', size);
    await escapeCloses(page, menu, 'the user menu');

    await page.goto('/workspaces');
    await expect(page.getByRole('heading', { name: messages.workspacesTitle })).toBeVisible();
    await checkPage(page, 'workspaces', size);

    await page.goto('/settings/profile');
    await expect(page.getByRole('heading', { name: peopleMessages.profileTitle })).toBeVisible();
    await checkPage(page, 'profile', size);
  });

  test(`home: widgets, calendar, bell and the widgets dialog (${size})`, async ({ page, request }) => {
    const { owner, mate, meeting } = await seed(request, `layout-home-${size}`);
    // A notification for the owner, with a long message.
    await call(request, mate.token, 'POST', '/tasks', {
      title: 'Book the venue for the customer advisory board dinner in the spring',
      type: '4',
      userId: owner.id,
      meetingIds: [meeting.id],
    });
    await startSignedIn(page, owner.token);
    await page.goto('/home');
    const calendar = page.getByRole('region', { name: messages.calendarTitle });
    await expect(calendar.getByRole('tab', { name: new RegExp(`^${calendarMessages.calendarDay}`) })).toBeVisible();
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toHaveAccessibleName(notificationsMessages.notificationsBell(1));
    await checkPage(page, 'home-widgets', size, [bell]);
    await calendar.getByRole('tab', { name: new RegExp(`^${calendarMessages.calendarMonth}`) }).click();
    await calendar.scrollIntoViewIfNeeded();
    await checkPage(page, 'home-calendar-month', size);
    // The week: the time grid from 8 am (the seed's session is today, this hour).
    await calendar.getByRole('tab', { name: new RegExp(`^${calendarMessages.calendarWeek}`) }).click();
    await expect(calendar.getByText(meeting.title).first()).toBeVisible();
    await calendar.scrollIntoViewIfNeeded();
    await checkPage(page, 'home-calendar-week', size, [
      calendar.getByRole('tab', { name: new RegExp(`^${calendarMessages.calendarMonth}`) }),
    ]);

    // The calendar's settings: the embed URL and a fresh private ICS link (its long URL shown once).
    await calendar.getByRole('button', { name: calendarMessages.calendarSettings }).click();
    const settings = page.getByRole('dialog', { name: calendarMessages.calendarSettings });
    await settings
      .getByRole('textbox', { name: calendarMessages.googleCalendarEmbedLabel })
      .fill('https://calendar.google.com/calendar/embed?src=operations-and-finance-team%40example.com&ctz=UTC');
    await settings.getByRole('button', { name: calendarMessages.feedCreate }).click();
    const feedUrl = settings.getByRole('textbox', { name: calendarMessages.feedTitle });
    await expect(feedUrl).toHaveValue(/\.ics$/);
    await checkPage(page, 'calendar-settings', size, [
      settings.getByRole('button', { name: messages.widgetsSave }),
      settings.getByRole('button', { name: calendarMessages.feedCopy }),
      feedUrl,
    ]);
    await checkDialog(page, settings, 'the calendar settings');

    await bell.click();
    const list = page.getByRole('dialog', { name: notificationsMessages.notificationsTitle });
    await expect(list.getByText(/Book the venue/)).toBeVisible();
    await checkPage(page, 'bell', size, [
      list.getByRole('button', { name: notificationsMessages.notificationsMarkAllRead }),
    ]);
    await escapeCloses(page, list, 'the notifications');

    await page.getByRole('button', { name: homeMessages.widgetsButton }).click();
    const dialog = page.getByRole('dialog', { name: homeMessages.widgetsTitle });
    await expect(dialog.getByRole('button', { name: messages.widgetsSave })).toBeVisible();
    await checkPage(page, 'widgets-dialog', size, [dialog.getByRole('button', { name: messages.widgetsSave })]);
    await checkDialog(page, dialog, 'the widgets dialog');
  });
});
