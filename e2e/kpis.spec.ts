import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { kpisMessages } from '../src/features/kpis/kpis.messages.ts';
import { quartersMessages } from '../src/features/quarters/quarters.messages.ts';
import { tasksMessages } from '../src/features/tasks/tasks.messages.ts';
import { messages } from '../src/shared/messages.ts';
import {
  type Account,
  addToWorkspace,
  call,
  newUser,
  realtimeConnected,
  registerViaApi,
  SCREENS,
  shownDate,
  signIn,
} from './helpers.ts';

// The scorecard (document 2 §2–§5, §9): the KPI panel on the meeting dashboard and home, the
// score dialogs, typing values (green/red, debounce, notes), grouping, sorting, ranges,
// deleting a meeting date, /kpi/{id} (user filter, drag reorder, CSV and XLSX export), and
// what a second person sees live.

const isoDate = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** As the scorecard names a date ('MMM D, YYYY'; the tests run in UTC). */

interface ScorecardData {
  currentSessionId: string | null;
  sessions: { id: string; sessionDate: string }[];
  scores: { id: string; title: string }[];
}

/** Olga (leader) and Bea (member) in a weekly meeting that started six weeks ago. */
const setUp = async (request: APIRequestContext, label: string) => {
  const ownerUser = newUser(`${label}-owner`, { firstName: 'Olga', lastName: 'Owner' });
  const mateUser = newUser(`${label}-mate`, { firstName: 'Bea', lastName: 'Mate' });
  await registerViaApi(request, ownerUser);
  await registerViaApi(request, mateUser);
  const owner = await signIn(request, ownerUser);
  const mate = await addToWorkspace(request, owner, await signIn(request, mateUser));
  const meeting = await call<{ id: string; title: string }>(request, owner.token, 'POST', '/meetings', {
    operation: 'create',
    title: `Weekly Scorecard ${label}`,
    sharepointUrl: 'https://meet.example.com/l10',
    startDate: isoDate(-42),
    startTime: '09:00',
    repeatEvery: 1,
    repeatType: 'weeks',
    type: 'meeting',
    members: [mate.id],
  });
  const score = (body: Record<string, unknown>) =>
    call<{ id: string }>(request, owner.token, 'POST', `/meetings/${meeting.id}/scores`, body);
  const scorecard = (query = `dateSince=${isoDate(-42)}&dateUntil=${isoDate(0)}`) =>
    call<ScorecardData>(request, owner.token, 'GET', `/meetings/${meeting.id}/kpis?${query}`);
  const setCell = (scoreId: string, sessionId: string, measured: string) =>
    call(request, owner.token, 'PUT', `/scores/${scoreId}/cells/${sessionId}`, { measured });
  return { owner, mate, meeting, score, scorecard, setCell };
};

const signedInPage = async (browser: Browser, account: Account) => {
  const context = await browser.newContext({ acceptDownloads: true });
  await context.addInitScript((value) => sessionStorage.setItem('cadence.token', value), account.token);
  const page = await context.newPage();
  return { context, page };
};

const dashboard = (meeting: { id: string }) => `/meeting-dashboard/${meeting.id}`;
const kpiPanel = (page: Page, name: string = messages.kpiSection) => page.getByRole('region', { name, exact: true });
const cellInput = (scope: Locator, title: string, iso: string) =>
  scope.getByRole('textbox', { name: kpisMessages.kpiCellLabel(title, shownDate(iso)), exact: true });
const cellOf = (input: Locator) => input.locator('xpath=ancestor::td[1]');
const rowTitles = (scope: Locator) =>
  scope
    .getByTestId('kpi-row')
    .locator('th[scope=row]')
    .evaluateAll((cells) => cells.map((cell) => cell.textContent?.trim()));
const shot = async (page: Page, name: string, target?: Locator) => {
  if (target) await target.scrollIntoViewIfNeeded();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SCREENS}/kpis-${name}.png` });
};

/** Shows the six weeks before today and today. */
const showRange = async (panel: Locator, since: string, until: string) => {
  await panel.getByLabel(kpisMessages.kpiDateSince, { exact: true }).fill(since);
  await panel.getByLabel(kpisMessages.kpiDateUntil, { exact: true }).fill(until);
};

test('scorecard: add and clone a score, type values (green/red, debounce), a note, group, sort, range, delete a date', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { owner, meeting, score, scorecard } = await setUp(request, 'card');
  await score({ title: 'Revenue', userId: owner.id, goal: '>=', score: '1250', units: '$', type: 'dollar' });
  await score({ title: 'Churn', userId: owner.id, goal: '<=', score: '5', units: '%', type: 'percentage' });
  const { context, page } = await signedInPage(browser, owner);
  await page.goto(dashboard(meeting));
  const panel = kpiPanel(page);
  const table = panel.getByRole('table', { name: messages.kpiSection });
  // The first page of a run may wait for a cold server on a busy machine.
  await expect(table.getByRole('columnheader', { name: messages.kpiColumnMeasurable })).toBeVisible({
    timeout: 30_000,
  });
  await expect(table.getByRole('columnheader', { name: messages.kpiColumnUser })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: messages.kpiColumnGoal })).toBeVisible();

  // The date-range picker: the six weeks before today and today, one column per meeting date.
  await showRange(panel, isoDate(-42), isoDate(0));
  const dates = table.locator('thead th[data-session-id]');
  await expect(dates).toHaveCount(7);
  await expect(dates.first()).toHaveAccessibleName(shownDate(isoDate(-42)));

  // Add Score: the form needs a title and a target.
  await panel.getByRole('button', { name: kpisMessages.kpiAddScore }).click();
  const add = page.getByRole('dialog', { name: kpisMessages.kpiAddScore });
  await add.getByRole('button', { name: messages.saveButton }).click();
  await expect(add.getByText(messages.required)).toHaveCount(2);
  await add.getByRole('textbox', { name: kpisMessages.kpiTitleLabel }).fill('New clients');
  await expect(add.getByRole('combobox', { name: kpisMessages.kpiOwnerLabel })).toHaveValue('Olga Owner');
  await add.getByRole('textbox', { name: kpisMessages.kpiTargetLabel }).fill('10');
  await add.getByRole('textbox', { name: kpisMessages.kpiUnitsLabel }).fill('clients');
  await shot(page, 'add-score');
  await add.getByRole('button', { name: messages.saveButton }).click();
  await expect(add).toBeHidden();
  await expect(table.getByRole('rowheader', { name: 'New clients' })).toBeVisible();
  await expect(table.getByTestId('kpi-row').filter({ hasText: 'New clients' }).getByTestId('kpi-goal')).toHaveText(
    '>= 10 clients',
  );

  // Clone Score: a new measurable for Bea, starting from New clients' fields.
  await table.getByRole('button', { name: kpisMessages.kpiScoreActionsOf('New clients') }).click();
  await page.getByRole('menuitem', { name: kpisMessages.kpiCloneScore }).click();
  const clone = page.getByRole('dialog', { name: kpisMessages.kpiCloneScore });
  await expect(clone.getByRole('textbox', { name: kpisMessages.kpiTargetLabel })).toHaveValue('10');
  await clone.getByRole('textbox', { name: kpisMessages.kpiTitleLabel }).fill('Demos booked');
  await clone.getByRole('combobox', { name: kpisMessages.kpiOwnerLabel }).click();
  await page.getByRole('option', { name: 'Bea Mate' }).click();
  await shot(page, 'clone-score');
  await clone.getByRole('button', { name: messages.saveButton }).click();
  await expect(clone).toBeHidden();
  await expect(table.getByRole('rowheader', { name: 'Demos booked' })).toBeVisible();

  // Values: green when they meet the goal, red when not; shown by type and units.
  const week1 = cellInput(table, 'New clients', isoDate(-7));
  await week1.fill('12');
  await week1.press('Tab');
  await expect(cellOf(week1)).toHaveAttribute('data-met', 'met');
  await expect(week1).toHaveValue('12');
  const week2 = cellInput(table, 'New clients', isoDate(-14));
  await week2.fill('8');
  await week2.press('Tab');
  await expect(cellOf(week2)).toHaveAttribute('data-met', 'missed');
  const revenue = cellInput(table, 'Revenue', isoDate(-7));
  await revenue.click();
  await revenue.pressSequentially('1,250');
  await expect(revenue).toHaveValue('1250');
  await revenue.press('Tab');
  await expect(revenue).toHaveValue('$1,250');
  await expect(cellOf(revenue)).toHaveAttribute('data-met', 'met');
  const churn = cellInput(table, 'Churn', isoDate(-7));
  await churn.click();
  await churn.pressSequentially('.5');
  await expect(churn).toHaveValue('0.5');
  await churn.press('Tab');
  await expect(churn).toHaveValue('0.5%');
  await expect(cellOf(churn)).toHaveAttribute('data-met', 'met');

  // Without a blur, the value is saved 5 seconds after the last keystroke.
  const week3 = cellInput(table, 'New clients', isoDate(-21));
  await week3.click();
  const typedAt = Date.now();
  const saved = page.waitForRequest(
    (r) => r.method() === 'PUT' && r.url().includes('/cells/') && (r.postData() ?? '').includes('"3"'),
    { timeout: 9000 },
  );
  await week3.pressSequentially('3');
  await saved;
  expect(Date.now() - typedAt).toBeGreaterThanOrEqual(4500);
  await expect(cellOf(week3)).toHaveAttribute('data-met', 'missed');

  // Average and Total over the visible dates; a trend line once there are two values.
  const clients = table.getByTestId('kpi-row').filter({ hasText: 'New clients' });
  await expect(clients.getByTestId('kpi-total')).toHaveText('23');
  await expect(clients.getByTestId('kpi-average')).toHaveText('7.67');
  await expect(clients.getByRole('img', { name: kpisMessages.kpiTrendOf('New clients') })).toBeVisible();

  // A coloured cell gets a note pencil: Add Note, then Edit Note.
  await expect(
    table.getByRole('button', { name: kpisMessages.kpiNoteFor('add', 'New clients', shownDate(isoDate(-28))) }),
  ).toHaveCount(0);
  await table
    .getByRole('button', { name: kpisMessages.kpiNoteFor('add', 'New clients', shownDate(isoDate(-7))) })
    .click();
  const noteDialog = page.getByRole('dialog', { name: kpisMessages.kpiAddNote });
  await noteDialog.getByRole('textbox', { name: kpisMessages.kpiNoteLabel }).fill('Two came from the trade show');
  await shot(page, 'note');
  await noteDialog.getByRole('button', { name: messages.saveButton }).click();
  await expect(noteDialog).toBeHidden();
  const editNote = table.getByRole('button', {
    name: kpisMessages.kpiNoteFor('edit', 'New clients', shownDate(isoDate(-7))),
  });
  await expect(editNote).toBeVisible();
  await shot(page, 'values', panel);

  // Saved for real: after a reload the same values, colours and note are there.
  await page.reload();
  await showRange(panel, isoDate(-42), isoDate(0));
  await expect(revenue).toHaveValue('$1,250');
  await expect(cellOf(week2)).toHaveAttribute('data-met', 'missed');
  await editNote.click();
  await expect(page.getByRole('dialog', { name: kpisMessages.kpiEditNote }).getByRole('textbox')).toHaveValue(
    'Two came from the trade show',
  );
  await page.keyboard.press('Escape');

  // Sort by measurable: ascending, descending, back to the meeting's order.
  const sortButton = table.getByRole('button', { name: new RegExp(`^${messages.kpiColumnMeasurable}:`) });
  expect(await rowTitles(table)).toEqual(['Revenue', 'Churn', 'New clients', 'Demos booked']);
  await sortButton.click();
  expect(await rowTitles(table)).toEqual(['Churn', 'Demos booked', 'New clients', 'Revenue']);
  await sortButton.click();
  expect(await rowTitles(table)).toEqual(['Revenue', 'New clients', 'Demos booked', 'Churn']);
  await sortButton.click();
  expect(await rowTitles(table)).toEqual(['Revenue', 'Churn', 'New clients', 'Demos booked']);

  // Group by user: a group per owner, by first name.
  await panel.getByRole('switch', { name: kpisMessages.kpiGroupByUser }).check();
  const groups = table.getByTestId('kpi-group');
  await expect(groups).toHaveCount(2);
  await expect(groups.nth(0)).toContainText('Bea Mate');
  await expect(groups.nth(1)).toContainText('Olga Owner');
  await expect(groups.nth(1)).toContainText(kpisMessages.kpiGroupSummary(3, 5));
  expect(await rowTitles(table)).toEqual(['Demos booked', 'Revenue', 'Churn', 'New clients']);
  await shot(page, 'grouped', panel);
  await panel.getByRole('switch', { name: kpisMessages.kpiGroupByUser }).uncheck();

  // Delete meeting date: asks first; the column and its values go.
  await table.getByRole('button', { name: kpisMessages.kpiDeleteDateNamed(shownDate(isoDate(-7))) }).click();
  const confirm = page.getByRole('dialog', { name: kpisMessages.kpiDeleteMeetingDate });
  await expect(confirm).toContainText(kpisMessages.kpiDeleteDateWarning(shownDate(isoDate(-7))));
  await shot(page, 'delete-date');
  await confirm.getByRole('button', { name: messages.cancelButton }).click();
  await expect(dates).toHaveCount(7);
  await table.getByRole('button', { name: kpisMessages.kpiDeleteDateNamed(shownDate(isoDate(-7))) }).click();
  await confirm.getByRole('button', { name: messages.deleteButton }).click();
  await expect(confirm).toBeHidden();
  await expect(dates).toHaveCount(6);
  await expect(cellInput(table, 'New clients', isoDate(-7))).toHaveCount(0);
  await expect(clients.getByTestId('kpi-total')).toHaveText('11');
  expect((await scorecard()).sessions.map((s) => s.sessionDate)).not.toContain(isoDate(-7));

  // The quarter picker (current and later quarters, decision 056) shows a quarter's dates in the
  // range inputs; the arrows step to earlier ones.
  await panel.getByRole('combobox', { name: kpisMessages.kpiQuarterLabel }).click();
  const next = new Date().getUTCFullYear() + 1;
  await page.getByRole('option', { name: quartersMessages.quarterOption(1, next, 'Jan 1', `Mar 31, ${next}`) }).click();
  await expect(panel.getByLabel(kpisMessages.kpiDateSince, { exact: true })).toHaveValue(`${next}-01-01`);
  await expect(panel.getByLabel(kpisMessages.kpiDateUntil, { exact: true })).toHaveValue(`${next}-03-31`);
  await panel.getByRole('button', { name: kpisMessages.kpiPreviousQuarter }).click();
  await expect(panel.getByLabel(kpisMessages.kpiDateSince, { exact: true })).toHaveValue(`${next - 1}-10-01`);
  await context.close();
});

test('scorecard settings: user filter, drag reorder, export CSV and XLSX', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const { owner, mate, meeting, score, scorecard, setCell } = await setUp(request, 'settings');
  const revenue = await score({ title: 'Revenue', userId: owner.id, goal: '>=', score: '1250', type: 'dollar' });
  await score({ title: 'Calls made', userId: mate.id, goal: '>=', score: '40', type: 'number' });
  await score({ title: 'Churn', userId: owner.id, goal: '<=', score: '5', type: 'percentage' });
  const { sessions } = await scorecard();
  await setCell(revenue.id, sessions.at(-2)!.id, '1,500');
  await setCell(revenue.id, sessions.at(-3)!.id, '900.5');

  const { context, page } = await signedInPage(browser, owner);
  await page.goto(dashboard(meeting));
  await kpiPanel(page).getByRole('link', { name: kpisMessages.kpiSettings }).click();
  await expect(page).toHaveURL(new RegExp(`/kpi/${meeting.id}$`));
  await expect(page.getByRole('heading', { name: kpisMessages.kpiSettingsOf(meeting.title) })).toBeVisible();
  const rows = page.getByTestId('kpi-settings-row');
  await expect(rows).toHaveCount(3);
  await expect(rows).toContainText(['Revenue', 'Calls made', 'Churn']);
  await shot(page, 'settings');

  // Drag reorder with the keyboard (the same drag as with the mouse): Churn to the top.
  const handle = page.getByRole('button', { name: kpisMessages.kpiMoveScore('Churn') });
  await handle.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Space');
  await expect(rows).toContainText(['Churn', 'Revenue', 'Calls made']);
  await expect
    .poll(async () => (await scorecard()).scores.map((s) => s.title))
    .toEqual(['Churn', 'Revenue', 'Calls made']);

  // The user filter.
  await page.getByRole('combobox', { name: kpisMessages.kpiUserFilter }).click();
  await page.getByRole('option', { name: 'Bea Mate' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(['Calls made']);
  await page.getByRole('combobox', { name: kpisMessages.kpiUserFilter }).click();
  await page.getByRole('option', { name: 'Olga Owner' }).click();
  await expect(rows).toContainText(['Churn', 'Revenue']);

  // Export the visible scorecard (Olga's scores, the last six weeks): CSV, then XLSX.
  await showRange(page.locator('body'), isoDate(-42), isoDate(0));
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: kpisMessages.kpiExportCsv }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const csvText = await readFile((await csv.path())!, 'utf8');
  expect(csvText).toContain('Revenue');
  expect(csvText).toContain('Churn');
  expect(csvText).not.toContain('Calls made');
  expect(csvText).toContain('1500');
  expect(csvText).toContain(isoDate(-42));

  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: kpisMessages.kpiExportXlsx }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await xlsx.path())!);
  const sheet = workbook.worksheets[0]!;
  const values: unknown[] = [];
  sheet.eachRow((row) => {
    row.eachCell((cell) => {
      values.push(cell.value);
    });
  });
  expect(values).toContain('Revenue');
  expect(values).toContain(1500);
  expect(values).toContain(900.5);
  expect(values).not.toContain('Calls made');
  await shot(page, 'settings-filtered');

  // Delete Score asks first; Cancel keeps it.
  await page.getByRole('button', { name: kpisMessages.kpiScoreActionsOf('Churn') }).click();
  await page.getByRole('menuitem', { name: kpisMessages.kpiDeleteScore }).click();
  const confirm = page.getByRole('dialog', { name: kpisMessages.kpiDeleteScore });
  await expect(confirm).toContainText(kpisMessages.kpiDeleteScoreWarning('Churn'));
  await confirm.getByRole('button', { name: messages.cancelButton }).click();
  await expect(rows).toContainText(['Churn', 'Revenue']);
  await page.getByRole('button', { name: kpisMessages.kpiScoreActionsOf('Churn') }).click();
  await page.getByRole('menuitem', { name: kpisMessages.kpiDeleteScore }).click();
  await confirm.getByRole('button', { name: messages.deleteButton }).click();
  await expect(confirm).toBeHidden();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(['Revenue']);
  await expect.poll(async () => (await scorecard()).scores.map((s) => s.title)).toEqual(['Revenue', 'Calls made']);
  await context.close();
});

test('dashboard scorecard: drag a score to another place by mouse and by keyboard, within its owner while grouped; it stays', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const { owner, mate, meeting, score, scorecard } = await setUp(request, 'drag');
  for (const [title, userId] of [
    ['Revenue', owner.id],
    ['Calls made', mate.id],
    ['Churn', owner.id],
    ['Referrals', owner.id],
  ] as const) {
    await score({ title, userId, goal: '>=', score: '10', type: 'number' });
  }
  const { context, page } = await signedInPage(browser, owner);
  const orderCalls: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().endsWith('/scores/order')) orderCalls.push(r.postData() ?? '');
  });
  await page.goto(dashboard(meeting));
  const panel = kpiPanel(page);
  const table = panel.getByRole('table', { name: messages.kpiSection });
  await expect(table.getByRole('rowheader', { name: 'Referrals' })).toBeVisible({ timeout: 30_000 });
  expect(await rowTitles(table)).toEqual(['Revenue', 'Calls made', 'Churn', 'Referrals']);
  const handle = (title: string) => table.getByRole('button', { name: kpisMessages.kpiMoveScore(title), exact: true });
  const savedOrder = async () => (await scorecard()).scores.map((s) => s.title);

  // With the mouse: Referrals's handle up to Revenue's place, the top.
  await table.scrollIntoViewIfNeeded();
  const from = (await handle('Referrals').boundingBox())!;
  const to = (await handle('Revenue').boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 8, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 4, { steps: 24 });
  const preview = page.getByTestId('kpi-drag-preview');
  await expect(preview).toBeVisible();
  await expect(preview).toContainText('Referrals');
  await shot(page, 'drag-mouse', panel);
  await page.mouse.up();
  await expect.poll(() => rowTitles(table)).toEqual(['Referrals', 'Revenue', 'Calls made', 'Churn']);
  await expect.poll(savedOrder).toEqual(['Referrals', 'Revenue', 'Calls made', 'Churn']);

  // With the keyboard: Churn up one place.
  await handle('Churn').focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Space');
  await expect.poll(() => rowTitles(table)).toEqual(['Referrals', 'Revenue', 'Churn', 'Calls made']);
  await expect.poll(savedOrder).toEqual(['Referrals', 'Revenue', 'Churn', 'Calls made']);
  expect(orderCalls).toHaveLength(2);

  // Dropped where it was picked up, or cancelled: nothing is sent.
  await handle('Revenue').focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Space');
  await handle('Revenue').focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Escape');
  await page.waitForTimeout(500);
  expect(orderCalls).toHaveLength(2);
  expect(await rowTitles(table)).toEqual(['Referrals', 'Revenue', 'Churn', 'Calls made']);

  // The order stays after a reload.
  await page.reload();
  await expect(table.getByRole('rowheader', { name: 'Referrals' })).toBeVisible({ timeout: 30_000 });
  expect(await rowTitles(table)).toEqual(['Referrals', 'Revenue', 'Churn', 'Calls made']);

  // Grouped by user, a row moves among its owner's rows only; Bea's keeps its place.
  await panel.getByRole('switch', { name: kpisMessages.kpiGroupByUser }).check();
  expect(await rowTitles(table)).toEqual(['Calls made', 'Referrals', 'Revenue', 'Churn']);
  await handle('Churn').focus();
  await page.keyboard.press('Space');
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Space');
  await expect.poll(() => rowTitles(table)).toEqual(['Calls made', 'Churn', 'Referrals', 'Revenue']);
  await expect.poll(savedOrder).toEqual(['Churn', 'Referrals', 'Revenue', 'Calls made']);
  await shot(page, 'drag-grouped', panel);
  await panel.getByRole('switch', { name: kpisMessages.kpiGroupByUser }).uncheck();

  // Sorted by title, the shown order is not the meeting's: the handles rest.
  await table.getByRole('button', { name: new RegExp(`^${messages.kpiColumnMeasurable}:`) }).click();
  expect(await rowTitles(table)).toEqual(['Calls made', 'Churn', 'Referrals', 'Revenue']);
  await expect(handle('Churn')).toHaveCount(0);
  await table.locator('.kpi-handle-off').first().hover();
  await expect(page.getByRole('tooltip')).toHaveText(kpisMessages.kpiReorderSorted);
  await shot(page, 'drag-sorted', panel);

  // Home's My KPI's shows one person's scores: no handles there.
  await page.goto('/home');
  const home = kpiPanel(page, kpisMessages.myKpis);
  await expect(home.getByRole('rowheader', { name: 'Churn' })).toBeVisible({ timeout: 30_000 });
  await expect(home.getByRole('button', { name: kpisMessages.kpiMoveScore('Churn') })).toHaveCount(0);
  expect(orderCalls).toHaveLength(3);
  await context.close();
});

test('the KPI section shows its own error with a retry', async ({ browser, request }) => {
  const { owner, meeting, score } = await setUp(request, 'fragile');
  await score({ title: 'Revenue', userId: owner.id, goal: '>=', score: '1250', type: 'dollar' });
  const { context, page } = await signedInPage(browser, owner);
  await page.route('**/api/v2/meetings/*/kpis*', (route) => route.abort());
  await page.goto(dashboard(meeting));
  const panel = kpiPanel(page);
  await expect(panel.getByRole('alert')).toContainText(kpisMessages.kpiLoadFailed, { timeout: 30_000 });
  // The rest of the dashboard is there.
  await expect(page.getByRole('region', { name: tasksMessages.goalsSection })).toBeVisible();
  await shot(page, 'error', panel);
  await page.unroute('**/api/v2/meetings/*/kpis*');
  await panel.getByRole('button', { name: messages.retry }).click();
  await expect(panel.getByRole('rowheader', { name: 'Revenue' })).toBeVisible();
  await context.close();
});

test('live: a teammate sees values, notes and new scores; a cell being typed into keeps its draft', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const { owner, mate, meeting, score } = await setUp(request, 'live');
  await score({ title: 'Calls made', userId: mate.id, goal: '>=', score: '40', type: 'number' });
  const olga = await signedInPage(browser, owner);
  const bea = await signedInPage(browser, mate);
  for (const { page } of [olga, bea]) {
    await page.goto(dashboard(meeting));
    await showRange(kpiPanel(page), isoDate(-42), isoDate(0));
    await realtimeConnected(page);
  }
  const olgaTable = kpiPanel(olga.page).getByRole('table');
  const beaTable = kpiPanel(bea.page).getByRole('table');

  // Olga types a value: Bea sees it, coloured, without reloading.
  const olgaCell = cellInput(olgaTable, 'Calls made', isoDate(-7));
  await olgaCell.fill('44');
  await olgaCell.press('Tab');
  const beaCell = cellInput(beaTable, 'Calls made', isoDate(-7));
  await expect(beaCell).toHaveValue('44');
  await expect(cellOf(beaCell)).toHaveAttribute('data-met', 'met');

  // Bea is typing in a cell when Olga saves another value there: Bea's draft stays.
  const beaTyping = cellInput(beaTable, 'Calls made', isoDate(-14));
  await beaTyping.click();
  await beaTyping.pressSequentially('38');
  const olgaSame = cellInput(olgaTable, 'Calls made', isoDate(-14));
  await olgaSame.fill('50');
  await olgaSame.press('Tab');
  await expect(cellOf(olgaSame)).toHaveAttribute('data-met', 'met');
  await bea.page.waitForTimeout(1000);
  await expect(beaTyping).toHaveValue('38');
  await expect(cellOf(beaTyping)).toHaveAttribute('data-met', 'missed');
  // Her blur saves her value, which then reaches Olga.
  await beaTyping.press('Tab');
  await expect(olgaSame).toHaveValue('38');
  await expect(cellOf(olgaSame)).toHaveAttribute('data-met', 'missed');

  // A new score and a note arrive too.
  await score({ title: 'Referrals', userId: owner.id, goal: '>=', score: '2', type: 'number' });
  await expect(beaTable.getByRole('rowheader', { name: 'Referrals' })).toBeVisible();
  await olgaTable
    .getByRole('button', { name: kpisMessages.kpiNoteFor('add', 'Calls made', shownDate(isoDate(-7))) })
    .click();
  const noteDialog = olga.page.getByRole('dialog', { name: kpisMessages.kpiAddNote });
  await noteDialog.getByRole('textbox', { name: kpisMessages.kpiNoteLabel }).fill('Holiday week');
  await noteDialog.getByRole('button', { name: messages.saveButton }).click();
  await expect(
    beaTable.getByRole('button', { name: kpisMessages.kpiNoteFor('edit', 'Calls made', shownDate(isoDate(-7))) }),
  ).toBeVisible();
  await shot(bea.page, 'live-teammate', kpiPanel(bea.page));
  await olga.context.close();
  await bea.context.close();
});

test("home: My KPI's shows the viewer's scores in the chosen meeting", async ({ browser, request }) => {
  const { owner, mate, meeting, score, scorecard } = await setUp(request, 'home');
  await score({ title: 'Revenue', userId: owner.id, goal: '>=', score: '1250', type: 'dollar' });
  await score({ title: 'Calls made', userId: mate.id, goal: '>=', score: '40', type: 'number' });
  const { context, page } = await signedInPage(browser, owner);
  await page.goto('/home');
  const panel = kpiPanel(page, kpisMessages.myKpis);
  await expect(panel.getByRole('combobox', { name: kpisMessages.kpiMeetingLabel })).toHaveValue(meeting.title);
  await expect(panel.getByRole('rowheader', { name: 'Revenue' })).toBeVisible();
  await expect(panel.getByRole('rowheader', { name: 'Calls made' })).toHaveCount(0);
  await expect(panel.getByRole('link', { name: kpisMessages.kpiSettings })).toHaveAttribute(
    'href',
    `/kpi/${meeting.id}`,
  );

  // Fifteen weeks: the current meeting (the next one: today's before 09:00 UTC, else next week's)
  // is highlighted and scrolled into view.
  const range = await scorecard(`dateSince=${isoDate(-42)}&dateUntil=${isoDate(56)}`);
  const next = range.sessions.find((session) => session.id === range.currentSessionId)?.sessionDate;
  expect([isoDate(0), isoDate(7)]).toContain(next);
  await showRange(panel, isoDate(-42), isoDate(56));
  const columns = panel.locator('thead th[data-session-id]');
  await expect(columns).toHaveCount(15);
  const current = panel.locator('thead th[data-current]');
  await expect(current).toHaveCount(1);
  await expect(current).toContainText(kpisMessages.kpiCurrentSession);
  await expect(current).toHaveAccessibleName(shownDate(next ?? ''));
  await expect(current).toBeInViewport({ ratio: 0.9 });
  expect(await panel.locator('.kpi-scroll').evaluate((element) => element.scrollLeft)).toBeGreaterThan(200);
  await shot(page, 'home', panel);
  await context.close();
});
