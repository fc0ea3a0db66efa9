import { expect, type Page, test } from '@playwright/test';
import { messages } from '../src/shared/messages.ts';
import { call, createMeeting, SCREENS, startSignedIn, team } from './helpers.ts';

// Time tracking (issue 23): a member logs a week by typing and by timer (reload while running,
// another tab follows live); a manager sets a budget, sees the bar move, crosses the alert and
// the issue appears on the meeting's dashboard; the Meeting tab and a report export.

test.describe.configure({ timeout: 120_000 });
test.use({ actionTimeout: 20_000 });

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENS}/time-${name}.png` });

const seed = async (request: Parameters<typeof team>[0], label: string) => {
  const { owner, mate } = await team(request, label);
  const meeting = await createMeeting(request, owner.token, 'Weekly L10', [mate.id]);
  const account = await call<{ id: string }>(request, owner.token, 'POST', '/time/accounts', { title: 'Acme' });
  const project = await call<{ id: string; tasks: { id: string }[] }>(request, owner.token, 'POST', '/time/projects', {
    accountId: account.id,
    name: 'Website',
    tasks: [{ title: 'Design' }],
    teams: [{ userId: owner.id, manage: true }, { userId: mate.id }],
  });
  return { owner, mate, meeting, project };
};

const choose = async (page: Page, label: string, option: string) => {
  await page.getByRole('dialog').getByLabel(label).first().click();
  await page.getByRole('option', { name: option }).click();
};

test('a member logs time by typing and by the timer, which survives a reload and shows in another tab', async ({
  page,
  browser,
  request,
}) => {
  const { mate } = await seed(request, 'time-member');
  await startSignedIn(page, mate.token);
  await page.goto('/time-tracking');
  await expect(page.getByRole('tab', { name: messages.timeTabTime })).toHaveAttribute('aria-selected', 'true', {
    timeout: 60_000,
  });

  for (const typed of ['1:30', '90m']) {
    await page.getByRole('button', { name: messages.timeNewEntry }).click();
    await choose(page, messages.timeProject, 'Acme / Website');
    await page.getByRole('dialog').getByLabel(messages.timeDuration).fill(typed);
    await page.getByRole('dialog').getByRole('button', { name: messages.timeSave }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  }
  await expect(page.getByTestId('day-total')).toHaveText('3:00');
  await expect(page.getByTestId('week-total')).toHaveText('3:00');

  // A duration that is not one: said under the field, nothing stored.
  await page.getByRole('button', { name: messages.timeNewEntry }).click();
  await choose(page, messages.timeProject, 'Acme / Website');
  await page.getByRole('dialog').getByLabel(messages.timeDuration).fill('soon');
  await page.getByRole('dialog').getByRole('button', { name: messages.timeSave }).click();
  await expect(page.getByRole('dialog').getByText(messages.timeDurationFormat)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await shot(page, 'week');

  // The timer: started here, shown after a reload and in another tab.
  await page.getByRole('button', { name: messages.timeStartTimer, exact: true }).click();
  await choose(page, messages.timeProject, 'Acme / Website');
  await page.getByRole('dialog').getByLabel(messages.timeNote).fill('Mockups');
  await page.getByRole('dialog').getByRole('button', { name: messages.timeStart }).click();
  const running = page.getByRole('status', { name: messages.timeRunning('Website / Design') });
  await expect(running).toBeVisible();
  await page.reload();
  await expect(running).toBeVisible({ timeout: 60_000 });
  await shot(page, 'timer');

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await startSignedIn(otherPage, mate.token);
  await otherPage.goto('/time-tracking');
  await expect(otherPage.getByRole('status', { name: messages.timeRunning('Website / Design') })).toBeVisible({
    timeout: 60_000,
  });

  await running.getByRole('button', { name: messages.timeStop }).click();
  await expect(running).toBeHidden();
  // The other tab hears it at once; the stopped time is an entry of today.
  await expect(otherPage.getByRole('button', { name: messages.timeStartTimer, exact: true })).toBeVisible();
  await expect(page.getByText('Mockups')).toBeVisible();
  await expect(page.getByTestId('day-total')).toHaveText('3:01');
  await other.close();
});

test('a manager sets a budget, sees the bar move, and the alert reaches the meeting; Meeting tab and report export', async ({
  page,
  request,
}) => {
  const { owner, mate, meeting, project } = await seed(request, 'time-manager');
  await startSignedIn(page, owner.token);
  await page.goto('/time-tracking?tab=accounts');
  const edit = page.getByRole('button', { name: messages.timeEditProjectOf('Website') });
  // The first load of a lazy page on a busy machine can take a while.
  await expect(edit).toBeVisible({ timeout: 60_000 });
  await edit.click();
  const dialog = page.getByRole('dialog', { name: messages.timeEditProject });
  await expect(dialog).toBeVisible();
  await choose(page, messages.timeBudgetType, messages.timeBudgetTypes.total_project_hours);
  await dialog.getByLabel(messages.timeTotalHours).fill('2');
  await dialog.getByLabel(messages.timeEmailAlert).check();
  await dialog.getByLabel(messages.timeAlertPercent).fill('80');
  await choose(page, messages.timeAlertMeeting, 'Weekly L10');
  await shot(page, 'project-dialog');
  await dialog.getByRole('button', { name: messages.timeSave }).click();
  await expect(dialog).toBeHidden();
  const bar = (percent: number) => page.getByRole('progressbar', { name: messages.timeBudgetUsed('Website', percent) });
  await expect(bar(0)).toBeAttached();

  // Bea logs 1:40 of the 2:00: the bar moves to 83 % live, and the issue is opened.
  await call(request, mate.token, 'POST', '/time/entries', {
    projectId: project.id,
    taskId: project.tasks[0]!.id,
    spentOn: new Date().toISOString().slice(0, 10),
    minutes: 100,
  });
  await expect(bar(83)).toBeVisible();
  await shot(page, 'accounts');
  await page.goto(`/meeting-dashboard/${meeting.id}/Weekly-L10`);
  await page
    .getByRole('tab', { name: new RegExp(`^${messages.taskTabIssues}`) })
    .first()
    .click({ timeout: 60_000 });
  await expect(page.getByText('Project Website has used 83 % of its budget').first()).toBeVisible();

  await page.goto('/time-tracking?tab=meeting');
  await expect(page.getByTestId('team-totals')).toContainText('1:40');
  await shot(page, 'meeting');

  await page.goto('/time-tracking?tab=reports');
  await expect(page.getByRole('cell', { name: 'Acme / Website' })).toBeVisible();
  await shot(page, 'reports');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: messages.timeExportCsv }).click();
  expect((await download).suggestedFilename()).toMatch(/^time-project-.*\.csv$/);
});
