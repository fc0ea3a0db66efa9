import { expect as baseExpect, type Locator, test } from '@playwright/test';
import type { OrgChart } from '../src/features/orgchart/orgchart.schemas.ts';
import { analyzerMessages as a, peopleToolsMessages as m } from '../src/features/people-tools/people-tools.messages.ts';
import { expectAccessible } from './axe.ts';
import {
  addToWorkspace,
  call,
  newUser,
  realtimeConnected,
  registerViaApi,
  screenshotsOf,
  signIn,
  startSignedIn,
  team,
} from './helpers.ts';

// The People Analyzer: an admin sets the core values and the bar, a manager rates the person who
// reports to them with the keyboard, the cells' colours and the "below the bar" flag follow, the
// history opens in a dialog; the person rated sees nobody to rate.

test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 20_000 });
const expect = baseExpect.configure({ timeout: 20_000 });
const shots = screenshotsOf('people-analyzer');

const background = (cell: Locator) => cell.evaluate((element) => getComputedStyle(element).backgroundColor);

test('an admin sets the bar, a manager rates a report with the keyboard, the flag and the history follow', async ({
  page,
  browser,
  request,
}) => {
  const { owner: admin, mate: manager } = await team(request, 'analyzer');
  const reportUser = newUser('analyzer-report', { firstName: 'Pia', lastName: 'Peer' });
  await registerViaApi(request, reportUser);
  const report = await addToWorkspace(request, admin, await signIn(request, reportUser));
  const chart = await call<OrgChart>(request, admin.token, 'POST', '/org-chart');
  const seat = (title: string) => chart.seats.find((s) => s.jobTitle === title)!.id;
  await call(request, admin.token, 'PATCH', `/org-chart/seats/${seat('Visionary')}`, { coworkers: [admin.id] });
  await call(request, admin.token, 'PATCH', `/org-chart/seats/${seat('Integrator')}`, { coworkers: [manager.id] });
  await call(request, admin.token, 'PATCH', `/org-chart/seats/${seat('Operations')}`, { coworkers: [report.id] });

  // The admin: no core values yet, then two, then the bar.
  await startSignedIn(page, admin.token);
  await page.goto('/people');
  await page.getByRole('link', { name: a.openAnalyzer }).click();
  await expect(page.getByRole('heading', { name: a.title })).toBeVisible();
  await expect(page.getByText(a.noCoreValues)).toBeVisible();
  await page.goto('/people?tab=values');
  for (const title of ['Help first', 'Own it']) {
    await page.getByRole('button', { name: m.addCoreValue }).click();
    const dialog = page.getByRole('dialog', { name: m.addCoreValue });
    await dialog.getByRole('textbox', { name: m.coreValueTitle }).fill(title);
    await dialog.getByRole('button', { name: m.addCoreValue }).click();
    await expect(page.getByRole('article', { name: title })).toBeVisible();
  }
  await page.goto('/people/analyzer');
  await expect(page.getByRole('columnheader', { name: 'Own it' })).toBeVisible();
  await realtimeConnected(page);
  await page.getByRole('button', { name: a.editBar }).click();
  const barDialog = page.getByRole('dialog', { name: a.editBar });
  await barDialog.getByRole('textbox', { name: a.barMinPlus }).fill('1');
  await barDialog.getByRole('textbox', { name: a.barMaxMinus }).fill('0');
  await barDialog.getByRole('button', { name: a.save }).click();
  await expect(barDialog).toBeHidden();
  await expect(page.getByText(a.barSummary(1, 0, true))).toBeVisible();

  // The manager rates Pia with the keyboard only.
  const managerContext = await browser.newContext();
  const managerPage = await managerContext.newPage();
  await startSignedIn(managerPage, manager.token);
  await managerPage.goto('/people/analyzer');
  const row = managerPage.getByRole('row', { name: /Pia Peer/ });
  await expect(row).toBeVisible();
  await expect(managerPage.getByRole('row', { name: /Olga Owner/ })).toHaveCount(0);
  const cell = (what: string) => row.getByRole('button', { name: new RegExp(`^Pia Peer, ${what}:`) });

  await cell('Help first').focus();
  await managerPage.keyboard.press('Enter');
  await expect(cell('Help first')).toHaveText(a.markPlus);
  expect(await background(cell('Help first'))).toBe('rgb(178, 242, 187)');

  await cell('Own it').focus();
  for (const mark of [a.markPlus, a.markMixed, a.markMinus]) {
    await managerPage.keyboard.press('Enter');
    await expect(cell('Own it')).toHaveText(mark);
  }
  expect(await background(cell('Own it'))).toBe('rgb(255, 201, 201)');
  await expect(row.getByText(a.belowBar)).toBeVisible();
  await expect(row.getByText(a.reasonMinus(1, 0))).toBeVisible();

  for (const what of [a.getsIt, a.wantsIt, a.capacityFull]) {
    await cell(what).focus();
    await managerPage.keyboard.press('Space');
    await expect(cell(what)).toHaveText(a.yes);
  }
  // The admin's table follows in real time.
  await expect(page.getByRole('row', { name: /Pia Peer/ }).getByText(a.belowBar)).toBeVisible();
  await shots(managerPage, 'below-the-bar');
  await expectAccessible(managerPage, 'the People Analyzer');

  // "−" becomes "+/−": at the bar again.
  await cell('Own it').focus();
  for (const mark of ['·', a.markPlus, a.markMixed]) {
    await managerPage.keyboard.press('Enter');
    await expect(cell('Own it')).toHaveText(mark);
  }
  await expect(row.getByText(a.meetsBar)).toBeVisible();
  await expect(row.getByText(a.belowBar)).toHaveCount(0);

  // The history dialog; Escape closes it.
  await row.getByRole('button', { name: a.historyOf('Pia Peer') }).click();
  const history = managerPage.getByRole('dialog', { name: a.historyOf('Pia Peer') });
  await expect(history.getByText('Own it: +/−')).toBeVisible();
  await expect(history.getByText(`${a.getsIt}: ${a.yes}`, { exact: false })).toBeVisible();
  await shots(managerPage, 'history');
  await expectAccessible(managerPage, 'the People Analyzer history');
  await managerPage.keyboard.press('Escape');
  await expect(history).toBeHidden();

  // Pia herself: nobody to rate, and her own row nowhere.
  const reportContext = await browser.newContext();
  const reportPage = await reportContext.newPage();
  await startSignedIn(reportPage, report.token);
  await reportPage.goto('/people/analyzer');
  await expect(reportPage.getByText(a.empty)).toBeVisible();
  await expect(reportPage.getByRole('row', { name: /Pia Peer/ })).toHaveCount(0);
  await shots(reportPage, 'empty');

  await shots(page, 'admin');
  await managerContext.close();
  await reportContext.close();
});
