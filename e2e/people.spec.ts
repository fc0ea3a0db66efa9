import { expect, type Page, test } from '@playwright/test';
import { messages } from '../src/shared/messages.ts';
import { call, createMeeting, linkFromMail, newUser, SCREENS, signInViaApi, startSignedIn, team } from './helpers.ts';

// People (issue 19): the directory, groups, Disable User, profile settings, the permission page
// and the error pages (document 3 §2, §4, §5, §8).

test.describe.configure({ timeout: 120_000 });
test.use({ actionTimeout: 20_000 });

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const toast = (page: Page, text: string) => page.locator('[data-toast]').filter({ hasText: text });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENS}/people-${name}.png` });
const settle = (page: Page) => page.waitForTimeout(300);

test('an admin creates a user and a group, renames it in place, and disables a user whose open browser is signed out at once', async ({
  page,
  browser,
  request,
}) => {
  const { owner, mate } = await team(request, 'people-admin');
  await startSignedIn(page, owner.token);

  // The disabled person's own browser, open on the home page.
  const mateContext = await browser.newContext();
  const matePage = await mateContext.newPage();
  await startSignedIn(matePage, mate.token);
  await matePage.goto('/home');
  await expect(matePage.getByRole('navigation', { name: messages.mainNavigation })).toBeVisible();

  await page.goto('/home');
  await page
    .getByRole('navigation', { name: messages.mainNavigation })
    .getByRole('link', { name: messages.navDirectory })
    .click();
  await expect(page).toHaveURL(/\/directory$/);
  await expect(page.getByRole('heading', { name: messages.directoryTitle })).toBeVisible();
  // By first name: Bea before Olga.
  const rows = page.getByRole('list', { name: messages.allUsers }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Bea Mate');
  await expect(rows.nth(1)).toContainText(messages.adminBadge);

  // New User: the mandatory fields, the email's validity, then created.
  await page.getByRole('button', { name: messages.newUser }).click();
  const form = page.getByRole('dialog', { name: messages.addContact });
  await form.getByRole('button', { name: messages.saveButton }).click();
  await expect(form.getByText(messages.required, { exact: true })).toHaveCount(3);
  await form.getByRole('textbox', { name: messages.firstName }).fill('Carl');
  await form.getByRole('textbox', { name: messages.lastName }).fill('Newman');
  await form.getByRole('textbox', { name: messages.email }).fill('carl@');
  await expect(form.getByText(messages.invalidEmailShort)).toBeVisible();
  const carl = newUser('carl');
  await form.getByRole('textbox', { name: messages.email }).fill(carl.email);
  await expect(form.getByText(messages.validEmail)).toBeVisible();
  await form.getByRole('textbox', { name: messages.jobTitle }).fill('Account manager');
  await form.getByRole('textbox', { name: messages.dateOfBirth }).fill('02/30/1990');
  await form.getByRole('button', { name: messages.saveButton }).click();
  await expect(form.getByText(messages.invalidDob)).toBeVisible();
  await form.getByRole('textbox', { name: messages.dateOfBirth }).fill('02/28/1990');
  await settle(page);
  await shot(page, 'add-contact');
  await form.getByRole('button', { name: messages.saveButton }).click();
  await expect(toast(page, messages.userCreated)).toBeVisible();
  await expect(form).toBeHidden();
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Carl Newman');

  // Search.
  await page.getByRole('textbox', { name: messages.searchContacts }).fill('newm');
  await expect(rows).toHaveCount(1);
  await page.getByRole('textbox', { name: messages.searchContacts }).fill('');
  await expect(rows).toHaveCount(3);

  // Groups: Add role, then an inline rename (empty: red, not saved; then saved).
  await page.getByRole('tab', { name: messages.groupsTab }).click();
  await expect(page.getByText(messages.noGroups)).toBeVisible();
  await page.getByRole('button', { name: messages.newGroup }).click();
  const role = page.getByRole('dialog', { name: messages.addRole });
  await role.getByRole('textbox', { name: messages.groupName }).fill('Sales');
  await role.getByRole('combobox', { name: messages.groupMembers }).click();
  await page.getByRole('option', { name: 'Bea Mate' }).click();
  await role.getByRole('textbox', { name: messages.groupName }).click();
  await role.getByRole('button', { name: messages.saveButton }).click();
  await expect(toast(page, messages.groupSaved)).toBeVisible();
  await expect(page.getByText(messages.groupPeopleCount(1))).toBeVisible();
  const name = page.getByRole('textbox', { name: messages.renameGroup('Sales') });
  await name.fill('');
  await name.press('Enter');
  await expect(page.getByText(messages.required, { exact: true })).toBeVisible();
  await shot(page, 'group-empty-name');
  await name.fill('Sales team');
  await name.press('Enter');
  await expect(toast(page, messages.groupSaved).first()).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: messages.groupsTab }).click();
  await expect(page.getByRole('textbox', { name: messages.renameGroup('Sales team') })).toHaveValue('Sales team');

  // Bea's contact shows her group; the admin disables her.
  await page.getByRole('tab', { name: messages.allUsers }).click();
  await page.getByRole('button', { name: messages.openContact('Bea Mate') }).click();
  const details = page.getByRole('dialog', { name: messages.contactDetails });
  await expect(details.getByText('Sales team')).toBeVisible();
  await expect(details.getByRole('link', { name: messages.userReport })).toHaveAttribute(
    'href',
    `/reports/users/${mate.id}`,
  );
  await details.getByRole('button', { name: messages.editButton }).click();
  const edit = page.getByRole('dialog', { name: messages.editContact });
  await edit.getByRole('button', { name: messages.disableUserButton }).click();
  const confirm = page.getByRole('dialog', { name: messages.disableUserButton });
  await settle(page);
  await shot(page, 'disable-confirm');
  await confirm.getByRole('button', { name: messages.disableUserButton }).click();
  await expect(toast(page, messages.userDisabled)).toBeVisible();
  await expect(edit.getByRole('button', { name: messages.enableUserButton })).toBeVisible();

  // Her open browser lands on the sign-in page at once (no reload, no click).
  await expect(matePage).toHaveURL(/\/login/, { timeout: 15_000 });
  await mateContext.close();

  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  // Back on her details, closed with Escape too.
  await expect(details).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expect(page.getByRole('button', { name: messages.openContact('Bea Mate') })).toContainText(
    messages.disabledBadge,
  );
  await shot(page, 'directory');
});

test('a member edits the profile, a too large photo is refused, changes password and email, and sees the permission page on administration', async ({
  page,
  request,
}) => {
  const { mate } = await team(request, 'people-member');
  await startSignedIn(page, mate.token);
  await page.goto('/home');
  await page
    .getByRole('navigation', { name: messages.mainNavigation })
    .getByRole('link', { name: messages.navSettings })
    .click();
  await expect(page).toHaveURL(/\/settings\/profile$/);
  const menu = page.getByRole('navigation', { name: messages.settingsMenu });
  await expect(menu.getByRole('link')).toHaveText([
    messages.basicInfo,
    messages.notificationsMenu,
    messages.securityMenu,
  ]);

  // Basic Info.
  await page.getByRole('textbox', { name: messages.phone, exact: true }).fill('+1 555 0100');
  await page.getByRole('combobox', { name: messages.firstDayOfWeek }).click();
  await page.getByRole('option', { name: 'Sunday' }).click();
  await page.getByRole('button', { name: messages.saveButton }).click();
  await expect(toast(page, messages.profileUpdated)).toBeVisible();

  // Photos: over 500 KB refused with the spec's toast; a small one is shown at once.
  const chooser = page.locator('input[type=file]');
  await chooser.setInputFiles({
    name: 'big.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([PNG, Buffer.alloc(520_000)]),
  });
  await expect(toast(page, messages.profileImageTooLarge)).toBeVisible();
  await chooser.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('button', { name: messages.removePhoto })).toBeVisible();
  await expect(page.getByRole('banner').locator('img')).toHaveAttribute('src', /\/api\/v2\/users\/.+\/photo\//);
  await shot(page, 'basic-info');

  // Notifications.
  await menu.getByRole('link', { name: messages.notificationsMenu }).click();
  const slack = page.getByRole('switch', { name: messages.slackNotifications });
  await expect(slack).toBeChecked();
  await slack.click({ force: true });
  await expect(toast(page, messages.notificationsSaved)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: messages.slackNotifications })).not.toBeChecked();

  // Security: the password rules, a confirmation, then the success message.
  await menu.getByRole('link', { name: messages.securityMenu }).click();
  const update = page.getByRole('button', { name: messages.updateButton });
  await expect(update).toBeDisabled();
  await page.getByLabel(messages.currentPassword).fill(mate.user.password);
  await page.getByLabel(messages.newPasswordLabel, { exact: true }).fill('short');
  await expect(page.getByText(messages.settingsPasswordTooShort)).toBeVisible();
  await page.getByLabel(messages.newPasswordLabel, { exact: true }).fill('a much longer one');
  await page.getByLabel(messages.repeatNewPassword).fill('a much longer two');
  await expect(page.getByText(messages.passwordsDoNotMatch)).toBeVisible();
  await expect(update).toBeDisabled();
  await page.getByLabel(messages.repeatNewPassword).fill('a much longer one');
  await expect(update).toBeEnabled();
  await update.click();
  const confirm = page.getByRole('dialog', { name: messages.changePassword });
  await confirm.getByRole('button', { name: messages.updateButton }).click();
  await expect(page.getByText(messages.passwordChanged)).toBeVisible();
  await expect(page.getByText(messages.passwordChanged)).toBeHidden({ timeout: 8000 });

  // Email: Save stays off while unchanged; the change happens through the mailed link.
  const email = page.getByRole('textbox', { name: messages.email });
  const save = page.getByRole('button', { name: messages.saveButton });
  await expect(save).toBeDisabled();
  const moved = newUser('moved').email;
  await email.fill(moved);
  await save.click();
  await expect(page.getByText(messages.emailChangeSent(moved))).toBeVisible();
  await expect(page.getByRole('list').or(page.getByText(messages.sessionsTitle)).first()).toBeVisible();
  await shot(page, 'security');
  await page.goto(await linkFromMail(moved, '/confirm-email'));
  await expect(page.getByText(messages.emailUpdated)).toBeVisible();
  await shot(page, 'email-confirmed');
  await page.getByRole('link', { name: messages.myProfile }).click();
  await expect(page.getByRole('textbox', { name: messages.email })).toHaveValue(moved);
  // The new address and password sign in.
  expect(await signInViaApi(request, { ...mate.user, email: moved, password: 'a much longer one' })).toBeTruthy();

  // Administration: no link for a member, and the permission page when visited.
  await expect(menu.getByRole('link', { name: messages.administrationLink })).toHaveCount(0);
  await page.goto('/settings/administration');
  await expect(page.getByText(messages.permissionDeniedText)).toBeVisible();
  await expect(page.getByRole('link', { name: messages.permissionDeniedLink })).toHaveAttribute('href', '/');
  await shot(page, 'permission');
});

test("a group's people are added to a meeting's members in one step", async ({ page, request }) => {
  const { owner, mate } = await team(request, 'people-quick-add');
  await call(request, owner.token, 'POST', '/groups', { name: 'Sales floor', userIds: [mate.id] });
  const meeting = await createMeeting(request, owner.token, 'Pipeline review', []);
  await startSignedIn(page, owner.token);
  await page.goto(`/meeting-dashboard/${meeting.id}/Pipeline-review`);
  const members = page.getByRole('region', { name: messages.meetingMembers });
  await expect(members).not.toContainText('Bea Mate');
  await members.getByRole('button', { name: messages.editMeeting }).click();
  const form = page.getByRole('dialog', { name: messages.editMeeting });
  await form.getByRole('combobox', { name: messages.addGroupPeople }).click();
  await page.getByRole('option', { name: 'Sales floor' }).click();
  await expect(form.getByText('Bea Mate')).toBeVisible();
  await form.getByRole('button', { name: messages.saveButton }).click();
  await expect(page.getByText(messages.meetingUpdated)).toBeVisible();
  await expect(members).toContainText('Bea Mate');
});

test('the error pages: unknown path, 500, 401 and 403', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: messages.pageNotFound })).toBeVisible();
  await page.getByRole('link', { name: messages.goToHomepage }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.goto('/error/500');
  await expect(page.getByRole('heading', { name: messages.serverErrorTitle })).toBeVisible();
  await expect(page.getByRole('link', { name: messages.tryAgain })).toHaveAttribute('href', '/home');
  await page.goto('/error/401');
  await expect(page.getByRole('heading', { name: messages.accessDeniedTitle })).toBeVisible();
  await expect(page.getByRole('link', { name: messages.goToLogin })).toHaveAttribute('href', '/login');
  await page.goto('/error/403');
  await expect(page.getByText(messages.permissionDeniedText)).toBeVisible();
});
