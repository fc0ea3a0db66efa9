import type { Page } from '@playwright/test';
import { liveMessages } from '../../src/features/live/live.messages.ts';
import { meetingsMessages } from '../../src/features/meetings/meetings.messages.ts';
import { reportsMessages } from '../../src/features/reports/reports.messages.ts';
import { messages } from '../../src/shared/messages.ts';
import { WCAG21_AA } from '../axe.ts';
import { call, isoDate, SCREENS, seedHeldMeeting, seedLayoutTeam, startSignedIn, team } from '../helpers.ts';
import { checkPage, dashboardOf, eachSize, expect, SIZES, test } from './helpers.ts';

// Accessibility of a held meeting's records (decision 026, e2e/layout/helpers.ts), against WCAG
// 2.1 A and AA: the meeting report, the user report, the session's archive and the meeting
// dashboard with an archive in its table, at 1280×800 and 390×844. The dashboard also against
// WCAG 2.2's target size (axe), and on a phone every control of it is at least 24×24 px.

// Seeding, four pages and axe take minutes on a busy machine; a page's first answer may too.
test.describe.configure({ mode: 'parallel', timeout: 480_000 });
test.use({ actionTimeout: 20_000 });
const LOADED = { timeout: 120_000 };

const TITLE = 'Weekly Leadership Level 10 Meeting of the Operations Team';
const slug = TITLE.split(' ').join('-');

/** What a keyboard or a pointer can operate, as shown (hidden and zero-size elements aside). */
const INTERACTIVE = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  '[tabindex]:not([tabindex="-1"])',
  ...['button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'menuitem', 'option', 'combobox', 'slider'].map(
    (role) => `[role="${role}"]`,
  ),
].join(', ');

/** The interactive elements of the page smaller than 24×24 px, each named with its size. */
const smallTargets = (page: Page) =>
  page.evaluate((selector) => {
    const small: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      // The text field inside a multi-select or tags input is as high as its line of pills, but a tap
      // anywhere on the field around it focuses it (Mantine's PillsInput): that field is the target.
      const target = element.matches('input.mantine-PillsInputField-field')
        ? (element.closest<HTMLElement>('.mantine-Input-input') ?? element)
        : element;
      const box = target.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || style.display === 'none') continue;
      // A visually hidden input (opacity 0 under its visible label or track) is not the target itself.
      if (style.opacity === '0' && element.tagName === 'INPUT') continue;
      if (box.width >= 23.5 && box.height >= 23.5) continue;
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
      small.push(`${element.tagName.toLowerCase()} "${name}" ${box.width.toFixed(1)}×${box.height.toFixed(1)}`);
    }
    return small;
  }, INTERACTIVE);

eachSize((size) => {
  test(`a held meeting's reports and archive pass axe with WCAG 2.1 AA (${size})`, async ({ page, request }) => {
    const { owner, mate } = await team(request, `layout-a11y-${size}`);
    const { meeting, sessionId } = await seedHeldMeeting(request, owner, mate, TITLE);
    // Goals on track and overdue: the report's goal list shows each status as a badge.
    for (const [title, due] of [
      ['Launch the redesigned onboarding', 30],
      ['Hire two support engineers', -3],
    ] as const)
      await call(request, owner.token, 'POST', '/tasks', {
        title,
        type: '1',
        userId: owner.id,
        dueDate: isoDate(due),
        meetingIds: [meeting.id],
      });
    await startSignedIn(page, owner.token);

    await page.goto(`/reports/meetings/${meeting.id}/${slug}`);
    await expect(page.getByRole('heading', { name: reportsMessages.reportChartRatings })).toBeVisible(LOADED);
    await expect(page.getByText('Hire two support engineers')).toBeVisible();
    await checkPage(page, 'a11y-report-meeting', size, [], WCAG21_AA);
    await page.screenshot({ path: `${SCREENS}/layout-a11y-report-meeting-full-${size}.png`, fullPage: true });

    await page.goto(`/reports/users/${owner.id}`);
    await expect(page.getByRole('heading', { name: reportsMessages.reportUserTitle('Olga Owner') })).toBeVisible(
      LOADED,
    );
    await expect(page.getByRole('heading', { name: reportsMessages.reportChartRatings })).toBeVisible();
    await checkPage(page, 'a11y-report-user', size, [], WCAG21_AA);
    await page.screenshot({ path: `${SCREENS}/layout-a11y-report-user-full-${size}.png`, fullPage: true });

    await page.goto(`/meeting-archives/${sessionId}`);
    await expect(page.getByRole('table', { name: liveMessages.recapTiming })).toBeVisible(LOADED);
    await checkPage(page, 'a11y-archive', size, [], WCAG21_AA);
    await page.screenshot({ path: `${SCREENS}/layout-a11y-archive-full-${size}.png`, fullPage: true });
  });

  test(`the meeting dashboard passes axe with WCAG 2.1 AA, its controls whole tap targets (${size})`, async ({
    page,
    request,
  }) => {
    const { owner, meeting } = await seedLayoutTeam(request, `layout-a11y-dash-${size}`);
    // Today's session held: the archives table has a row with its links and buttons.
    const { sessionId } = await call<{ sessionId: string }>(
      request,
      owner.token,
      'POST',
      `/meetings/${meeting.id}/start`,
      { confirmUnscheduled: true },
    );
    await call(request, owner.token, 'POST', `/sessions/${sessionId}/finish`, { notAttended: [] });
    await startSignedIn(page, owner.token);
    await page.goto(dashboardOf(meeting));
    const archives = page.getByRole('region', { name: meetingsMessages.meetingArchives });
    await expect(archives.getByRole('table')).toBeVisible(LOADED);
    await expect(page.getByRole('region', { name: messages.kpiSection })).toContainText('Qualified sales calls');
    await checkPage(page, 'a11y-dashboard', size, [], [...WCAG21_AA, 'wcag22aa']);
    await page.screenshot({ path: `${SCREENS}/layout-a11y-dashboard-full-${size}.png`, fullPage: true });
    if (size === 'phone') {
      expect(page.viewportSize()).toEqual(SIZES.phone);
      expect(await smallTargets(page), 'controls under 24×24 px on the meeting dashboard').toEqual([]);
    }
  });
});
