import { peopleMessages } from '../../src/features/people/people.messages.ts';
import { reportsMessages } from '../../src/features/reports/reports.messages.ts';
import { timeMessages } from '../../src/features/time/time.messages.ts';
import { vaultMessages } from '../../src/features/vault/vault.messages.ts';
import { messages } from '../../src/shared/messages.ts';
import { call, createMeeting, SCREENS, seedHeldMeeting, showDisabledPeople, startSignedIn, team } from '../helpers.ts';
import { checkDialog, checkPage, eachSize, escapeCloses, expect, test } from './helpers.ts';

// Layout (decision 026, e2e/layout/helpers.ts): time tracking, the password vault and the reports.

// Axe and the seeding take a while on a busy machine.
test.describe.configure({ mode: 'parallel', timeout: 90_000 });

// The machine these run on is shared and slow at times: no action waits forever.
test.use({ actionTimeout: 20_000 });

eachSize((size) => {
  // Time tracking: the four tabs and the Edit Project dialog.
  test(`time tracking tabs and the project dialog (${size})`, async ({ page, request }) => {
    const { owner, mate } = await team(request, `layout-time-${size}`);
    // The account with an image (a 1×1 PNG): its avatar in the list and the dialog.
    const account = await call<{ id: string }>(request, owner.token, 'POST', '/time/accounts', {
      title: 'Acme',
      image:
        'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    });
    const project = await call<{ id: string; tasks: { id: string }[] }>(
      request,
      owner.token,
      'POST',
      '/time/projects',
      {
        accountId: account.id,
        name: 'Website relaunch for the spring campaign',
        budgetType: 'total_project_hours',
        tasks: [{ title: 'Design' }],
        teams: [{ userId: owner.id, manage: true }, { userId: mate.id }],
      },
    );
    await call(request, owner.token, 'POST', '/time/entries', {
      projectId: project.id,
      taskId: project.tasks[0]!.id,
      spentOn: new Date().toISOString().slice(0, 10),
      minutes: 95,
      note: 'Wireframes for the landing page',
    });
    await startSignedIn(page, owner.token);
    await page.goto('/time-tracking');
    await expect(page.getByText('Wireframes for the landing page')).toBeVisible({ timeout: 60_000 });
    await checkPage(page, 'time-week', size);
    await page.getByRole('tab', { name: timeMessages.timeTabAccounts }).click();
    const edit = page.getByRole('button', {
      name: timeMessages.timeEditProjectOf('Website relaunch for the spring campaign'),
    });
    await expect(edit).toBeVisible();
    await checkPage(page, 'time-accounts', size);
    await edit.click();
    const dialog = page.getByRole('dialog', { name: timeMessages.timeEditProject });
    await expect(dialog).toBeVisible();
    await checkPage(page, 'time-project-dialog', size);
    await checkDialog(page, dialog, 'the project dialog');
    await page.getByRole('button', { name: timeMessages.timeEditAccountOf('Acme') }).click();
    const accountDialog = page.getByRole('dialog', { name: timeMessages.timeEditAccount });
    await expect(accountDialog.getByRole('img', { name: timeMessages.timeAccountImage })).toBeVisible();
    await checkPage(page, 'time-account-dialog', size);
    await checkDialog(page, accountDialog, 'the account dialog');
    await page.getByRole('tab', { name: timeMessages.timeTabMeeting }).click();
    await expect(page.getByTestId('team-totals')).toBeVisible();
    await checkPage(page, 'time-meeting', size);
    await page.getByRole('tab', { name: timeMessages.timeTabReports }).click();
    await expect(page.getByRole('button', { name: timeMessages.timeExportCsv })).toBeVisible();
    await checkPage(page, 'time-reports', size);
    // Every column is in view, on a phone too: none hides in a sideways scroll.
    await expect(page.getByRole('columnheader', { name: timeMessages.timeAmount })).toBeInViewport({ ratio: 1 });
  });

  // Password vault
  test(`password vault, its form and activity (${size})`, async ({ page, request }) => {
    const { owner, mate } = await team(request, `layout-vault-${size}`);
    const meeting = await createMeeting(request, owner.token, 'Finance and operations weekly meeting', [mate.id]);
    const group = await call<{ id: string }>(request, owner.token, 'POST', '/groups', {
      name: 'Finance',
      userIds: [mate.id],
    });
    const folder = await call<{ id: string }>(
      request,
      owner.token,
      'POST',
      `/meetings/${meeting.id}/password-folders`,
      {
        name: 'Banking and payroll',
      },
    );
    const entry = await call<{ id: string }>(request, owner.token, 'POST', `/meetings/${meeting.id}/passwords`, {
      account: 'Payroll portal of the finance department',
      username: 'finance-team@example.com',
      password: 'x7!Kq9#LmP2$vR4w',
      siteUrl: 'https://payroll.example.com/login',
      folderId: folder.id,
      groupIds: [group.id],
      notes: 'Shared login; rotate every quarter.',
    });
    await call(request, owner.token, 'POST', `/meetings/${meeting.id}/passwords`, {
      account: 'Office Wi-Fi',
      password: 'guest2026',
    });
    await call(request, mate.token, 'POST', `/passwords/${entry.id}/reveal`, {});
    await startSignedIn(page, owner.token);
    await page.goto(`/passwords/${meeting.id}`);
    await expect(page.locator('[data-vault-entry="Office Wi-Fi"]')).toBeVisible();
    await checkPage(page, 'vault', size, [page.getByRole('button', { name: vaultMessages.vaultAddNew })]);

    await page.getByRole('button', { name: vaultMessages.vaultAddNew }).click();
    const form = page.getByRole('dialog', { name: vaultMessages.vaultAddPasswordTitle });
    await form.getByRole('button', { name: vaultMessages.vaultGenerate }).click();
    await expect(form.getByTestId('password-strength')).toBeVisible();
    await checkPage(page, 'vault-form', size, [form.getByRole('button', { name: messages.createButton })]);
    await checkDialog(page, form, 'the password form');

    await page.getByRole('tab', { name: vaultMessages.vaultActivity }).click();
    await expect(page.getByRole('table', { name: vaultMessages.vaultActivity })).toBeVisible();
    await checkPage(page, 'vault-activity', size);

    // The workspace's vault activity (admins), on /passwords.
    await page.goto('/passwords');
    await expect(page.getByRole('table', { name: vaultMessages.vaultActivity })).toBeVisible();
    await checkPage(page, 'vault-workspace-activity', size);

    // Bea leaves: her contact shows an admin the passwords she saw (decision 063).
    await call(request, mate.token, 'POST', `/passwords/${entry.id}/reveal`, { purpose: 'copy' });
    await call(request, owner.token, 'POST', `/users/${mate.id}/disable`);
    await page.goto('/directory');
    await showDisabledPeople(page);
    await page.getByRole('button', { name: peopleMessages.openContact('Bea Mate') }).click();
    const details = page.getByRole('dialog', { name: peopleMessages.contactDetails });
    const seen = details.getByRole('list', { name: messages.vaultSeenTitle });
    await expect(seen.locator('[data-audit-entry]')).toHaveCount(2);
    // On a phone the dialog scrolls: the section is below its fields.
    await seen.scrollIntoViewIfNeeded();
    await checkPage(page, 'vault-seen', size, [seen]);
    await checkDialog(page, details, 'the contact details of a departed person');
  });

  // Reports: a meeting report with its charts and trends, the member choice, and
  // the Reports page (archive search, workspace export and its question).
  test(`reports (${size})`, async ({ page, request, consoleErrors }) => {
    const { owner, mate } = await team(request, `layout-reports-${size}`);
    const { meeting } = await seedHeldMeeting(
      request,
      owner,
      mate,
      'Weekly Leadership Level 10 Meeting of the Operations Team',
    );
    await startSignedIn(page, owner.token);
    await page.goto(`/reports/meetings/${meeting.id}/${meeting.title.split(' ').join('-')}`);
    await expect(page.getByRole('heading', { name: reportsMessages.reportChartRatings })).toBeVisible();
    await expect(page.getByRole('heading', { name: reportsMessages.reportTrends })).toBeVisible();
    await checkPage(page, 'report-meeting', size, [
      page.getByRole('button', { name: reportsMessages.reportExportCsv }),
    ]);
    await page.screenshot({ path: `${SCREENS}/layout-report-meeting-full-${size}.png`, fullPage: true });
    await page.getByRole('combobox', { name: reportsMessages.reportMember }).click();
    const choices = page.getByRole('listbox');
    await expect(choices).toBeVisible();
    await escapeCloses(page, choices, 'the member choices');

    // A window the server refuses (an impossible date in the address): the dates stay to put it right.
    await page.goto(`/reports/meetings/${meeting.id}/${meeting.title.split(' ').join('-')}?dateSince=2026-02-30`);
    await expect(page.getByRole('alert').filter({ hasText: messages.impossibleDate })).toBeVisible();
    await checkPage(page, 'report-window-refused', size, [
      page.getByLabel(reportsMessages.reportFrom),
      page.getByLabel(reportsMessages.reportUntil),
      page.getByText(reportsMessages.reportWindowNoFigures),
    ]);
    // The browser logs the refused answer (400) itself: expected here, and only here.
    const refusedLogs = consoleErrors.filter((error) => error.includes('status of 400'));
    expect(refusedLogs.length).toBeGreaterThan(0);
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !refusedLogs.includes(error)));

    // The export list with expired exports (decision 059): the list as the server gives it after
    // the retention job, which cannot be waited for here.
    const day = 86_400_000;
    const expired = (id: string, daysAgo: number) => ({
      id,
      status: 'expired',
      progress: 100,
      fileName: 'cadence-weekly-leadership-2026-01-01.zip',
      size: 48_213,
      error: null,
      createdAt: new Date(Date.now() - daysAgo * day).toISOString(),
      finishedAt: new Date(Date.now() - daysAgo * day + 60_000).toISOString(),
      expiresAt: null,
      requestedBy: owner.id,
    });
    await page.route('**/api/v2/workspace-exports?*', (route) =>
      route.fulfill({
        json: {
          status: 'success',
          result: {
            items: [
              expired('00000000-0000-4000-8000-000000000001', 9),
              expired('00000000-0000-4000-8000-000000000002', 30),
            ],
            total: 2,
            offset: 0,
          },
        },
      }),
    );
    await page.goto('/reports');
    await expect(page.getByRole('heading', { name: reportsMessages.archiveSearchTitle })).toBeVisible();
    await expect(page.getByText(reportsMessages.workspaceExportStatus.expired!).first()).toBeVisible();
    await checkPage(page, 'reports', size, [page.getByRole('button', { name: reportsMessages.archiveSearchButton })]);
    const startNew = page.getByRole('button', { name: reportsMessages.workspaceExportStartNew });
    await startNew.scrollIntoViewIfNeeded();
    await checkPage(page, 'reports-exports-expired', size, [startNew]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SCREENS}/layout-reports-full-${size}.png`, fullPage: true });
    await page.getByRole('button', { name: reportsMessages.workspaceExportStart }).click();
    const question = page.getByRole('dialog', { name: reportsMessages.workspaceExportConfirmTitle });
    await expect(question).toBeVisible();
    await checkPage(page, 'reports-export-question', size, [
      question.getByRole('button', { name: reportsMessages.workspaceExportStart }),
    ]);
    await checkDialog(page, question, 'the export question');
  });
});
