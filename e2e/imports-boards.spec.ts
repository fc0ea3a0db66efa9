import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { boardsMessages } from '../src/features/boards/boards.messages.ts';
import { importsMessages } from '../src/features/imports/imports.messages.ts';
import { expectAccessible } from './axe.ts';
import { isoDate, newUser, registerViaApi, screenshotsOf, signIn, startSignedIn, weeklyMeeting } from './helpers.ts';

// Importing a Trello board (decision 121): an admin picks the format, the meeting and the
// board's JSON export, reads the preview (people matched by name, cards in error by their
// place), imports without the cards in error, and finds the board with its lists and cards on
// the meeting's dashboard.

const shots = screenshotsOf('imports-boards');
const TRELLO = readFileSync(
  path.join(import.meta.dirname, '../src/features/imports/server/fixtures/trello-board.json'),
);

const pick = async (page: Page, label: string, option: string) => {
  await page
    .getByRole('textbox', { name: label })
    .or(page.getByRole('combobox', { name: label }))
    .first()
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

test('an admin imports a Trello board: previews, imports, and finds its lists and cards on the board', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const adaUser = newUser('trello', { firstName: 'Ada', lastName: 'Person' });
  await registerViaApi(request, adaUser);
  const ada = await signIn(request, adaUser);
  const meeting = await weeklyMeeting(request, ada.token, {
    title: 'Launch Sync',
    members: [],
    startDate: isoDate(-14),
    startTime: '09:00',
    sharepointUrl: 'https://meet.example.com/launch',
  });

  await startSignedIn(page, ada.token);
  await page.goto('/settings/administration/import');
  await expect(page.getByRole('heading', { name: importsMessages.pageTitle, level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await pick(page, importsMessages.formatLabel, importsMessages.formatTrelloBoard);
  await pick(page, importsMessages.meetingLabel, meeting.title);
  await page.locator('input[type=file][accept*="json"]').setInputFiles({
    name: 'product-launch.json',
    mimeType: 'application/json',
    buffer: TRELLO,
  });
  await page.getByRole('button', { name: importsMessages.previewButton }).click();
  await expect(page.getByText(importsMessages.boardWillCreate('Product launch', 3, 4))).toBeVisible();
  await expect(page.getByText(importsMessages.boardExtras(3, 3, 2))).toBeVisible();
  await expect(page.getByRole('cell', { name: importsMessages.rowDueInvalid('next tuesday') })).toBeVisible();
  // Ada is found by her name; Carla and Ben are nobody here: their cards go to the meeting's leader.
  await expect(page.getByRole('combobox', { name: importsMessages.personMapLabel('Ada Person') })).toHaveValue(
    'Ada Person',
  );
  await expect(page.getByRole('combobox', { name: importsMessages.personMapLabel('Carla Unknown') })).toHaveValue(
    importsMessages.personUnassigned,
  );
  await expect(page.getByRole('row', { name: /Write press release/ })).toContainText('Doing');
  await page.getByRole('checkbox', { name: importsMessages.skipErrorsLabel }).check();
  await shots(page, 'preview', page.getByRole('heading', { name: importsMessages.cardsTitle }));
  await expectAccessible(page, 'the board import preview');

  await page.getByRole('button', { name: importsMessages.confirmButton, exact: true }).click();
  await expect(page.getByText(importsMessages.importedCards(4))).toBeVisible();
  const history = page.getByRole('region', { name: importsMessages.historyTitle });
  await expect(history.getByRole('cell', { name: 'product-launch.json', exact: true })).toBeVisible();

  await page.goto(`/meeting-dashboard/${meeting.id}`);
  const section = page.getByRole('region', { name: boardsMessages.boardsSection });
  await section.getByLabel(boardsMessages.boardSelect('Product launch'), { exact: true }).click();
  for (const [list, card] of [
    ['Backlog', 'Book venue'],
    ['Doing', 'Write press release'],
    ['Done', 'Ship v1'],
  ] as const) {
    await expect(section.getByLabel(boardsMessages.listCards(list)).getByText(card, { exact: true })).toBeVisible({
      timeout: 30_000,
    });
  }
  await shots(page, 'board', section);
  await expectAccessible(page, 'the imported board');
});
