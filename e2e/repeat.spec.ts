import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { tasksMessages } from '../src/features/tasks/tasks.messages.ts';
import { messages } from '../src/shared/messages.ts';
import { expectAccessible } from './axe.ts';
import { type Account, call, createMeeting, isoDate, realtimeConnected, SCREENS, shownDate, team } from './helpers.ts';

// A weekly repeating to-do: added with Repeat: Weekly on the meeting's dashboard, its rule read
// and changed in its dialog; ticked done, next week's occurrence appears, for a teammate too.

test.describe.configure({ timeout: 120_000 });

const signedInPage = async (browser: Browser, account: Account, viewport = { width: 1280, height: 800 }) => {
  const context = await browser.newContext({ viewport });
  await context.addInitScript((value) => sessionStorage.setItem('cadence.token', value), account.token);
  return { context, page: await context.newPage() };
};
const dashboard = (meeting: { id: string; title: string }) =>
  `/meeting-dashboard/${meeting.id}/${meeting.title.split(' ').join('-')}`;
const rows = (scope: Locator, title: string) =>
  scope
    .getByTestId('task-row')
    .filter({ has: scope.page().getByRole('button', { name: tasksMessages.taskEditNamed(title) }) });
const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(350);
  await page.screenshot({ path: `${SCREENS}/repeat-${name}.png` });
};

test('a weekly to-do is ticked and next week’s appears, on a teammate’s screen too', async ({ browser, request }) => {
  const { owner, mate } = await team(request, 'repeat');
  const meeting = await createMeeting(request, owner.token, 'Weekly Ops', [mate.id]);
  const first = isoDate(2);
  const next = isoDate(9);

  const { context, page } = await signedInPage(browser, owner);
  await page.goto(dashboard(meeting));
  const items = page.getByRole('region', { name: tasksMessages.actionItems });
  await items.getByRole('button', { name: tasksMessages.addTaskOfType('To Do') }).click();
  const add = page.getByRole('dialog', { name: tasksMessages.taskFormTitle('add', 'To Do') });
  await add.getByRole('textbox', { name: messages.taskTitleLabel }).fill('Send the weekly report');
  await add.getByRole('combobox', { name: messages.taskOwnerLabel }).click();
  await page.getByRole('option', { name: 'Olga Owner' }).click();
  await add.getByText(tasksMessages.taskDueCustom, { exact: true }).click();
  await add.getByLabel(tasksMessages.taskCustomDateInput, { exact: true }).fill(first);
  await add.getByRole('combobox', { name: tasksMessages.repeatHeading }).click();
  await page.getByRole('option', { name: tasksMessages.repeatFrequencies.weekly }).click();
  await add.getByRole('button', { name: messages.saveButton }).click();
  await expect(add).toBeHidden();

  const report = rows(items, 'Send the weekly report');
  await expect(report).toHaveCount(1);
  await expect(report.getByRole('img', { name: tasksMessages.repeatIcon })).toBeVisible();
  await shot(page, 'dashboard');

  // Its dialog says how it repeats; the rule's form shows the next dates.
  await report.getByRole('button', { name: tasksMessages.taskEditNamed('Send the weekly report') }).click();
  const edit = page.getByRole('dialog', { name: tasksMessages.taskFormTitle('edit', 'To Do') });
  const weekday = new Date(`${first}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' });
  await expect(edit.getByText(/^Every week on/)).toHaveText(
    `Every week on ${weekday} · the next one comes when this one is done`,
  );
  await edit.getByRole('button', { name: tasksMessages.repeatChange }).click();
  await expect(edit.getByText(tasksMessages.repeatNextDates(''), { exact: false })).toContainText(shownDate(next));
  await shot(page, 'form');
  await expectAccessible(page, 'the repeat form of a to-do');
  await edit.getByRole('button', { name: messages.cancelButton }).last().click();
  await expect(edit.getByRole('button', { name: tasksMessages.repeatChange })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();

  // Bea watches the same dashboard.
  const bea = await signedInPage(browser, mate);
  await bea.page.goto(dashboard(meeting));
  const beaItems = bea.page.getByRole('region', { name: tasksMessages.actionItems });
  await expect(rows(beaItems, 'Send the weekly report')).toHaveCount(1);
  await realtimeConnected(bea.page);

  // Done: next week's occurrence appears, open, due a week later. (Rows are found by their date:
  // the new one comes first in the list.)
  const dueOn = (scope: Locator, date: string) =>
    rows(scope, 'Send the weekly report').filter({ hasText: messages.taskDue(shownDate(date)) });
  await dueOn(items, first)
    .getByRole('checkbox', { name: tasksMessages.taskMarkDone('Send the weekly report') })
    .check();
  const nextRow = (scope: Locator) => dueOn(scope, next);
  await expect(nextRow(items)).toHaveCount(1);
  await expect(nextRow(items)).toHaveAttribute('data-status', '0');
  await expect(nextRow(beaItems)).toHaveCount(1);
  await shot(page, 'next');

  // On a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await nextRow(items).scrollIntoViewIfNeeded();
  await shot(page, 'phone');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await nextRow(items)
    .getByRole('button', { name: tasksMessages.taskEditNamed('Send the weekly report') })
    .click();
  await edit.getByRole('button', { name: tasksMessages.repeatChange }).click();
  await shot(page, 'phone-form');
  await expectAccessible(page, 'the repeat form on a phone');

  const stored = await call<{ items: { dueDate: string; status: string }[] }>(
    request,
    owner.token,
    'GET',
    `/tasks?meetingId=${meeting.id}`,
  );
  expect(stored.items.map((t) => [t.dueDate, t.status]).sort()).toEqual([
    [first, '1'],
    [next, '0'],
  ]);
  await bea.context.close();
  await context.close();
});

test('a card on a board is made to repeat monthly from its dialog', async ({ browser, request }) => {
  const { owner } = await team(request, 'repeat-card');
  const meeting = await createMeeting(request, owner.token, 'Finance', []);
  const board = await call<{ id: string }>(request, owner.token, 'POST', '/boards', {
    name: 'Bills',
    meetingIds: [meeting.id],
    lists: ['To pay', 'Paid'],
  });
  const [list] = await call<{ id: string }[]>(request, owner.token, 'GET', `/boards/${board.id}/task-types`);
  const due = isoDate(5);
  const card = await call<{ id: string }>(request, owner.token, 'POST', '/tasks', {
    title: 'Pay the rent',
    userId: owner.id,
    meetingIds: [meeting.id],
    boardId: board.id,
    taskTypeId: list!.id,
    dueDate: due,
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const { context, page } = await signedInPage(browser, owner, viewport);
    await page.goto(`/home/${card.id}`);
    const repeat = page.getByRole('region', { name: tasksMessages.repeatHeading });
    if (viewport.width === 1280) {
      await expect(repeat.getByText(tasksMessages.repeatNone)).toBeVisible({ timeout: 60_000 });
      await repeat.getByRole('button', { name: tasksMessages.repeatButton }).click();
      await repeat.getByRole('combobox', { name: tasksMessages.repeatFrequency }).click();
      await page.getByRole('option', { name: tasksMessages.repeatFrequencies.monthly }).click();
      await expect(repeat.getByRole('textbox', { name: tasksMessages.repeatMonthDay })).toHaveValue(
        String(Number(due.slice(8))),
      );
      await repeat.getByText(tasksMessages.repeatEndsAfter, { exact: true }).click();
      await repeat.getByRole('textbox', { name: tasksMessages.repeatTimes }).fill('6');
      await shot(page, 'card-form');
      await expectAccessible(page, 'the repeat form of a card');
      await repeat.getByRole('button', { name: tasksMessages.repeatSave }).click();
    }
    await expect(repeat.getByText(/^Every month on day/)).toHaveText(
      `Every month on day ${Number(due.slice(8))} · 6 times in all · the next one comes when this one is done`,
      { timeout: 60_000 },
    );
    await expect(repeat.getByRole('button', { name: tasksMessages.repeatUseForNext })).toBeVisible();
    await repeat.scrollIntoViewIfNeeded();
    await shot(page, viewport.width === 1280 ? 'card' : 'card-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await context.close();
  }
});
