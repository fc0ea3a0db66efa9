import { expect, test } from '@playwright/test';
import { authMessages } from '../src/features/auth/auth.messages.ts';
import { messages } from '../src/shared/messages.ts';

// The app's own router (decision 133) where no other browser test reaches it: the browser's back
// and forward buttons, clicks it leaves to the browser, and the history a guard's redirect leaves.

test('back and forward ask before leaving a filled form, and go on when allowed', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: authMessages.signUpLink }).click();
  await expect(page).toHaveURL(/\/sign-up$/);
  const firstName = page.getByLabel(messages.firstName);
  await firstName.fill('Ada');

  await page.goBack();
  const prompt = page.getByRole('dialog', { name: messages.unsavedChangesTitle });
  await expect(prompt).toBeVisible();
  await expect(page).toHaveURL(/\/sign-up$/);
  await prompt.getByRole('button', { name: messages.stayOnPage }).click();
  await expect(prompt).toBeHidden();
  await expect(page).toHaveURL(/\/sign-up$/);
  await expect(firstName).toHaveValue('Ada');

  await page.goBack();
  await page
    .getByRole('dialog', { name: messages.unsavedChangesTitle })
    .getByRole('button', { name: messages.leavePage })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: authMessages.signInTitle })).toBeVisible();

  // Forward again: a fresh form, so nothing to ask about on the way back.
  await page.goForward();
  await expect(page).toHaveURL(/\/sign-up$/);
  await expect(page.getByLabel(messages.firstName)).toHaveValue('');
  await page.goBack();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a link clicked with Ctrl or Cmd opens a new tab and leaves the page where it is', async ({ page, context }) => {
  await page.goto('/login');
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: authMessages.signUpLink }).click({ modifiers: ['ControlOrMeta'] }),
  ]);
  await tab.waitForLoadState();
  await expect(tab).toHaveURL(/\/sign-up$/);
  await expect(page).toHaveURL(/\/login$/);
});

test("a guard's redirect to the sign-in replaces the private page in the history", async ({ page }) => {
  await page.goto('/login');
  await page.goto('/meetings?page=2');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmeetings%3Fpage%3D2$/);
  await expect(page.getByRole('heading', { name: authMessages.signInTitle })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/login$/);
});
