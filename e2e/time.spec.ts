import { expect, type Page, test } from '@playwright/test';
import { meetingsMessages } from '../src/features/meetings/meetings.messages.ts';
import { tasksMessages } from '../src/features/tasks/tasks.messages.ts';
import { shortDate, weekdayOf } from '../src/features/time/client/week.ts';
import { timeMessages } from '../src/features/time/time.messages.ts';
import { messages } from '../src/shared/messages.ts';
import { call, createMeeting, isoDate, realtimeConnected, SCREENS, startSignedIn, team } from './helpers.ts';

// Time tracking: a member logs a week by typing and by timer (reload while running,
// another tab follows live); a manager sets a budget, sees the bar move, crosses the alert and
// the issue appears on the meeting's dashboard; the Meeting tab and a report export; an entry
// logged against a meeting's session shows on the Meeting tab per session (decision 068).

test.describe.configure({ timeout: 120_000 });
test.use({ actionTimeout: 20_000 });

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

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
  await expect(page.getByRole('tab', { name: timeMessages.timeTabTime })).toHaveAttribute('aria-selected', 'true', {
    timeout: 60_000,
  });

  for (const typed of ['1:30', '90m']) {
    await page.getByRole('button', { name: timeMessages.timeNewEntry }).click();
    await choose(page, timeMessages.timeProject, 'Acme / Website');
    await page.getByRole('dialog').getByLabel(timeMessages.timeDuration).fill(typed);
    await page.getByRole('dialog').getByRole('button', { name: timeMessages.timeSave }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  }
  await expect(page.getByTestId('day-total')).toHaveText('3:00');
  await expect(page.getByTestId('week-total')).toHaveText('3:00');

  // A duration that is not one: said under the field, nothing stored.
  await page.getByRole('button', { name: timeMessages.timeNewEntry }).click();
  await choose(page, timeMessages.timeProject, 'Acme / Website');
  await page.getByRole('dialog').getByLabel(timeMessages.timeDuration).fill('soon');
  await page.getByRole('dialog').getByRole('button', { name: timeMessages.timeSave }).click();
  await expect(page.getByRole('dialog').getByText(timeMessages.timeDurationFormat)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await shot(page, 'week');

  // The timer: started here, shown after a reload and in another tab.
  await page.getByRole('button', { name: timeMessages.timeStartTimer, exact: true }).click();
  await choose(page, timeMessages.timeProject, 'Acme / Website');
  await page.getByRole('dialog').getByLabel(timeMessages.timeNote).fill('Mockups');
  await page.getByRole('dialog').getByRole('button', { name: timeMessages.timeStart }).click();
  const running = page.getByRole('status', { name: timeMessages.timeRunning('Website / Design') });
  await expect(running).toBeVisible();
  await page.reload();
  await expect(running).toBeVisible({ timeout: 60_000 });
  await shot(page, 'timer');

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await startSignedIn(otherPage, mate.token);
  await otherPage.goto('/time-tracking');
  await expect(otherPage.getByRole('status', { name: timeMessages.timeRunning('Website / Design') })).toBeVisible({
    timeout: 60_000,
  });
  // Its socket is up before the change it should hear (it loads after the page).
  await realtimeConnected(otherPage);

  await running.getByRole('button', { name: timeMessages.timeStop }).click();
  await expect(running).toBeHidden();
  // The other tab hears it at once; the stopped time is an entry of today.
  await expect(otherPage.getByRole('button', { name: timeMessages.timeStartTimer, exact: true })).toBeVisible();
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
  const edit = page.getByRole('button', { name: timeMessages.timeEditProjectOf('Website') });
  // The first load of a lazy page on a busy machine can take a while.
  await expect(edit).toBeVisible({ timeout: 60_000 });
  await realtimeConnected(page);
  await edit.click();
  const dialog = page.getByRole('dialog', { name: timeMessages.timeEditProject });
  await expect(dialog).toBeVisible();
  await choose(page, timeMessages.timeBudgetType, timeMessages.timeBudgetTypes.total_project_hours);
  await dialog.getByLabel(timeMessages.timeTotalHours).fill('2');
  await dialog.getByLabel(timeMessages.timeEmailAlert).check();
  await dialog.getByLabel(timeMessages.timeAlertPercent).fill('80');
  await choose(page, timeMessages.timeAlertMeeting, 'Weekly L10');
  await shot(page, 'project-dialog');
  await dialog.getByRole('button', { name: timeMessages.timeSave }).click();
  await expect(dialog).toBeHidden();
  const bar = (percent: number) =>
    page.getByRole('progressbar', { name: timeMessages.timeBudgetUsed('Website', percent) });
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
    .getByRole('tab', { name: new RegExp(`^${tasksMessages.taskTabIssues}`) })
    .first()
    .click({ timeout: 60_000 });
  await expect(page.getByText('Project Website has used 83 % of its budget').first()).toBeVisible();

  // The link opens the Accounts tab on the project's dialog.
  await page
    .getByRole('tabpanel', { name: new RegExp(`^${tasksMessages.taskTabIssues}`) })
    .getByText('Project Website has used 83 % of its budget')
    .click();
  await expect(page.getByRole('dialog').getByLabel(meetingsMessages.description)).toHaveValue(
    new RegExp(
      `${timeMessages.timeBudgetIssueLink('Website')} http://\\S+/time-tracking\\?tab=accounts&project=${project.id}`,
    ),
  );
  await page.keyboard.press('Escape');
  await page.goto(`/time-tracking?tab=accounts&project=${project.id}`);
  const opened = page.getByRole('dialog', { name: timeMessages.timeEditProject });
  await expect(opened.getByLabel(timeMessages.timeProjectName)).toHaveValue('Website', { timeout: 60_000 });
  await page.keyboard.press('Escape');
  await expect(opened).toBeHidden();
  await expect(page).toHaveURL(/tab=accounts$/);

  await page.goto('/time-tracking?tab=meeting');
  await expect(page.getByTestId('team-totals')).toContainText('1:40');
  await shot(page, 'meeting');

  await page.goto('/time-tracking?tab=reports');
  await expect(page.getByRole('cell', { name: 'Acme / Website' })).toBeVisible();
  await shot(page, 'reports');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: timeMessages.timeExportCsv }).click();
  expect((await download).suggestedFilename()).toMatch(/^time-project-.*\.csv$/);
});

test('a member logs time against a session of a meeting, and the Meeting tab shows it per session', async ({
  page,
  browser,
  request,
}) => {
  const { owner, mate } = await seed(request, 'time-session');
  const today = isoDate(0);
  await call(request, owner.token, 'POST', '/meetings', {
    operation: 'create',
    title: 'Daily standup',
    sharepointUrl: 'https://meet.example.com/standup',
    startDate: today,
    startTime: '09:00',
    repeatEvery: 1,
    repeatType: 'days',
    type: 'meeting',
    members: [mate.id],
  });
  await startSignedIn(page, mate.token);
  await page.goto('/time-tracking');
  await page.getByRole('button', { name: timeMessages.timeNewEntry }).click({ timeout: 60_000 });
  const dialog = page.getByRole('dialog', { name: timeMessages.timeNewEntry });
  await choose(page, timeMessages.timeProject, 'Acme / Website');
  await dialog.getByLabel(timeMessages.timeDuration).fill('0:45');
  await expect(dialog.getByLabel(timeMessages.timeSession)).toHaveCount(0);
  await choose(page, timeMessages.timeMeeting, 'Daily standup');
  // Once the meeting is chosen, its sessions of the week are offered; today's is the default.
  const label = `${weekdayOf(today)}, ${shortDate(today)}`;
  await expect(dialog.getByRole('combobox', { name: timeMessages.timeSession, exact: true })).toHaveValue(label);
  await dialog.getByRole('combobox', { name: timeMessages.timeSession, exact: true }).click();
  await expect(page.getByRole('option', { name: label })).toBeVisible();
  await page.keyboard.press('Escape');
  await shot(page, 'entry-session');
  await dialog.getByRole('button', { name: timeMessages.timeSave }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Design · Daily standup, ${shortDate(today)}`)).toBeVisible();

  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await startSignedIn(adminPage, owner.token);
  await adminPage.goto('/time-tracking?tab=meeting');
  const standup = adminPage.getByTestId('meeting-time').filter({ hasText: 'Daily standup' });
  await expect(standup).toContainText('0:45', { timeout: 60_000 });
  await expect(standup).toContainText(
    timeMessages.timeSessionOn(`${weekdayOf(today).slice(0, 3)}, ${shortDate(today)}`),
  );
  await adminPage.screenshot({ path: `${SCREENS}/time-meeting-sessions.png` });
  await admin.close();
});

test('a member logs a week by typing: day tabs, other weeks, 1.5, edit, delete, and Start on an entry', async ({
  page,
  request,
}) => {
  const { mate } = await seed(request, 'time-week');
  await startSignedIn(page, mate.token);
  await page.goto('/time-tracking');
  const newEntry = page.getByRole('button', { name: timeMessages.timeNewEntry });
  await expect(newEntry).toBeVisible({ timeout: 60_000 });
  const dayTab = (weekday: string) => page.getByRole('tab', { name: new RegExp(`^${weekday} `) });
  const dayTotal = page.getByTestId('day-total');
  const weekTotal = page.getByTestId('week-total');
  const logTyped = async (typed: string, note: string) => {
    await newEntry.click();
    await choose(page, timeMessages.timeProject, 'Acme / Website');
    await page.getByRole('dialog').getByLabel(timeMessages.timeDuration).fill(typed);
    await page.getByRole('dialog').getByLabel(timeMessages.timeNote).fill(note);
    await page.getByRole('dialog').getByRole('button', { name: timeMessages.timeSave }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  };

  // Three days of this week, typed three ways; each day tab shows its total.
  for (const [weekday, typed] of [
    ['Monday', '1:30'],
    ['Tuesday', '1.5'],
    ['Wednesday', '90m'],
  ] as const) {
    await dayTab(weekday).click();
    await logTyped(typed, `${weekday} work`);
    await expect(dayTotal).toHaveText('1:30');
    await expect(dayTab(weekday)).toHaveAccessibleName(`${weekday} 1:30`);
  }
  await expect(weekTotal).toHaveText('4:30');
  const thisWeek = await page.getByTestId('week-range').textContent();

  // The week before: empty, and time logged there stays there.
  await page.getByRole('button', { name: timeMessages.timePreviousWeek }).click();
  await expect(page.getByTestId('week-range')).not.toHaveText(thisWeek ?? '');
  await expect(weekTotal).toHaveText('0:00');
  await dayTab('Friday').click();
  await logTyped('2', 'Last week');
  await expect(weekTotal).toHaveText('2:00');
  await page.getByRole('button', { name: timeMessages.timeNextWeek }).click();
  await expect(page.getByTestId('week-range')).toHaveText(thisWeek ?? '');
  await expect(weekTotal).toHaveText('4:30');
  await page.getByRole('button', { name: timeMessages.timeNextWeek }).click();
  await expect(weekTotal).toHaveText('0:00');
  await page.getByRole('button', { name: timeMessages.timeThisWeek }).click();
  await expect(weekTotal).toHaveText('4:30');

  // Edit Wednesday's entry: 2:00 and a new note.
  const what = 'Website / Design';
  await dayTab('Wednesday').click();
  await page.getByRole('button', { name: timeMessages.timeEntryEdit(what) }).click();
  await expect(page.getByRole('dialog', { name: timeMessages.timeEditEntry })).toBeVisible();
  await page.getByRole('dialog').getByLabel(timeMessages.timeDuration).fill('2:00');
  await page.getByRole('dialog').getByLabel(timeMessages.timeNote).fill('Review, longer');
  await page.getByRole('dialog').getByRole('button', { name: timeMessages.timeSave }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByText('Review, longer')).toBeVisible();
  await expect(dayTotal).toHaveText('2:00');
  await expect(weekTotal).toHaveText('5:00');

  // Delete Tuesday's, after its confirmation says what goes.
  await dayTab('Tuesday').click();
  await page.getByRole('button', { name: timeMessages.timeEntryDelete(what) }).click();
  const confirm = page.getByRole('dialog', { name: timeMessages.timeDeleteEntryTitle });
  await expect(confirm).toContainText(timeMessages.timeDeleteEntryText('1:30'));
  await confirm.getByRole('button', { name: timeMessages.timeDelete }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(timeMessages.timeNoEntries)).toBeVisible();
  await expect(dayTotal).toHaveText('0:00');
  await expect(weekTotal).toHaveText('3:30');

  // Start on Monday's entry continues it: the timer runs for it, and Stop adds to that entry.
  await dayTab('Monday').click();
  await page.getByRole('button', { name: timeMessages.timeEntryStart(what) }).click();
  const running = page.getByRole('status', { name: timeMessages.timeRunning(what) });
  await expect(running).toBeVisible();
  await expect(running).toContainText('Monday work');
  await running.getByRole('button', { name: timeMessages.timeStop }).click();
  await expect(running).toBeHidden();
  await expect(dayTotal).toHaveText(/^1:3[1-9]$/);
  await expect(page.getByRole('button', { name: timeMessages.timeEntryStart(what) })).toHaveCount(1);
  await shot(page, 'week-typed');
});

test('the project dialog: type tabs, modes, alert box, lists that cannot be emptied, and a type switch with time', async ({
  page,
  request,
}) => {
  const { owner, mate, project } = await seed(request, 'time-dialog');
  await startSignedIn(page, owner.token);
  await page.goto('/time-tracking?tab=accounts');
  await page.getByRole('button', { name: timeMessages.timeNewProject }).click({ timeout: 60_000 });
  const dialog = page.getByRole('dialog', { name: timeMessages.timeNewProject });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { name: timeMessages.timeTypeTime })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByRole('combobox', { name: timeMessages.timeRateMode, exact: true })).toHaveValue(
    timeMessages.timeRateModes.no_rate,
  );
  await expect(dialog.getByRole('combobox', { name: timeMessages.timeBudgetType, exact: true })).toHaveValue(
    timeMessages.timeBudgetTypes.no_budget,
  );
  await expect(dialog.getByLabel(timeMessages.timeFixedFee)).toHaveCount(0);
  await expect(dialog.getByLabel(timeMessages.timeEmailAlert)).toHaveCount(0);

  // The rate and budget inputs follow the modes.
  await choose(page, timeMessages.timeRateMode, timeMessages.timeRateModes.project);
  await expect(dialog.getByRole('textbox', { name: timeMessages.timeProjectRate, exact: true })).toHaveValue('100.00');
  await choose(page, timeMessages.timeBudgetType, timeMessages.timeBudgetTypes.total_project_fees);
  await expect(dialog.getByLabel(timeMessages.timeTotalFee)).toBeVisible();
  await choose(page, timeMessages.timeBudgetType, timeMessages.timeBudgetTypes.total_project_hours);
  await expect(dialog.getByLabel(timeMessages.timeTotalFee)).toHaveCount(0);
  await expect(dialog.getByLabel(timeMessages.timeTotalHours)).toHaveValue('100:00');
  await choose(page, timeMessages.timeRateMode, timeMessages.timeRateModes.no_rate);
  await expect(dialog.getByRole('textbox', { name: timeMessages.timeProjectRate, exact: true })).toHaveCount(0);

  // The type tabs: Fixed Fee adds its fee; NonBillable offers hour budgets only.
  await dialog.getByRole('tab', { name: timeMessages.timeTypeFixedFee }).click();
  await expect(dialog.getByLabel(timeMessages.timeFixedFee)).toBeVisible();
  await dialog.getByRole('tab', { name: timeMessages.timeTypeNonBillable }).click();
  await expect(dialog.getByLabel(timeMessages.timeFixedFee)).toHaveCount(0);
  await dialog.getByRole('combobox', { name: timeMessages.timeBudgetType, exact: true }).click();
  await expect(page.getByRole('option', { name: timeMessages.timeBudgetTypes.hours_per_person })).toBeVisible();
  await expect(page.getByRole('option', { name: timeMessages.timeBudgetTypes.total_project_fees })).toHaveCount(0);
  await expect(page.getByRole('option', { name: timeMessages.timeBudgetTypes.fees_per_task })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('tab', { name: timeMessages.timeTypeTime }).click();

  // The alert percentage is enabled only once its box is ticked.
  const percent = dialog.getByLabel(timeMessages.timeAlertPercent);
  await expect(percent).toBeDisabled();
  await dialog.getByLabel(timeMessages.timeEmailAlert).check();
  await expect(percent).toBeEnabled();
  await dialog.getByLabel(timeMessages.timeEmailAlert).uncheck();
  await expect(percent).toBeDisabled();

  // Tasks: Add is disabled while the new row is empty; the last one cannot be removed.
  const addTask = dialog.getByRole('button', { name: timeMessages.timeAddTask });
  await expect(addTask).toBeDisabled();
  await dialog.getByLabel(timeMessages.timeTaskTitle).last().fill('Design');
  await expect(addTask).toBeEnabled();
  await addTask.click();
  await expect(addTask).toBeDisabled();
  await dialog.getByRole('button', { name: timeMessages.timeRemoveTask('Design') }).click();
  await expect(dialog.getByText(timeMessages.timeAtLeastOne)).toBeVisible();
  await expect(dialog.getByRole('button', { name: timeMessages.timeRemoveTask('Design') })).toBeVisible();

  // Members: people already on the team are not offered; the last one cannot be removed.
  const addMember = dialog.getByRole('button', { name: timeMessages.timeAddMember });
  await expect(addMember).toBeDisabled();
  const chooser = dialog.getByRole('combobox', { name: timeMessages.timeChooseMember });
  await chooser.click();
  await expect(page.getByRole('option', { name: 'Bea Mate' })).toBeVisible();
  await page.getByRole('option', { name: 'Bea Mate' }).click();
  await expect(addMember).toBeEnabled();
  await addMember.click();
  await expect(addMember).toBeDisabled();
  await chooser.click();
  await expect(page.getByRole('option', { name: 'Olga Owner' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Bea Mate' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: timeMessages.timeRemoveMember('Bea Mate') }).click();
  await expect(dialog.getByText(timeMessages.timeAtLeastOne)).toHaveCount(2);
  await shot(page, 'project-dialog-rules');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Switching the type of a project with logged time says what happens and asks first.
  await call(request, mate.token, 'POST', '/time/entries', {
    projectId: project.id,
    taskId: project.tasks[0]!.id,
    spentOn: new Date().toISOString().slice(0, 10),
    minutes: 60,
  });
  await page.getByRole('button', { name: timeMessages.timeEditProjectOf('Website') }).click();
  const edit = page.getByRole('dialog', { name: timeMessages.timeEditProject });
  await edit.getByRole('tab', { name: timeMessages.timeTypeNonBillable }).click();
  await edit.getByRole('button', { name: timeMessages.timeSave }).click();
  const ask = page.getByRole('dialog', { name: timeMessages.timeConfirmTypeTitle });
  await expect(ask).toContainText(timeMessages.timeTypeChangeWithTime('1:00'));
  await ask.getByRole('button', { name: messages.cancelButton }).click();
  await expect(ask).toBeHidden();
  expect((await call<{ type: string }>(request, owner.token, 'GET', `/time/projects/${project.id}`)).type).toBe('time');
  await edit.getByRole('button', { name: timeMessages.timeSave }).click();
  await ask.getByRole('button', { name: timeMessages.timeConfirmSwitch }).click();
  await expect(edit).toBeHidden();
  expect((await call<{ type: string }>(request, owner.token, 'GET', `/time/projects/${project.id}`)).type).toBe(
    'non_billable',
  );
});

test('an account gets an image from the Accounts dialog, shown as its avatar', async ({ page, request }) => {
  const { owner } = await seed(request, 'time-image');
  await startSignedIn(page, owner.token);
  await page.goto('/time-tracking?tab=accounts');
  await page.getByRole('button', { name: timeMessages.timeEditAccountOf('Acme') }).click({ timeout: 60_000 });
  const dialog = page.getByRole('dialog', { name: timeMessages.timeEditAccount });
  // A file that is not a picture is refused at once, with the error toast every picture input gives.
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  });
  await expect(page.locator('[data-toast]').filter({ hasText: messages.imageWrongType })).toBeVisible();
  await expect(dialog.getByRole('img', { name: timeMessages.timeAccountImage })).toHaveCount(0);
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from(PNG, 'base64'),
  });
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(dialog.getByRole('img', { name: timeMessages.timeAccountImage })).toBeVisible();
  await shot(page, 'account-dialog');
  await dialog.getByRole('button', { name: timeMessages.timeSave }).click();
  await expect(dialog).toBeHidden();
  const avatar = page.locator('img[src*="/api/v2/images/time-accounts/"]');
  await expect(avatar).toBeVisible();
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  const accounts = await call<{ items: { image: string | null }[] }>(request, owner.token, 'GET', '/time/accounts');
  expect(accounts.items[0]?.image).toMatch(/^\/api\/v2\/images\/time-accounts\//);
  // A reload shows it again; removing it goes back to the initials.
  await page.reload();
  await page.getByRole('button', { name: timeMessages.timeEditAccountOf('Acme') }).click({ timeout: 60_000 });
  await dialog.getByRole('button', { name: messages.removeImage }).click();
  await dialog.getByRole('button', { name: timeMessages.timeSave }).click();
  await expect(dialog).toBeHidden();
  await expect(avatar).toHaveCount(0);
});
