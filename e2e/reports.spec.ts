import { readFileSync } from 'node:fs';
import { expect as baseExpect, test } from '@playwright/test';
import { clientMessages } from '../src/client/client.messages.ts';
import { reportsMessages } from '../src/features/reports/reports.messages.ts';
import { messages } from '../src/shared/messages.ts';
import { isoDate, SCREENS, seedHeldMeeting, startSignedIn, team } from './helpers.ts';

// Reports: a meeting report with its charts, its window changed, a member picked and
// the CSV exported; the archive searched and a hit opened; a workspace export run and downloaded.

test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 30_000, viewport: { width: 1280, height: 900 } });
const expect = baseExpect.configure({ timeout: 30_000 });

test('meeting report: window, member, CSV; archive search; workspace export', async ({ page, request }) => {
  const { owner, mate } = await team(request, 'reports');
  const { meeting, sessionId } = await seedHeldMeeting(request, owner, mate, 'Reports L10');
  await startSignedIn(page, owner.token);

  // The dashboard's trends card links to the report.
  await page.goto(`/meeting-dashboard/${meeting.id}/Reports-L10`);
  await expect(page.getByRole('heading', { name: reportsMessages.reportTrends })).toBeVisible();
  await page.getByRole('link', { name: reportsMessages.reportOpenReport }).click();
  await expect(page).toHaveURL(new RegExp(`/reports/meetings/${meeting.id}/Reports-L10$`));
  await expect(page.getByRole('heading', { name: reportsMessages.reportMeetingTitle('Reports L10') })).toBeVisible();
  const attendance = page.locator('dl').first();
  await expect(attendance).toContainText(`${reportsMessages.reportSessionsHeld}1`);
  await expect(attendance).toContainText(`${reportsMessages.reportAvgScore}7`);
  await expect(page.getByRole('heading', { name: reportsMessages.reportChartRatings })).toBeVisible();
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/reports-meeting.png`, fullPage: true });
  // The on-time chart's legend in the order of its series: good first (decision 059).
  const completion = page
    .locator('.cadence-report-chart')
    .filter({ has: page.getByRole('heading', { name: reportsMessages.reportChartCompletion }) });
  await expect(completion.locator('.mantine-ChartLegend-legendItemName')).toHaveText([
    reportsMessages.reportSeriesOnTime,
    reportsMessages.reportSeriesLate,
    reportsMessages.reportSeriesOverdue,
    reportsMessages.reportSeriesOpen,
  ]);

  // A window that ends before it starts is refused with the message; then a window without the meeting.
  const from = page.getByLabel(reportsMessages.reportFrom);
  const until = page.getByLabel(reportsMessages.reportUntil);
  await until.fill(isoDate(-400));
  await expect(page.getByRole('alert').filter({ hasText: reportsMessages.reportWindowOrder })).toBeVisible();
  await from.fill(isoDate(-420));
  await expect(page).toHaveURL(/dateSince=/);
  await expect(attendance).toContainText(`${reportsMessages.reportSessionsHeld}0`);
  await until.fill(isoDate(0));
  await expect(attendance).toContainText(`${reportsMessages.reportSessionsHeld}1`);

  // The member report.
  await page.getByRole('combobox', { name: reportsMessages.reportMember }).click();
  await page.getByRole('option', { name: 'Bea Mate' }).click();
  await expect(page).toHaveURL(new RegExp(`/reports/meetings/${meeting.id}/Reports-L10/users/${mate.id}\\?`));
  await expect(
    page.getByRole('heading', { name: reportsMessages.reportMemberTitle('Bea Mate', 'Reports L10') }),
  ).toBeVisible();
  await expect(attendance).toContainText(`${reportsMessages.reportAvgScore}6`);

  // CSV of what is shown.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: reportsMessages.reportExportCsv }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^report-reports-l10-bea-mate-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = readFileSync((await download.path()) as string, 'utf8');
  expect(csv).toContain('Attendance,Average rating,6');

  // The user report of the same person (the directory links to it).
  await page.goto(`/reports/users/${mate.id}`);
  await expect(page.getByRole('heading', { name: reportsMessages.reportUserTitle('Bea Mate') })).toBeVisible();
  await expect(page.locator('dl').first()).toContainText(`${reportsMessages.reportAvgScore}6`);

  // The archive search: the issue solved in the room, then its archive.
  await page.getByRole('link', { name: clientMessages.reportsNav, exact: true }).click();
  await expect(page.getByRole('heading', { name: reportsMessages.archiveSearchTitle })).toBeVisible();
  await page.getByRole('textbox', { name: reportsMessages.archiveSearchLabel }).fill('hiring');
  await page.getByRole('button', { name: reportsMessages.archiveSearchButton }).click();
  await expect(page.getByText(reportsMessages.archiveSearchHits(1))).toBeVisible();
  await page.getByRole('textbox', { name: reportsMessages.archiveSearchLabel }).fill('penguins');
  await page.getByRole('button', { name: reportsMessages.archiveSearchButton }).click();
  await expect(page.getByText(reportsMessages.archiveSearchNoHits)).toBeVisible();
  await page.getByRole('textbox', { name: reportsMessages.archiveSearchLabel }).fill('hiring');
  await page.getByRole('button', { name: reportsMessages.archiveSearchButton }).click();
  await page.getByRole('cell').getByRole('link', { name: 'Reports L10' }).click();
  await expect(page).toHaveURL(new RegExp(`/meeting-archives/${sessionId}$`));
  await expect(page.getByText('Hiring plan for the support team').first()).toBeVisible();

  // The workspace export: asked, followed, downloaded.
  await page.goto('/reports');
  await page.getByRole('button', { name: reportsMessages.workspaceExportStart }).click();
  const confirm = page.getByRole('dialog', { name: reportsMessages.workspaceExportConfirmTitle });
  await confirm.getByRole('button', { name: reportsMessages.workspaceExportStart }).click();
  await expect(confirm).toBeHidden();
  const ready = page.getByRole('button', { name: new RegExp(`^${reportsMessages.workspaceExportDownload}`) });
  await expect(ready).toBeVisible({ timeout: 60_000 });
  // Kept for the retention (decision 059): the day it goes is shown.
  await expect(page.getByText(/^Kept until [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/reports-page.png`, fullPage: true });
  const [zip] = await Promise.all([page.waitForEvent('download'), ready.click()]);
  expect(zip.suggestedFilename()).toMatch(/^cadence-.*\.zip$/);
  const bytes = readFileSync((await zip.path()) as string);
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
});

test('a report whose address has an impossible window keeps its dates to put it right', async ({ page, request }) => {
  const { owner, mate } = await team(request, 'reports-window');
  const { meeting } = await seedHeldMeeting(request, owner, mate, 'Window L10');
  await startSignedIn(page, owner.token);
  await page.goto(`/reports/meetings/${meeting.id}/Window-L10?dateSince=2026-02-30`);

  // The heading, the dates with the server's message under them, the figures' place in error.
  await expect(page.getByRole('heading', { name: reportsMessages.reportMeetingTitle('Window L10') })).toBeVisible();
  const alert = page.getByRole('alert').filter({ hasText: messages.impossibleDate });
  await expect(alert).toBeVisible();
  const from = page.getByLabel(reportsMessages.reportFrom);
  const until = page.getByLabel(reportsMessages.reportUntil);
  await expect(from).toBeVisible();
  await expect(until).toBeVisible();
  await expect(from).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(reportsMessages.reportWindowNoFigures)).toBeVisible();
  await expect(page.getByRole('button', { name: reportsMessages.reportExportCsv })).toBeDisabled();
  await page.screenshot({ path: `${SCREENS}/reports-window-refused.png`, fullPage: true });

  // Put right in place: the report appears for the corrected window.
  await from.fill(isoDate(-30));
  await expect(page).toHaveURL(new RegExp(`dateSince=${isoDate(-30)}`));
  await expect(alert).toBeHidden();
  await expect(page.getByText(reportsMessages.reportWindowNoFigures)).toBeHidden();
  await expect(page.locator('dl').first()).toContainText(`${reportsMessages.reportSessionsHeld}1`);
  await expect(from).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: reportsMessages.reportExportCsv })).toBeEnabled();
});
