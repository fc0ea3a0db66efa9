import { expect, type Page, test } from '@playwright/test';
import { shortDate, weekdayOf } from '../src/features/time/client/week.ts';
import { timeMessages } from '../src/features/time/time.messages.ts';
import { addDays } from '../src/shared/dates.ts';
import { expectAccessible } from './axe.ts';
import { call, isoDate, realtimeConnected, SCREENS, startSignedIn, team } from './helpers.ts';

// The weekly timesheet (decision 090): a member fills a week in the grid and submits it; the
// manager returns it with a comment, which the member's screen shows live; resubmitted and
// approved, the week is locked. An admin sets a cost rate and reads the projects' profitability.

test.describe.configure({ timeout: 150_000 });
test.use({ actionTimeout: 20_000 });

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENS}/timesheet-${name}.png` });
const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

const seed = async (request: Parameters<typeof team>[0], label: string) => {
  const { owner, mate } = await team(request, label);
  const account = await call<{ id: string }>(request, owner.token, 'POST', '/time/accounts', { title: 'Acme' });
  const project = await call<{ id: string; tasks: { id: string }[] }>(request, owner.token, 'POST', '/time/projects', {
    accountId: account.id,
    name: 'Website',
    hourlyRate: 'project',
    projectHoursRate: 15000,
    tasks: [{ title: 'Design' }],
    teams: [{ userId: owner.id, manage: true }, { userId: mate.id }],
  });
  const week = await call<{ start: string }>(request, mate.token, 'GET', `/time/week?week=${isoDate(0)}`);
  return { owner, mate, project, start: week.start };
};

const ROW = 'Acme / Website — Design';
const cellOf = (page: Page, day: string) =>
  page.getByRole('textbox', { name: timeMessages.timeSheetCell(ROW, `${weekdayOf(day)}, ${shortDate(day)}`) });

test('a member fills a week in the grid and submits it; returned with a comment, fixed and approved, it locks', async ({
  page,
  browser,
  request,
}) => {
  const { owner, mate, start } = await seed(request, 'sheet');
  await startSignedIn(page, mate.token);
  await page.goto('/time-tracking?view=week');
  await expect(page.getByText(timeMessages.timeSheetEmpty)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('week-status')).toHaveText(timeMessages.timeWeekStatus.open);

  // A row for the project's task, then the days typed the ways people type them.
  await page.getByRole('combobox', { name: timeMessages.timeSheetAddRow }).click();
  await page.getByRole('option', { name: 'Website — Design' }).click();
  await cellOf(page, start).fill('2');
  await cellOf(page, start).press('Tab');
  await expect(page.getByTestId('sheet-total')).toHaveText('2:00');
  await cellOf(page, addDays(start, 1)).fill('1:30');
  await cellOf(page, addDays(start, 1)).press('Enter');
  await expect(page.getByTestId('sheet-total')).toHaveText('3:30');
  // Not a duration: said at the cell, nothing stored.
  await cellOf(page, addDays(start, 2)).fill('soon');
  await cellOf(page, addDays(start, 2)).press('Enter');
  await expect(page.getByRole('tooltip', { name: timeMessages.timeDurationFormat })).toBeVisible();
  await cellOf(page, addDays(start, 2)).press('Escape');
  await expect(page.getByTestId('sheet-total')).toHaveText('3:30');
  await shot(page, 'grid');
  await expectAccessible(page, 'the week grid');

  // The day view shows what the grid wrote.
  await page.locator('label').filter({ hasText: timeMessages.timeViewDay }).click();
  await page.getByRole('tab', { name: new RegExp(`^${weekdayOf(start)} `) }).click();
  await expect(page.getByTestId('day-total')).toHaveText('2:00');
  await page.locator('label').filter({ hasText: timeMessages.timeViewWeek }).click();

  await page.getByRole('button', { name: timeMessages.timeSubmitWeek }).click();
  await expect(page.getByRole('dialog')).toContainText(timeMessages.timeSubmitWeekText('3:30'));
  await page.getByRole('dialog').getByRole('button', { name: timeMessages.timeSubmitWeek }).click();
  await expect(page.getByTestId('week-status')).toHaveText(timeMessages.timeWeekStatus.submitted);
  await expect(cellOf(page, start)).toHaveAttribute('readonly', '');
  await realtimeConnected(page);

  // The manager (and admin) returns it from Approvals in another browser.
  const other = await browser.newContext();
  const manager = await other.newPage();
  await startSignedIn(manager, owner.token);
  await manager.goto('/time-tracking?tab=approvals');
  const card = manager.getByRole('article', { name: /Bea Mate/ });
  await expect(card).toContainText('3:30', { timeout: 60_000 });
  await realtimeConnected(manager);
  await expect(card).toContainText('Acme / Website');
  await shot(manager, 'approvals');
  await expectAccessible(manager, 'the approvals');
  await card.getByRole('button', { name: timeMessages.timeReturn }).click();
  const dialog = manager.getByRole('dialog', { name: timeMessages.timeReturnTitle('Bea Mate') });
  await dialog.getByLabel(timeMessages.timeReturnComment).fill('Tuesday misses the client call');
  await dialog.getByRole('button', { name: timeMessages.timeReturn }).click();
  await expect(dialog).toBeHidden();
  await expect(manager.getByText(timeMessages.timeNoApprovals)).toBeVisible();

  // The member's screen follows: returned, with the comment, the cells open again.
  await expect(page.getByTestId('week-status')).toHaveText(timeMessages.timeWeekStatus.returned);
  await expect(page.getByText('Tuesday misses the client call')).toBeVisible();
  await cellOf(page, addDays(start, 1)).fill('2:30');
  await cellOf(page, addDays(start, 1)).press('Enter');
  await expect(page.getByTestId('sheet-total')).toHaveText('4:30');
  await page.getByRole('button', { name: timeMessages.timeSubmitWeek }).click();
  await page.getByRole('dialog').getByRole('button', { name: timeMessages.timeSubmitWeek }).click();
  await expect(page.getByTestId('week-status')).toHaveText(timeMessages.timeWeekStatus.submitted);

  await expect(card).toContainText('4:30');
  await card.getByRole('button', { name: timeMessages.timeApprove }).click();
  await expect(page.getByTestId('week-status')).toHaveText(timeMessages.timeWeekStatus.approved);
  await expect(page.getByText(timeMessages.timeWeekApprovedBy('Olga Owner'))).toBeVisible();
  await expect(cellOf(page, start)).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: timeMessages.timeSubmitWeek })).toBeHidden();
  await shot(page, 'approved');

  // On a phone: the grid scrolls inside itself, the page does not.
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await shot(page, 'approved-phone');
  await manager.setViewportSize({ width: 390, height: 844 });
  await manager.locator('label').filter({ hasText: timeMessages.timeApprovalsFilters.approved }).click();
  await expect(manager.getByRole('article', { name: /Bea Mate/ })).toBeVisible();
  await noSidewaysScroll(manager);
  await shot(manager, 'approvals-phone');
  await other.close();
});

test('an admin sets a cost rate in the Meeting tab and reads each project’s profit and margin', async ({
  page,
  request,
}) => {
  const { owner, mate, project, start } = await seed(request, 'profit');
  // Bea logs 2:00 on the hourly project (150.00 an hour: 300.00 revenue).
  await call(request, mate.token, 'POST', '/time/entries', {
    projectId: project.id,
    taskId: project.tasks[0]!.id,
    spentOn: start,
    minutes: 120,
  });
  await startSignedIn(page, owner.token);
  await page.goto('/time-tracking?tab=meeting');
  await page.getByRole('button', { name: timeMessages.timeSetCostRate('Bea Mate') }).click({ timeout: 60_000 });
  const form = page.getByRole('form', { name: timeMessages.timeSetCostRate('Bea Mate') });
  await form.getByLabel(timeMessages.timeCostPerHour).fill('45.50');
  await form.getByLabel(timeMessages.timeCostFrom).fill(addDays(start, -30));
  await form.getByRole('button', { name: timeMessages.timeSave }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('row', { name: /Bea Mate/ })).toContainText('45.50');
  await expect(page.getByRole('row', { name: /Bea Mate/ })).toContainText('5 %');
  await shot(page, 'meeting-tab');

  // An entry saved for a day of another week: the Time tab follows it to that day.
  await page.getByRole('tab', { name: timeMessages.timeTabTime }).click();
  const nextWeek = addDays(start, 9);
  await page.getByRole('button', { name: timeMessages.timeNewEntry }).click();
  await page.getByRole('dialog').getByLabel(timeMessages.timeProject).first().click();
  await page.getByRole('option', { name: 'Acme / Website' }).click();
  await page.getByRole('dialog').getByLabel(timeMessages.timeDuration).fill('0:45');
  await page.getByRole('dialog').getByLabel(timeMessages.timeDate).fill(nextWeek);
  await page.getByRole('dialog').getByRole('button', { name: timeMessages.timeSave }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByTestId('week-range')).toHaveText(
    timeMessages.timeWeekOf(shortDate(addDays(start, 7)), shortDate(addDays(start, 13))),
  );
  await expect(page.getByTestId('day-total')).toHaveText('0:45');

  await page.getByRole('tab', { name: timeMessages.timeTabProfitability }).click();
  // Bea's 2:00 at 45.50 costs 91.00.
  // With Olga's 0:45 (112.50 revenue, no cost rate: counted apart): 412.50 − 91.00 = 321.50, 77.9 %.
  const row = page.getByRole('row', { name: /Acme \/ Website/ });
  await expect(row).toContainText('412.50');
  await expect(row).toContainText('91.00');
  await expect(row).toContainText('321.50');
  await expect(row).toContainText('77.9 %');
  await expect(page.getByTestId('profit-totals')).toContainText('321.50');
  await expect(page.getByText(timeMessages.timeUncosted('0:45'))).toBeVisible();
  await shot(page, 'profitability');
  await expectAccessible(page, 'profitability');
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await shot(page, 'profitability-phone');
});
