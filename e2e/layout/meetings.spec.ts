import { boardsMessages } from '../../src/features/boards/boards.messages.ts';
import { calendarMessages } from '../../src/features/calendar/calendar.messages.ts';
import { meetingsMessages } from '../../src/features/meetings/meetings.messages.ts';
import { tasksMessages } from '../../src/features/tasks/tasks.messages.ts';
import { messages } from '../../src/shared/messages.ts';
import { call, SCREENS, seedLayoutTeam as seed, startSignedIn } from '../helpers.ts';
import {
  checkDialog,
  checkPage,
  dashboardOf,
  eachSize,
  escapeCloses,
  expect,
  expectNoSidewaysScroll,
  SIZES,
  test,
} from './helpers.ts';

// Layout (decision 026, e2e/layout/helpers.ts): the meetings list and wizard, the meeting
// dashboard, the card dialog, the KPI page, Team Files, and the agenda and meeting forms.

// Axe and the seeding take a while on a busy machine.
test.describe.configure({ mode: 'parallel', timeout: 90_000 });

// The machine these run on is shared and slow at times: no action waits forever.
test.use({ actionTimeout: 20_000 });

eachSize((size) => {
  test(`meetings list and the new-meeting wizard (${size})`, async ({ page, request }) => {
    const { owner } = await seed(request, `layout-list-${size}`);
    await startSignedIn(page, owner.token);
    await page.goto('/meetings');
    await expect(page.getByRole('heading', { level: 1, name: meetingsMessages.meetingsTitle })).toBeVisible();
    await checkPage(page, 'meetings', size);

    await page.getByRole('button', { name: meetingsMessages.addNewMeeting }).first().click();
    const wizard = page.getByRole('dialog', { name: meetingsMessages.newMeetingTitle });
    await expect(wizard.getByRole('heading', { name: meetingsMessages.wizardStepAgenda })).toBeVisible();
    await checkPage(page, 'wizard-step-1', size, [
      wizard.getByRole('button', { name: messages.cancelButton }),
      wizard.getByRole('button', { name: messages.nextButton }),
    ]);
    await checkDialog(page, wizard, 'the new-meeting wizard');
  });

  test(`meeting dashboard, section by section (${size})`, async ({ page, request }) => {
    const { owner, meeting } = await seed(request, `layout-dash-${size}`);
    await startSignedIn(page, owner.token);
    await page.goto(dashboardOf(meeting));
    const sections: [string, string][] = [
      ['agenda', meetingsMessages.meetingManagement],
      ['action-items', tasksMessages.actionItems],
      ['goals', tasksMessages.goalsSection],
      ['boards', boardsMessages.boardsSection],
      ['kpis', messages.kpiSection],
      ['archives', meetingsMessages.meetingArchives],
      // home area: the meeting's calendar (decision 042)
      ['calendar', messages.calendarTitle],
    ];
    await expect(page.getByRole('region', { name: boardsMessages.boardsSection })).toContainText('Product roadmap');
    await expect(page.getByRole('region', { name: messages.kpiSection })).toContainText('Qualified sales calls');
    await expect(page.getByRole('region', { name: tasksMessages.goalsSection })).toContainText('Launch the redesigned');
    await expect(page.getByRole('region', { name: tasksMessages.actionItems })).toContainText('Send the signed');
    // The calendar, below the board, is shown once the page is scrolled near it.
    const calendar = page.getByRole('region', { name: messages.calendarTitle });
    await calendar.scrollIntoViewIfNeeded();
    await expect(calendar.getByRole('tab', { name: new RegExp(`^${calendarMessages.calendarDay}`) })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await checkPage(page, 'dashboard', size);
    for (const [name, region] of sections) {
      const section = page.getByRole('region', { name: region });
      await section.scrollIntoViewIfNeeded();
      await page.waitForTimeout(150);
      await page.screenshot({ path: `${SCREENS}/layout-dashboard-${name}-${size}.png` });
      // The section itself never overflows the page (its tables scroll inside it).
      const box = await section.boundingBox();
      expect(box && box.x + box.width, `${name} section's right edge`).toBeLessThanOrEqual(SIZES[size].width);
    }
    await page.screenshot({ path: `${SCREENS}/layout-dashboard-full-${size}.png`, fullPage: true });
    // Action Items and Goals: stacked at 1280 (each gets the page's width), side by side at 1920.
    const actionItems = page.getByRole('region', { name: tasksMessages.actionItems });
    const goals = page.getByRole('region', { name: tasksMessages.goalsSection });
    const [items, goalsBox] = [await actionItems.boundingBox(), await goals.boundingBox()];
    expect(goalsBox?.y ?? 0, 'Goals below Action Items').toBeGreaterThan((items?.y ?? 0) + (items?.height ?? 0) - 1);
    if (size === 'desktop') {
      await page.setViewportSize({ width: 1920, height: 1080 });
      await expect.poll(async () => (await goals.boundingBox())?.y).toBe((await actionItems.boundingBox())?.y);
      const wide = await goals.boundingBox();
      expect(wide?.width ?? 0, 'a half panel at 1920 keeps 38rem').toBeGreaterThanOrEqual(608);
      await page.waitForTimeout(200);
      await page.screenshot({ path: `${SCREENS}/layout-dashboard-full-wide.png`, fullPage: true });
      await expectNoSidewaysScroll(page, 'dashboard at 1920');
      await page.setViewportSize(SIZES.desktop);
    }

    // A menu (the board's) closes with Escape.
    const boards = page.getByRole('region', { name: boardsMessages.boardsSection });
    await boards
      .getByRole('button', { name: boardsMessages.boardActionsOf('Product roadmap and launch planning board') })
      .click();
    await expect(page.getByRole('menu')).toBeVisible();
    await escapeCloses(page, page.getByRole('menu'), "the board's menu");
  });

  test(`card dialog, and a toast beside it (${size})`, async ({ page, request }) => {
    const { owner, cardId } = await seed(request, `layout-card-${size}`);
    await startSignedIn(page, owner.token);
    // The home page's getting-started read fails: its toast shows while the card's dialog is open.
    await page.route('**/api/v2/getting-started', (route) =>
      route.fulfill({ status: 200, json: { status: 'fail', message: 'Health check refused' } }),
    );
    await page.goto(`/home/${cardId}`);
    const dialog = page.getByRole('dialog', { name: boardsMessages.cardDialogTitle, exact: true });
    await expect(dialog.getByRole('textbox', { name: boardsMessages.cardTitleLabel })).toHaveValue(
      /Prepare the quarterly/,
      {
        timeout: 30_000,
      },
    );
    const toast = page.getByText('Error: Health check refused', { exact: true });
    await expect(toast).toBeVisible();
    const close = dialog.getByRole('button', { name: messages.closeButton, exact: true }).first();
    await checkPage(page, 'card-dialog', size, [close]);
    // The toast sits clear of the dialog's header: its close button is the top element there.
    const box = await close.boundingBox();
    const onTop = await page.evaluate(
      ([x, y]) =>
        document
          .elementFromPoint(x ?? 0, y ?? 0)
          ?.closest('button')
          ?.getAttribute('aria-label') ?? null,
      [(box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + (box?.height ?? 0) / 2],
    );
    expect(onTop).toBe(messages.closeButton);
    // A popover inside the dialog: Escape closes the popover, not the dialog.
    await dialog.getByRole('button', { name: boardsMessages.cardShareButton, exact: true }).click();
    const share = page.getByRole('dialog', { name: boardsMessages.cardShareButton, exact: true });
    await expect(share).toBeVisible();
    await checkPage(page, 'card-share', size);
    await escapeCloses(page, share, 'the Share popover');
    await expect(dialog).toBeVisible();
    await checkDialog(page, dialog, 'the card dialog');
  });

  test(`KPI page (${size})`, async ({ page, request }) => {
    const { owner, meeting } = await seed(request, `layout-kpi-${size}`);
    await startSignedIn(page, owner.token);
    await page.goto(`/kpi/${meeting.id}`);
    await expect(page.getByText('Qualified sales calls made').first()).toBeVisible();
    await checkPage(page, 'kpi', size);
  });

  // meeting: the Team Files rename and Delete Shortcut dialogs
  test(`Team Files rename and Delete Shortcut dialogs (${size})`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const { owner, meeting } = await seed(request, `layout-files-${size}`);
    await call(request, owner.token, 'POST', `/meetings/${meeting.id}/file-folders`, { name: 'Board packs' });
    await startSignedIn(page, owner.token);
    await page.goto(dashboardOf(meeting));
    const files = page.getByRole('region', { name: meetingsMessages.meetingShortcuts });
    await files.getByRole('button', { name: 'Board packs', exact: true }).click();
    await files.getByRole('button', { name: meetingsMessages.renameFolderButton }).click();
    const rename = page.getByRole('dialog', { name: meetingsMessages.renameFileFolderTitle });
    await expect(rename.getByRole('textbox', { name: messages.folderName })).toHaveValue('Board packs');
    await checkPage(page, 'files-rename', size, [rename.getByRole('button', { name: messages.saveButton })]);
    await checkDialog(page, rename, 'the rename folder dialog');
    await files.getByRole('button', { name: meetingsMessages.deleteFolderButton }).click();
    const remove = page.getByRole('dialog', { name: meetingsMessages.deleteShortcutTitle });
    await checkPage(page, 'files-delete', size, [remove.getByRole('button', { name: messages.deleteButton })]);
    await checkDialog(page, remove, 'the Delete Shortcut dialog');
  });

  test(`agenda form: a description, a Meeting Board; the meeting form's type (${size})`, async ({ page, request }) => {
    const { owner, meeting } = await seed(request, `layout-agenda-${size}`);
    await startSignedIn(page, owner.token);
    await page.goto(dashboardOf(meeting));
    const management = page.getByRole('region', { name: meetingsMessages.meetingManagement });
    await management.getByRole('button', { name: meetingsMessages.editAgenda }).click();
    const form = page.getByRole('dialog', { name: meetingsMessages.editAgenda });
    await form.getByRole('button', { name: meetingsMessages.agendaEditDescription('Segue') }).click();
    await expect(form.getByRole('textbox', { name: meetingsMessages.agendaDescriptionOf('Segue') })).toBeVisible();
    await form.getByRole('textbox', { name: meetingsMessages.agendaItemTitle, exact: true }).fill('Launch board');
    await form.getByRole('combobox', { name: meetingsMessages.connectionType }).click();
    await page.getByRole('option', { name: meetingsMessages.agendaKeyMeetingBoard, exact: true }).click();
    await form.getByRole('button', { name: messages.addButton, exact: true }).click();
    // The new step shows the board it will make on Save (decision 056).
    await expect(form.getByRole('combobox', { name: meetingsMessages.agendaBoardOf('Launch board') })).toHaveValue(
      meetingsMessages.agendaNewBoardPending('Launch board'),
    );
    await checkPage(page, 'agenda-form', size, [form.getByRole('button', { name: messages.saveButton })]);
    await form.getByRole('button', { name: messages.saveButton }).click();
    await expect(form).toBeHidden();
    // The saved toast goes first (it closes after 3 s): fading out beside the next dialog, axe
    // reads it as faint text.
    await expect(page.locator('[data-toast]').filter({ hasText: meetingsMessages.agendaSaved })).toBeHidden();

    await page.getByRole('button', { name: meetingsMessages.editMeeting, exact: true }).first().click();
    const edit = page.getByRole('dialog', { name: meetingsMessages.editMeeting });
    await edit.getByText(meetingsMessages.meetingKindTeam, { exact: true }).click();
    // A picture chosen (a 1×1 PNG): Choose image and Remove image beside it, both whole.
    await edit.locator('input[type="file"]').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
        'base64',
      ),
    });
    await expect(edit.getByRole('img', { name: meetingsMessages.meetingImage })).toBeVisible();
    await checkPage(page, 'meeting-form-type', size, [
      edit.getByRole('button', { name: messages.saveButton }),
      edit.getByRole('button', { name: messages.chooseImage }),
      edit.getByRole('button', { name: messages.removeImage }),
    ]);
    await checkDialog(page, edit, 'the meeting form');
  });
});
