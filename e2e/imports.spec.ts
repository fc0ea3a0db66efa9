import { expect, type Locator, type Page, test } from '@playwright/test';
import { importsMessages } from '../src/features/imports/imports.messages.ts';
import { kpisMessages } from '../src/features/kpis/kpis.messages.ts';
import { messages } from '../src/shared/messages.ts';
import { expectAccessible } from './axe.ts';
import {
  addToWorkspace,
  call,
  isoDate,
  newUser,
  registerViaApi,
  screenshotsOf,
  shownDate,
  signIn,
  startSignedIn,
  weeklyMeeting,
} from './helpers.ts';

// Importing a Ninety scorecard (decisions 111–113): an admin picks the meeting and the file,
// maps the two owners the workspace does not know, reads the preview, imports, and finds the
// KPIs with their weekly values on the meeting's scorecard; then undoes it.

const shots = screenshotsOf('imports');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** A Ninety week header for the seven days from `iso`: 'Oct 13 - Oct 19'. */
const weekHeader = (iso: string) => {
  const start = new Date(`${iso}T00:00:00Z`);
  const end = new Date(start.getTime() + 6 * 86_400_000);
  const part = (d: Date) => `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
  return `${part(start)} - ${part(end)}`;
};

/** Four weeks of a scorecard as Ninety exports it, the weeks starting on the meeting's dates. */
const WEEKS = [-28, -21, -14, -7].map(isoDate);
const scorecardCsv = () =>
  [
    ['#', 'Group', 'Status', 'Title', 'Description', 'Owner', 'Goal', 'Average', ...WEEKS.map(weekHeader)],
    ['1', 'Sales', 'Active', 'Qualified leads', 'Per week', 'Olga Owner', '>= 20', '22', '21', '19', '24', '25'],
    [
      '2',
      'Finance',
      'Active',
      'Revenue',
      '',
      'Sam Sales',
      '"$5,000"',
      '"$5,150"',
      '"$5,200"',
      '"$4,800"',
      '"$5,300"',
      '"$5,300"',
    ],
    ['3', 'Support', 'Active', 'Churn', '', 'Fran Finance', '< 5%', '3%', '2%', '4%', '', '3%'],
  ]
    .map((row) => row.join(','))
    .join('\r\n');

const cellInput = (scope: Locator, title: string, iso: string) =>
  scope.getByRole('textbox', { name: kpisMessages.kpiCellLabel(title, shownDate(iso)), exact: true });

const pick = async (page: Page, label: string, option: string) => {
  await page
    .getByRole('textbox', { name: label })
    .or(page.getByRole('combobox', { name: label }))
    .first()
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

test('an admin imports a Ninety scorecard: maps two owners, previews, imports, finds it on the scorecard, undoes it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const ownerUser = newUser('importer', { firstName: 'Olga', lastName: 'Owner' });
  const mateUser = newUser('mate', { firstName: 'Bea', lastName: 'Mate' });
  await registerViaApi(request, ownerUser);
  await registerViaApi(request, mateUser);
  const owner = await signIn(request, ownerUser);
  const mate = await addToWorkspace(request, owner, await signIn(request, mateUser));
  const meeting = await weeklyMeeting(request, owner.token, {
    title: 'Leadership Scorecard',
    members: [mate.id],
    startDate: isoDate(-42),
    startTime: '09:00',
    sharepointUrl: 'https://meet.example.com/l10',
  });

  await startSignedIn(page, owner.token);
  await page.goto('/settings/administration');
  await page.getByRole('link', { name: importsMessages.openImport }).click();
  await expect(page.getByRole('heading', { name: importsMessages.pageTitle, level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText(importsMessages.historyEmpty)).toBeVisible();
  await shots(page, 'empty');
  await expectAccessible(page, 'the import page');

  await pick(page, importsMessages.meetingLabel, meeting.title);
  // The Ninety form's file input (the page also holds the Cadence export's, which takes a zip).
  await page.locator('input[type=file][accept*="csv"]').setInputFiles({
    name: 'Ninety scorecard.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(scorecardCsv()),
  });
  await page.getByRole('button', { name: importsMessages.previewButton }).click();
  // The server reads the file and matches its people: on a busy machine that takes a while.
  await expect(page.getByText(importsMessages.willCreate(3, 11))).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(importsMessages.noteStrictGoal('< 5%', '<= 5'))).toBeVisible();

  // Olga is found by her name; Sam and Fran are not in the workspace: Bea and Olga take theirs.
  await expect(page.getByRole('combobox', { name: importsMessages.personMapLabel('Olga Owner') })).toHaveValue(
    'Olga Owner',
  );
  await expect(page.getByRole('combobox', { name: importsMessages.personMapLabel('Sam Sales') })).toHaveValue(
    importsMessages.personUnassigned,
  );
  await pick(page, importsMessages.personMapLabel('Sam Sales'), 'Bea Mate');
  await expect(page.getByRole('row', { name: /Revenue/ })).toContainText('Bea Mate');
  await pick(page, importsMessages.personMapLabel('Fran Finance'), 'Olga Owner');
  await expect(page.getByRole('row', { name: /Churn/ })).toContainText('Olga Owner');
  await shots(page, 'preview', page.getByRole('heading', { name: importsMessages.peopleTitle }));
  await expectAccessible(page, 'the import preview');

  await page.getByRole('button', { name: importsMessages.confirmButton, exact: true }).click();
  await expect(page.getByText(importsMessages.imported(3, 11))).toBeVisible({ timeout: 30_000 });
  const history = page.getByRole('region', { name: importsMessages.historyTitle });
  await expect(history.getByRole('cell', { name: 'Ninety scorecard.csv', exact: true })).toBeVisible();
  await expect(history.getByText(importsMessages.statusDone)).toBeVisible();
  await shots(page, 'done', history);

  // The scorecard of the meeting: the three KPIs with their weekly values, owned as mapped.
  const card = await call<{ scores: { title: string; userId: string }[] }>(
    request,
    owner.token,
    'GET',
    `/meetings/${meeting.id}/kpis?dateSince=${isoDate(-42)}&dateUntil=${isoDate(0)}`,
  );
  expect(card.scores.map((s) => [s.title, s.userId])).toEqual([
    ['Qualified leads', owner.id],
    ['Revenue', mate.id],
    ['Churn', owner.id],
  ]);
  await page.goto(`/meeting-dashboard/${meeting.id}`);
  const panel = page.getByRole('region', { name: messages.kpiSection, exact: true });
  await panel.getByLabel(kpisMessages.kpiDateSince, { exact: true }).fill(isoDate(-42));
  await panel.getByLabel(kpisMessages.kpiDateUntil, { exact: true }).fill(isoDate(0));
  const table = panel.getByRole('table', { name: messages.kpiSection });
  await expect(cellInput(table, 'Qualified leads', WEEKS[0]!)).toHaveValue('21', { timeout: 30_000 });
  await expect(cellInput(table, 'Qualified leads', WEEKS[3]!)).toHaveValue('25');
  await expect(cellInput(table, 'Revenue', WEEKS[1]!)).toHaveValue(/4,800/);
  await expect(cellInput(table, 'Churn', WEEKS[2]!)).toHaveValue('');
  await expect(cellInput(table, 'Churn', WEEKS[3]!)).toHaveValue(/^3%?$/);
  await shots(page, 'scorecard', panel);

  // Undo: asked first, then the KPIs are gone.
  await page.goto('/settings/administration/import');
  await page.getByRole('button', { name: importsMessages.undoNamed('Ninety scorecard.csv') }).click();
  const dialog = page.getByRole('dialog', { name: importsMessages.undoTitle });
  await expect(dialog).toBeVisible();
  await shots(page, 'undo');
  await dialog.getByRole('button', { name: importsMessages.undo }).click();
  await expect(
    page.getByRole('region', { name: importsMessages.historyTitle }).getByText(importsMessages.statusUndone),
  ).toBeVisible();
  const after = await call<{ scores: unknown[] }>(request, owner.token, 'GET', `/meetings/${meeting.id}/kpis`);
  expect(after.scores).toEqual([]);
});
