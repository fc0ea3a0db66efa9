import { expect as baseExpect, type Page, test } from '@playwright/test';
import { clientMessages } from '../src/client/client.messages.ts';
import { homeMessages } from '../src/features/home/home.messages.ts';
import { meetingsMessages } from '../src/features/meetings/meetings.messages.ts';
import { messages } from '../src/shared/messages.ts';
import { expectAccessible } from './axe.ts';
import { SCREENS, signedInUser } from './helpers.ts';

// A new workspace's home: the getting-started panel instead of the system status (now on the
// Administration page), its steps ticked from the workspace's data, closed for good.

// Generous waits: the calls behind each page answer slowly when the machine is busy.
const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 300_000 });
test.use({ actionTimeout: 20_000 });

const panel = (page: Page) => page.getByRole('region', { name: homeMessages.gettingStartedTitle });
const step = (page: Page, key: string) => panel(page).locator(`[data-step="${key}"]`);

/** No sideways scroll: the page is no wider than the window. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test('a new account follows the getting-started panel and closes it for good', async ({ page, request }) => {
  await signedInUser(page, request, 'getting-started');
  await page.goto('/home');
  // The first visit loads the page's code and its calls: slow on a loaded machine.
  await expect(panel(page)).toBeVisible({ timeout: 120_000 });
  for (const key of ['meeting', 'team', 'scorecard']) {
    await expect(step(page, key)).toHaveAttribute('data-done', 'false');
    await expect(step(page, key)).toContainText(homeMessages.gettingStartedToDo);
  }
  // The system status is no longer on home.
  await expect(page.getByRole('region', { name: clientMessages.systemStatus })).toHaveCount(0);
  // With no meeting, the scorecard step leads to the meetings list; the team step to the directory.
  await expect(panel(page).getByRole('link', { name: homeMessages.stepScorecardNoMeeting })).toHaveAttribute(
    'href',
    '/meetings',
  );
  await expect(panel(page).getByRole('link', { name: homeMessages.stepTeamDirectory })).toHaveAttribute(
    'href',
    '/directory',
  );

  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(panel(page)).toBeVisible();
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: `${SCREENS}/getting-started-${width}x${height}.png`, fullPage: true });
    await expectAccessible(page, `home with the getting-started panel at ${width}×${height}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // The first step's button opens the new-meeting wizard; the meeting made ticks the step.
  await panel(page).getByRole('button', { name: homeMessages.stepMeetingAction }).click();
  const wizard = page.getByRole('dialog', { name: meetingsMessages.newMeetingTitle });
  await expect(wizard.getByRole('heading', { name: meetingsMessages.wizardStepAgenda })).toBeVisible();
  await wizard.getByRole('button', { name: messages.nextButton }).click();
  await expect(wizard.getByRole('heading', { name: meetingsMessages.wizardStepDetails })).toBeVisible();
  await wizard.getByLabel(meetingsMessages.meetingName).fill('Weekly L10');
  await wizard.getByLabel(meetingsMessages.meetingUrl).fill('meet.example.com/l10');
  await wizard.getByLabel(meetingsMessages.startTime).click();
  await page.getByRole('option', { name: '9:00 AM', exact: true }).click();
  await wizard.getByRole('button', { name: messages.nextButton }).click();
  await expect(wizard.getByRole('heading', { name: meetingsMessages.wizardStepUsers })).toBeVisible();
  await wizard.getByRole('button', { name: meetingsMessages.skipButton }).click();
  await expect(wizard.getByRole('heading', { name: meetingsMessages.wizardStepConfirm })).toBeVisible();
  await wizard.getByRole('button', { name: messages.finish }).click();
  await expect(page).toHaveURL(/\/meeting-dashboard\//);

  await page.goto('/home');
  await expect(step(page, 'meeting')).toHaveAttribute('data-done', 'true');
  await expect(step(page, 'meeting')).toContainText(homeMessages.gettingStartedDone);
  await expect(step(page, 'team')).toHaveAttribute('data-done', 'false');
  await expect(step(page, 'scorecard')).toHaveAttribute('data-done', 'false');
  // Now the scorecard step leads to that meeting's scorecard settings.
  await expect(panel(page).getByRole('link', { name: homeMessages.stepScorecardAction })).toHaveAttribute(
    'href',
    /^\/kpi\/[0-9a-f-]{36}$/,
  );

  // Closed, and still closed after a reload.
  await panel(page).getByRole('button', { name: homeMessages.gettingStartedDismiss }).click();
  await expect(panel(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[data-widget]').first()).toBeVisible();
  await expect(panel(page)).toHaveCount(0);
});

test('the system status is on the Administration page', async ({ page, request }) => {
  // The owner of a new workspace is its admin.
  await signedInUser(page, request, 'system-status');
  await page.goto('/settings/administration');
  const status = page.getByRole('region', { name: clientMessages.systemStatus });
  await expect(status.getByRole('listitem').filter({ hasText: clientMessages.statusServer })).toContainText(
    clientMessages.statusOk,
    { timeout: 120_000 },
  );
  await expect(status.getByRole('listitem').filter({ hasText: clientMessages.statusDatabase })).toContainText(
    clientMessages.statusOk,
  );
});
