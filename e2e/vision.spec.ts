import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { expect as baseExpect, test } from '@playwright/test';
import { clientMessages } from '../src/client/client.messages.ts';
import { visionMessages } from '../src/features/vision/vision.messages.ts';
import { messages } from '../src/shared/messages.ts';
import { call, realtimeConnected, SCREENS, startSignedIn, team } from './helpers.ts';

// The vision board: a board from the default template, a section edited in one
// browser and seen in another without reload, a section added, the PDF export (its first page
// rendered with pdftoppm) and the print layout; the page at desktop and phone size.

test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

test('starts a board from the V/TO, edits it in two browsers, exports the PDF and prints', async ({
  page,
  browser,
  request,
}) => {
  const { owner, mate } = await team(request, 'vision');
  await startSignedIn(page, owner.token);
  await page.goto('/vto');
  await expect(page.getByRole('heading', { name: visionMessages.visionTitle })).toBeVisible();
  await expect(page.getByText(visionMessages.visionEmpty)).toBeVisible();
  await page.getByRole('button', { name: visionMessages.visionStart }).click();
  const coreValues = page.getByRole('region', { name: 'Core Values' });
  await expect(coreValues).toBeVisible();

  const mateContext = await browser.newContext();
  const matePage = await mateContext.newPage();
  await startSignedIn(matePage, mate.token);
  await matePage.goto('/vto');
  await expect(matePage.getByRole('region', { name: 'Core Values' })).toBeVisible();
  await realtimeConnected(matePage);

  // Edit a section: the other browser shows the new text without a reload.
  await coreValues.getByRole('button', { name: visionMessages.editSection('Core Values') }).click();
  const form = page.getByRole('dialog', { name: visionMessages.updateSection });
  const editor = form.getByRole('textbox', { name: visionMessages.sectionDescription });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Customers first. Own the outcome.');
  await form.getByRole('button', { name: messages.saveButton }).click();
  await expect(form).toBeHidden();
  await expect(coreValues).toContainText('Customers first. Own the outcome.');
  await expect(matePage.getByRole('region', { name: 'Core Values' })).toContainText(
    'Customers first. Own the outcome.',
  );

  // Add a section of written text; the other browser sees it too.
  await page.getByRole('button', { name: visionMessages.addSection }).click();
  const add = page.getByRole('dialog', { name: visionMessages.addSection });
  await add.getByRole('textbox', { name: visionMessages.sectionTitle }).fill('Hiring plan');
  await add.getByRole('textbox', { name: visionMessages.sectionDescription }).click();
  await page.keyboard.type('Two engineers by June.');
  await add.getByRole('button', { name: messages.saveButton }).click();
  await expect(add).toBeHidden();
  await expect(page.getByRole('region', { name: 'Hiring plan' })).toContainText('Two engineers by June.');
  await expect(matePage.getByRole('region', { name: 'Hiring plan' })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/vision-desktop.png`, fullPage: true });

  // Export PDF (A4): a real PDF whose first page is rendered to look at.
  await page.getByRole('button', { name: clientMessages.exportPdf }).click();
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'A4' }).click()]);
  const pdfPath = `${SCREENS}/vision-export.pdf`;
  await pdf.saveAs(pdfPath);
  execFileSync('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '1', '-singlefile', pdfPath, `${SCREENS}/vision-pdf`]);
  expect(existsSync(`${SCREENS}/vision-pdf.png`)).toBe(true);

  // Print: the board alone, without the app's chrome.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: clientMessages.mainNavigation })).toBeHidden();
  await expect(page.getByRole('region', { name: 'Core Values' })).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // The phone: one column, nothing wider than the screen.
  await matePage.setViewportSize({ width: 390, height: 844 });
  await matePage.reload();
  await expect(matePage.getByRole('region', { name: 'Hiring plan' })).toBeVisible();
  const overflow = await matePage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await matePage.screenshot({ path: `${SCREENS}/vision-phone.png`, fullPage: true });
  await mateContext.close();
});

test('two people editing one section: the second save shows both texts, and Keep mine saves it over the other', async ({
  browser,
  request,
}) => {
  const { owner, mate } = await team(request, 'vision-versions');
  await call(request, owner.token, 'POST', '/vision/templates', { title: 'Our V/TO', catalogKey: 'vto' });
  const open = async (token: string) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await startSignedIn(page, token);
    await page.goto('/vto');
    const region = page.getByRole('region', { name: 'Core Values' });
    await region.getByRole('button', { name: visionMessages.editSection('Core Values') }).click();
    return { context, page, form: page.getByRole('dialog', { name: visionMessages.updateSection }) };
  };
  const type = async ({ page, form }: Awaited<ReturnType<typeof open>>, text: string) => {
    await form.getByRole('textbox', { name: visionMessages.sectionDescription }).click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(text);
  };
  const olga = await open(owner.token);
  const bea = await open(mate.token);
  await type(olga, 'Olga: customers first');
  await type(bea, 'Bea: own the outcome');
  await olga.form.getByRole('button', { name: messages.saveButton }).click();
  await expect(olga.form).toBeHidden();
  await realtimeConnected(olga.page);

  // Bea's save comes second: refused, her text kept, both shown.
  await bea.form.getByRole('button', { name: messages.saveButton }).click();
  const notice = bea.form.getByRole('alert').filter({ hasText: visionMessages.sectionChangedMeanwhile('Olga Owner') });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(clientMessages.theirText('Olga Owner'));
  await expect(notice.getByTestId('their-text')).toContainText('Olga: customers first');
  await expect(notice.getByTestId('your-text')).toContainText('Bea: own the outcome');
  await bea.page.screenshot({ path: `${SCREENS}/vision-conflict.png` });
  await notice.getByRole('button', { name: clientMessages.keepMine }).click();
  await expect(bea.form).toBeHidden();
  await expect(olga.page.getByRole('region', { name: 'Core Values' })).toContainText('Bea: own the outcome');
  await olga.context.close();
  await bea.context.close();
});
