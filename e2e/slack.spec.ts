import { expect as baseExpect, type Page, test } from '@playwright/test';
import { slackMessages } from '../src/features/slack/slack.messages.ts';
import { messages } from '../src/shared/messages.ts';
import { type SlackStandin, startSlackStandin } from '../test/slack-standin.ts';
import { expectAccessible } from './axe.ts';
import { createMeeting, SCREENS, startSignedIn, team } from './helpers.ts';

// Slack: an admin connects the workspace through Slack's authorize page (the local
// stand-in, which allows at once and sends the browser back to the callback), sees the
// connection, picks a meeting's recap channel, and disconnects after confirming. The server
// was started with SLACK_* pointing at the stand-in's port (playwright.config.ts).

test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.use({ actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const port = Number(process.env.E2E_PORT ?? 3100) + 1000;
let standin: SlackStandin;
test.beforeAll(async () => {
  standin = await startSlackStandin({
    port,
    teamName: 'Acme Slack',
    clientId: 'e2e-client-id',
    clientSecret: 'e2e-client-secret',
  });
  standin.channels.push(
    { id: 'C0GENERAL01', name: 'general' },
    { id: 'C0RECAPS001', name: 'leadership-recaps' },
    { id: 'C0RANDOM001', name: 'random', isMember: false },
  );
});
test.afterAll(async () => {
  await standin?.close();
});

const toast = (page: Page, text: string) => page.locator('[data-toast]').filter({ hasText: text });
const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(350);
  await page.screenshot({ path: `${SCREENS}/slack-${name}.png` });
};
test('an admin connects Slack, picks a recap channel, and disconnects after confirming', async ({ page, request }) => {
  const { owner, mate } = await team(request, 'slack');
  const meeting = await createMeeting(request, owner.token, 'Leadership weekly', [mate.id]);
  await startSignedIn(page, owner.token);
  await page.goto('/settings/administration');
  const integrations = page.getByRole('region', { name: slackMessages.slackIntegrations });
  const connect = integrations.getByRole('button', { name: slackMessages.slackConnect });
  await expect(connect).toBeVisible();

  // Slack's authorize page (the stand-in's) approves and sends the browser back through the callback.
  await connect.click();
  await expect(page).toHaveURL(/\/settings\/administration$/);
  await expect(toast(page, slackMessages.slackConnectedToast)).toBeVisible();
  await expect(integrations.getByText(slackMessages.slackConnectedTo('Acme Slack'))).toBeVisible();
  expect(standin.calls).toContain('oauth.v2.access');
  await integrations.scrollIntoViewIfNeeded();
  await shot(page, 'connected');
  await expectAccessible(page, 'the connected Integrations section');

  // The meeting's recap channel, in its Management section.
  await page.goto(`/meeting-dashboard/${meeting.id}/${meeting.title.split(' ').join('-')}`);
  await expect(page.getByText(slackMessages.slackRecapChannel)).toBeVisible();
  await expect(page.getByText(slackMessages.slackNoRecapChannel)).toBeVisible();
  await page.getByRole('button', { name: slackMessages.slackChangeChannel }).click();
  const picker = page.getByRole('dialog', { name: slackMessages.slackRecapChannel });
  await expect(picker).toBeVisible();
  await picker.getByRole('combobox', { name: slackMessages.slackChannelLabel }).click();
  await page.getByRole('option', { name: '#leadership-recaps' }).click();
  await shot(page, 'recap-picker');
  await expectAccessible(page, 'the recap channel picker');
  await picker.getByRole('button', { name: messages.saveButton }).click();
  await expect(picker).toBeHidden();
  await expect(toast(page, slackMessages.slackRecapSaved)).toBeVisible();
  await expect(page.getByText('#leadership-recaps')).toBeVisible();
  // Escape closes the picker, unchanged.
  await page.getByRole('button', { name: slackMessages.slackChangeChannel }).click();
  await expect(picker).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();

  // Disconnect asks first; Cancel keeps the connection.
  await page.goto('/settings/administration');
  await integrations.getByRole('button', { name: slackMessages.slackDisconnect }).click();
  const confirm = page.getByRole('dialog', { name: slackMessages.slackDisconnectTitle });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByText(slackMessages.slackDisconnectWarning)).toBeVisible();
  await shot(page, 'disconnect-confirm');
  await confirm.getByRole('button', { name: messages.cancelButton }).click();
  await expect(confirm).toBeHidden();
  await expect(integrations.getByText(slackMessages.slackConnectedTo('Acme Slack'))).toBeVisible();
  await integrations.getByRole('button', { name: slackMessages.slackDisconnect }).click();
  await confirm.getByRole('button', { name: slackMessages.slackDisconnect }).click();
  await expect(toast(page, slackMessages.slackDisconnected)).toBeVisible();
  await expect(integrations.getByRole('button', { name: slackMessages.slackConnect })).toBeVisible();

  // At a phone's size the section still fits.
  await page.setViewportSize({ width: 390, height: 844 });
  await integrations.scrollIntoViewIfNeeded();
  await shot(page, 'disconnected-phone');
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
});
