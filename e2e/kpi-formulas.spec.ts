import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { kpisMessages } from '../src/features/kpis/kpis.messages.ts';
import { messages } from '../src/shared/messages.ts';
import { expectAccessible } from './axe.ts';
import { call, isoDate, realtimeConnected, screenshotsOf, shownDate, startSignedIn, team } from './helpers.ts';

// Formula measurables (docs/decisions/105, 106): a leader makes one from two others in the
// score form during the live meeting, enters the inputs in the scorecard step, and a member's
// screen shows the computed cell change; the 13-week view; the XLSX export with its totals.

const shots = screenshotsOf('kpi-formulas');
const stepOf = (page: Page) => page.getByTestId('live-step');
const formulaCell = (page: Page, title: string) =>
  stepOf(page)
    .getByTestId('kpi-row')
    .filter({ hasText: title })
    .locator('[data-testid="kpi-formula-cell"][data-current]');

test('a leader makes a formula measurable, the member sees it recompute live; 13-week view; XLSX totals', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { owner, mate } = await team(request, 'formula');
  // Weekly for twelve weeks before today, at this hour: today's meeting can start now.
  const meeting = await call<{ id: string; title: string }>(request, owner.token, 'POST', '/meetings', {
    operation: 'create',
    title: 'Formula L10',
    sharepointUrl: 'https://meet.example.com/team',
    startDate: isoDate(-84),
    startTime: `${String(new Date().getUTCHours()).padStart(2, '0')}:00`,
    repeatEvery: 1,
    repeatType: 'weeks',
    type: 'meeting',
    members: [mate.id],
  });
  const score = (title: string) =>
    call<{ id: string }>(request, owner.token, 'POST', `/meetings/${meeting.id}/scores`, {
      userId: owner.id,
      title,
      goal: '>=',
      score: '1',
      units: '',
      type: 'number',
    });
  const calls = await score('Calls');
  const deals = await score('Deals');
  const board = await call<{ sessions: { id: string; sessionDate: string }[] }>(
    request,
    owner.token,
    'GET',
    `/meetings/${meeting.id}/kpis?trailing=13`,
  );
  expect(board.sessions).toHaveLength(13);
  // Last week: 20 calls, 4 deals.
  const lastWeek = board.sessions.at(-2)!.id;
  await call(request, owner.token, 'PUT', `/scores/${calls.id}/cells/${lastWeek}`, { measured: '20' });
  await call(request, owner.token, 'PUT', `/scores/${deals.id}/cells/${lastWeek}`, { measured: '4' });
  await call(request, owner.token, 'PUT', `/meetings/${meeting.id}/agenda-items`, {
    agendaItems: [
      { title: 'KPIs', keyName: 'scorecard', duration: 5 },
      { title: 'Meeting Scores', keyName: 'conclusion', duration: 5 },
    ],
  });
  const { sessionId } = await call<{ sessionId: string }>(
    request,
    owner.token,
    'POST',
    `/meetings/${meeting.id}/start`,
    {},
  );
  const path = `/live-meeting/${meeting.id}/${sessionId}`;

  const open = async (token: string) => {
    const context = await browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await startSignedIn(page, token);
    await page.goto(path);
    await realtimeConnected(page);
    return { context, page };
  };
  const leader = await open(owner.token);
  const member = await open(mate.token);
  await expect(stepOf(leader.page).getByTestId('kpi-row')).toHaveCount(2);

  // The score form: "Close rate" = [Deals] / [Calls] * 100, picked from the list.
  await stepOf(leader.page).getByRole('button', { name: kpisMessages.kpiAddScore }).click();
  const dialog = leader.page.getByRole('dialog', { name: kpisMessages.kpiAddScore });
  await dialog.getByLabel(kpisMessages.kpiTitleLabel).fill('Close rate');
  await dialog.getByLabel(kpisMessages.kpiTargetLabel).fill('25');
  await dialog.getByText(kpisMessages.kpiTypePercentage, { exact: true }).click();
  await dialog.getByRole('switch', { name: kpisMessages.kpiFormulaToggle }).check();
  const formula = dialog.getByRole('textbox', { name: kpisMessages.kpiFormulaLabel });
  const pick = async (title: string) => {
    await dialog.getByRole('combobox', { name: kpisMessages.kpiFormulaInsert }).click();
    await leader.page.getByRole('option', { name: title, exact: true }).click();
  };
  await pick('Deals');
  await formula.press('End');
  await formula.pressSequentially(' / ');
  await pick('Calls');
  await formula.press('End');
  await formula.pressSequentially(' * 100');
  await expect(formula).toHaveValue('[Deals] / [Calls] * 100');
  await shots(leader.page, 'form');
  await expectAccessible(leader.page, 'the score form with a formula');
  await dialog.getByRole('button', { name: messages.saveButton }).click();
  await expect(dialog).toBeHidden();

  // No inputs yet today: the member's cell is empty and says why.
  await expect(formulaCell(member.page, 'Close rate')).toContainText(kpisMessages.kpiReasonMissingInput);

  // The leader types today's inputs; the member's formula cell follows.
  const today = shownDate(isoDate(0));
  const input = (title: string) =>
    stepOf(leader.page).getByRole('textbox', { name: kpisMessages.kpiCellLabel(title, today), exact: true });
  await input('Calls').fill('10');
  await input('Calls').press('Tab');
  await input('Deals').fill('3');
  await input('Deals').press('Tab');
  await expect(formulaCell(member.page, 'Close rate')).toHaveText('30%');
  await expect(formulaCell(member.page, 'Close rate')).toHaveAttribute('data-met', 'met');
  await expect(formulaCell(leader.page, 'Close rate')).toHaveText('30%');
  // Computed cells take no typing.
  await expect(
    stepOf(member.page).getByRole('textbox', { name: kpisMessages.kpiCellLabel('Close rate', today), exact: true }),
  ).toHaveCount(0);
  await shots(member.page, 'live-member', formulaCell(member.page, 'Close rate'));
  await expectAccessible(member.page, 'the live scorecard with a formula measurable');

  // The 13-week view: the last 13 meeting dates.
  await stepOf(member.page).getByText(kpisMessages.kpiViewTrailing(13), { exact: true }).click();
  await expect(stepOf(member.page).getByText(kpisMessages.kpiViewTrailingLong(13))).toBeVisible();
  await expect(stepOf(member.page).locator('thead th.kpi-col-date')).toHaveCount(13);
  const rateRow = stepOf(member.page).getByTestId('kpi-row').filter({ hasText: 'Close rate' });
  await expect(rateRow.getByTestId('kpi-total')).toHaveText('50%');
  await expect(rateRow.getByTestId('kpi-latest')).toHaveText('30%');
  await shots(member.page, 'thirteen-weeks', rateRow);

  // The export of the 13-week view holds the totals.
  await leader.page.goto(`/kpi/${meeting.id}`);
  await leader.page.getByText(kpisMessages.kpiViewTrailing(13), { exact: true }).click();
  await expect(leader.page.getByText(kpisMessages.kpiViewTrailingLong(13))).toBeVisible();
  await shots(leader.page, 'settings');
  await expectAccessible(leader.page, 'scorecard settings, 13-week view');
  const download = leader.page.waitForEvent('download');
  await leader.page.getByRole('button', { name: kpisMessages.kpiExportXlsx }).click();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await (await download).path())!);
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header.filter((h) => typeof h === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(h))).toHaveLength(13);
  const totalColumn = header.indexOf('Total') + 1;
  const totals = new Map<string, unknown>();
  sheet.eachRow((row, index) => {
    if (index > 1) totals.set(String(row.getCell(2).value), row.getCell(totalColumn).value);
  });
  expect(Object.fromEntries(totals)).toEqual({ Calls: 30, Deals: 7, 'Close rate': 50 });

  await leader.context.close();
  await member.context.close();
});
