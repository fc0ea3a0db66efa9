import { expect as baseExpect, type Page, test } from '@playwright/test';
import { authMessages } from '../src/features/auth/auth.messages.ts';
import { emailsMessages } from '../src/features/emails/emails.messages.ts';
import { messages } from '../src/shared/messages.ts';
import { linkFromMail, mailsTo, SCREENS, startSignedIn, team } from './helpers.ts';

// Administration → Emails (decision 050): an admin edits the reset-password email with
// its variables, watches the preview, saves, and the next reset mail uses the new text.

test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 30_000 });
// The machine these run on may be busy: a page's first load gets longer than the default.
const expect = baseExpect.configure({ timeout: 30_000 });

const toast = (page: Page, text: string) => page.locator('[data-toast]').filter({ hasText: text });
const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SCREENS}/email-templates-${name}.png`, fullPage: true });
};

test('an admin edits the reset-password email, previews and saves it; the next reset mail uses it', async ({
  page,
  browser,
  request,
}) => {
  const { owner, mate } = await team(request, 'emails');
  await startSignedIn(page, owner.token);
  await page.goto('/settings/administration');
  await expect(page.getByRole('heading', { name: emailsMessages.emailTemplatesTitle })).toBeVisible();
  const row = page.getByTestId('email-template-reset-password');
  await expect(row.getByText(emailsMessages.emailTemplateDefault, { exact: true })).toBeVisible();
  await row.getByRole('button', { name: emailsMessages.emailTemplateEditOf('Reset password') }).click();

  const dialog = page.getByRole('dialog', { name: emailsMessages.emailTemplateEditTitle('Reset password') });
  await expect(dialog).toBeVisible();
  const preview = dialog.getByRole('region', { name: emailsMessages.emailTemplatePreview });
  await expect(preview).toContainText('Reset your Cadence password');
  await expect(preview).toContainText('Choose a new password within one hour');

  const subject = dialog.getByRole('textbox', { name: emailsMessages.emailTemplateSubject });
  await subject.fill('Acme: a new password for ');
  await dialog.getByRole('button', { name: emailsMessages.emailTemplateInsert('{{firstName}}') }).click();
  const message = dialog.getByRole('textbox', { name: emailsMessages.emailTemplateMessage });
  await message.fill('Hello ');
  // The variables go in at the cursor, and typing goes on after them.
  // The field takes the focus back in the next frame: typing waits for it.
  await dialog.getByRole('button', { name: emailsMessages.emailTemplateInsert('{{firstName}}') }).click();
  await expect(message).toBeFocused();
  await page.keyboard.type(' <friend>, your Acme link: ');
  await dialog.getByRole('button', { name: emailsMessages.emailTemplateInsert('{{link}}') }).click();
  await expect(message).toBeFocused();
  await page.keyboard.type('\nSee you! {{nickname}}');
  await expect(subject).toHaveValue('Acme: a new password for {{firstName}}');
  await expect(message).toHaveValue('Hello {{firstName}} <friend>, your Acme link: {{link}}\nSee you! {{nickname}}');

  // The preview follows with sample values; the text's angle brackets show as typed.
  await expect(preview).toContainText('Acme: a new password for Alex');
  await expect(preview).toContainText('Hello Alex <friend>, your Acme link:');
  await expect(preview.getByRole('link', { name: /\/forgotpassword\?hash=sample$/ })).toBeVisible();
  await shot(page, 'edit');

  // An unknown variable is refused, by name.
  await dialog.getByRole('button', { name: messages.saveButton }).click();
  await expect(dialog.getByText('Unknown variable: {{nickname}}')).toBeVisible();
  await message.press('End');
  for (let i = 0; i < ' {{nickname}}'.length; i += 1) await message.press('Backspace');
  await expect(dialog.getByText('Unknown variable: {{nickname}}')).toHaveCount(0);
  await dialog.getByRole('button', { name: messages.saveButton }).click();
  await expect(toast(page, messages.settingsSaved)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByText(emailsMessages.emailTemplateCustom, { exact: true })).toBeVisible();
  await shot(page, 'saved');

  // The member forgets their password, in a browser of their own.
  const other = await browser.newContext();
  const forgot = await other.newPage();
  await forgot.goto('/forgotpassword');
  await forgot.getByLabel(messages.email).fill(mate.user.email);
  await forgot.getByRole('button', { name: authMessages.sendResetLink }).click();
  await expect(forgot.getByText(authMessages.resetRequested)).toBeVisible();
  const link = await linkFromMail(mate.user.email, '/forgotpassword');
  const mail = (await mailsTo(mate.user.email)).at(-1)!;
  expect(mail.subject).toBe('Acme: a new password for Bea');
  expect(mail.text).toMatch(
    /^Hello Bea <friend>, your Acme link: http:\/\/127\.0\.0\.1:\d+\/forgotpassword\?hash=[\w-]+\nSee you!$/,
  );
  // The link in it works.
  await forgot.goto(link);
  await expect(forgot.getByRole('heading', { name: authMessages.resetPasswordTitle })).toBeVisible();
  await other.close();

  // Back to the default, after a confirmation.
  await row.getByRole('button', { name: emailsMessages.emailTemplateReset }).click();
  const confirm = page.getByRole('dialog', { name: emailsMessages.emailTemplateResetTitle('Reset password') });
  await expect(confirm).toContainText(emailsMessages.emailTemplateResetWarning);
  await confirm.getByRole('button', { name: messages.cancelButton }).click();
  await expect(row.getByText(emailsMessages.emailTemplateCustom, { exact: true })).toBeVisible();
  await row.getByRole('button', { name: emailsMessages.emailTemplateReset }).click();
  await confirm.getByRole('button', { name: emailsMessages.emailTemplateResetConfirm }).click();
  await expect(toast(page, emailsMessages.emailTemplateResetDone)).toBeVisible();
  await expect(row.getByText(emailsMessages.emailTemplateDefault, { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: emailsMessages.emailTemplateReset })).toHaveCount(0);
});
