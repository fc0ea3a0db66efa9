import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { expect as baseExpect, type Locator, type Page, test } from '@playwright/test';
import { clientMessages } from '../src/client/client.messages.ts';
import { orgchartMessages } from '../src/features/orgchart/orgchart.messages.ts';
import { messages } from '../src/shared/messages.ts';
import { call, realtimeConnected, SCREENS, startSignedIn, team } from './helpers.ts';

// The org chart: the default chart, drag to a free place and onto a taken one, a
// leaf deleted and a parent refused, another viewer following live, the PDF export (its first
// page rendered to PNG with pdftoppm) and the print layout.

test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 30_000 });
// The shared machine is slow to load pages: states are waited for longer than the default.
const expect = baseExpect.configure({ timeout: 30_000 });

const toast = (page: Page, text: string) => page.locator('[data-toast]').filter({ hasText: text });
/** A drag as a person makes it: the free places appear only once the drag has started. */
const drag = async (page: Page, from: Locator, to: (page: Page) => Locator) => {
  const box = (await from.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 12, box.y + box.height / 2 + 12, { steps: 3 });
  await to(page).hover();
  await page.mouse.up();
};
const seat = (page: Page, title: string) => page.getByRole('button', { name: new RegExp(`^${title}, row`) });

test('builds a chart from the default, moves seats by drag, deletes a leaf only, exports and prints', async ({
  page,
  browser,
  request,
}) => {
  const { owner, mate } = await team(request, 'orgchart');
  await startSignedIn(page, owner.token);
  const mateContext = await browser.newContext();
  const matePage = await mateContext.newPage();
  await startSignedIn(matePage, mate.token);

  await page.goto('/home');
  await expect(
    page
      .getByRole('navigation', { name: clientMessages.mainNavigation })
      .getByRole('link', { name: clientMessages.navOrgChart }),
  ).toHaveAttribute('href', '/chart');
  await page.goto('/chart');
  await expect(page.getByRole('heading', { name: orgchartMessages.orgChartTitle })).toBeVisible();
  await expect(page.getByText(orgchartMessages.orgChartEmpty)).toBeVisible();
  await page.getByRole('button', { name: orgchartMessages.orgChartStart }).click();
  await expect(seat(page, 'Visionary')).toBeVisible();
  await expect(page.locator('.orgchart-seat')).toHaveCount(7);

  // The mate sees the chart without edit controls, and follows changes live.
  await matePage.goto('/chart');
  await expect(matePage.getByRole('group', { name: 'Sales, row 4, seat 7' })).toBeVisible();
  await expect(matePage.getByRole('button', { name: orgchartMessages.addSeat })).toHaveCount(0);
  await realtimeConnected(matePage);

  // Drag Sales to a free place (row 4, seat 6): it moves, here and in the other browser.
  await drag(page, seat(page, 'Sales'), (p) => p.locator('[data-place="4/6"]'));
  await expect(page.getByRole('button', { name: 'Sales, row 4, seat 6' })).toBeVisible();
  await expect(matePage.getByRole('group', { name: 'Sales, row 4, seat 6' })).toBeVisible();

  // Onto a taken seat (Operations): refused with the spec's message; Sales stays.
  await drag(page, seat(page, 'Sales'), (p) => seat(p, 'Operations'));
  await expect(toast(page, orgchartMessages.seatTaken)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sales, row 4, seat 6' })).toBeVisible();

  // Keyboard: M on a seat, then Enter on a free place.
  await page.getByRole('button', { name: 'Customer Service, row 4, seat 10' }).focus();
  await page.keyboard.press('m');
  await expect(page.getByText(orgchartMessages.movingSeat('Customer Service'))).toBeVisible();
  await page.getByRole('button', { name: orgchartMessages.freeSeatLabel(4, 11) }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Customer Service, row 4, seat 11' })).toBeVisible();

  // Add Seat: taken numbers of the row are not offered.
  await page.getByRole('button', { name: orgchartMessages.addSeat }).click();
  const form = page.getByRole('dialog', { name: orgchartMessages.addSeat });
  await form.getByRole('textbox', { name: orgchartMessages.seatJobTitle }).fill('Controller');
  await form.getByRole('textbox', { name: orgchartMessages.seatRow }).fill('4');
  await form.getByRole('combobox', { name: orgchartMessages.seatNumber }).click();
  await expect(page.getByRole('option', { name: '6', exact: true })).toHaveCount(0);
  await page.getByRole('option', { name: '14', exact: true }).click();
  await form.getByRole('combobox', { name: orgchartMessages.seatParent }).click();
  await page.getByRole('option', { name: /^Finance/ }).click();
  await form.getByRole('textbox', { name: orgchartMessages.seatDescription }).fill('Monthly close\nBudget');
  await page.screenshot({ path: `${SCREENS}/orgchart-seat-form.png` });
  await form.getByRole('button', { name: messages.saveButton }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('button', { name: 'Controller, row 4, seat 14' })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/orgchart-desktop.png` });

  // Delete a parent: refused. Delete a leaf: after a confirmation, gone.
  await seat(page, 'Finance').click();
  let edit = page.getByRole('dialog', { name: orgchartMessages.editSeat });
  await edit.getByRole('button', { name: orgchartMessages.deleteSeat }).click();
  let confirm = page.getByRole('dialog', { name: orgchartMessages.deleteSeatTitle('Finance') });
  await confirm.getByRole('button', { name: messages.deleteButton }).click();
  await expect(confirm.getByText(orgchartMessages.onlyLeavesDeleted)).toBeVisible();
  await confirm.getByRole('button', { name: messages.cancelButton }).click();
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  await seat(page, 'Controller').click();
  edit = page.getByRole('dialog', { name: orgchartMessages.editSeat });
  await edit.getByRole('button', { name: orgchartMessages.deleteSeat }).click();
  confirm = page.getByRole('dialog', { name: orgchartMessages.deleteSeatTitle('Controller') });
  await confirm.getByRole('button', { name: messages.deleteButton }).click();
  await expect(seat(page, 'Controller')).toHaveCount(0);
  await expect(matePage.locator('.orgchart-seat')).toHaveCount(7);

  // Zoom by the buttons.
  await page.getByRole('button', { name: orgchartMessages.zoomIn }).click();
  await expect(page.getByText('90 %')).toBeVisible();

  // Export PDF (A4): a real PDF whose first page is looked at as a PNG.
  await page.getByRole('button', { name: clientMessages.exportPdf }).click();
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'A4' }).click()]);
  const pdfPath = `${SCREENS}/orgchart-export.pdf`;
  await pdf.saveAs(pdfPath);
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '50',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    pdfPath,
    `${SCREENS}/orgchart-pdf`,
  ]);
  expect(existsSync(`${SCREENS}/orgchart-pdf.png`)).toBe(true);
  // Export PNG, drawn from the data.
  const [png] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: orgchartMessages.exportPng }).click(),
  ]);
  await png.saveAs(`${SCREENS}/orgchart-export.png`);
  expect(png.suggestedFilename()).toBe('org-chart.png');

  // Print preview: the app's chrome is hidden and the chart fits a landscape page.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: clientMessages.mainNavigation })).toBeHidden();
  await expect(page.getByRole('button', { name: clientMessages.exportPdf })).toBeHidden();
  // What the browser prints (print media): the chart alone on a landscape page.
  await page.pdf({ path: `${SCREENS}/orgchart-print.pdf`, landscape: true, format: 'A4', printBackground: true });
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '50',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    `${SCREENS}/orgchart-print.pdf`,
    `${SCREENS}/orgchart-print`,
  ]);
  await page.emulateMedia({ media: 'screen' });
  await mateContext.close();
});

test('on a phone the chart opens with its top seat in view', async ({ browser, request }) => {
  const { owner } = await team(request, 'orgchart-phone');
  await call(request, owner.token, 'POST', '/org-chart');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await startSignedIn(page, owner.token);
  await page.goto('/chart');
  const head = page.getByRole('button', { name: /^Visionary, row 1/ });
  await expect(head).toBeVisible();
  const chart = page.getByRole('region', { name: orgchartMessages.orgChartTitle });
  const [seatBox, chartBox] = [(await head.boundingBox())!, (await chart.boundingBox())!];
  // Wholly inside the chart's visible area and the screen, across and down.
  expect(seatBox.x).toBeGreaterThanOrEqual(chartBox.x);
  expect(seatBox.x + seatBox.width).toBeLessThanOrEqual(Math.min(chartBox.x + chartBox.width, 390));
  expect(seatBox.y).toBeGreaterThanOrEqual(chartBox.y);
  expect(seatBox.y + seatBox.height).toBeLessThanOrEqual(Math.min(chartBox.y + chartBox.height, 844));
  await page.screenshot({ path: `${SCREENS}/orgchart-phone-opened.png` });
  await context.close();
});
