import { expect as baseExpect, type Locator, type Page, test } from '@playwright/test';
import { clientMessages } from '../src/client/client.messages.ts';
import { adminMessages } from '../src/features/admin/admin.messages.ts';
import { quartersMessages } from '../src/features/quarters/quarters.messages.ts';
import { tasksMessages } from '../src/features/tasks/tasks.messages.ts';
import { messages } from '../src/shared/messages.ts';
import { call, createMeeting, realtimeConnected, SCREENS, startSignedIn, team } from './helpers.ts';

// Workspace administration: the workspace's colours and logo reach every member at
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
/** The day before `iso` (YYYY-MM-DD), leap years included. */
const dayBefore = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
/**
 * Which of the period colours (document 3 §4: future red, current yellow, past grey) a period
 * badge is drawn in: its text and background against the theme's own light variants.
 */
const badgeColour = (badge: Locator) =>
  badge.evaluate((element) => {
    const probe = document.createElement('span');
    document.body.append(probe);
    const drawn = getComputedStyle(element);
    const match = ['red', 'yellow', 'gray'].filter((name) => {
      probe.style.color = `var(--mantine-color-${name}-light-color)`;
      probe.style.backgroundColor = `var(--mantine-color-${name}-light)`;
      const reference = getComputedStyle(probe);
      return reference.color === drawn.color && reference.backgroundColor === drawn.backgroundColor;
    });
    probe.remove();
    return match.join(',');
  });
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
  await expect(matePage.getByRole('navigation', { name: clientMessages.mainNavigation })).toBeVisible();
  await realtimeConnected(matePage);
  const before = await primaryFilled(matePage);

  await page.goto('/settings/administration');
  await expect(page.getByRole('heading', { name: adminMessages.generalSettings })).toBeVisible();
  // A light yellow as the link colour is hard to read on white: the form says so before saving.
  const primary1 = page.getByRole('textbox', { name: adminMessages.colourLabel('primaryColor1') });
  // A colour's name is not taken silently: it stays in the field and the save says why not.
  await primary1.fill('teal');
  await primary1.press('Tab');
  await expect(primary1).toHaveValue('teal');
  await page.getByRole('button', { name: messages.saveButton }).click();
  await expect(page.getByText(messages.colourFormat)).toBeVisible();
  await expect(toast(page, messages.settingsSaved)).toHaveCount(0);
  await primary1.fill('#fab005');
  await primary1.press('Escape');
  await expect(page.getByText(/WCAG AA asks for 4.5:1/)).toBeVisible();
  await primary1.fill('#0b7285');
  await primary1.press('Escape');
  await expect(page.getByText(/WCAG AA asks for 4.5:1/)).toHaveCount(0);
  const topBar = page.getByRole('textbox', { name: adminMessages.colourLabel('secondaryColor1') });
  await topBar.fill('#e3fafc');
  await topBar.press('Escape');
  await page.getByRole('button', { name: messages.saveButton }).click();
  await expect(toast(page, messages.settingsSaved)).toBeVisible();

  // The member's open page follows, without a reload.
  await expect.poll(() => primaryFilled(matePage)).toBe('#0b7285');
  expect(before).not.toBe('#0b7285');
  // Light buttons take it too (their text is primary 1): the logo's Upload button.
  const upload = page.getByRole('button', { name: adminMessages.logoUpload });
  await expect.poll(() => upload.evaluate((button) => getComputedStyle(button).color)).toBe('rgb(11, 114, 133)');

  // The logo: in the admin's top bar at once and in the member's too.
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: adminMessages.logoUpload }).click(),
  ]);
  await chooser.setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  // The colours' toast may still be showing: the newest is the logo's (the logo below proves the upload).
  await expect(toast(page, messages.settingsSaved).last()).toBeVisible();
  const logoOf = (p: Page) => p.getByTestId('current-workspace').getByRole('img');
  await expect(logoOf(page)).toHaveAttribute('src', /\/api\/v2\/tenants\/[\w-]+\/logo\/[0-9a-f]{64}$/);
  await expect(logoOf(matePage)).toHaveAttribute('src', /\/logo\//);
  await shot(page, 'general-settings');
  await page.setViewportSize({ width: 390, height: 844 });
  // A phone's top bar has no room for the workspace's name: its logo takes the product mark's place.
  await expect(page.getByTestId('current-workspace')).toBeHidden();
  await expect(page.getByTestId('current-workspace-phone').getByRole('img')).toHaveAttribute('src', /\/logo\//);
  await shot(page, 'general-settings-phone');
  await shot(matePage, 'member-branded');

  // A blank colour is the default again, for everyone.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: adminMessages.resetColours }).click();
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
  await page.getByRole('button', { name: quartersMessages.addAnnual }).click();
  const dialog = page.getByRole('dialog', { name: quartersMessages.addAnnual });
  await dialog.getByRole('combobox', { name: quartersMessages.annualYearLabel, exact: true }).click();
  await page.getByRole('option', { name: String(next), exact: true }).click();
  await dialog.getByText(quartersMessages.annualFiscalYear).click();
  const dateField = (label: string) => dialog.getByLabel(label, { exact: true });
  await dateField(quartersMessages.periodStartLabel(1)).fill(`${next}-02-01`);
  await dateField(quartersMessages.periodStartLabel(2)).fill(`${next}-05-01`);
  await dateField(quartersMessages.periodStartLabel(3)).fill(`${next}-08-01`);
  await dateField(quartersMessages.periodStartLabel(4)).fill(`${next}-11-01`);
  await dateField(quartersMessages.periodEndLabel(4)).fill(`${after}-01-15`);
  await dialog.getByRole('button', { name: messages.saveButton }).click();
  await expect(dialog.getByText(quartersMessages.annualEndOverlap(`${after}-01-01`))).toBeVisible();
  await shot(page, 'annual-overlap', false);
  await dateField(quartersMessages.periodEndLabel(4)).fill(`${next}-12-31`);
  await dialog.getByRole('button', { name: messages.saveButton }).click();
  await expect(toast(page, quartersMessages.annualSaved)).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId(`annual-${next}`);
  await expect(row.getByText(`P1 ${next}-02-01 – ${next}-04-30`)).toBeVisible();

  // Edit: the second period starts later; the first one ends the day before.
  await row.getByRole('button', { name: quartersMessages.editAnnual(next) }).click();
  const edit = page.getByRole('dialog', { name: quartersMessages.editAnnual(next) });
  await edit.getByLabel(quartersMessages.periodStartLabel(2), { exact: true }).fill(`${next}-06-01`);
  await edit.getByRole('button', { name: messages.saveButton }).click();
  await expect(edit).toBeHidden();
  await expect(row.getByText(`P1 ${next}-02-01 – ${next}-05-31`)).toBeVisible();
  // Every period of a later year is still to come: red.
  const badge = (y: number, n: number) =>
    page
      .getByTestId(`annual-${y}`)
      .locator('.mantine-Badge-root')
      .nth(n - 1);
  for (const n of [1, 2, 3, 4]) expect(await badgeColour(badge(next, n)), `P${n} ${next}`).toBe('red');
  // Only the current year is left to add: the control stays; Escape closes the dialog.
  await page.getByRole('button', { name: quartersMessages.addAnnual }).click();
  const last = page.getByRole('dialog', { name: quartersMessages.addAnnual });
  await expect(last).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(last).toBeHidden();
  // The current year (the only choice, a calendar year by default): then all three exist and
  // the Add control is gone.
  await page.getByRole('button', { name: quartersMessages.addAnnual }).click();
  await expect(last.getByRole('combobox', { name: quartersMessages.annualYearLabel, exact: true })).toHaveValue(
    String(year),
  );
  await last.getByRole('button', { name: messages.saveButton }).click();
  await expect(last).toBeHidden();
  await expect(page.getByTestId(`annual-${year}`)).toBeVisible();
  await expect(page.getByRole('button', { name: quartersMessages.addAnnual })).toHaveCount(0);
  // This year's periods: the one holding today is yellow, earlier ones grey, later ones red.
  const current = Math.floor(new Date().getUTCMonth() / 3) + 1;
  for (const n of [1, 2, 3, 4]) {
    const colour = n < current ? 'gray' : n === current ? 'yellow' : 'red';
    expect(await badgeColour(badge(year, n)), `P${n} ${year}`).toBe(colour);
  }
  await shot(page, 'annuals');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'annuals-phone');
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
    .getByRole('navigation', { name: clientMessages.mainNavigation })
    .getByRole('link', { name: clientMessages.navQuarters })
    .click();
  await expect(page.getByRole('heading', { name: quartersMessages.quartersTitle })).toBeVisible();
  await expect(page.getByText(quartersMessages.quartersEmpty)).toBeVisible();
  await page.getByRole('button', { name: quartersMessages.addQuartal }).click();
  const add = page.getByRole('dialog', { name: quartersMessages.addQuartal });
  await add.getByRole('textbox', { name: quartersMessages.annualYearLabel, exact: true }).fill(String(next));
  await add.getByLabel(quartersMessages.quarterStartLabel(2), { exact: true }).fill(`${next}-03-01`);
  await add.getByRole('button', { name: messages.saveButton }).click();
  await expect(toast(page, quartersMessages.quartalSaved)).toBeVisible();
  await expect(page.getByRole('cell', { name: `${next}-03-01` })).toBeVisible();

  await page.getByRole('button', { name: `${quartersMessages.editQuartal} ${next}` }).click();
  const edit = page.getByRole('dialog', { name: quartersMessages.editQuartal });
  await edit.getByLabel(quartersMessages.quarterStartLabel(3), { exact: true }).fill(`${next}-06-15`);
  await edit.getByRole('button', { name: messages.saveButton }).click();
  await expect(page.getByRole('cell', { name: `${next}-06-15` })).toBeVisible();
  await shot(page, 'quartals');
  await page.setViewportSize({ width: 390, height: 844 });
  // A phone shows a card per year, each date whole.
  await expect(page.getByTestId(`quartal-${next}`).getByText(`${next}-06-15`, { exact: true })).toBeVisible();
  await shot(page, 'quartals-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The Action Items section's To Do form: its period picker offers the edited periods, each
  // ending the day before the next starts, and no calendar quarter of that year.
  await page.goto(`/meeting-dashboard/${meeting.id}/Quarterly-Review`);
  const periodOption = (n: number, end: string) =>
    page.getByRole('option', { name: tasksMessages.taskPeriodOption(n, next, shownDate(end)) });
  const newPeriods = [
    [1, dayBefore(`${next}-03-01`)],
    [2, `${next}-06-14`],
    [3, `${next}-09-30`],
    [4, `${next}-12-31`],
  ] as const;
  const actionItems = page.getByRole('region', { name: tasksMessages.actionItems });
  await actionItems.getByRole('button', { name: tasksMessages.addTaskOfType('To Do') }).click();
  const todo = page.getByRole('dialog', { name: tasksMessages.taskFormTitle('add', 'To Do') });
  await todo.getByRole('combobox', { name: tasksMessages.taskPeriodLabel }).click();
  for (const [n, end] of newPeriods) await expect(periodOption(n, end), `P${n}`).toBeVisible();
  await expect(periodOption(1, `${next}-03-31`)).toHaveCount(0);
  await expect(periodOption(2, `${next}-06-30`)).toHaveCount(0);
  await shot(page, 'period-picker', false);
  // Chosen, the period's last day is the to-do's due date.
  await periodOption(2, `${next}-06-14`).click();
  await todo.getByRole('textbox', { name: messages.taskTitleLabel }).fill('Book the offsite');
  await todo.getByRole('combobox', { name: messages.taskOwnerLabel }).click();
  await page.getByRole('option', { name: 'Olga Owner' }).click();
  await todo.getByRole('button', { name: messages.saveButton }).click();
  await expect(todo).toBeHidden();
  await actionItems.getByRole('button', { name: 'Edit Book the offsite' }).click();
  const editTodo = page.getByRole('dialog', { name: tasksMessages.taskFormTitle('edit', 'To Do') });
  await expect(editTodo.getByRole('combobox', { name: tasksMessages.taskPeriodLabel })).toHaveValue(
    tasksMessages.taskPeriodOption(2, next, shownDate(`${next}-06-14`)),
  );
  await page.keyboard.press('Escape');
  await expect(editTodo).toBeHidden();

  // The Goals form's period picker reads the same quarters.
  const goals = page.getByRole('region', { name: tasksMessages.goalsSection });
  await goals.getByRole('button', { name: tasksMessages.addTaskOfType('Goals') }).click();
  const form = page.getByRole('dialog', { name: tasksMessages.taskFormTitle('add', 'Goals') });
  await form.getByRole('combobox', { name: tasksMessages.taskPeriodLabel }).click();
  for (const [n, end] of newPeriods) await expect(periodOption(n, end), `goal P${n}`).toBeVisible();
});
