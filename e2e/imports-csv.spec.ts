import { expect, type Page, test } from '@playwright/test';
import { importsMessages as t } from '../src/features/imports/imports.messages.ts';
import { expectAccessible } from './axe.ts';
import {
  addToWorkspace,
  call,
  createMeeting,
  isoDate,
  newUser,
  PHONE,
  registerViaApi,
  SCREENS,
  screenshotsOf,
  signIn,
  startSignedIn,
  weeklyMeeting,
} from './helpers.ts';

// A to-dos CSV of any tool (decision 126): an admin picks the format, the meeting and the file,
// maps the column the suggestion missed, maps one owner and invites another, reads the preview,
// imports, and finds the to-dos in the meeting.

const shots = screenshotsOf('imports-csv');

const pick = async (page: Page, label: string, option: string) => {
  await page
    .getByRole('textbox', { name: label })
    .or(page.getByRole('combobox', { name: label }))
    .first()
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

test('an admin imports a to-dos CSV: maps the columns, maps and invites owners, previews, imports, finds the to-dos', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const ownerUser = newUser('csvimporter', { firstName: 'Olga', lastName: 'Owner' });
  const mateUser = newUser('csvmate', { firstName: 'Bea', lastName: 'Mate' });
  await registerViaApi(request, ownerUser);
  await registerViaApi(request, mateUser);
  const owner = await signIn(request, ownerUser);
  const mate = await addToWorkspace(request, owner, await signIn(request, mateUser));
  const meeting = await weeklyMeeting(request, owner.token, {
    title: 'Ops Weekly',
    members: [mate.id],
    startDate: isoDate(-7),
    startTime: '09:00',
    sharepointUrl: 'https://meet.example.com/ops',
  });
  const invitee = `new.hire.${Date.now()}@example.test`;
  const file = [
    'Task,Details,Assignee,Deadline day,Done',
    `Call the bank,Ask about the loan,${mateUser.email},15/04/2026,no`,
    'Send invoices,,Sam Sales,30/04/2026,yes',
    `Plan the offsite,Two days,${invitee},01/06/2026,`,
  ].join('\r\n');

  await startSignedIn(page, owner.token);
  await page.goto('/settings/administration/import');
  await expect(page.getByRole('heading', { name: t.pageTitle, level: 1 })).toBeVisible({ timeout: 30_000 });
  await pick(page, t.formatLabel, t.formatCsvTodos);
  await pick(page, t.meetingLabel, meeting.title);
  // The server's answer held back a moment: the upload's progress bar shows meanwhile.
  await page.route('**/imports/columns', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.locator('input[type=file][accept*="csv"]').setInputFiles({
    name: 'todos.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(file),
  });

  await expect(page.getByText(new RegExp(`^(${t.phaseUploading}: \\d+%|${t.phaseReading}…)$`))).toBeVisible();
  // The mapping step: suggested from the headers, except "Deadline day", mapped by hand.
  await expect(page.getByRole('heading', { name: t.columnsTitle })).toBeVisible();
  await expect(page.getByRole('combobox', { name: t.fieldNames.title, exact: true })).toHaveValue('Task');
  await expect(page.getByRole('combobox', { name: t.fieldNames.owner, exact: true })).toHaveValue('Assignee');
  await expect(page.getByRole('combobox', { name: t.fieldNames.dueDate, exact: true })).toHaveValue(
    t.columnNotImported,
  );
  await pick(page, t.fieldNames.dueDate!, 'Deadline day');
  await expect(page.getByText(t.columnSample('15/04/2026 · 30/04/2026 · 01/06/2026'))).toBeVisible();
  await shots(page, 'columns', page.getByRole('combobox', { name: t.fieldNames.status, exact: true }));
  await expectAccessible(page, 'the columns step');

  await page.getByRole('button', { name: t.previewButton }).click();
  await expect(page.getByText(t.willCreateTasks(3, 'to-dos'))).toBeVisible();
  await expect(page.getByText(t.noteDateOrder('dmy'))).toBeVisible();
  await expect(page.getByRole('combobox', { name: t.personMapLabel(mateUser.email) })).toHaveValue('Bea Mate');
  await pick(page, t.personMapLabel('Sam Sales'), 'Olga Owner');
  await expect(page.getByRole('row', { name: /Send invoices/ })).toContainText('Olga Owner');
  await pick(page, t.personMapLabel(invitee), t.personInvite);
  await expect(page.getByText(t.willInvite(1))).toBeVisible();
  await shots(page, 'preview', page.getByRole('heading', { name: t.peopleTitle }));
  await expectAccessible(page, 'the CSV preview');

  await page.getByRole('button', { name: t.confirmButton, exact: true }).click();
  await expect(page.getByText(t.importedCounts(t.countsText({ todos: 3, accounts: 1 })))).toBeVisible();
  const history = page.getByRole('region', { name: t.historyTitle });
  await expect(history.getByRole('cell', { name: 'todos.csv', exact: true })).toBeVisible();

  const todos = await call<{ items: { title: string; userId: string; dueDate: string; status: string }[] }>(
    request,
    owner.token,
    'GET',
    `/tasks?meetingId=${meeting.id}&type=4`,
  );
  expect(todos.items.map((c) => [c.title, c.userId, c.dueDate, c.status]).sort()).toEqual([
    ['Call the bank', mate.id, '2026-04-15', '0'],
    ['Plan the offsite', owner.id, '2026-06-01', '0'],
    ['Send invoices', owner.id, '2026-04-30', '1'],
  ]);
  await page.goto(`/meeting-dashboard/${meeting.id}`);
  await expect(page.getByText('Call the bank').first()).toBeVisible({ timeout: 30_000 });
  await shots(page, 'meeting', page.getByText('Call the bank').first());
});

test('an admin imports 6,000 to-dos and sees how many are written as the server goes', async ({ page, request }) => {
  test.setTimeout(120_000);
  const ownerUser = newUser('csvbulk', { firstName: 'Bo', lastName: 'Bulk' });
  await registerViaApi(request, ownerUser);
  const owner = await signIn(request, ownerUser);
  const meeting = await createMeeting(request, owner.token, 'Bulk Weekly', []);
  const rows = 6000;
  const file = ['Task,Done', ...Array.from({ length: rows }, (_, i) => `To-do ${i + 1},no`)].join('\r\n');

  await startSignedIn(page, owner.token);
  await page.goto('/settings/administration/import');
  await expect(page.getByRole('heading', { name: t.pageTitle, level: 1 })).toBeVisible({ timeout: 30_000 });
  await pick(page, t.formatLabel, t.formatCsvTodos);
  await pick(page, t.meetingLabel, meeting.title);
  await page.locator('input[type=file][accept*="csv"]').setInputFiles({
    name: 'many.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(file),
  });
  await expect(page.getByRole('combobox', { name: t.fieldNames.title, exact: true })).toHaveValue('Task');
  await page.getByRole('button', { name: t.previewButton }).click();
  await expect(page.getByText(t.willCreateTasks(rows, 'to-dos'))).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: t.confirmButton, exact: true }).click();
  // The server writes a thousand at a time and says so after each chunk, before it commits.
  // Waited for at most half a second apart (an expectation polls up to a second apart): the bar may show briefly.
  const writing = page.getByRole('progressbar', { name: /^Importing: [\d,]+ of 6,000 written$/ });
  await writing.waitFor({ timeout: 60_000 });
  await page.screenshot({ path: `${SCREENS}/imports-csv-writing-desktop.png` });
  // The phone's picture of the bar, if the import has not finished meanwhile.
  await page.setViewportSize(PHONE);
  await writing.scrollIntoViewIfNeeded({ timeout: 2_000 }).catch(() => undefined);
  await page.screenshot({ path: `${SCREENS}/imports-csv-writing-phone.png` });
  await expect(page.getByText(t.importedCounts(t.countsText({ todos: rows })))).toBeVisible({ timeout: 60_000 });
});
