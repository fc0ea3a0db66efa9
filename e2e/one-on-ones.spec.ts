import { execFileSync } from 'node:child_process';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { notificationsMessages } from '../src/features/notifications/notifications.messages.ts';
import type { OrgChart } from '../src/features/orgchart/orgchart.schemas.ts';
import { peopleToolsMessages as m } from '../src/features/people-tools/people-tools.messages.ts';
import type { OneOnOne, Pairs } from '../src/features/people-tools/people-tools.schemas.ts';
import { visionMessages } from '../src/features/vision/vision.messages.ts';
import { expectAccessible } from './axe.ts';
import {
  addToWorkspace,
  call,
  newUser,
  realtimeConnected,
  registerViaApi,
  SCREENS,
  screenshotsOf,
  signIn,
  startSignedIn,
  team,
} from './helpers.ts';

// People tools: a manager and a report hold a 1:1 live in two browsers, a talking point becomes a
// to-do, both fill a quarterly conversation alone and then see it side by side, and the PDF
// holds both sides' words (read with pdftotext).

test.describe.configure({ timeout: 300_000 });
test.use({ actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 30_000 });
const shots = screenshotsOf('one-on-ones');

const point = (page: Page, title: string) => page.getByRole('listitem', { name: title });

test('a manager and a report hold a 1:1 live and a quarterly conversation side by side', async ({
  page,
  browser,
  request,
}) => {
  const { owner: manager, mate: report } = await team(request, 'one-on-ones');
  const peerUser = newUser('one-on-ones-peer', { firstName: 'Pia', lastName: 'Peer' });
  await registerViaApi(request, peerUser);
  await addToWorkspace(request, manager, await signIn(request, peerUser));
  const chart = await call<OrgChart>(request, manager.token, 'POST', '/org-chart');
  const seat = (title: string) => chart.seats.find((s) => s.jobTitle === title)!.id;
  await call(request, manager.token, 'PATCH', `/org-chart/seats/${seat('Visionary')}`, { coworkers: [manager.id] });
  await call(request, manager.token, 'PATCH', `/org-chart/seats/${seat('Integrator')}`, { coworkers: [report.id] });
  for (const title of ['Help first', 'Own it'])
    await call(request, manager.token, 'POST', '/core-values', { title, description: `We ${title.toLowerCase()}.` });

  await startSignedIn(page, manager.token);
  const reportContext = await browser.newContext();
  const reportPage = await reportContext.newPage();
  await startSignedIn(reportPage, report.token);

  // The manager schedules the weekly 1:1 with the person in the seat below.
  await page.goto('/people');
  await expect(page.getByRole('heading', { name: m.peopleToolsTitle })).toBeVisible();
  await realtimeConnected(page);
  await expect(page.getByText(m.oneOnOnesEmpty)).toBeVisible();
  await page.getByRole('button', { name: m.newOneOnOne }).click();
  const dialog = page.getByRole('dialog', { name: m.newOneOnOne });
  await dialog.getByLabel(m.oneOnOneReport).click();
  await page.getByRole('option', { name: 'Bea Mate' }).click();
  await dialog.getByRole('button', { name: m.newOneOnOne }).click();
  await expect(page.getByRole('heading', { name: m.oneOnOneWith('Bea Mate') })).toBeVisible();
  await expect(page.getByRole('region', { name: m.agendaTitle })).toBeVisible();

  // The report opens the same 1:1 from their list.
  await reportPage.goto('/people');
  await reportPage.getByRole('link', { name: m.oneOnOneWith('Olga Owner') }).click();
  await expect(reportPage.getByRole('region', { name: m.agendaTitle })).toBeVisible();
  await realtimeConnected(reportPage);

  // Talking points added on either side show on the other at once.
  await page.getByRole('textbox', { name: m.talkingPointTitle, exact: true }).fill('Conference budget');
  await page.getByRole('button', { name: m.addTalkingPoint }).click();
  await expect(point(reportPage, 'Conference budget')).toBeVisible();
  await reportPage.getByRole('textbox', { name: m.talkingPointTitle, exact: true }).fill('Career path');
  await reportPage.getByRole('checkbox', { name: m.recurringPoint }).check();
  await reportPage.getByRole('button', { name: m.addTalkingPoint }).click();
  await expect(point(page, 'Career path')).toBeVisible();

  await page.getByRole('button', { name: m.startOneOnOne }).click();
  await expect(reportPage.getByText(m.liveNow)).toBeVisible();
  // The report is told in the bell that their manager started it (what was written stays out).
  const bellOf = (p: Page) => p.getByTestId('notification-bell');
  const bellList = (p: Page) => p.getByRole('dialog', { name: notificationsMessages.notificationsTitle });
  await bellOf(reportPage).click();
  await expect(
    bellList(reportPage).getByRole('button', { name: m.notificationOneOnOneStarted('Olga Owner') }),
  ).toBeVisible();
  await reportPage.keyboard.press('Escape');

  // A talking point becomes the report's to-do, seen on both sides.
  await point(page, 'Conference budget').getByRole('button', { name: m.makeTodo }).click();
  await expect(point(reportPage, 'Conference budget').getByText(m.madeTask)).toBeVisible();
  const pairs = await call<Pairs>(request, report.token, 'GET', '/one-on-ones');
  const live = await call<OneOnOne>(request, report.token, 'GET', `/one-on-one-meetings/${pairs.items[0]!.liveId}`);
  const taskId = live.points.find((p) => p.title === 'Conference budget')!.taskId!;
  const task = await call<{ title: string; userId: string; type: string }>(
    request,
    report.token,
    'GET',
    `/tasks/${taskId}`,
  );
  expect(task).toMatchObject({ title: 'Conference budget', userId: report.id, type: '4' });

  await page.getByRole('textbox', { name: m.sharedNotes }).fill('Agreed on a budget for the spring conference.');
  await page.getByRole('button', { name: m.saveNotes }).first().click();
  await expect(reportPage.getByRole('textbox', { name: m.sharedNotes }))
    .toHaveValue(/spring conference/, { timeout: 30_000 })
    .catch(async () => {
      await reportPage.reload();
      await expect(reportPage.getByRole('textbox', { name: m.sharedNotes })).toHaveValue(/spring conference/);
    });
  await shots(page, 'live-manager');
  await shots(reportPage, 'live-report');
  await expectAccessible(page, 'the 1:1');

  // Both fill the quarterly conversation alone, then see it side by side.
  await page.getByRole('button', { name: m.newConversation }).click();
  const create = page.getByRole('dialog', { name: m.newConversation });
  await create.getByRole('button', { name: m.newConversation }).click();
  const link = (p: Page) => p.getByRole('link', { name: /conversation \d{4}-Q\d/ });
  await link(page).click();
  await expect(page.getByRole('region', { name: m.myForm })).toBeVisible();
  // The report's bell says a form waits for them; its entry opens the conversation.
  await bellOf(reportPage).click();
  await bellList(reportPage)
    .getByRole('button', { name: /set up your quarterly conversation \d{4}-Q\d: your form is waiting/ })
    .click();
  await expect(reportPage).toHaveURL(/\/conversations\/[0-9a-f-]{36}$/);
  await expect(reportPage.getByRole('region', { name: m.myForm })).toBeVisible();

  await page.getByRole('textbox', { name: m.whatsWorking }).fill('Bea ships on time every sprint');
  await page.getByRole('textbox', { name: m.whatsNotWorking }).fill('Too many meetings');
  await page
    .locator('label')
    .filter({ hasText: new RegExp(`^${m.yes}$`) })
    .first()
    .click();
  await shots(page, 'conversation-form');
  await expectAccessible(page, 'the conversation form');
  await page.getByRole('button', { name: m.submitForm }).click();
  await expect(page.getByRole('region', { name: 'Report: Bea Mate' }).getByText(m.waitingForOther)).toBeVisible();

  await reportPage.getByRole('textbox', { name: m.whatsWorking }).fill('Olga unblocks me quickly');
  await reportPage.getByRole('button', { name: m.submitForm }).click();
  const sideBySide = (p: Page) => p.getByRole('region', { name: m.sideBySide });
  await expect(sideBySide(reportPage).getByText('Bea ships on time every sprint')).toBeVisible();
  await expect(sideBySide(page).getByText('Olga unblocks me quickly')).toBeVisible();

  await page.getByRole('textbox', { name: m.summary }).fill('Keep shipping; fewer meetings next quarter.');
  await page.getByRole('button', { name: m.saveSummary }).click();
  await page.getByRole('button', { name: m.acknowledge }).click();
  await shots(page, 'conversation-side-by-side');
  await expectAccessible(page, 'the side-by-side conversation');

  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: m.exportPdf }).click(),
  ]);
  const file = `${SCREENS}/one-on-ones-conversation.pdf`;
  await pdf.saveAs(file);
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
  for (const words of ['Bea ships on time every sprint', 'Olga unblocks me quickly', 'Keep shipping; fewer meetings'])
    expect(text).toContain(words);

  // The list, the core values and the reporting lines, as the admin sees them.
  await page.goto('/people');
  await expect(page.getByRole('article', { name: m.oneOnOneWith('Bea Mate') })).toBeVisible();
  await shots(page, 'list');
  await page.goto('/people?tab=values');
  await expect(page.getByRole('article', { name: 'Help first' })).toBeVisible();
  await shots(page, 'values');
  await expectAccessible(page, 'the core values');
  await page.goto('/people?tab=reporting');
  await expect(page.getByText(m.unplacedTitle)).toBeVisible();
  await expect(page.getByRole('cell', { name: /Pia Peer/ }).first()).toBeVisible();
  // Any person can be picked as a manager: the picker searches the workspace on the server, by keyboard.
  const picker = page.getByRole('combobox', { name: `${m.setManager}: Pia Peer` }).first();
  await picker.focus();
  await page.keyboard.type('Mate');
  await expect(page.getByRole('option', { name: 'Bea Mate' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Olga Owner' })).toBeHidden();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const piaRow = page.getByRole('row', { name: /Pia Peer/ }).first();
  await expect(piaRow.getByRole('cell', { name: 'Bea Mate' })).toBeVisible();
  await expect(piaRow.getByText(m.sourceOverride)).toBeVisible();
  await shots(page, 'reporting');
  await expectAccessible(page, 'the reporting lines');

  // The vision board's Core Values section shows the workspace's values.
  await page.goto('/vto');
  await page.getByRole('button', { name: visionMessages.visionStart }).click();
  const section = page.getByRole('region', { name: 'Core Values' });
  await expect(section.getByText('Help first', { exact: true })).toBeVisible();
  await shots(page, 'vision-core-values', section);
  await reportContext.close();
});
