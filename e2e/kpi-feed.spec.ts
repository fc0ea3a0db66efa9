import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { kpiFeedMessages } from '../src/features/kpis/kpi-feeds.messages.ts';
import { kpisMessages } from '../src/features/kpis/kpis.messages.ts';
import { messages } from '../src/shared/messages.ts';
import { expectAccessible } from './axe.ts';
import { call, isoDate, realtimeConnected, screenshotsOf, shownDate, startSignedIn, team } from './helpers.ts';

// A KPI fed by another system (decision 119): a leader makes the feed from the KPI's menu, copies
// the secret shown once, and a value the other system signs and posts shows on the open scorecard.

const shots = screenshotsOf('kpi-feed');

test('a leader feeds a KPI from another system; a signed value appears on the open scorecard', async ({
  page,
  request,
}) => {
  // Two dialogs, four screenshots and axe scans, and a signed push: long on a busy machine.
  test.setTimeout(90_000);
  const { owner } = await team(request, 'feed');
  const meeting = await call<{ id: string }>(request, owner.token, 'POST', '/meetings', {
    operation: 'create',
    title: 'Fed L10',
    sharepointUrl: 'https://meet.example.com/team',
    startDate: isoDate(-21),
    startTime: '09:00',
    repeatEvery: 1,
    repeatType: 'weeks',
    type: 'meeting',
    members: [],
  });
  await call(request, owner.token, 'POST', `/meetings/${meeting.id}/scores`, {
    userId: owner.id,
    title: 'Leads',
    goal: '>=',
    score: '10',
    units: '',
    type: 'number',
  });

  await startSignedIn(page, owner.token);
  await page.goto(`/meeting-dashboard/${meeting.id}`);
  await realtimeConnected(page);
  const panel = page.getByRole('region', { name: messages.kpiSection, exact: true });
  const row = panel.getByTestId('kpi-row').filter({ hasText: 'Leads' });
  await row.getByRole('button', { name: kpisMessages.kpiScoreActionsOf('Leads') }).click();
  await page.getByRole('menuitem', { name: kpiFeedMessages.menuItem }).click();

  const dialog = page.getByRole('dialog', { name: kpiFeedMessages.open('Leads') });
  await expect(dialog.getByText(kpiFeedMessages.noneYet)).toBeVisible();
  await dialog.getByRole('button', { name: kpiFeedMessages.start }).click();
  const secret = (await dialog.getByTestId('kpi-feed-secret').textContent())!.trim();
  expect(secret).toMatch(/^kfsec_/);
  await shots(page, 'secret');
  await expectAccessible(page, 'the feed secret, shown once');
  await dialog.getByRole('button', { name: kpiFeedMessages.done }).click();

  const url = (await dialog.getByTestId('kpi-feed-url').textContent())!.trim();
  await expect(dialog.getByTestId('kpi-feed-received')).toHaveText(kpiFeedMessages.neverReceived);
  await shots(page, 'address');
  await expectAccessible(page, 'the feed address');

  // The other system posts this week's value, signed with the secret.
  const date = isoDate(0);
  const body = JSON.stringify({ date, value: 12 });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  const pushed = await request.post(url, {
    headers: { 'content-type': 'application/json', 'cadence-signature': `t=${t},v1=${v1}` },
    data: body,
  });
  expect(pushed.status()).toBe(200);
  const { result } = await pushed.json();
  expect(result.applied).toBe(true);

  // Escape closes the dialog; the value is on the open scorecard without a reload.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const cell = panel.getByRole('textbox', {
    name: kpisMessages.kpiCellLabel('Leads', shownDate(result.onDate)),
    exact: true,
  });
  await expect(cell).toHaveValue('12');
  // The cell says the value came from the feed.
  await expect(row.getByRole('img', { name: kpiFeedMessages.fromFeed })).toBeVisible();
  await shots(page, 'fed-cell', row);

  // Replacing the secret asks first; the old secret then stops working.
  await row.getByRole('button', { name: kpisMessages.kpiScoreActionsOf('Leads') }).click();
  await page.getByRole('menuitem', { name: kpiFeedMessages.menuItem }).click();
  await expect(dialog.getByTestId('kpi-feed-received')).not.toHaveText(kpiFeedMessages.neverReceived);
  await dialog.getByRole('button', { name: kpiFeedMessages.replace }).click();
  const confirm = page.getByRole('dialog', { name: kpiFeedMessages.replace });
  await expect(confirm).toContainText(kpiFeedMessages.replaceConfirm);
  await confirm.getByRole('button', { name: kpiFeedMessages.replace }).click();
  await expect(dialog.getByTestId('kpi-feed-secret')).not.toHaveText(secret);
  const stale = await request.post(url, {
    headers: { 'content-type': 'application/json', 'cadence-signature': `t=${t},v1=${v1}` },
    data: body,
  });
  expect(stale.status()).toBe(401);
});
