import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { webhooksMessages } from '../src/features/webhooks/webhooks.messages.ts';
import { verifySignature } from '../src/server/signing.ts';
import { expectAccessible } from './axe.ts';
import { DESKTOP, PHONE, screenshotsOf, startSignedIn, team } from './helpers.ts';

// Outbound webhooks (decision 097): an admin subscribes a local receiver in Administration →
// Integrations, sees the secret once, sends a test and sees it delivered in the log, then deletes
// the webhook (confirmed). The server runs with WEBHOOKS_ALLOW_PRIVATE (playwright.config.ts).

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const shots = screenshotsOf('webhooks');

/** A receiver on a loopback port: keeps each request's headers and body, answers 200. */
const receiver = async () => {
  const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/cadence`, received, close: () => server.close() };
};

test('an admin subscribes a webhook, sends a test and sees it delivered in the log', async ({ page, request }) => {
  const hook = await receiver();
  try {
    const { owner } = await team(request, 'webhooks');
    await startSignedIn(page, owner.token);
    await page.goto('/settings/administration');
    const card = page.getByRole('region', { name: webhooksMessages.title });
    await expect(card.getByText(webhooksMessages.empty)).toBeVisible();
    await shots(page, 'empty', card);
    await expectAccessible(page, 'Administration with no webhooks');

    // Add: a missing kind is said; Escape closes the dialog without adding.
    await card.getByRole('button', { name: webhooksMessages.add }).click();
    let dialog = page.getByRole('dialog', { name: webhooksMessages.addTitle });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await card.getByRole('button', { name: webhooksMessages.add }).click();
    dialog = page.getByRole('dialog', { name: webhooksMessages.addTitle });
    await dialog.getByRole('textbox', { name: webhooksMessages.urlLabel }).fill(hook.url);
    await dialog.getByRole('button', { name: webhooksMessages.save }).click();
    await expect(dialog.getByText(webhooksMessages.kindsRequired)).toBeVisible();
    await dialog.getByRole('checkbox', { name: webhooksMessages.kindNames['task.created'] }).check();
    // By keyboard: Space ticks the focused box.
    await dialog.getByRole('checkbox', { name: webhooksMessages.kindNames['issue.solved'] }).focus();
    await page.keyboard.press('Space');
    await expect(dialog.getByRole('checkbox', { name: webhooksMessages.kindNames['issue.solved'] })).toBeChecked();
    await shots(page, 'add-dialog');
    await expectAccessible(page, 'the New webhook dialog');
    await dialog.getByRole('button', { name: webhooksMessages.save }).click();

    // The secret, once.
    const shown = page.getByRole('dialog', { name: webhooksMessages.secretTitle });
    await expect(shown.getByText(webhooksMessages.secretOnce)).toBeVisible();
    const secret = (await shown.getByTestId('webhook-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    await shots(page, 'secret-once');
    await expectAccessible(page, 'the webhook secret, shown once');
    await page.keyboard.press('Escape');
    await expect(shown).toBeHidden();
    await expect(page.getByText(secret)).toHaveCount(0);

    // Send test: it reaches the receiver, signed, and the log shows it delivered.
    const row = card.getByTestId('webhook-row').filter({ hasText: hook.url });
    await expect(row.getByText('task.created')).toBeVisible();
    await row.getByRole('button', { name: webhooksMessages.sendTest }).click();
    const log = row.getByTestId('webhook-deliveries');
    const delivered = log
      .getByTestId('webhook-delivery')
      .filter({ hasText: webhooksMessages.kindNames['webhook.test'] });
    await expect(delivered.getByText(webhooksMessages.statusNames.succeeded!)).toBeVisible({ timeout: 15_000 });
    await expect(delivered.getByText(/HTTP 200 · \d+ ms/)).toBeVisible();
    expect(hook.received).toHaveLength(1);
    const [test] = hook.received;
    expect(JSON.parse(test!.body)).toMatchObject({ kind: 'webhook.test', workspace: { id: owner.tenantId } });
    expect(verifySignature(secret, String(test!.headers['cadence-signature']), test!.body)).toBe(true);
    await shots(page, 'log', row);
    await expectAccessible(page, 'a webhook with its delivery log');
    // On a phone the log is a list that fits the screen: nothing in it scrolls sideways either.
    await page.setViewportSize(PHONE);
    await expect(delivered.getByText(/HTTP 200 · \d+ ms · 1 attempt/)).toBeVisible();
    expect(await log.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    const redeliverButton = delivered.first().getByRole('button', { name: webhooksMessages.redeliver });
    expect(await redeliverButton.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(
      0,
    );
    await expectAccessible(page, 'the delivery log on a phone');
    await page.setViewportSize(DESKTOP);

    // Redeliver: a second entry, the same event.
    await delivered.first().getByRole('button', { name: webhooksMessages.redeliver }).click();
    await expect(log.getByTestId('webhook-delivery')).toHaveCount(2);
    await expect.poll(() => hook.received.length, { timeout: 15_000 }).toBe(2);
    expect(hook.received[1]!.headers['cadence-event-id']).toBe(test!.headers['cadence-event-id']);

    // Pause and resume.
    await row.getByRole('button', { name: webhooksMessages.pause }).click();
    await expect(row.getByText(webhooksMessages.paused, { exact: true })).toBeVisible();
    await row.getByRole('button', { name: webhooksMessages.resume }).click();
    await expect(row.getByText(webhooksMessages.active, { exact: true })).toBeVisible();

    // Delete: confirmed first; Escape keeps it.
    await row.getByRole('button', { name: webhooksMessages.delete }).click();
    const confirm = page.getByRole('dialog', { name: webhooksMessages.deleteTitle });
    await expect(confirm.getByText(webhooksMessages.deleteBody(hook.url))).toBeVisible();
    await shots(page, 'delete-confirm');
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: webhooksMessages.delete }).click();
    await confirm.getByRole('button', { name: webhooksMessages.deleteConfirm }).click();
    await expect(card.getByText(webhooksMessages.empty)).toBeVisible();
  } finally {
    hook.close();
  }
});
