import { expect, test } from '@playwright/test';
import { kpiReminderMessages } from '../src/features/kpis/kpi-reminders.messages.ts';
import { expectAccessible } from './axe.ts';
import { call, isoDate, screenshotsOf, startSignedIn, team } from './helpers.ts';

// The scorecard nudge (decision 120): a leader sets "Remind owners of empty KPIs" on the
// scorecard settings page, by keyboard; it is saved, and a member sees it without changing it.

const shots = screenshotsOf('kpi-reminder');

test('a leader sets the empty-KPI reminder in the scorecard settings', async ({ page, request }) => {
  // Settings, screenshots at two sizes and axe scans: long on a busy machine.
  test.setTimeout(90_000);
  const { owner, mate } = await team(request, 'nudge');
  const meeting = await call<{ id: string }>(request, owner.token, 'POST', '/meetings', {
    operation: 'create',
    title: 'Nudged L10',
    sharepointUrl: 'https://meet.example.com/team',
    startDate: isoDate(-7),
    startTime: '09:00',
    repeatEvery: 1,
    repeatType: 'weeks',
    type: 'meeting',
    members: [mate.id],
  });
  await call(request, owner.token, 'POST', `/meetings/${meeting.id}/scores`, {
    userId: mate.id,
    title: 'Leads',
    goal: '>=',
    score: '10',
    units: '',
    type: 'number',
  });

  await startSignedIn(page, owner.token);
  await page.goto(`/kpi/${meeting.id}`);
  const select = page.getByRole('combobox', { name: kpiReminderMessages.label });
  await expect(select).toHaveValue(kpiReminderMessages.off);
  await expect(select).toBeEnabled();

  // By keyboard: open the list, go down to "2 hours before the meeting", choose it.
  await select.focus();
  await page.keyboard.press('ArrowDown');
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  await shots(page, 'open');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(select).toHaveValue(kpiReminderMessages.hoursBefore(2));
  await expect(page.getByText(kpiReminderMessages.saved)).toBeVisible();
  const saved = await call<{ hoursBefore: number | null }>(
    request,
    owner.token,
    'GET',
    `/meetings/${meeting.id}/kpis/reminder`,
  );
  expect(saved.hoursBefore).toBe(2);

  // Kept after a reload; the page passes axe.
  await page.reload();
  await expect(select).toHaveValue(kpiReminderMessages.hoursBefore(2));
  await shots(page, 'set', select);
  await expectAccessible(page, 'the scorecard settings with the reminder');

  // A member reads it but cannot change it.
  await startSignedIn(page, mate.token);
  await page.goto(`/kpi/${meeting.id}`);
  await expect(select).toHaveValue(kpiReminderMessages.hoursBefore(2));
  await expect(select).toBeDisabled();
  await expect(select).toHaveAccessibleDescription(kpiReminderMessages.leadersOnly);
  await shots(page, 'member', select);
  await expectAccessible(page, 'the reminder as a member sees it');
});
