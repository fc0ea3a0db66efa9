import { expect, type Locator, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { clientMessages } from '../src/client/client.messages.ts';
import { authMessages } from '../src/features/auth/auth.messages.ts';
import { twoFactorMessages as t } from '../src/features/auth/two-factor.messages.ts';
import { messages } from '../src/shared/messages.ts';
import { expectAccessible } from './axe.ts';
import {
  addToWorkspace,
  call,
  newUser,
  registerViaApi,
  SCREENS,
  signIn as signInViaApiAccount,
  startSignedIn,
} from './helpers.ts';

// Two-factor sign-in (decision 102): enrolling from Settings → Security by the key shown, signing
// in with the password and a code, and a workspace that requires it.

const STEP_MS = 30_000;
/** The code of the step `offset` steps from now, as an authenticator app computes it. */
const codeFor = (secret: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offset * STEP_MS,
  });
/** Waits until the current step has `needMs` left, so the steps the test counts on do not move. */
const earlyInStep = async (page: Page, needMs = 12_000) => {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < needMs) await page.waitForTimeout(left + 100);
};

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/** Both screen sizes: a screenshot each, no sideways scroll. */
const shoot = async (page: Page, name: string, show?: Locator) => {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await show?.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.waitForTimeout(300);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${size.width}: sideways scroll`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENS}/two-factor-${name}-${size.width}.png` });
  }
  await page.setViewportSize(SIZES[0]);
};

const signInForm = async (page: Page, email: string, password: string) => {
  await page.getByLabel(messages.email).fill(email);
  await page.getByRole('textbox', { name: authMessages.password, exact: true }).fill(password);
  await page.getByRole('button', { name: authMessages.signInButton, exact: true }).click();
};

/** Turns it on in the dialog by the key shown; the recovery codes, then Done. */
const enrolInDialog = async (page: Page, name?: string) => {
  const dialog = page.getByRole('dialog', { name: t.enrolTitle });
  await expect(dialog).toBeVisible();
  const shown = await dialog.getByTestId('two-factor-secret').textContent();
  const secret = (shown ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(dialog.getByRole('img', { name: t.qrAlt })).toBeVisible();
  if (name) {
    await shoot(page, `${name}-enrol`);
    await expectAccessible(page, 'the enrol dialog');
  }
  await earlyInStep(page);
  await dialog.getByLabel(t.codeLabel).fill(codeFor(secret));
  await dialog.getByLabel(t.codeLabel).press('Enter');
  const codes = page.getByRole('dialog', { name: t.recoveryTitle });
  await expect(codes.getByTestId('two-factor-recovery-codes')).toBeVisible();
  expect(
    ((await codes.getByTestId('two-factor-recovery-codes').textContent()) ?? '').match(/[a-z2-7]{4}-/g)?.length,
  ).toBe(30);
  if (name) {
    await shoot(page, `${name}-recovery-codes`);
    await expectAccessible(page, 'the recovery codes');
  }
  await codes.getByRole('button', { name: t.done }).click();
  await expect(codes).toBeHidden();
  return secret;
};

test('enrol by the key shown, sign out, sign in with the password and a code', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = newUser('twofactor');
  await registerViaApi(request, user);
  // Signed in by the form (not a stored token), so later page loads keep the session it gets.
  await page.goto('/login');
  await signInForm(page, user.email, user.password);
  await expect(page.getByRole('button', { name: clientMessages.accountMenu })).toBeVisible();
  await page.goto('/settings/profile/security');
  const card = page.getByTestId('two-factor-card');
  await expect(card.getByText(t.statusOff, { exact: true })).toBeVisible();

  // The dialog closes with Escape, and nothing is turned on.
  await card.getByRole('button', { name: t.turnOn }).click();
  await expect(page.getByRole('dialog', { name: t.enrolTitle }).getByTestId('two-factor-secret')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(card.getByText(t.statusOff, { exact: true })).toBeVisible();

  // Keyboard: the button is reached and pressed without the mouse.
  await card.getByRole('button', { name: t.turnOn }).focus();
  await page.keyboard.press('Enter');
  const secret = await enrolInDialog(page, 'settings');
  await expect(card.getByText(t.statusOn, { exact: true })).toBeVisible();
  await expect(card.getByText(t.recoveryLeft(10))).toBeVisible();
  // Turning off asks for the password and a code; Escape leaves it on.
  await card.getByRole('button', { name: t.turnOff }).click();
  const off = page.getByRole('dialog', { name: t.turnOffTitle });
  await expect(off.getByRole('textbox', { name: t.passwordLabel, exact: true })).toBeFocused();
  await expect(off.getByRole('button', { name: t.turnOff })).toBeVisible();
  await shoot(page, 'turn-off');
  await expectAccessible(page, 'the turn-off dialog');
  await page.keyboard.press('Escape');
  await expect(off).toBeHidden();
  await expect(card.getByText(t.statusOn, { exact: true })).toBeVisible();

  // Sign out; the sign-in now asks for a code after the password.
  await page.getByRole('button', { name: clientMessages.accountMenu }).click();
  await page.getByRole('menuitem', { name: clientMessages.logout }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInForm(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: t.signInCodeTitle })).toBeVisible();
  const codeField = page.getByLabel(t.codeLabel);
  await expect(codeField).toBeFocused();
  await shoot(page, 'sign-in-code');
  await expectAccessible(page, 'the sign-in code step');

  // A wrong code is refused in words, and the form stays.
  await codeField.fill(codeFor(secret, 5));
  await codeField.press('Enter');
  await expect(page.getByText(t.wrongCode)).toBeVisible();
  // The next step's code (the current one was used to enrol) signs in.
  await earlyInStep(page);
  await codeField.fill(codeFor(secret, 1));
  await codeField.press('Enter');
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: clientMessages.accountMenu })).toBeVisible();

  // The sessions list names how this one signed in.
  await page.goto('/settings/profile/security');
  await expect(page.getByText('Signed in with password and code').first()).toBeVisible();
});

test('a member of a workspace that requires two-factor sees the enrol screen until they enrol', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const ownerUser = newUser('strictowner');
  await registerViaApi(request, ownerUser);
  const owner = await signInViaApiAccount(request, ownerUser);
  const started = await call<{ secret: string }>(request, owner.token, 'POST', '/self/two-factor/enrol');
  await earlyInStep(page);
  await call(request, owner.token, 'POST', '/self/two-factor/confirm', { code: codeFor(started.secret) });

  // The admin's setting, on the Administration page.
  await startSignedIn(page, owner.token);
  await page.goto('/settings/administration');
  const policy = page.getByTestId('two-factor-policy');
  const toggle = policy.getByRole('switch', { name: t.adminRequire });
  await expect(toggle).not.toBeChecked();
  await toggle.click({ force: true });
  const confirm = page.getByRole('dialog', { name: t.adminTitle });
  await expect(confirm).toBeVisible();
  await shoot(page, 'admin-confirm');
  await expectAccessible(page, 'the confirmation of requiring two-factor');
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(toggle).not.toBeChecked();
  await toggle.click({ force: true });
  await page.getByRole('dialog', { name: t.adminTitle }).getByRole('button', { name: t.adminConfirm }).click();
  await expect(toggle).toBeChecked();
  await shoot(page, 'admin-setting', policy);
  await expectAccessible(page, 'the administration page with the two-factor setting');

  // A member without it, working in that workspace.
  const memberUser = newUser('strictmember');
  await registerViaApi(request, memberUser);
  const member = await addToWorkspace(request, owner, await signInViaApiAccount(request, memberUser));
  // Another browser (its own storage), as the member's own computer would be.
  const memberContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const memberPage = await memberContext.newPage();
  await startSignedIn(memberPage, member.token);
  await memberPage.goto(new URL('/', page.url()).toString());
  await expect(memberPage.getByRole('heading', { name: t.requiredTitle })).toBeVisible();
  await expect(memberPage.getByText(t.requiredIntro(ownerUser.workspace))).toBeVisible();
  await shoot(memberPage, 'required-screen');
  await expectAccessible(memberPage, 'the two-factor required screen');

  await memberPage.getByRole('button', { name: t.turnOn }).click();
  await enrolInDialog(memberPage);
  // Enrolled: the workspace opens.
  await expect(memberPage.getByRole('heading', { name: t.requiredTitle })).toBeHidden();
  await expect(memberPage.getByRole('button', { name: clientMessages.accountMenu })).toBeVisible();
  await memberContext.close();
});
