import { expect, type Page, test } from '@playwright/test';
import { calendarMessages } from '../src/features/calendar/calendar.messages.ts';
import { kpisMessages } from '../src/features/kpis/kpis.messages.ts';
import { quartersMessages } from '../src/features/quarters/quarters.messages.ts';
import { tasksMessages } from '../src/features/tasks/tasks.messages.ts';
import { messages } from '../src/shared/messages.ts';
import { call, createMeeting, SCREENS, startSignedIn, team } from './helpers.ts';

// Every period choice comes from the workspace's quarters (decisions 043 and 056):
// an admin sets a fiscal year from February 1 on /quartals, and the KPI scorecard's quarter
// picker and the goal form's quarter offer those periods (current and future ones), and the
// calendar marks where each quarter starts.

const shortDay = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDay = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
/** The option a picker shows for period `n` of `year` running `start`–`end`. */
const option = (n: number, year: number, start: string, end: string) =>
  quartersMessages.quarterOption(n, year, shortDay(start), longDay(end));

const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SCREENS}/periods-${name}.png` });
};

test('custom quarters on /quartals reach the scorecard quarter picker, the goal form and the calendar', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const { owner, mate } = await team(request, 'periods');
  const meeting = await createMeeting(request, owner.token, 'Quarterly Review', [mate.id]);
  await call(request, owner.token, 'POST', `/meetings/${meeting.id}/scores`, {
    userId: owner.id,
    title: 'Qualified sales calls',
    goal: '>=',
    score: '20',
    units: '',
    type: 'number',
  });
  const now = new Date();
  const year = now.getUTCFullYear();
  const next = year + 1;

  // Next year is a fiscal year from February 1, set on the Quarters page.
  await startSignedIn(page, owner.token);
  await page.goto('/quartals');
  await page.getByRole('button', { name: quartersMessages.addQuartal }).click();
  const add = page.getByRole('dialog', { name: quartersMessages.addQuartal });
  await add.getByRole('textbox', { name: quartersMessages.annualYearLabel, exact: true }).fill(String(next));
  const starts = [`${next}-02-01`, `${next}-05-01`, `${next}-08-01`, `${next}-11-01`];
  for (const [index, start] of starts.entries())
    await add.getByLabel(quartersMessages.quarterStartLabel(index + 1), { exact: true }).fill(start);
  await add.getByLabel(quartersMessages.quarterEndLabel, { exact: true }).fill(`${next + 1}-01-31`);
  await add.getByRole('button', { name: messages.saveButton }).click();
  await expect(add).toBeHidden();
  await expect(page.getByRole('cell', { name: `${next}-05-01` })).toBeVisible();

  // The scorecard's picker: this year's current quarter onwards, and next year's own periods.
  await page.goto(`/meeting-dashboard/${meeting.id}/Quarterly-Review`);
  const kpis = page.getByRole('region', { name: messages.kpiSection });
  const picker = kpis.getByRole('combobox', { name: kpisMessages.kpiQuarterLabel });
  await picker.click();
  const q1 = page.getByRole('option', { name: option(1, next, `${next}-02-01`, `${next}-04-30`) });
  await expect(q1).toBeVisible();
  await expect(page.getByRole('option', { name: option(4, next, `${next}-11-01`, `${next + 1}-01-31`) })).toBeVisible();
  // No calendar quarter of next year, and no past quarter of this one.
  await expect(page.getByRole('option', { name: option(1, next, `${next}-01-01`, `${next}-03-31`) })).toHaveCount(0);
  const current = Math.floor(now.getUTCMonth() / 3) + 1;
  for (let n = 1; n < current; n++)
    await expect(page.getByRole('option', { name: new RegExp(`^Q${n} ${year} `) })).toHaveCount(0);
  await shot(page, 'scorecard-picker');
  await q1.click();
  await expect(kpis.getByRole('textbox', { name: kpisMessages.kpiDateSince })).toHaveValue(`${next}-02-01`);
  await expect(kpis.getByRole('textbox', { name: kpisMessages.kpiDateUntil })).toHaveValue(`${next}-04-30`);

  // The goal form: its quarter is one of the workspace's periods.
  const goals = page.getByRole('region', { name: tasksMessages.goalsSection });
  await goals.getByRole('button', { name: tasksMessages.addTaskOfType('Goals') }).click();
  const form = page.getByRole('dialog', { name: tasksMessages.taskFormTitle('add', 'Goals') });
  await form.getByRole('textbox', { name: messages.taskTitleLabel }).fill('Open the Lisbon office');
  await form.getByRole('combobox', { name: messages.taskOwnerLabel }).click();
  await page.getByRole('option', { name: 'Olga Owner' }).click();
  await form.getByRole('combobox', { name: tasksMessages.goalQuarterLabel }).click();
  const q2 = option(2, next, `${next}-05-01`, `${next}-07-31`);
  await expect(page.getByRole('option', { name: option(1, next, `${next}-01-01`, `${next}-03-31`) })).toHaveCount(0);
  await shot(page, 'goal-quarter');
  await page.getByRole('option', { name: q2 }).click();
  await form.getByRole('button', { name: messages.saveButton }).click();
  await expect(form).toBeHidden();
  await goals.getByRole('button', { name: 'Edit Open the Lisbon office' }).click();
  const edit = page.getByRole('dialog', { name: tasksMessages.taskFormTitle('edit', 'Goals') });
  await expect(edit.getByRole('combobox', { name: tasksMessages.goalQuarterLabel })).toHaveValue(q2);
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();

  // The calendar marks the start of next year's second period (month view of May).
  await page.goto('/home');
  const calendar = page.getByRole('region', { name: messages.calendarTitle });
  await calendar.getByRole('tab', { name: new RegExp(`^${calendarMessages.calendarMonth}`) }).click();
  // Forward month by month to May of next year.
  const target = new Date(Date.UTC(next, 4, 1));
  const months = (target.getUTCFullYear() - year) * 12 + target.getUTCMonth() - now.getUTCMonth();
  for (let i = 0; i < months; i++) await calendar.getByRole('button', { name: /next/i }).click();
  const marker = calendar.getByText(calendarMessages.calendarQuarterStarts(2, next));
  await expect(marker.first()).toBeVisible();
  await shot(page, 'calendar-marker');
  // The week of May 1 shows it in its all-day row.
  await calendar.getByRole('tab', { name: new RegExp(`^${calendarMessages.calendarWeek}`) }).click();
  await expect(marker.first()).toBeVisible();
  await shot(page, 'calendar-marker-week');
  // It opens the Quarters page.
  await marker.first().click();
  await expect(page).toHaveURL(/\/quartals$/);
});
