import { expect as baseExpect, type Page, test } from '@playwright/test';
import { messages } from '../src/shared/messages.ts';
import { call, createMeeting, SCREENS, startSignedIn, team } from './helpers.ts';

// Workspace administration (issue 20): the workspace's colours and logo reach every member at
// once, annuals with their overlap rules, and the quarters that feed the period pickers.

test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 30_000 });
// The machine these run on may be busy: a page's first load gets longer than the default.
const expect = baseExpect.configure({ timeout: 30_000 });

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const toast = (page: Page, text: string) => page.locator('[data-toast]').filter({ hasText: text });
const shot = async (page: Page, name: string, fullPage = true) => {
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SCREENS}/admin-${name}.png`, fullPage });
};
const primaryFilled = (page: Page) =>
  page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-filled').trim(),
  );
const shownDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

test('an admin changes the colours and the logo; a member sees the new theme without reloading', async ({
  page,
  browser,
  request,
}) => {
  const { owner, mate } = await team(request, 'brand');
  await startSignedIn(page, owner.token);
  const mateContext = await browser.newContext();
  const matePage = await mateContext.newPage();
  await startSignedIn(matePage, mate.token);
  await matePage.goto('/home');
  await expect(matePage.getByRole('navigation', { name: messages.mainNavigation })).toBeVisible();
  const before = await primaryFilled(matePage);

  await page.goto('/settings/administration');
  await expect(page.getByRole('heading', { name: messages.generalSettings })).toBeVisible();
  // A light yellow as the link colour is hard to read on white: the form says so before saving.
  const primary1 = page.getByRole('textbox', { name: messages.colourLabel('primaryColor1') });
  await primary1.fill('#fab005');
  await primary1.press('Escape');
  await expect(page.getByText(/WCAG AA asks for 4.5:1/)).toBeVisible();
  await primary1.fill('#0b7285');
  await primary1.press('Escape');
  await expect(page.getByText(/WCAG AA asks for 4.5:1/)).toHaveCount(0);
  const topBar = page.getByRole('textbox', { name: messages.colourLabel('secondaryColor1') });
  await topBar.fill('#e3fafc');
  await topBar.press('Escape');
  await page.getByRole('button', { name: messages.saveButton }).click();
  await expect(toast(page, messages.settingsSaved)).toBeVisible();

  // The member's open page follows, without a reload.
  await expect.poll(() => primaryFilled(matePage)).toBe('#0b7285');
  expect(before).not.toBe('#0b7285');

  // The logo: in the admin's top bar at once and in the member's too.
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: messages.logoUpload }).click(),
  ]);
  await chooser.setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  // The colours' toast may still be showing: the newest is the logo's (the logo below proves the upload).
  await expect(toast(page, messages.settingsSaved).last()).toBeVisible();
  const logoOf = (p: Page) => p.getByTestId('current-workspace').getByRole('img');
  await expect(logoOf(page)).toHaveAttribute('src', /\/api\/v2\/tenants\/[\w-]+\/logo\/[0-9a-f]{64}$/);
  await expect(logoOf(matePage)).toHaveAttribute('src', /\/logo\//);
  await shot(page, 'general-settings');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'general-settings-phone');
  await shot(matePage, 'member-branded');

  // A blank colour is the default again, for everyone.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: messages.resetColours }).click();
  await page.getByRole('button', { name: messages.saveButton }).click();
  await expect.poll(() => primaryFilled(matePage)).toBe(before);
  await mateContext.close();
});

test('an admin adds an annual, meets the overlap message, fixes it and edits a period', async ({ page, request }) => {
  const { owner } = await team(request, 'annuals');
  const year = new Date().getUTCFullYear();
  const [next, after] = [year + 1, year + 2];
  await call(request, owner.token, 'POST', '/annuals', {
    year: after,
    isCalendarYear: '1',
    quarters: ['01-01', '04-01', '07-01', '10-01'].map((day) => ({ startDate: `${after}-${day}` })),
    endDate: `${after}-12-31`,
  });
  await startSignedIn(page, owner.token);
  await page.goto('/settings/administration');
  await page.getByRole('button', { name: messages.addAnnual }).click();
  const dialog = page.getByRole('dialog', { name: messages.addAnnual });
  await dialog.getByRole('combobox', { name: messages.annualYearLabel, exact: true }).click();
  await page.getByRole('option', { name: String(next), exact: true }).click();
  await dialog.getByText(messages.annualFiscalYear).click();
  const dateField = (label: string) => dialog.getByLabel(label, { exact: true });
  await dateField(messages.periodStartLabel(1)).fill(`${next}-02-01`);
  await dateField(messages.periodStartLabel(2)).fill(`${next}-05-01`);
  await dateField(messages.periodStartLabel(3)).fill(`${next}-08-01`);
  await dateField(messages.periodStartLabel(4)).fill(`${next}-11-01`);
  await dateField(messages.periodEndLabel(4)).fill(`${after}-01-15`);
  await dialog.getByRole('button', { name: messages.saveButton }).click();
  await expect(dialog.getByText(messages.annualEndOverlap(`${after}-01-01`))).toBeVisible();
  await shot(page, 'annual-overlap', false);
  await dateField(messages.periodEndLabel(4)).fill(`${next}-12-31`);
  await dialog.getByRole('button', { name: messages.saveButton }).click();
  await expect(toast(page, messages.annualSaved)).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId(`annual-${next}`);
  await expect(row.getByText(`P1 ${next}-02-01 – ${next}-04-30`)).toBeVisible();

  // Edit: the second period starts later; the first one ends the day before.
  await row.getByRole('button', { name: messages.editAnnual(next) }).click();
  const edit = page.getByRole('dialog', { name: messages.editAnnual(next) });
  await edit.getByLabel(messages.periodStartLabel(2), { exact: true }).fill(`${next}-06-01`);
  await edit.getByRole('button', { name: messages.saveButton }).click();
  await expect(edit).toBeHidden();
  await expect(row.getByText(`P1 ${next}-02-01 – ${next}-05-31`)).toBeVisible();
  // Only the current year is left to add: the control stays; Escape closes the dialog.
  await page.getByRole('button', { name: messages.addAnnual }).click();
  await expect(page.getByRole('dialog', { name: messages.addAnnual })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: messages.addAnnual })).toBeHidden();
  await shot(page, 'annuals');
});

test('an admin edits the quarters and the action-item period picker offers the new periods', async ({
  page,
  request,
}) => {
  const { owner, mate } = await team(request, 'quarters');
  const meeting = await createMeeting(request, owner.token, 'Quarterly Review', [mate.id]);
  const next = new Date().getUTCFullYear() + 1;
  await startSignedIn(page, owner.token);
  await page.goto('/home');
  await page
    .getByRole('navigation', { name: messages.mainNavigation })
    .getByRole('link', { name: messages.navQuarters })
    .click();
  await expect(page.getByRole('heading', { name: messages.quartersTitle })).toBeVisible();
  await expect(page.getByText(messages.quartersEmpty)).toBeVisible();
  await page.getByRole('button', { name: messages.addQuartal }).click();
  const add = page.getByRole('dialog', { name: messages.addQuartal });
  await add.getByRole('textbox', { name: messages.annualYearLabel, exact: true }).fill(String(next));
  await add.getByLabel(messages.quarterStartLabel(2), { exact: true }).fill(`${next}-03-01`);
  await add.getByRole('button', { name: messages.saveButton }).click();
  await expect(toast(page, messages.quartalSaved)).toBeVisible();
  await expect(page.getByRole('cell', { name: `${next}-03-01` })).toBeVisible();

  await page.getByRole('button', { name: `${messages.editQuartal} ${next}` }).click();
  const edit = page.getByRole('dialog', { name: messages.editQuartal });
  await edit.getByLabel(messages.quarterStartLabel(3), { exact: true }).fill(`${next}-06-15`);
  await edit.getByRole('button', { name: messages.saveButton }).click();
  await expect(page.getByRole('cell', { name: `${next}-06-15` })).toBeVisible();
  await shot(page, 'quartals');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'quartals-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto(`/meeting-dashboard/${meeting.id}/Quarterly-Review`);
  const goals = page.getByRole('region', { name: messages.goalsSection });
  await goals.getByRole('button', { name: messages.addTaskOfType('Goals') }).click();
  const form = page.getByRole('dialog', { name: messages.taskFormTitle('add', 'Goals') });
  await form.getByRole('combobox', { name: messages.taskPeriodLabel }).click();
  await expect(
    page.getByRole('option', { name: messages.taskPeriodOption(1, next, shownDate(`${next}-02-28`)) }),
  ).toBeVisible();
  await expect(
    page.getByRole('option', { name: messages.taskPeriodOption(2, next, shownDate(`${next}-06-14`)) }),
  ).toBeVisible();
  await shot(page, 'period-picker', false);
});
