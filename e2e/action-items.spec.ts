import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { meetingsMessages } from '../src/features/meetings/meetings.messages.ts';
import { tasksMessages } from '../src/features/tasks/tasks.messages.ts';
import { messages } from '../src/shared/messages.ts';
import { type Account, call, createMeeting, isoDate, realtimeConnected, SCREENS, shownDate, team } from './helpers.ts';

// Action items on the meeting dashboard (document 1 §2, document 2 §4–§5): the task form
// dialogs, Done ticks with completion dates, the goal status menu, locks, edit and delete, and
// what a second person sees without reloading.

const signedInPage = async (browser: Browser, account: Account) => {
  const context = await browser.newContext();
  await context.addInitScript((value) => sessionStorage.setItem('cadence.token', value), account.token);
  const page = await context.newPage();
  return { context, page };
};

const dashboard = (meeting: { id: string; title: string }) =>
  `/meeting-dashboard/${meeting.id}/${meeting.title.split(' ').join('-')}`;
const section = (page: Page, name: string) => page.getByRole('region', { name });
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const taskRow = (scope: Page | Locator, title: string) => {
  // A `has` locator is matched inside each row, so it is built from the page.
  const page = 'goto' in scope ? scope : scope.page();
  return scope
    .getByTestId('task-row')
    .filter({ has: page.getByRole('button', { name: tasksMessages.taskEditNamed(title) }) });
};
/** The row's Due:/Created: date, which carries its due colour. */
const due = (row: Locator) => row.locator('[data-due-colour]');
const shot = async (page: Page, name: string, fullPage = false) => {
  await page.waitForTimeout(350);
  await page.screenshot({ path: `${SCREENS}/action-items-${name}.png`, fullPage });
};

const chooseOwner = async (page: Page, form: Locator, name: string) => {
  await form.getByRole('combobox', { name: messages.taskOwnerLabel }).click();
  await page.getByRole('option', { name }).click();
};

test('to-dos: add with a required user, tick done, lock, edit and delete with confirmation', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const { owner, mate } = await team(request, 'todos');
  const meeting = await createMeeting(request, owner.token, 'Weekly Leadership', [mate.id]);
  const { context, page } = await signedInPage(browser, owner);
  await page.goto(dashboard(meeting));

  const items = section(page, tasksMessages.actionItems);
  await expect(items.getByText(tasksMessages.noTasksOfType('To Do'))).toBeVisible();
  await expect(section(page, tasksMessages.goalsSection).getByText(tasksMessages.noTasksOfType('Goals'))).toBeVisible();
  await shot(page, 'empty', true);

  // The form needs a user.
  await items.getByRole('button', { name: tasksMessages.addTaskOfType('To Do') }).click();
  const add = dialog(page, tasksMessages.taskFormTitle('add', 'To Do'));
  await add.getByRole('textbox', { name: messages.taskTitleLabel }).fill('Send the agenda');
  await add.getByRole('button', { name: messages.saveButton }).click();
  await expect(add.getByText(messages.required)).toBeVisible();
  await shot(page, 'add-todo-required');
  await chooseOwner(page, add, 'Bea Mate');
  await add.getByText(tasksMessages.taskDueCustom, { exact: true }).click();
  const tomorrow = isoDate(1);
  await add.getByLabel(tasksMessages.taskCustomDateInput, { exact: true }).fill(tomorrow);
  await add.getByRole('combobox', { name: tasksMessages.taskReminderLabel }).click();
  await page.getByRole('option', { name: tasksMessages.reminderWeekly }).click();
  await add.getByRole('textbox', { name: tasksMessages.taskDescriptionLabel }).fill('Before Friday\nwith the numbers');
  await shot(page, 'add-todo-filled');
  await add.getByRole('button', { name: messages.saveButton }).click();
  await expect(add).toBeHidden();

  const sendRow = taskRow(items, 'Send the agenda');
  await expect(sendRow).toBeVisible();
  await expect(due(sendRow)).toHaveText(messages.taskDue(shownDate(tomorrow)));
  await expect(due(sendRow)).toHaveAttribute('data-due-colour', 'yellow');
  await expect(sendRow.getByRole('img', { name: tasksMessages.taskOwnerOf('Bea Mate') })).toBeVisible();

  // Ticking Done moves it to the done list with today's completion date; unticking reopens it.
  await sendRow.getByRole('checkbox', { name: tasksMessages.taskMarkDone('Send the agenda') }).check();
  await expect(sendRow).toHaveAttribute('data-status', '1');
  await expect(sendRow.getByTestId('completed-at')).toHaveText(messages.taskCompleted(shownDate(isoDate(0))));
  await expect(items.getByRole('list', { name: tasksMessages.tasksDoneHeading(1) })).toContainText('Send the agenda');
  await expect(due(sendRow)).toHaveText(messages.taskDue(shownDate(tomorrow)));
  await expect(due(sendRow)).toHaveAttribute('data-due-colour', 'green');
  await shot(page, 'todo-done');
  await sendRow.getByRole('checkbox', { name: tasksMessages.taskMarkDone('Send the agenda') }).uncheck();
  await expect(sendRow).toHaveAttribute('data-status', '0');
  await expect(sendRow.getByTestId('completed-at')).toHaveCount(0);

  // A locked to-do cannot be ticked done; a to-do without a due date shows when it was created.
  await items.getByRole('button', { name: tasksMessages.addTaskOfType('To Do') }).click();
  await add.getByRole('textbox', { name: messages.taskTitleLabel }).fill('Book the room');
  await chooseOwner(page, add, 'Olga Owner');
  await add.getByRole('button', { name: messages.saveButton }).click();
  await expect(add).toBeHidden();
  const bookRow = taskRow(items, 'Book the room');
  await expect(bookRow.getByText(messages.taskCreated(shownDate(isoDate(0))))).toBeVisible();
  await bookRow.getByRole('button', { name: tasksMessages.taskLock('Book the room') }).click();
  await expect(bookRow.getByText(tasksMessages.taskLockedBadge)).toBeVisible();
  await expect(bookRow.getByRole('checkbox', { name: tasksMessages.taskMarkDone('Book the room') })).toBeDisabled();
  await page.reload();
  await expect(bookRow.getByRole('checkbox', { name: tasksMessages.taskMarkDone('Book the room') })).toBeDisabled();
  await bookRow.scrollIntoViewIfNeeded();
  await shot(page, 'todo-locked');
  await bookRow.getByRole('button', { name: tasksMessages.taskUnlock('Book the room') }).click();
  await expect(bookRow.getByRole('checkbox', { name: tasksMessages.taskMarkDone('Book the room') })).toBeEnabled();

  // Edit: the form opens with the item's values.
  await bookRow.getByRole('button', { name: tasksMessages.taskEditNamed('Book the room') }).click();
  const edit = dialog(page, tasksMessages.taskFormTitle('edit', 'To Do'));
  const title = edit.getByRole('textbox', { name: messages.taskTitleLabel });
  await expect(title).toHaveValue('Book the room');
  await expect(edit.getByRole('combobox', { name: messages.taskOwnerLabel })).toHaveValue('Olga Owner');
  await title.fill('Book the big room');
  await edit.getByRole('button', { name: messages.saveButton }).click();
  await expect(edit).toBeHidden();
  const bigRow = taskRow(items, 'Book the big room');
  await expect(bigRow).toBeVisible();
  await sendRow.getByRole('button', { name: tasksMessages.taskEditNamed('Send the agenda') }).click();
  await expect(edit.getByRole('textbox', { name: tasksMessages.taskDescriptionLabel })).toHaveValue(
    'Before Friday\nwith the numbers',
  );
  await expect(edit.getByLabel(tasksMessages.taskCustomDateInput, { exact: true })).toHaveValue(tomorrow);
  await edit.getByRole('button', { name: messages.cancelButton }).click();
  await expect(edit).toBeHidden();

  // Delete asks first; Cancel keeps it.
  await bigRow.getByRole('button', { name: tasksMessages.taskActionsOf('Book the big room') }).click();
  await page.getByRole('menuitem', { name: messages.taskDelete }).click();
  const confirm = dialog(page, tasksMessages.taskDeleteTitle('To Do'));
  await expect(confirm).toContainText(tasksMessages.taskDeleteWarning('Book the big room'));
  await shot(page, 'delete-confirm');
  await confirm.getByRole('button', { name: messages.cancelButton }).click();
  await expect(bigRow).toBeVisible();
  await bigRow.getByRole('button', { name: tasksMessages.taskActionsOf('Book the big room') }).click();
  await page.getByRole('menuitem', { name: messages.taskDelete }).click();
  await confirm.getByRole('button', { name: messages.deleteButton }).click();
  await expect(bigRow).toHaveCount(0);
  await expect(sendRow).toBeVisible();

  // The owner's name shows on hover and goes with Escape (one hint layer for all rows).
  // (Hovered again if the list re-rendered under the pointer while the page was still settling.)
  const ownerAvatar = sendRow.getByRole('img', { name: tasksMessages.taskOwnerOf('Bea Mate') });
  await expect(async () => {
    await page.mouse.move(0, 0);
    await ownerAvatar.hover();
    await expect(page.getByRole('tooltip')).toHaveText('Bea Mate', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toBeHidden();
  // The row menu by keyboard: it opens on Enter, Escape closes it and focus is back on its button.
  const actions = sendRow.getByRole('button', { name: tasksMessages.taskActionsOf('Send the agenda') });
  await actions.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: messages.taskEdit })).toBeVisible();
  await expect(actions).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(actions).toBeFocused();
  // A second press on the button closes the menu it opened.
  await actions.click();
  await expect(page.getByRole('menu')).toBeVisible();
  await actions.click();
  await expect(page.getByRole('menu')).toBeHidden();
  await sendRow.scrollIntoViewIfNeeded();
  await shot(page, 'todos');

  // /home/{taskId} opens the task's dialog over the home page; closing it leaves /home.
  const taskId = await sendRow.getAttribute('data-task-id');
  await page.goto(`/home/${taskId}`);
  await expect(edit.getByRole('textbox', { name: messages.taskTitleLabel })).toHaveValue('Send the agenda');
  await shot(page, 'home-task');
  await edit.getByRole('button', { name: messages.cancelButton }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(edit).toBeHidden();
  await context.close();
});

test('goals: the status menu offers On Track, Off Track, Done and Incomplete; past due shows Overdue', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const { owner, mate } = await team(request, 'goals');
  const meeting = await createMeeting(request, owner.token, 'Quarterly Goals', [mate.id]);
  await call(request, owner.token, 'POST', '/tasks', {
    title: 'Close the old books',
    type: '1',
    userId: mate.id,
    dueDate: isoDate(-3),
    meetingIds: [meeting.id],
  });
  const { context, page } = await signedInPage(browser, owner);
  await page.goto(dashboard(meeting));
  const goals = section(page, tasksMessages.goalsSection);
  const late = taskRow(goals, 'Close the old books');
  await expect(
    late.getByRole('button', { name: `${tasksMessages.taskStatusOf('Close the old books')}: Overdue` }),
  ).toBeVisible();
  await expect(due(late)).toHaveText(messages.taskDue(shownDate(isoDate(-3))));
  await expect(due(late)).toHaveAttribute('data-due-colour', 'red');

  // A goal by period: the quarters of this year.
  await goals.getByRole('button', { name: tasksMessages.addTaskOfType('Goals') }).click();
  const add = dialog(page, tasksMessages.taskFormTitle('add', 'Goals'));
  await add.getByRole('textbox', { name: messages.taskTitleLabel }).fill('Hire two engineers');
  await chooseOwner(page, add, 'Olga Owner');
  await add.getByRole('combobox', { name: tasksMessages.taskPeriodLabel }).click();
  const year = new Date().getUTCFullYear();
  await page.getByRole('option', { name: tasksMessages.taskPeriodOption(4, year, shownDate(`${year}-12-31`)) }).click();
  await shot(page, 'add-goal');
  await add.getByRole('button', { name: messages.saveButton }).click();
  await expect(add).toBeHidden();

  const hire = taskRow(goals, 'Hire two engineers');
  await expect(hire.getByText(messages.taskDue(shownDate(`${year}-12-31`)))).toBeVisible();
  const status = hire.getByRole('button', { name: new RegExp(`^${tasksMessages.taskStatusOf('Hire two engineers')}`) });
  await expect(status).toHaveText('On Track');
  await status.click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['On Track', 'Off Track', 'Done', 'Incomplete']);
  await expect(menu.getByRole('menuitem', { name: 'On Track' })).toBeDisabled();
  await menu.getByRole('menuitem', { name: 'Off Track' }).click();
  await expect(status).toHaveText('Off Track');
  await status.click();
  await expect(menu.getByRole('menuitem', { name: 'Off Track' })).toBeDisabled();
  await shot(page, 'goal-menu');
  await menu.getByRole('menuitem', { name: 'Done' }).click();
  await expect(status).toHaveText('Done');
  await expect(hire.getByTestId('completed-at')).toHaveText(messages.taskCompleted(shownDate(isoDate(0))));
  await expect(goals.getByRole('list', { name: tasksMessages.tasksDoneHeading(1) })).toContainText(
    'Hire two engineers',
  );

  // A locked goal keeps its open status: only On Track stays in the menu.
  await late.getByRole('button', { name: tasksMessages.taskLock('Close the old books') }).click();
  await expect(late.getByText(tasksMessages.taskLockedBadge)).toBeVisible();
  await late.getByRole('button', { name: new RegExp(`^${tasksMessages.taskStatusOf('Close the old books')}`) }).click();
  await expect(menu.getByRole('menuitem', { name: 'Done' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await shot(page, 'goals', true);
  await context.close();
});

test('a teammate sees a new to-do appear, and its tick, without reloading; headlines have no due date', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const { owner, mate } = await team(request, 'live');
  const meeting = await createMeeting(request, owner.token, 'Live Sync', [mate.id]);
  const author = await signedInPage(browser, owner);
  const watcher = await signedInPage(browser, mate);
  await watcher.page.goto(dashboard(meeting));
  const watched = section(watcher.page, tasksMessages.actionItems);
  await expect(watched.getByText(tasksMessages.noTasksOfType('To Do'))).toBeVisible();
  await realtimeConnected(watcher.page);

  const { page } = author;
  await page.goto(dashboard(meeting));
  const items = section(page, tasksMessages.actionItems);
  await items.getByRole('button', { name: tasksMessages.addTaskOfType('To Do') }).click();
  const add = dialog(page, tasksMessages.taskFormTitle('add', 'To Do'));
  await add.getByRole('textbox', { name: messages.taskTitleLabel }).fill('Call the supplier');
  await chooseOwner(page, add, 'Bea Mate');
  await add.getByRole('button', { name: messages.saveButton }).click();
  await expect(add).toBeHidden();

  const seen = taskRow(watched, 'Call the supplier');
  await expect(seen).toBeVisible();
  await taskRow(items, 'Call the supplier')
    .getByRole('checkbox', { name: tasksMessages.taskMarkDone('Call the supplier') })
    .check();
  await expect(seen).toHaveAttribute('data-status', '1');
  await seen.scrollIntoViewIfNeeded();
  await shot(watcher.page, 'live-watcher');

  // Headlines: no due date in the form.
  await items.getByRole('tab', { name: tasksMessages.taskTabHeadlines }).click();
  await items.getByRole('button', { name: tasksMessages.addTaskOfType('Headline') }).click();
  const headline = dialog(page, tasksMessages.taskFormTitle('add', 'Headline'));
  await expect(headline.getByRole('textbox', { name: messages.taskTitleLabel })).toBeVisible();
  await expect(headline.getByText(messages.taskDueDateLabel)).toHaveCount(0);
  await headline.getByRole('textbox', { name: messages.taskTitleLabel }).fill('Won the Acme deal');
  await chooseOwner(page, headline, 'Olga Owner');
  await headline.getByRole('button', { name: messages.saveButton }).click();
  await expect(headline).toBeHidden();
  await watched.getByRole('tab', { name: tasksMessages.taskTabHeadlines }).click();
  await expect(taskRow(watched, 'Won the Acme deal')).toBeVisible();
  await author.context.close();
  await watcher.context.close();
});

test('long lists show 20 items at a time; the most recently finished come first', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const { owner } = await team(request, 'many');
  const meeting = await createMeeting(request, owner.token, 'Many Items', []);
  const add = (title: string, status = '0') =>
    call<{ id: string }>(request, owner.token, 'POST', '/tasks', {
      title,
      type: '4',
      status,
      userId: owner.id,
      meetingIds: [meeting.id],
    });
  for (let i = 1; i <= 25; i++) await add(`Open ${String(i).padStart(2, '0')}`);
  for (let i = 1; i <= 22; i++) await add(`Finished ${String(i).padStart(2, '0')}`, '1');
  // Finished last: it heads the Done list.
  const latest = await add('Finished last');
  await call(request, owner.token, 'PATCH', `/tasks/${latest.id}`, { status: '1' });

  const { context, page } = await signedInPage(browser, owner);
  await page.goto(dashboard(meeting));
  const items = section(page, tasksMessages.actionItems);
  const open = items.getByRole('list', { name: 'To Do', exact: true });
  const done = items.getByRole('list', { name: tasksMessages.tasksDoneHeading(23) });
  await expect(open.getByTestId('task-row')).toHaveCount(20);
  await expect(done.getByTestId('task-row')).toHaveCount(20);
  await expect(done.getByTestId('task-row').first()).toContainText('Finished last');

  await items.getByRole('button', { name: messages.showMoreCards(5) }).scrollIntoViewIfNeeded();
  await shot(page, 'show-more-button');
  await items.getByRole('button', { name: messages.showMoreCards(5) }).click();
  await expect(open.getByTestId('task-row')).toHaveCount(25);
  await items.getByRole('button', { name: messages.showMoreCards(3) }).click();
  await expect(done.getByTestId('task-row')).toHaveCount(23);
  await expect(items.getByRole('button', { name: /^Show \d+ more$/ })).toHaveCount(0);
  await shot(page, 'show-more', true);
  await context.close();
});

test('each action-item section shows its own error with a retry', async ({ browser, request }) => {
  const { owner, mate } = await team(request, 'fragile');
  const meeting = await createMeeting(request, owner.token, 'Fragile Items', [mate.id]);
  const { context, page } = await signedInPage(browser, owner);
  await page.route('**/api/v2/tasks?*', (route) => route.abort());
  await page.goto(dashboard(meeting));
  const items = section(page, tasksMessages.actionItems);
  const goals = section(page, tasksMessages.goalsSection);
  await expect(items.getByRole('alert')).toContainText(messages.tasksLoadFailed);
  await expect(goals.getByRole('alert')).toContainText(tasksMessages.goalsLoadFailed);
  // The rest of the dashboard is there.
  await expect(section(page, meetingsMessages.meetingArchives)).toBeVisible();
  await items.scrollIntoViewIfNeeded();
  await shot(page, 'error');
  await page.unroute('**/api/v2/tasks?*');
  // Each section loads its own lists (decision 039): each one's retry brings it back.
  await items.getByRole('button', { name: messages.retry }).click();
  await expect(items.getByText(tasksMessages.noTasksOfType('To Do'))).toBeVisible();
  await expect(goals.getByRole('alert')).toBeVisible();
  await goals.getByRole('button', { name: messages.retry }).click();
  await expect(goals.getByText(tasksMessages.noTasksOfType('Goals'))).toBeVisible();
  await context.close();
});

test('the add form: red goes once a field is filled, picking the owner again keeps them, periods from this quarter through next year, 44 shows whole', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const { owner, mate } = await team(request, 'todo-form');
  const meeting = await createMeeting(request, owner.token, 'Forty Four', [mate.id]);
  for (let i = 1; i <= 44; i += 1) {
    await call(request, owner.token, 'POST', '/tasks', {
      title: `Open item ${i}`,
      type: '4',
      userId: owner.id,
      meetingIds: [meeting.id],
    });
  }
  const { context, page } = await signedInPage(browser, owner);
  await page.goto(dashboard(meeting));
  const items = section(page, tasksMessages.actionItems);

  // The tab's count keeps both digits.
  const count = items.getByTestId('tab-count').first();
  await expect(count).toHaveText('44', { timeout: 30_000 });
  // Nothing in it is cut off (the badge's label clips with an ellipsis when too narrow).
  expect(
    await count.evaluate((el) => [el, ...el.querySelectorAll('*')].every((n) => n.scrollWidth <= n.clientWidth)),
  ).toBe(true);
  await count.screenshot({ path: `${SCREENS}/action-items-count-44.png` });

  await items.getByRole('button', { name: tasksMessages.addTaskOfType('To Do') }).click();
  const add = dialog(page, tasksMessages.taskFormTitle('add', 'To Do'));
  await add.getByRole('button', { name: messages.saveButton }).click();
  await expect(add.getByText(messages.required)).toHaveCount(2);
  // Filling a field takes its red away at once, not at the next Save.
  await add.getByRole('textbox', { name: messages.taskTitleLabel }).fill('Water the plants');
  await expect(add.getByText(messages.required)).toHaveCount(1);
  await chooseOwner(page, add, 'Bea Mate');
  await expect(add.getByText(messages.required)).toHaveCount(0);
  // Picking the chosen owner again keeps them.
  await chooseOwner(page, add, 'Bea Mate');
  await expect(add.getByRole('combobox', { name: messages.taskOwnerLabel })).toHaveValue('Bea Mate');

  // The periods: this quarter and the later ones through the end of next year.
  const now = new Date();
  const year = now.getUTCFullYear();
  const quarter = Math.floor(now.getUTCMonth() / 3) + 1;
  await add.getByRole('combobox', { name: tasksMessages.taskPeriodLabel }).click();
  const options = await page.getByRole('option').allTextContents();
  expect(options[0]).toMatch(new RegExp(`^Q${quarter} ${year} `));
  expect(options.at(-1)).toMatch(new RegExp(`^Q4 ${year + 1} `));
  expect(options).toHaveLength(4 - quarter + 1 + 4);
  await shot(page, 'periods');
  await page.getByRole('option', { name: new RegExp(`^Q4 ${year + 1} `) }).click();
  await add.getByRole('button', { name: messages.saveButton }).click();
  await expect(add).toBeHidden();
  await expect(taskRow(items, 'Water the plants')).toBeVisible();
  await context.close();
});
