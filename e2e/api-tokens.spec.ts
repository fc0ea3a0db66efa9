import { expect, test } from '@playwright/test';
import { tokensMessages } from '../src/features/tokens/tokens.messages.ts';
import { expectAccessible } from './axe.ts';
import { screenshotsOf, startSignedIn, team } from './helpers.ts';

// API tokens (decision 093): a person makes a token in Settings → Security, sees it once, a
// program calls the API with it, the person revokes it (confirmed) and the next call is 401. A
// workspace admin makes a workspace token in Administration → Integrations.

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const shots = screenshotsOf('api-tokens');
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a person makes a token, sees it once, uses it, revokes it, and the next call is 401', async ({
  page,
  request,
}) => {
  const { owner } = await team(request, 'tokens');
  await startSignedIn(page, owner.token);
  await page.goto('/settings/profile/security');
  const card = page.getByRole('region', { name: tokensMessages.personalTitle });
  await expect(card.getByText(tokensMessages.empty)).toBeVisible();
  await shots(page, 'security-empty', card);
  await expectAccessible(page, 'Settings → Security with no tokens');

  // New token: a name, tasks read, meetings read and write, by keyboard where it counts.
  await card.getByRole('button', { name: tokensMessages.newToken }).click();
  const dialog = page.getByRole('dialog', { name: tokensMessages.createTitle });
  await expect(dialog).toBeVisible();
  // Submitting with nothing chosen says what is missing.
  await dialog.getByRole('button', { name: tokensMessages.createButton }).click();
  await expect(dialog.getByText(tokensMessages.scopeRequired)).toBeVisible();
  await dialog.getByRole('textbox', { name: tokensMessages.nameLabel }).fill('Reporting script');
  await dialog
    .getByRole('radiogroup', { name: tokensMessages.areaLabels.tasks })
    .getByText(tokensMessages.read, { exact: true })
    .click();
  await dialog
    .getByRole('radiogroup', { name: tokensMessages.areaLabels.meetings })
    .getByText(tokensMessages.write, { exact: true })
    .click();
  await shots(page, 'create-dialog');
  await expectAccessible(page, 'the New API token dialog');
  await dialog.getByRole('button', { name: tokensMessages.createButton }).click();

  // The secret, once, with Copy and the warning.
  const shown = page.getByRole('dialog', { name: tokensMessages.createdTitle });
  await expect(shown.getByText(tokensMessages.createdWarning)).toBeVisible();
  const secret = (await shown.getByTestId('new-token-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^cad_[\w-]{43}$/);
  await shown.getByRole('button', { name: tokensMessages.copy }).click();
  await expect(shown.getByRole('button', { name: tokensMessages.copied, exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await shots(page, 'secret-once');
  await expectAccessible(page, 'the new token, shown once');
  // Escape closes it; the list shows the token masked, never the secret.
  await page.keyboard.press('Escape');
  await expect(shown).toBeHidden();
  const row = card.getByTestId('api-token-row').filter({ hasText: 'Reporting script' });
  await expect(row.getByTestId('api-token-masked')).toHaveText(`${secret.slice(0, 12)}…`);
  await expect(row.getByText('meetings:write')).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);

  // A program calls the API with it.
  const withToken = { headers: { Authorization: `Bearer ${secret}` } };
  const meetings = await request.get('/api/v2/meetings', withToken);
  expect(meetings.status(), await meetings.text()).toBe(200);
  // Out of its scopes: 403 in the envelope.
  const refused = await request.get('/api/v2/time/accounts', withToken);
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ status: 'fail', message: tokensMessages.missingScope('time:read') });
  // The list now says when and from where it was last used.
  await page.reload();
  await expect(row.getByText(/Last used .* from /)).toBeVisible();
  await shots(page, 'security-list', card);
  await expectAccessible(page, 'Settings → Security with a token');

  // Revoke: a confirmation first; Cancel keeps it.
  await row.getByRole('button', { name: tokensMessages.revokeNamed('Reporting script') }).click();
  const confirm = page.getByRole('dialog', { name: tokensMessages.revokeTitle });
  await expect(confirm.getByText(tokensMessages.revokeConfirm('Reporting script'))).toBeVisible();
  await shots(page, 'revoke-confirm');
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  expect((await request.get('/api/v2/meetings', withToken)).status()).toBe(200);
  await row.getByRole('button', { name: tokensMessages.revokeNamed('Reporting script') }).click();
  await confirm.getByRole('button', { name: tokensMessages.revoke }).click();
  await expect(confirm).toBeHidden();
  await expect(card.getByText(tokensMessages.empty)).toBeVisible();
  const after = await request.get('/api/v2/meetings', withToken);
  expect(after.status()).toBe(401);
  expect((await after.json()).status).toBe('fail');
});

test('a workspace admin makes a workspace token in Administration → Integrations', async ({ page, request }) => {
  const { owner } = await team(request, 'wstokens');
  await startSignedIn(page, owner.token);
  await page.goto('/settings/administration');
  const section = page.getByRole('region', { name: tokensMessages.workspaceTitle });
  await expect(section.getByText(tokensMessages.empty)).toBeVisible();
  await section.getByRole('button', { name: tokensMessages.newToken }).click();
  const dialog = page.getByRole('dialog', { name: tokensMessages.createTitle });
  await dialog.getByRole('textbox', { name: tokensMessages.nameLabel }).fill('Data warehouse');
  await dialog
    .getByRole('radiogroup', { name: tokensMessages.areaLabels.kpis })
    .getByText(tokensMessages.read, { exact: true })
    .click();
  await dialog.getByRole('checkbox', { name: tokensMessages.scopeLabels['admin:read'] }).check();
  await dialog.getByRole('button', { name: tokensMessages.createButton }).click();
  const shown = page.getByRole('dialog', { name: tokensMessages.createdTitle });
  const secret = (await shown.getByTestId('new-token-secret').textContent())?.trim() ?? '';
  await shown.getByRole('button', { name: tokensMessages.done }).click();
  await expect(shown).toBeHidden();
  const row = section.getByTestId('api-token-row').filter({ hasText: 'Data warehouse' });
  await expect(row.getByText(tokensMessages.createdBy('Olga Owner'), { exact: false })).toBeVisible();
  await expect(row.getByText('admin:read')).toBeVisible();
  const settings = await request.get('/api/v2/general-settings', { headers: { Authorization: `Bearer ${secret}` } });
  expect(settings.status(), await settings.text()).toBe(200);
  await shots(page, 'administration', section);
  await expectAccessible(page, 'Administration with a workspace token');
});
