import { expect, type Locator, type Page, test } from '@playwright/test';
import { kpisMessages } from '../src/features/kpis/kpis.messages.ts';
import { messages } from '../src/shared/messages.ts';
import { expectAccessible } from './axe.ts';
import { call, expectNoSidewaysScroll, isoDate, screenshotsOf, startSignedIn, team } from './helpers.ts';

// Monthly measurables and the yes/no and time units (docs/decisions/117, 118): a leader adds a
// monthly Yes/No and a monthly Time measurable in the score form, enters values (coloured against
// the goal), sees the figures in the unit, switches between the Weekly and Monthly tabs; the
// phone shows the same without sideways scrolling.

const shots = screenshotsOf('kpi-periods');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthLabel = (back: number) => {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
};
const panelOf = (page: Page) => page.getByRole('region', { name: messages.kpiSection, exact: true });
const rowOf = (scope: Locator, title: string) => scope.getByTestId('kpi-row').filter({ hasText: title });
const tabs = (scope: Locator) => scope.getByRole('radiogroup', { name: kpisMessages.kpiFrequencyTabs });

test('a leader adds monthly Yes/No and Time measurables, enters values, sees colours and figures, switches tabs', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const { owner, mate } = await team(request, 'periods');
  const meeting = await call<{ id: string }>(request, owner.token, 'POST', '/meetings', {
    operation: 'create',
    title: 'Monthly Numbers',
    sharepointUrl: 'https://meet.example.com/numbers',
    startDate: isoDate(-42),
    startTime: '09:00',
    repeatEvery: 1,
    repeatType: 'weeks',
    type: 'meeting',
    members: [mate.id],
  });
  await call(request, owner.token, 'POST', `/meetings/${meeting.id}/scores`, {
    userId: owner.id,
    title: 'Calls',
    goal: '>=',
    score: '10',
    type: 'number',
  });
  const context = await browser.newContext();
  const page = await context.newPage();
  await startSignedIn(page, owner.token);
  await page.goto(`/meeting-dashboard/${meeting.id}`);
  const panel = panelOf(page);
  await expect(rowOf(panel, 'Calls')).toBeVisible({ timeout: 30_000 });
  // Only weekly measurables: no tabs yet.
  await expect(tabs(panel)).toHaveCount(0);

  // A monthly Yes/No measurable: its goal is a Yes/No choice.
  await panel.getByRole('button', { name: kpisMessages.kpiAddScore }).click();
  const add = page.getByRole('dialog', { name: kpisMessages.kpiAddScore });
  await add.getByRole('textbox', { name: kpisMessages.kpiTitleLabel }).fill('Payroll on time');
  await add.getByText(kpisMessages.kpiFrequencyMonthly, { exact: true }).click();
  await add.getByText(kpisMessages.kpiTypeYesNo, { exact: true }).click();
  await expect(add.getByRole('textbox', { name: kpisMessages.kpiTargetLabel })).toHaveCount(0);
  await expect(add.getByRole('combobox', { name: kpisMessages.kpiGoalLabel })).toHaveValue(kpisMessages.kpiYes);
  await shots(page, 'form-yes-no');
  await expectAccessible(page, 'the score form of a yes/no measurable');
  await add.getByRole('button', { name: messages.saveButton }).click();
  await expect(add).toBeHidden();

  // Its tab opens: the last 13 months, this one last.
  await expect(tabs(panel).getByRole('radio', { name: kpisMessages.kpiFrequencyMonthly })).toBeChecked();
  const columns = panel.locator('thead th[data-session-id]');
  await expect(columns).toHaveCount(13);
  await expect(columns.last()).toHaveAccessibleName(monthLabel(0));
  const payroll = rowOf(panel, 'Payroll on time');
  await expect(payroll.getByTestId('kpi-goal')).toHaveText(kpisMessages.kpiYes);
  const choice = (title: string, back: number) =>
    panel.getByRole('combobox', { name: kpisMessages.kpiCellLabel(title, monthLabel(back)), exact: true });
  await choice('Payroll on time', 1).selectOption({ label: kpisMessages.kpiYes });
  await expect(choice('Payroll on time', 1).locator('xpath=ancestor::td[1]')).toHaveAttribute('data-met', 'met');
  await choice('Payroll on time', 2).selectOption({ label: kpisMessages.kpiNo });
  await expect(choice('Payroll on time', 2).locator('xpath=ancestor::td[1]')).toHaveAttribute('data-met', 'missed');
  await choice('Payroll on time', 3).selectOption({ label: kpisMessages.kpiYes });
  // Two yes of three: 67% yes on average, a total of 2 yes.
  await expect(payroll.getByTestId('kpi-average')).toHaveText('67% yes');
  await expect(payroll.getByTestId('kpi-total')).toHaveText('2 yes');
  await expect(payroll.getByTestId('kpi-latest')).toHaveText(kpisMessages.kpiYes);

  // A monthly Time measurable, added from the Monthly tab: monthly by default.
  await panel.getByRole('button', { name: kpisMessages.kpiAddScore }).click();
  await add.getByRole('textbox', { name: kpisMessages.kpiTitleLabel }).fill('Close the books');
  await expect(add.getByRole('radio', { name: kpisMessages.kpiFrequencyMonthly })).toBeChecked();
  await add.getByText(kpisMessages.kpiTypeTime, { exact: true }).click();
  await add.getByRole('combobox', { name: kpisMessages.kpiGoalLabel }).click();
  await page.getByRole('option', { name: kpisMessages.kpiGoalAtMost }).click();
  await add.getByRole('textbox', { name: kpisMessages.kpiTargetLabel }).fill('1h 30m');
  await add.getByRole('button', { name: messages.saveButton }).click();
  await expect(add).toBeHidden();
  const books = rowOf(panel, 'Close the books');
  await expect(books.getByTestId('kpi-goal')).toHaveText('<= 1:30');
  const time = (back: number) =>
    panel.getByRole('textbox', { name: kpisMessages.kpiCellLabel('Close the books', monthLabel(back)), exact: true });
  await time(1).fill('75m');
  await time(1).press('Tab');
  await expect(time(1)).toHaveValue('1:15');
  await expect(time(1).locator('xpath=ancestor::td[1]')).toHaveAttribute('data-met', 'met');
  await time(2).fill('2h');
  await time(2).press('Tab');
  await expect(time(2).locator('xpath=ancestor::td[1]')).toHaveAttribute('data-met', 'missed');
  // 75 + 120 = 195 minutes: 1:38 on average, 3:15 in all.
  await expect(books.getByTestId('kpi-average')).toHaveText('1:38');
  await expect(books.getByTestId('kpi-total')).toHaveText('3:15');
  // Not a duration: a clear message, nothing saved.
  await time(3).fill('soon');
  await time(3).press('Tab');
  await expect(time(3)).toHaveAttribute('aria-invalid', 'true');
  await time(3).hover();
  await expect(page.getByText(kpisMessages.kpiInvalidTime)).toBeVisible();
  const saved = await call<{ scores: { title: string; counted: number }[] }>(
    request,
    owner.token,
    'GET',
    `/meetings/${meeting.id}/kpis?frequency=monthly`,
  );
  expect(saved.scores.find((s) => s.title === 'Close the books')!.counted).toBe(2);
  await shots(page, 'monthly', panel);
  await expectAccessible(page, 'the monthly scorecard');

  // The Weekly tab shows the weekly measurables only, and back.
  await tabs(panel).getByText(kpisMessages.kpiFrequencyWeekly, { exact: true }).click();
  await expect(rowOf(panel, 'Calls')).toBeVisible();
  await expect(rowOf(panel, 'Payroll on time')).toHaveCount(0);
  await tabs(panel).getByText(kpisMessages.kpiFrequencyMonthly, { exact: true }).click();
  await expect(rowOf(panel, 'Payroll on time')).toBeVisible();

  // A phone: the tabs and the table fit; the table scrolls inside its frame.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rowOf(panel, 'Close the books')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await panel.getByRole('button', { name: kpisMessages.kpiAddScore }).click();
  await expect(add).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shots(page, 'form-phone');
  await page.keyboard.press('Escape');
  await expect(add).toBeHidden();
  await context.close();
});
