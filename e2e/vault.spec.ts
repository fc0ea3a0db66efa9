import { expect, type Locator, type Page, test } from '@playwright/test';
import { meetingsMessages } from '../src/features/meetings/meetings.messages.ts';
import { peopleMessages } from '../src/features/people/people.messages.ts';
import { vaultMessages } from '../src/features/vault/vault.messages.ts';
import { messages } from '../src/shared/messages.ts';
import { expectAccessible } from './axe.ts';
import {
  addToWorkspace,
  call,
  createMeeting,
  newUser,
  realtimeConnected,
  registerViaApi,
  SCREENS,
  showDisabledPeople,
  signIn,
  startSignedIn,
  team,
} from './helpers.ts';

// The password vault: a leader makes folders and entries; a member of the entry's
// group reveals and copies it; a member outside the group never sees it; the leader reads the
// audit; a member taken out of the group loses the entry on the page already open; once she is
// disabled, an admin reads in her contact which passwords she saw. Then: a revealed password
// masks again after 30 s and a copy leaves the clipboard after 30 s (the page's clock); deleting
// a folder with entries asks what to do with them (both answers); a member taken off the
// meeting loses the open vault at once; and once the meeting is deleted, an admin still reads
// its vault's audit in the workspace's activity.

test.describe.configure({ timeout: 120_000 });
test.use({ actionTimeout: 20_000 });

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENS}/vault-${name}.png` });
const row = (page: Page, account: string) => page.locator(`[data-vault-entry="${account}"]`);

test('a leader creates folders and entries, a group member reveals and copies, an outsider sees nothing, the leader reads the audit', async ({
  page,
  browser,
  request,
}) => {
  const { owner, mate } = await team(request, 'vault');
  const carlUser = newUser('vault-carl', { firstName: 'Carl', lastName: 'Outside' });
  await registerViaApi(request, carlUser);
  const carl = await addToWorkspace(request, owner, await signIn(request, carlUser));
  const meeting = await createMeeting(request, owner.token, 'Finance weekly', [mate.id, carl.id]);
  const group = await call<{ id: string }>(request, owner.token, 'POST', '/groups', {
    name: 'Finance',
    userIds: [mate.id],
  });

  // The leader opens the vault from the meeting dashboard.
  await startSignedIn(page, owner.token);
  await page.goto(`/meeting-dashboard/${meeting.id}/Finance-weekly`);
  const link = page.getByRole('link', { name: meetingsMessages.vaultOpenFromDashboard, exact: true });
  // The first load of the app's shell can be slow on a busy machine.
  await expect(link).toHaveAttribute('href', `/passwords/${meeting.id}`, { timeout: 60_000 });
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/passwords/${meeting.id}$`));
  await expect(page.getByRole('heading', { name: vaultMessages.vaultOf('Finance weekly') })).toBeVisible();
  await expect(page.getByText(vaultMessages.vaultEmpty)).toBeVisible();

  // Add folder: the name is required.
  await page.getByRole('button', { name: vaultMessages.vaultAddFolder }).click();
  const folderDialog = page.getByRole('dialog', { name: vaultMessages.vaultAddFolderTitle });
  await folderDialog.getByRole('button', { name: messages.createButton }).click();
  await expect(folderDialog.getByText(messages.required)).toBeVisible();
  await folderDialog.getByRole('textbox', { name: messages.folderName }).fill('Banking');
  await folderDialog.getByRole('button', { name: messages.createButton }).click();
  await expect(folderDialog).toBeHidden();
  await expect(page.locator('[data-vault-folder="Banking"]')).toBeVisible();

  // Add New: a generated password with its strength, restricted to Finance, in Banking.
  await page.getByRole('button', { name: vaultMessages.vaultAddNew }).click();
  const form = page.getByRole('dialog', { name: vaultMessages.vaultAddPasswordTitle });
  await form.getByRole('textbox', { name: vaultMessages.vaultAccount }).fill('Payroll portal');
  await form.getByRole('textbox', { name: vaultMessages.vaultUsername }).fill('finance@example.com');
  await form.getByRole('textbox', { name: vaultMessages.vaultSiteUrl }).fill('javascript:alert(1)');
  await form.getByRole('button', { name: vaultMessages.vaultGenerate }).click();
  await expect(form.getByTestId('password-strength')).toContainText(vaultMessages.vaultStrengthLabels[4]!);
  await form.getByRole('button', { name: messages.createButton }).click();
  await expect(form.getByText(vaultMessages.vaultInvalidUrl)).toBeVisible();
  await form.getByRole('textbox', { name: vaultMessages.vaultSiteUrl }).fill('payroll.example.com');
  await form.getByRole('combobox', { name: vaultMessages.vaultFolder }).click();
  await page.getByRole('option', { name: 'Banking' }).click();
  await form.getByRole('combobox', { name: vaultMessages.vaultGroups }).click();
  await page.getByRole('option', { name: 'Finance' }).click();
  await form.getByRole('combobox', { name: vaultMessages.vaultGroups }).press('Escape');
  await expect(form).toBeVisible();
  await shot(page, 'form');
  await form.getByRole('button', { name: messages.createButton }).click();
  await expect(form).toBeHidden();

  // A second entry, for everyone in the meeting, with a typed (weak) password.
  await page.getByRole('button', { name: vaultMessages.vaultAddNew }).click();
  await form.getByRole('textbox', { name: vaultMessages.vaultAccount }).fill('Office Wi-Fi');
  await form.locator('input[type="password"]').fill('guest2026');
  await expect(form.getByTestId('password-strength')).toBeVisible();
  await form.getByRole('button', { name: messages.createButton }).click();
  await expect(form).toBeHidden();
  await expect(row(page, 'Payroll portal')).toContainText('Finance');
  await expect(row(page, 'Payroll portal')).toContainText('Banking');
  await expect(row(page, 'Office Wi-Fi')).toContainText(vaultMessages.vaultMasked);
  await page.getByText(vaultMessages.vaultSortZa, { exact: true }).click();
  await expect(page.locator('[data-vault-entry]').first()).toHaveAttribute('data-vault-entry', 'Payroll portal');
  await shot(page, 'leader');

  // Bea (in Finance) reveals and copies the payroll password.
  const beaContext = await browser.newContext();
  await beaContext.grantPermissions(['clipboard-read', 'clipboard-write']);
  const bea = await beaContext.newPage();
  await startSignedIn(bea, mate.token);
  await bea.goto(`/passwords/${meeting.id}`);
  const payroll = row(bea, 'Payroll portal');
  await expect(payroll.getByTestId('vault-password')).toHaveText(vaultMessages.vaultMasked);
  await realtimeConnected(bea);
  await payroll.getByRole('button', { name: vaultMessages.vaultRevealOf('Payroll portal') }).click();
  const field = payroll.getByRole('textbox', { name: vaultMessages.vaultRevealedField('Payroll portal') });
  await expect(field).toHaveValue(/^.{20}$/);
  const revealed = await field.inputValue();
  await expect(payroll).toContainText(/Hidden again in \d+ s/);
  // Screen readers hear it (a polite live region), and hear it hidden again.
  await expect(payroll.getByRole('status')).toHaveText(vaultMessages.vaultPasswordShown('Payroll portal'));
  await shot(bea, 'revealed');
  await payroll.getByRole('button', { name: vaultMessages.vaultHideOf('Payroll portal') }).click();
  await expect(payroll.getByTestId('vault-password')).toHaveText(vaultMessages.vaultMasked);
  await expect(payroll.getByRole('status')).toHaveText(vaultMessages.vaultPasswordHidden('Payroll portal'));
  await payroll.getByRole('button', { name: vaultMessages.vaultCopyOf('Payroll portal') }).click();
  await expect(bea.getByText(vaultMessages.vaultCopied(30))).toBeVisible();
  expect(await bea.evaluate(() => navigator.clipboard.readText())).toBe(revealed);

  // Carl (not in Finance) sees only the open entry.
  const carlContext = await browser.newContext();
  const carlPage = await carlContext.newPage();
  await startSignedIn(carlPage, carl.token);
  await carlPage.goto(`/passwords/${meeting.id}`);
  await expect(row(carlPage, 'Office Wi-Fi')).toBeVisible();
  await expect(row(carlPage, 'Payroll portal')).toHaveCount(0);
  await expect(carlPage.getByRole('button', { name: vaultMessages.vaultAddNew })).toHaveCount(0);
  await shot(carlPage, 'outsider');

  // The leader reads the audit: Bea's reveal and copy.
  await page.getByRole('tab', { name: vaultMessages.vaultActivity }).click();
  const activity = page.getByRole('table', { name: vaultMessages.vaultActivity });
  await expect(activity.locator('[data-audit-action="copy"]')).toContainText('Bea Mate');
  await expect(activity.locator('[data-audit-action="reveal"]')).toContainText('Payroll portal');
  await expect(activity.locator('[data-audit-action="create"]')).toHaveCount(2);
  await shot(page, 'activity');
  // One person's activity: Bea's reveal and copy only.
  await page.getByRole('combobox', { name: vaultMessages.vaultActivityPerson }).click();
  await page.getByRole('option', { name: 'Bea Mate' }).click();
  await expect(activity.locator('[data-audit-action="create"]')).toHaveCount(0);
  await expect(activity.locator('tbody tr')).toHaveCount(2);
  await expect(activity.locator('[data-audit-action="copy"]')).toContainText('Bea Mate');

  // Bea taken out of Finance: the entry leaves her open page at once.
  await call(request, owner.token, 'PATCH', `/groups/${group.id}`, { userIds: [] });
  await expect(row(bea, 'Payroll portal')).toHaveCount(0);
  await expect(row(bea, 'Office Wi-Fi')).toBeVisible();

  // Deleting asks first.
  await page.getByRole('tab', { name: vaultMessages.vaultPasswordsTab }).click();
  await row(page, 'Office Wi-Fi')
    .getByRole('button', { name: vaultMessages.vaultEntryActions('Office Wi-Fi') })
    .click();
  await page.getByRole('menuitem', { name: messages.deleteButton }).click();
  const confirm = page.getByRole('dialog', { name: vaultMessages.vaultDeleteTitle('Office Wi-Fi') });
  await expect(confirm).toContainText(vaultMessages.vaultDeleteWarning);
  await confirm.getByRole('button', { name: messages.deleteButton }).click();
  await expect(row(page, 'Office Wi-Fi')).toHaveCount(0);
  await expect(row(bea, 'Office Wi-Fi')).toHaveCount(0);

  // Bea leaves: her contact tells the admin which passwords she saw, to rotate them.
  await call(request, owner.token, 'POST', `/users/${mate.id}/disable`);
  await page.goto('/directory');
  await showDisabledPeople(page);
  await page.getByRole('button', { name: peopleMessages.openContact('Bea Mate') }).click();
  const details = page.getByRole('dialog', { name: peopleMessages.contactDetails });
  const seen = details.getByRole('list', { name: messages.vaultSeenTitle });
  await expect(seen.locator('[data-audit-entry="Payroll portal"]')).toHaveCount(2);
  await expect(seen.locator('[data-audit-entry]').first()).toContainText(vaultMessages.vaultActionNames.copy!);
  await expect(
    seen.getByRole('link', { name: vaultMessages.vaultSeenOpenVault('Finance weekly') }).first(),
  ).toHaveAttribute('href', `/passwords/${meeting.id}`);
  await shot(page, 'seen-by');
  // Carl, still here, has no such section; an active person's contact shows none.
  await details.press('Escape');
  await page
    .getByRole('radiogroup', { name: peopleMessages.showPeople })
    .getByText(peopleMessages.activePeople)
    .click();
  await page.getByRole('button', { name: peopleMessages.openContact('Carl Outside') }).click();
  await expect(details.getByRole('heading', { name: 'Carl Outside' })).toBeVisible();
  await expect(details.getByRole('heading', { name: messages.vaultSeenTitle })).toHaveCount(0);

  await beaContext.close();
  await carlContext.close();
});

test('a revealed password masks again after 30 s, a copy leaves the clipboard, folders with entries ask, and removal from the meeting closes the open vault', async ({
  page,
  browser,
  request,
}) => {
  const { owner, mate } = await team(request, 'vault-time');
  const staysUser = newUser('vault-time-stays', { firstName: 'Stan', lastName: 'Stays' });
  await registerViaApi(request, staysUser);
  const stays = await addToWorkspace(request, owner, await signIn(request, staysUser));
  const meeting = await createMeeting(request, owner.token, 'Ops weekly', [mate.id, stays.id]);
  const folder = async (name: string) =>
    call<{ id: string }>(request, owner.token, 'POST', `/meetings/${meeting.id}/password-folders`, { name });
  const keep = await folder('Keep folder');
  const drop = await folder('Drop folder');
  const add = (account: string, password: string, folderId: string | null = null) =>
    call(request, owner.token, 'POST', `/meetings/${meeting.id}/passwords`, { account, password, folderId });
  await add('Kept entry', 'kept-pass-1', keep.id);
  await add('Dropped entry', 'dropped-pass-2', drop.id);
  await add('Open entry', 'open-pass-3');

  // Bea's page runs on a clock the test moves.
  const beaContext = await browser.newContext();
  await beaContext.grantPermissions(['clipboard-read', 'clipboard-write']);
  const bea = await beaContext.newPage();
  await bea.clock.install();
  await startSignedIn(bea, mate.token);
  await bea.goto(`/passwords/${meeting.id}`);
  const open = row(bea, 'Open entry');
  await expect(open.getByTestId('vault-password')).toHaveText(vaultMessages.vaultMasked, { timeout: 60_000 });
  await open.getByRole('button', { name: vaultMessages.vaultRevealOf('Open entry') }).click();
  await expect(open.getByRole('textbox', { name: vaultMessages.vaultRevealedField('Open entry') })).toHaveValue(
    'open-pass-3',
  );
  await bea.clock.fastForward(20_000);
  await expect(open).toContainText(/Hidden again in (10|11) s/);
  await expect(open.getByRole('textbox', { name: vaultMessages.vaultRevealedField('Open entry') })).toHaveValue(
    'open-pass-3',
  );
  await bea.clock.fastForward(11_000);
  await expect(open.getByTestId('vault-password')).toHaveText(vaultMessages.vaultMasked);
  await expect(open.getByRole('status')).toHaveText(vaultMessages.vaultPasswordHidden('Open entry'));

  await open.getByRole('button', { name: vaultMessages.vaultCopyOf('Open entry') }).click();
  await expect(bea.getByText(vaultMessages.vaultCopied(30))).toBeVisible();
  expect(await bea.evaluate(() => navigator.clipboard.readText())).toBe('open-pass-3');
  await bea.clock.fastForward(31_000);
  await expect(bea.getByText(vaultMessages.vaultClipboardCleared)).toBeVisible();
  expect(await bea.evaluate(() => navigator.clipboard.readText())).toBe('');

  // The leader deletes a folder with an entry: kept (in no folder), then one deleted with it.
  await startSignedIn(page, owner.token);
  await page.goto(`/passwords/${meeting.id}`);
  await expect(row(page, 'Kept entry')).toContainText('Keep folder', { timeout: 60_000 });
  // Bea's page follows the leader's changes live; her clock's jumps outran its heartbeat, so her
  // connection may be coming back just now.
  await realtimeConnected(bea);
  const deleteFolder = async (name: string, choice: string) => {
    await page.getByRole('button', { name: vaultMessages.vaultFolderActions(name) }).click();
    await page.getByRole('menuitem', { name: vaultMessages.vaultDeleteFolder }).click();
    const dialog = page.getByRole('dialog', { name: vaultMessages.vaultDeleteFolderTitle(name) });
    await expect(dialog).toContainText(vaultMessages.vaultDeleteFolderEntries(1));
    await expect(dialog.getByRole('radio', { name: vaultMessages.vaultFolderKeepEntries })).toBeChecked();
    await dialog.getByRole('radio', { name: choice }).check();
    return dialog;
  };
  const keepDialog = await deleteFolder('Keep folder', vaultMessages.vaultFolderKeepEntries);
  await shot(page, 'delete-folder');
  await keepDialog.getByRole('button', { name: messages.deleteButton }).click();
  await expect(keepDialog).toBeHidden();
  await expect(page.locator('[data-vault-folder="Keep folder"]')).toHaveCount(0);
  await expect(row(page, 'Kept entry')).toBeVisible();
  await expect(row(page, 'Kept entry')).not.toContainText('Keep folder');
  const dropDialog = await deleteFolder('Drop folder', vaultMessages.vaultFolderDeleteEntries);
  await dropDialog.getByRole('button', { name: messages.deleteButton }).click();
  await expect(dropDialog).toBeHidden();
  await expect(row(page, 'Dropped entry')).toHaveCount(0);
  await expect(row(bea, 'Dropped entry')).toHaveCount(0);
  await expect(row(bea, 'Kept entry')).toBeVisible();

  // Bea taken off the meeting: her open vault loses every entry at once.
  await call(request, owner.token, 'PATCH', `/meetings/${meeting.id}`, { members: [stays.id] });
  await expect(bea.locator('[data-vault-entry]')).toHaveCount(0);
  await expect(bea.getByRole('heading', { name: vaultMessages.vaultNotFound })).toBeVisible();

  // The meeting deleted: its vault's audit stays, read by the admin on /passwords.
  await call(request, owner.token, 'DELETE', `/meetings/${meeting.id}`);
  await page.goto('/passwords');
  const activity = page.getByRole('table', { name: vaultMessages.vaultActivity });
  const revealRow = activity.locator('[data-audit-action="reveal"]');
  await expect(revealRow).toContainText('Open entry', { timeout: 60_000 });
  await expect(revealRow).toContainText('Bea Mate');
  await expect(revealRow.locator('[data-meeting-deleted]')).toHaveText(
    `Ops weekly (${vaultMessages.vaultSeenMeetingDeleted})`,
  );
  await expect(activity.locator('[data-audit-action="delete"]')).toHaveCount(3);
  await shot(page, 'workspace-activity');
  await beaContext.close();
});

/** The revealed password of `card`: one line of monospace in a field that scrolls inside itself. */
const expectOneLine = async (card: Locator, account: string, password: string) => {
  const field = card.getByRole('textbox', { name: vaultMessages.vaultRevealedField(account) });
  await expect(field).toHaveValue(password);
  await expect(field).toHaveAttribute('readonly', '');
  const shape = await field.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      tag: element.tagName,
      font: style.fontFamily,
      height: element.getBoundingClientRect().height,
      lineHeight: Number.parseFloat(style.fontSize) * 1.6,
      wrapsDown: element.scrollHeight > element.clientHeight + 1,
    };
  });
  // An input holds one line: it never wraps, it scrolls sideways inside itself.
  expect(shape.tag).toBe('INPUT');
  expect(shape.font).toMatch(/mono/i);
  expect(shape.wrapsDown).toBe(false);
  expect(shape.height).toBeLessThan(shape.lineHeight * 2);
  // The username (an email) stays whole on its line.
  const username = card.getByTestId('vault-username');
  const lines = await username.evaluate((element) => {
    const style = getComputedStyle(element);
    const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.55;
    return element.getBoundingClientRect().height / lineHeight;
  });
  expect(lines).toBeLessThan(1.5);
};

test('a save that would lock its author out asks first, and is saved once confirmed', async ({ page, request }) => {
  const { owner, mate } = await team(request, 'vault-lockout');
  // Bea leads the meeting; Olga (the workspace's admin) is a plain member of it; Finance holds neither.
  const meeting = await createMeeting(request, mate.token, 'Payroll weekly', [owner.id]);
  const carlUser = newUser('vault-lockout-carl', { firstName: 'Carl', lastName: 'Finance' });
  await registerViaApi(request, carlUser);
  const carl = await addToWorkspace(request, owner, await signIn(request, carlUser));
  await call(request, owner.token, 'POST', '/groups', { name: 'Finance', userIds: [carl.id] });

  await startSignedIn(page, owner.token);
  await page.goto(`/passwords/${meeting.id}`);
  await expect(page.getByText(vaultMessages.vaultEmpty)).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: vaultMessages.vaultAddNew }).click();
  const form = page.getByRole('dialog', { name: vaultMessages.vaultAddPasswordTitle });
  await form.getByRole('textbox', { name: vaultMessages.vaultAccount }).fill('Payroll portal');
  await form.getByRole('textbox', { name: vaultMessages.vaultUsername }).fill('payroll@example.com');
  await form.locator('input[type="password"]').fill('payroll-2468');
  await form.getByRole('combobox', { name: vaultMessages.vaultGroups }).click();
  await page.getByRole('option', { name: 'Finance' }).click();
  await form.getByRole('combobox', { name: vaultMessages.vaultGroups }).press('Escape');
  await form.getByRole('button', { name: messages.createButton }).click();

  // The question, before anything is sent; Escape and "Back to the form" keep the form as it was.
  const question = page.getByRole('dialog', { name: vaultMessages.vaultLockOutTitle });
  await expect(question).toContainText(vaultMessages.vaultLockOutText);
  await expect(question.getByRole('button', { name: vaultMessages.vaultLockOutBack })).toBeVisible();
  await expect(question.getByRole('button', { name: vaultMessages.vaultLockOutConfirm })).toBeVisible();
  // The form behind fades out (200 ms) before the picture.
  await page.waitForTimeout(300);
  await shot(page, 'lock-out-question');
  await expectAccessible(page, 'the lock-out question');
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(form).toBeVisible();
  await expect(form.getByRole('textbox', { name: vaultMessages.vaultAccount })).toHaveValue('Payroll portal');
  await form.getByRole('button', { name: messages.createButton }).click();
  await question.getByRole('button', { name: vaultMessages.vaultLockOutBack }).click();
  await expect(question).toBeHidden();
  await expect(form).toBeVisible();
  expect((await call<{ total: number }>(request, mate.token, 'GET', `/meetings/${meeting.id}/passwords`)).total).toBe(
    0,
  );
  await form.getByRole('button', { name: messages.createButton }).click();
  await question.getByRole('button', { name: vaultMessages.vaultLockOutConfirm }).click();
  await expect(form).toBeHidden();
  // Saved, locked for Olga: no Reveal, no Copy.
  const mine = row(page, 'Payroll portal');
  await expect(mine).toContainText('Finance');
  await expect(mine.getByRole('button', { name: vaultMessages.vaultRevealOf('Payroll portal') })).toHaveCount(0);

  // A 409 the form did not foresee (the groups changed meanwhile) is asked the same way, and the
  // save is sent again with the confirmation.
  const sent: Record<string, unknown>[] = [];
  let refuseOnce = true;
  await page.route(`**/api/v2/meetings/${meeting.id}/passwords`, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    sent.push(route.request().postDataJSON() as Record<string, unknown>);
    if (!refuseOnce) return route.fallback();
    refuseOnce = false;
    const refusal = vaultMessages.vaultLockOutRefused;
    return route.fulfill({
      status: 409,
      json: { status: 'fail', message: refusal, errors: { confirmLockOut: refusal } },
    });
  });
  await page.getByRole('button', { name: vaultMessages.vaultAddNew }).click();
  await form.getByRole('textbox', { name: vaultMessages.vaultAccount }).fill('Door code');
  await form.locator('input[type="password"]').fill('door-2468');
  await form.getByRole('button', { name: messages.createButton }).click();
  await question.getByRole('button', { name: vaultMessages.vaultLockOutConfirm }).click();
  await expect(form).toBeHidden();
  await expect(row(page, 'Door code')).toBeVisible();
  expect(sent.map((body) => body.confirmLockOut)).toEqual([undefined, true]);
  await page.unroute(`**/api/v2/meetings/${meeting.id}/passwords`);
});

test('a revealed password is one line of monospace at 1280 and 390, and a phone shows cards with every action on screen', async ({
  browser,
  request,
}) => {
  const { owner, mate } = await team(request, 'vault-layout');
  // Bea leads the meeting and is not in Finance: she keeps access to its entries.
  const meeting = await createMeeting(request, mate.token, 'Payroll weekly', [owner.id]);
  const group = await call<{ id: string }>(request, owner.token, 'POST', '/groups', { name: 'Finance' });
  const password = 'Xq7#mP2$vR4wLk9!Zt6&Hn3*Jd8^';
  const add = (body: Record<string, unknown>) =>
    call(request, mate.token, 'POST', `/meetings/${meeting.id}/passwords`, body);
  await add({
    account: 'Payroll portal',
    username: 'payroll-team@finance.example.com',
    password,
    groupIds: [group.id],
  });
  await add({ account: 'Office Wi-Fi', username: 'guest', password: 'guest2026' });

  // On a laptop…
  const beaContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await beaContext.grantPermissions(['clipboard-read', 'clipboard-write']);
  const bea = await beaContext.newPage();
  await startSignedIn(bea, mate.token);
  await bea.goto(`/passwords/${meeting.id}`);
  const payroll = row(bea, 'Payroll portal');
  await payroll.getByRole('button', { name: vaultMessages.vaultRevealOf('Payroll portal') }).click({ timeout: 60_000 });
  await expectOneLine(payroll, 'Payroll portal', password);
  await shot(bea, 'revealed-1280');
  await expectAccessible(bea, 'a revealed password at 1280');
  await payroll.getByRole('button', { name: vaultMessages.vaultCopyOf('Payroll portal') }).click();
  await expect(bea.getByText(vaultMessages.vaultCopied(30))).toBeVisible();
  expect(await bea.evaluate(() => navigator.clipboard.readText())).toBe(password);

  // …and on a phone: a card per entry, its actions on screen, nothing scrolls sideways.
  await bea.setViewportSize({ width: 390, height: 844 });
  await bea.reload();
  const card = row(bea, 'Payroll portal');
  await expect(card).toHaveJSProperty('tagName', 'LI');
  await card.scrollIntoViewIfNeeded();
  const reveal = card.getByRole('button', { name: vaultMessages.vaultRevealOf('Payroll portal') });
  const copy = card.getByRole('button', { name: vaultMessages.vaultCopyOf('Payroll portal') });
  for (const button of [
    reveal,
    copy,
    card.getByRole('button', { name: vaultMessages.vaultEditOf('Payroll portal') }),
    card.getByRole('button', { name: vaultMessages.vaultDeleteOf('Payroll portal') }),
  ])
    await expect(button).toBeInViewport({ ratio: 1 });
  await reveal.click();
  await expectOneLine(card, 'Payroll portal', password);
  await expect(card.getByRole('status')).toHaveText(vaultMessages.vaultPasswordShown('Payroll portal'));
  await expect(card.getByRole('button', { name: vaultMessages.vaultHideOf('Payroll portal') })).toBeInViewport({
    ratio: 1,
  });
  await expect(copy).toBeInViewport({ ratio: 1 });
  expect(await bea.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(bea, 'revealed-390');
  await expectAccessible(bea, 'a revealed password at 390');
  await bea.evaluate(() => window.scrollTo(0, 0));
  await bea.screenshot({ path: `${SCREENS}/vault-cards-390-full.png`, fullPage: true });
  await beaContext.close();
});
