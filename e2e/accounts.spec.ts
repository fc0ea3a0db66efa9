import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { clientMessages } from '../src/client/client.messages.ts';
import { authMessages } from '../src/features/auth/auth.messages.ts';
import { peopleMessages } from '../src/features/people/people.messages.ts';
import { workspacesMessages } from '../src/features/workspaces/workspaces.messages.ts';
import { messages } from '../src/shared/messages.ts';
import {
  call,
  linkFromMail,
  mailsTo,
  newUser,
  registerViaApi,
  SCREENS,
  signedInUser,
  signIn as signInAs,
  signInViaApi,
  startSignedIn,
  type TestUser,
} from './helpers.ts';

// Accounts, workspaces and the app shell (document 1 §2, §4, §8; document 3 §2, §8).

const banner = (page: Page) => page.getByRole('banner');
const dialog = (page: Page) => page.getByRole('dialog');
const alertText = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

const signIn = async (page: Page, user: Pick<TestUser, 'email' | 'password'>) => {
  await page.getByLabel(messages.email).fill(user.email);
  await page.getByRole('textbox', { name: authMessages.password, exact: true }).fill(user.password);
  await page.getByRole('button', { name: authMessages.signInButton, exact: true }).click();
};

const openAccountMenu = async (page: Page) => {
  await page.getByRole('button', { name: clientMessages.accountMenu }).click();
  return page.getByRole('menu');
};

/** Lets a dialog's or menu's opening transition finish before a screenshot. */
const settle = (page: Page) => page.waitForTimeout(300);

const logout = async (page: Page) => {
  await (await openAccountMenu(page)).getByRole('menuitem', { name: clientMessages.logout }).click();
  await expect(page).toHaveURL(/\/login$/);
};

const workspaceRow = (page: Page, name: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: workspacesMessages.openWorkspace(name) }) });

test('sign up, sign in, two workspaces, adding people, logout, and an invited person sets a password', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const owner = newUser('owner');
  const second = `Second space ${owner.email.split('@')[0]}`;

  // --- Sign-up: the required fields, the password rules, then success.
  await page.goto('/sign-up');
  await expect(page.getByRole('heading', { name: authMessages.signUpTitle })).toBeVisible();
  await page.getByRole('button', { name: authMessages.signUpButton }).click();
  // First name, last name, email, password, repeat, company name.
  await expect(page.getByText(messages.required, { exact: true })).toHaveCount(6);
  await page.getByRole('textbox', { name: authMessages.password, exact: true }).fill('abc');
  await page.getByLabel(authMessages.repeatPassword).fill('abcdef');
  await page.getByRole('button', { name: authMessages.signUpButton }).click();
  await expect(page.getByText(messages.tooShort(6))).toBeVisible();
  await expect(page.getByText(messages.passwordsDoNotMatch)).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/sign-up-errors.png` });

  await page.getByLabel(messages.firstName).fill(owner.firstName);
  await page.getByLabel(messages.lastName).fill(owner.lastName);
  await page.getByLabel(messages.email).fill(owner.email);
  await page.getByRole('textbox', { name: authMessages.password, exact: true }).fill(owner.password);
  await page.getByLabel(authMessages.repeatPassword).fill(owner.password);
  await page.getByLabel(authMessages.companyName).fill(owner.workspace);
  // The hidden time zone is the browser's (UTC in playwright.config.ts), from the fixed list.
  await expect(page.locator('input[type="hidden"][name="timezone"]')).toHaveValue('UTC');
  await page.getByRole('button', { name: authMessages.signUpButton }).click();
  await expect(page).toHaveURL(/\/sign-up-success$/);
  await expect(page.getByText(authMessages.signUpSuccessText)).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/sign-up-success.png` });
  await page.getByRole('link', { name: authMessages.loginLink, exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);

  // --- Signing up with a taken email looks just like a new one (decision 022): the same page,
  // and the owner gets a mail instead.
  const dup = newUser('dup', { email: `dup-${owner.email}` });
  await registerViaApi(request, dup);
  await page.goto('/sign-up');
  await page.getByLabel(messages.firstName).fill('Dup');
  await page.getByLabel(messages.lastName).fill('Licate');
  await page.getByLabel(messages.email).fill(dup.email);
  await page.getByRole('textbox', { name: authMessages.password, exact: true }).fill('another-password');
  await page.getByLabel(authMessages.repeatPassword).fill('another-password');
  await page.getByLabel(authMessages.companyName).fill('Dup Co');
  await page.getByRole('button', { name: authMessages.signUpButton }).click();
  await expect(page).toHaveURL(/\/sign-up-success$/);
  await expect(page.getByText(authMessages.signUpSuccessText)).toBeVisible();
  await expect
    .poll(async () => (await mailsTo(dup.email)).map((mail) => mail.subject))
    .toContain('Someone tried to sign up to Cadence with your email');

  // Leaving a filled form asks first.
  await page.goto('/sign-up');
  await page.getByLabel(messages.firstName).fill('Dup');
  await page.getByRole('link', { name: authMessages.returnToLogin }).click();
  await expect(dialog(page).getByText(messages.unsavedChangesText)).toBeVisible();
  await settle(page);
  await page.screenshot({ path: `${SCREENS}/sign-up-leave-prompt.png` });
  await dialog(page).getByRole('button', { name: messages.stayOnPage }).click();
  await expect(page).toHaveURL(/\/sign-up$/);
  await expect(page.getByLabel(messages.firstName)).toHaveValue('Dup');
  await page.getByRole('link', { name: authMessages.returnToLogin }).click();
  await dialog(page).getByRole('button', { name: messages.leavePage }).click();
  await expect(page).toHaveURL(/\/login$/);

  // --- Sign-in with one workspace goes straight home; the top bar shows it.
  await expect(page.getByRole('heading', { name: authMessages.signInTitle })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/login.png` });
  await signIn(page, owner);
  await expect(page).toHaveURL(/\/$/);
  await expect(banner(page)).toContainText(owner.workspace);
  const menu = await openAccountMenu(page);
  await expect(menu.getByRole('menuitem', { name: messages.myProfile })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: messages.addPerson })).toBeVisible();
  await settle(page);
  await page.screenshot({ path: `${SCREENS}/top-bar-menu.png` });
  await menu.getByRole('menuitem', { name: messages.workspacesTitle }).click();

  // --- The picker: the workspace, its Admin badge and the current mark; create a second one.
  await expect(page).toHaveURL(/\/workspaces$/);
  const first = workspaceRow(page, owner.workspace);
  await expect(first).toContainText(messages.adminBadge);
  await expect(first).toContainText(workspacesMessages.currentBadge);
  await page.getByRole('button', { name: workspacesMessages.createWorkspace }).click();
  await dialog(page).getByRole('button', { name: messages.createButton }).click();
  await expect(dialog(page).getByText(messages.required)).toBeVisible();
  await settle(page);
  await page.screenshot({ path: `${SCREENS}/create-workspace-dialog.png` });
  await dialog(page).getByLabel(workspacesMessages.workspaceName).fill(second);
  await dialog(page).getByLabel(workspacesMessages.workspaceName).press('Enter');
  await expect(dialog(page)).toHaveCount(0);
  await expect(workspaceRow(page, second)).toContainText(messages.adminBadge);
  await expect(workspaceRow(page, second)).not.toContainText(workspacesMessages.currentBadge);
  await page.screenshot({ path: `${SCREENS}/workspaces.png` });

  // --- With two workspaces and none remembered, sign-in leads to the picker.
  await page.evaluate(() => localStorage.removeItem('cadence.lastTenant'));
  await logout(page);
  await signIn(page, owner);
  await expect(page).toHaveURL(/\/workspaces$/);
  await expect(page.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByText(workspacesMessages.currentBadge)).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/workspaces-picker.png` });
  // Any other private page waits for the choice.
  await page.goto('/home');
  await expect(page).toHaveURL(/\/workspaces$/);
  await page.getByRole('button', { name: workspacesMessages.openWorkspace(second) }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(banner(page)).toContainText(second);

  // The choice is remembered: the next sign-in opens it directly.
  await logout(page);
  await signIn(page, owner);
  await expect(page).toHaveURL(/\/$/);
  await expect(banner(page)).toContainText(second);

  // --- Add a new person (two steps) to the second workspace.
  const invited = newUser('invited');
  await (await openAccountMenu(page)).getByRole('menuitem', { name: messages.addPerson }).click();
  const add = dialog(page);
  await add.getByRole('button', { name: messages.nextButton }).click();
  await expect(add.getByText(messages.required)).toBeVisible();
  await add.getByLabel(messages.email).fill(invited.email);
  await settle(page);
  await page.screenshot({ path: `${SCREENS}/add-person-step-email.png` });
  await add.getByRole('button', { name: messages.nextButton }).click();
  await expect(add.getByText(workspacesMessages.newPersonIntro(invited.email))).toBeVisible();
  await add.getByRole('button', { name: messages.finish }).click();
  await expect(add.getByText(messages.required)).toHaveCount(2);
  await settle(page);
  await page.screenshot({ path: `${SCREENS}/add-person-step-names.png` });
  // 'Go back' returns to step one with the email kept.
  await add.getByRole('button', { name: workspacesMessages.goBack }).click();
  await expect(add.getByLabel(messages.email)).toHaveValue(invited.email);
  await add.getByRole('button', { name: messages.nextButton }).click();
  await add.getByLabel(messages.firstName).fill(invited.firstName);
  await add.getByLabel(messages.lastName).fill(invited.lastName);
  await add.getByRole('button', { name: messages.finish }).click();
  await expect(page.getByText(workspacesMessages.userAdded)).toBeVisible();
  await expect(add).toHaveCount(0);

  // The same email again: already in this workspace, and the dialog stays on step one.
  await (await openAccountMenu(page)).getByRole('menuitem', { name: messages.addPerson }).click();
  await add.getByLabel(messages.email).fill(invited.email);
  await add.getByRole('button', { name: messages.nextButton }).click();
  await expect(alertText(page, workspacesMessages.userAlreadyInWorkspace)).toBeVisible();
  await settle(page);
  await page.screenshot({ path: `${SCREENS}/add-person-already-member.png` });
  await expect(add.getByLabel(messages.email)).toBeVisible();
  await add.getByRole('button', { name: messages.cancelButton }).click();
  await expect(add).toHaveCount(0);

  // --- Add someone who signed up on their own, from the picker's row of the current workspace.
  const other = newUser('other');
  await registerViaApi(request, other);
  await page.goto('/workspaces');
  await workspaceRow(page, second).getByRole('button', { name: messages.addPerson }).click();
  await add.getByLabel(messages.email).fill(other.email);
  await add.getByLabel(messages.email).press('Enter');
  const invitation = workspacesMessages.invitePerson(other.email);
  await expect(add.getByText(invitation)).toBeVisible();
  await settle(page);
  await page.screenshot({ path: `${SCREENS}/add-person-existing.png` });
  await add.getByRole('button', { name: messages.finish }).click();
  await expect(page.getByText(workspacesMessages.invitationSent)).toBeVisible();
  await expect(add).toHaveCount(0);
  // Invited, not added: the workspace is not theirs until they accept (see the next test).
  const otherToken = await signInViaApi(request, other);
  const theirs = await request.get('/api/v2/tenants', { headers: { Authorization: `Bearer ${otherToken}` } });
  expect(((await theirs.json()) as { result: { name: string }[] }).result.map((w) => w.name)).not.toContain(second);

  // --- Logout goes to the sign-in page and private pages are closed again.
  await logout(page);
  await page.goto('/workspaces');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fworkspaces$/);

  // --- The invited person chooses a password from the emailed link, then signs in.
  const link = await linkFromMail(invited.email, '/set-password');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: authMessages.setPasswordTitle })).toBeVisible();
  await page.getByLabel(authMessages.newPassword).fill('short');
  await page.getByLabel(authMessages.repeatPassword).fill('different');
  await page.getByRole('button', { name: authMessages.confirmButton }).click();
  await expect(page.getByText(messages.tooShort(6))).toBeVisible();
  await expect(page.getByText(messages.passwordsDoNotMatch)).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/set-password.png` });
  await page.getByLabel(authMessages.newPassword).fill(invited.password);
  await page.getByLabel(authMessages.repeatPassword).fill(invited.password);
  await page.getByRole('button', { name: authMessages.confirmButton }).click();
  await expect(page.getByText(authMessages.passwordSet)).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/set-password-done.png` });
  await page.getByRole('link', { name: authMessages.loginLink, exact: true }).click();
  await signIn(page, invited);
  await expect(page).toHaveURL(/\/$/);
  await expect(banner(page)).toContainText(second);
  // Not an admin of it: no 'Add person'.
  const invitedMenu = await openAccountMenu(page);
  await expect(invitedMenu.getByRole('menuitem', { name: messages.myProfile })).toBeVisible();
  await expect(invitedMenu.getByRole('menuitem', { name: messages.addPerson })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await logout(page);

  // The link works once.
  await page.goto(link);
  await page.getByLabel(authMessages.newPassword).fill(invited.password);
  await page.getByLabel(authMessages.repeatPassword).fill(invited.password);
  await page.getByRole('button', { name: authMessages.confirmButton }).click();
  await expect(alertText(page, messages.linkInvalid)).toBeVisible();
});

test('a wrong password shows the message in red, clears the password and keeps the email', async ({
  page,
  request,
}) => {
  const user = newUser('wrong');
  await registerViaApi(request, user);
  await page.goto('/login');
  // Empty fields are refused before anything is sent, each with its message; typing clears it.
  await page.getByRole('button', { name: authMessages.signInButton, exact: true }).click();
  await expect(page.getByText(messages.required, { exact: true })).toHaveCount(2);
  await page.getByLabel(messages.email).fill('not-an-address');
  await expect(page.getByText(messages.required, { exact: true })).toHaveCount(1);
  await page.getByRole('button', { name: authMessages.signInButton, exact: true }).click();
  await expect(page.getByText(messages.invalidEmail)).toBeVisible();
  // A slow answer shows the spinner on the button.
  await page.route('**/api/v2/signin', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await signIn(page, { email: user.email, password: 'not-the-password' });
  await expect(page.getByRole('button', { name: authMessages.signInButton, exact: true })).toHaveAttribute(
    'data-loading',
    'true',
  );
  await expect(alertText(page, authMessages.wrongCredentials)).toBeVisible();
  await expect(page.getByRole('textbox', { name: authMessages.password, exact: true })).toHaveValue('');
  await expect(page.getByLabel(messages.email)).toHaveValue(user.email);
  await expect(page.getByText(messages.apiFail(authMessages.wrongCredentials))).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);
  await page.screenshot({ path: `${SCREENS}/login-error.png` });
  // Enter submits; the right password gets in.
  await page.getByRole('textbox', { name: authMessages.password, exact: true }).fill(user.password);
  await page.getByRole('textbox', { name: authMessages.password, exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/$/);
});

test('a private page asks to sign in and comes back; signed-in users skip the sign-in pages', async ({
  page,
  request,
}) => {
  const user = newUser('redirect');
  await registerViaApi(request, user);
  await page.goto('/settings/profile');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsettings%2Fprofile$/);
  await page.getByLabel(authMessages.rememberMe).check();
  await signIn(page, user);
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await expect(page.getByLabel(messages.firstName)).toHaveValue(user.firstName);
  // Remembered: the token outlives the tab (localStorage).
  expect(await page.evaluate(() => localStorage.getItem('cadence.token'))).toBeTruthy();

  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/sign-up');
  await expect(page).toHaveURL(/\/$/);
  // Only paths on this site are followed.
  await page.evaluate(() => localStorage.removeItem('cadence.token'));
  await page.goto('/login?redirect=https%3A%2F%2Fexample.com%2F');
  await signIn(page, user);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test('without Remember me the browser session covers its tabs, and a logout in one ends it in all', async ({
  page,
  request,
}) => {
  const user = newUser('tabs');
  await registerViaApi(request, user);
  await page.goto('/login');
  await signIn(page, user);
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('cadence.token'))).toBeNull();

  // A second tab of the same browser opens a private page signed in.
  const second = await page.context().newPage();
  await second.goto('/settings/profile');
  await expect(second.getByLabel(messages.firstName)).toHaveValue(user.firstName);
  await expect(second).toHaveURL(/\/settings\/profile$/);

  // Logging out in the first tab sends the second to the sign-in page, without a reload.
  await logout(page);
  await expect(page).toHaveURL(/\/login$/);
  await expect(second).toHaveURL(/\/login/);
  // A tab opened now is signed out.
  const third = await page.context().newPage();
  await third.goto('/home');
  await expect(third).toHaveURL(/\/login\?redirect=%2Fhome$/);
});

test('every moment on screen is in the profile time zone, whatever the browser is set to', async ({
  browser,
  request,
}) => {
  const user = newUser('zones');
  await registerViaApi(request, user, 'America/New_York');
  const token = await signInViaApi(request, user);
  // A browser set to Tokyo, a profile in New York: the top bar and the sign-in time agree.
  const context = await browser.newContext({ timezoneId: 'Asia/Tokyo' });
  const page = await context.newPage();
  await startSignedIn(page, token);
  await page.goto('/settings/profile/security');
  const inNewYork = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', ...options }).format(new Date());
  const day = inNewYork({ month: 'short', day: 'numeric', year: 'numeric' });
  const hour = inNewYork({ hour: 'numeric', hour12: true }).replace(/\s?[AP]M$/, '');
  const signedIn = page.getByText(new RegExp(`^Signed in ${day} ${hour}:\\d\\d [AP]M$`));
  await expect(signedIn.first()).toBeVisible();
  await expect(banner(page)).toContainText(inNewYork({ month: 'long', day: '2-digit', year: 'numeric' }));
  await context.close();
});

test('the profile changes name, job title and time zone; the top bar clock follows', async ({ page, request }) => {
  await page.clock.setFixedTime(new Date('2026-03-02T09:30:00Z'));
  await signedInUser(page, request, 'profile');
  await page.goto('/settings/profile');
  await expect(banner(page)).toContainText('March 02, 2026, 09:30 AM');
  await page.getByLabel(messages.firstName).fill('');
  await page.getByRole('button', { name: messages.saveButton }).click();
  await expect(page.getByText(messages.required)).toBeVisible();
  await page.getByLabel(messages.firstName).fill('Renamed');
  await page.getByLabel(peopleMessages.jobTitle).fill('Facilitator');
  await page.getByRole('combobox', { name: peopleMessages.timezone }).click();
  await page.getByRole('combobox', { name: peopleMessages.timezone }).fill('Berl');
  await page.getByRole('option', { name: 'Europe/Berlin' }).click();
  await page.screenshot({ path: `${SCREENS}/profile.png` });
  await page.getByRole('button', { name: messages.saveButton }).click();
  await expect(page.getByText(peopleMessages.profileUpdated)).toBeVisible();
  // Berlin is UTC+1 in March.
  await expect(banner(page)).toContainText('March 02, 2026, 10:30 AM');
  await page.reload();
  await expect(page.getByLabel(messages.firstName)).toHaveValue('Renamed');
  await expect(page.getByLabel(peopleMessages.jobTitle)).toHaveValue('Facilitator');
  await expect(page.getByRole('combobox', { name: peopleMessages.timezone })).toHaveValue('Europe/Berlin');
});

test('a session that ends elsewhere sends the user to sign in, and back afterwards', async ({ page, request }) => {
  const { user, token } = await signedInUser(page, request, 'revoked');
  await page.goto('/workspaces');
  await expect(page.getByRole('listitem')).toHaveCount(1);
  // Logging out through the API revokes this very token.
  const response = await request.post('/api/v2/logout', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  await page.reload();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fworkspaces$/);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await signIn(page, user);
  await expect(page).toHaveURL(/\/workspaces$/);
});

test('forgot password: ask for a link, then choose a new password with it', async ({ page, request }) => {
  const user = newUser('forgot');
  await registerViaApi(request, user);
  await page.goto('/login');
  await page.getByRole('link', { name: authMessages.forgotPasswordLink }).click();
  await expect(page).toHaveURL(/\/forgotpassword$/);
  await expect(page.getByRole('heading', { name: authMessages.forgotPasswordTitle })).toBeVisible();
  await page.getByRole('button', { name: authMessages.sendResetLink }).click();
  await expect(page.getByText(messages.required)).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/forgot-password.png` });
  await page.getByLabel(messages.email).fill(user.email);
  await page.getByRole('button', { name: authMessages.sendResetLink }).click();
  await expect(page.getByText(authMessages.resetRequested)).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/forgot-password-sent.png` });

  const link = await linkFromMail(user.email, '/forgotpassword');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: authMessages.resetPasswordTitle })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/reset-password.png` });
  const newPassword = 'a-brand-new-one';
  await page.getByLabel(authMessages.newPassword).fill(newPassword);
  await page.getByLabel(authMessages.repeatPassword).fill(newPassword);
  await page.getByRole('button', { name: authMessages.confirmButton }).click();
  await expect(page.getByText(authMessages.passwordReset)).toBeVisible();
  // One way on: the Login button, not a second "Return to login" link beside it.
  await expect(page.getByRole('link', { name: authMessages.returnToLogin })).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/reset-password-done.png` });
  await page.getByRole('link', { name: authMessages.loginLink, exact: true }).click();
  await signIn(page, user);
  await expect(alertText(page, authMessages.wrongCredentials)).toBeVisible();
  await signIn(page, { email: user.email, password: newPassword });
  await expect(page).toHaveURL(/\/$/);
});

test('the error pages and their links', async ({ page }) => {
  await page.goto('/error/500');
  await expect(page.getByRole('heading', { name: clientMessages.serverErrorTitle })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/error-500.png` });
  await expect(page.getByRole('link', { name: clientMessages.tryAgain })).toHaveAttribute('href', '/home');

  await page.goto('/error/401');
  await expect(page.getByRole('heading', { name: clientMessages.accessDeniedTitle })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/error-401.png` });
  await page.getByRole('link', { name: messages.goToLogin }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/error/403');
  await expect(
    page.getByText(`${clientMessages.permissionDeniedText} ${clientMessages.permissionDeniedLink}`),
  ).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/error-403.png` });
  await expect(page.getByRole('link', { name: clientMessages.permissionDeniedLink, exact: true })).toHaveAttribute(
    'href',
    '/',
  );
});

test('an invited person sees the invitation on /workspaces, accepts it and can switch; a declined one goes', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const ownerUser = newUser('inviter', { firstName: 'Iris', lastName: 'Inviter' });
  const otherAdminUser = newUser('decliner-admin', { firstName: 'Dora', lastName: 'Admin' });
  const personUser = newUser('invitee', { firstName: 'Ivan', lastName: 'Invitee' });
  for (const user of [ownerUser, otherAdminUser, personUser]) await registerViaApi(request, user);
  const owner = await signInAs(request, ownerUser);
  const otherAdmin = await signInAs(request, otherAdminUser);
  const person = await signInAs(request, personUser);

  // --- The admin adds the existing account: the dialog says an invitation goes out.
  await startSignedIn(page, owner.token);
  await page.goto('/workspaces');
  await workspaceRow(page, ownerUser.workspace).getByRole('button', { name: messages.addPerson }).click();
  const add = dialog(page);
  await add.getByLabel(messages.email).fill(personUser.email);
  await add.getByRole('button', { name: messages.nextButton }).click();
  await expect(add.getByText(workspacesMessages.invitePerson(personUser.email))).toBeVisible();
  // Nothing about the account beyond what the admin typed.
  await expect(add).not.toContainText(personUser.firstName);
  await add.getByRole('button', { name: messages.finish }).click();
  await expect(page.getByText(workspacesMessages.invitationSent)).toBeVisible();
  await expect(add).toHaveCount(0);
  // A second workspace invites them too, through the API; they will decline that one.
  await call(request, otherAdmin.token, 'POST', '/tenants/add-user', { email: personUser.email });

  // --- The invitee's own browser: both invitations on /workspaces, the workspace not yet theirs.
  const context = await browser.newContext();
  const theirs = await context.newPage();
  await startSignedIn(theirs, person.token);
  await theirs.goto('/workspaces');
  const invitations = theirs.getByRole('region', { name: workspacesMessages.invitationsTitle });
  await expect(invitations.getByRole('listitem')).toHaveCount(2);
  await expect(invitations).toContainText(workspacesMessages.invitationFrom('Iris Inviter', ownerUser.workspace));
  await expect(theirs.getByRole('button', { name: workspacesMessages.openWorkspace(ownerUser.workspace) })).toHaveCount(
    0,
  );
  await settle(theirs);
  await theirs.screenshot({ path: `${SCREENS}/invitations-1280.png` });
  // The section itself, colour contrast included (the theme meets 4.5:1, decision 026).
  const axe = await new AxeBuilder({ page: theirs }).include('section[aria-labelledby="invitations-title"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  // A phone opens the page at its own size.
  await theirs.setViewportSize({ width: 390, height: 844 });
  await theirs.reload();
  await expect(invitations.getByRole('listitem')).toHaveCount(2);
  // Below the tablet width the sidebar is a drawer, closed until the burger opens it (decision 026).
  await expect(theirs.getByRole('button', { name: clientMessages.openNavigation })).toBeVisible();
  await settle(theirs);
  await theirs.screenshot({ path: `${SCREENS}/invitations-390.png`, fullPage: true });
  expect(await theirs.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // --- Decline one with the keyboard: it goes, and nothing else changes.
  await theirs
    .getByRole('button', { name: workspacesMessages.declineInvitationLabel(otherAdminUser.workspace) })
    .focus();
  await theirs.keyboard.press('Enter');
  await expect(theirs.getByText(workspacesMessages.invitationDeclined)).toBeVisible();
  await expect(invitations.getByRole('listitem')).toHaveCount(1);

  // --- Accept the other (keyboard too): the workspace joins the picker; switching works.
  await theirs.getByRole('button', { name: workspacesMessages.acceptInvitationLabel(ownerUser.workspace) }).focus();
  await theirs.keyboard.press('Enter');
  await expect(theirs.getByText(workspacesMessages.invitationAccepted(ownerUser.workspace))).toBeVisible();
  await expect(theirs.getByRole('region', { name: workspacesMessages.invitationsTitle })).toHaveCount(0);
  await theirs.setViewportSize({ width: 1280, height: 800 });
  await theirs.screenshot({ path: `${SCREENS}/invitation-accepted.png` });
  await theirs.getByRole('button', { name: workspacesMessages.openWorkspace(ownerUser.workspace) }).click();
  await expect(theirs).toHaveURL(/\/$/);
  await expect(banner(theirs)).toContainText(ownerUser.workspace);
  // The declined workspace stays out of reach.
  const mine = await call<{ name: string }[]>(request, person.token, 'GET', '/tenants');
  expect(mine.map((w) => w.name)).not.toContain(otherAdminUser.workspace);
  await context.close();
});
