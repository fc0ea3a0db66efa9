import { expect, test } from '@playwright/test';
import { clientMessages } from '../src/client/client.messages.ts';
import { liveMessages } from '../src/features/live/live.messages.ts';
import { call, createMeetingToday, startSignedIn, team } from './helpers.ts';

// The live meeting's video link can be copied; a copy the browser refuses says 'Failed to copy!'
// (document 1 §8) instead of failing in the console only.

test('copying the video link shows the copied state, and a refused copy says "Failed to copy!"', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { owner } = await team(request, 'copy');
  const meeting = await createMeetingToday(request, owner.token, 'Copy L10', [], 'https://meet.example.com/copy');
  const { sessionId } = await call<{ sessionId: string }>(
    request,
    owner.token,
    'POST',
    `/meetings/${meeting.id}/start`,
    {},
  );
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await startSignedIn(page, owner.token);
  await page.goto(`/live-meeting/${meeting.id}/${sessionId}`);

  await page.getByRole('button', { name: liveMessages.copyVideoLink }).click();
  await expect(page.getByRole('button', { name: liveMessages.videoLinkCopied })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('https://meet.example.com/copy');
  // The copied state lasts 2 s (document 1 §9).
  await expect(page.getByRole('button', { name: liveMessages.copyVideoLink })).toBeVisible({ timeout: 4000 });

  await page.evaluate(() => {
    navigator.clipboard.writeText = () =>
      Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
  });
  await page.getByRole('button', { name: liveMessages.copyVideoLink }).click();
  await expect(page.locator('[data-toast="error"]')).toContainText(clientMessages.copyFailed);
  await expect(page.getByRole('button', { name: liveMessages.videoLinkCopied })).toHaveCount(0);
  await context.close();
});
