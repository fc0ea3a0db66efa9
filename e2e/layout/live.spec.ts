import { liveMessages } from '../../src/features/live/live.messages.ts';
import { meetingsMessages } from '../../src/features/meetings/meetings.messages.ts';
import { messages } from '../../src/shared/messages.ts';
import { call, seedLayoutTeam as seed, startSignedIn } from '../helpers.ts';
import { checkDialog, checkPage, dashboardOf, eachSize, escapeCloses, expect, expectWhole, test } from './helpers.ts';

// Layout (decision 026, e2e/layout/helpers.ts): the live meeting, its steps and popovers, and the
// agenda rows in the agenda form and the live agenda.

// Axe and the seeding take a while on a busy machine.
test.describe.configure({ mode: 'parallel', timeout: 90_000 });

// The machine these run on is shared and slow at times: no action waits forever.
test.use({ actionTimeout: 20_000 });

eachSize((size) => {
  test(`live meeting and its popovers (${size})`, async ({ page, request }) => {
    const { owner, meeting } = await seed(request, `layout-live-${size}`);
    const started = await call<{ sessionId: string }>(
      request,
      owner.token,
      'POST',
      `/meetings/${meeting.id}/start`,
      {},
    );
    await startSignedIn(page, owner.token);
    await page.goto(`/live-meeting/${meeting.id}/${started.sessionId}`);
    await expect(page.getByTestId('live-step')).toHaveAttribute('data-step', '0');
    await checkPage(page, 'live', size, [page.getByRole('button', { name: messages.nextButton, exact: true })]);

    await page.getByTestId('online-button').click();
    await expect(page.getByTestId('online-list')).toBeVisible();
    await checkPage(page, 'live-online', size);
    await escapeCloses(page, page.getByTestId('online-list'), 'the Online popover');

    await page.getByRole('button', { name: liveMessages.liveShowAgenda }).click();
    const agenda = page.getByRole('list', { name: messages.agendaLabel });
    await expect(agenda).toBeVisible();
    await escapeCloses(page, agenda, 'the agenda popover');

    // Escape closes it too while the focus is still on the button that opened it.
    const agendaButton = page.getByRole('button', { name: liveMessages.liveShowAgenda });
    await agendaButton.click();
    await expect(agenda).toBeVisible();
    await agendaButton.focus();
    await escapeCloses(page, agenda, 'the agenda popover, from its button');
  });

  test(`live Issues step and its to-dos dialog (${size})`, async ({ page, request }) => {
    // Three axe runs and two screenshots of a full step: over 90 s on a loaded machine.
    test.setTimeout(180_000);
    const { owner, meeting } = await seed(request, `layout-room-${size}`);
    for (const title of ['Customer onboarding takes three weeks instead of one', 'Printer'])
      await call(request, owner.token, 'POST', '/tasks', {
        title,
        type: '2',
        userId: owner.id,
        meetingIds: [meeting.id],
      });
    const started = await call<{ sessionId: string }>(
      request,
      owner.token,
      'POST',
      `/meetings/${meeting.id}/start`,
      {},
    );
    // The default agenda's sixth step: Issues.
    await call(request, owner.token, 'POST', `/sessions/${started.sessionId}/step`, { step: 5 });
    await startSignedIn(page, owner.token);
    await page.goto(`/live-meeting/${meeting.id}/${started.sessionId}`);
    const printer = page.getByTestId('task-row').filter({ hasText: 'Printer' });
    await printer.getByRole('button', { name: liveMessages.liveDiscuss }).click();
    await expect(printer).toHaveAttribute('data-highlighted', 'true');
    await checkPage(page, 'live-issues', size, [page.getByRole('button', { name: messages.nextButton, exact: true })]);

    await printer.getByRole('button', { name: liveMessages.liveTodosFromIssue }).click();
    const dialog = page.getByRole('dialog', { name: liveMessages.liveTodosFromIssueTitle('Printer') });
    await expect(dialog).toBeVisible();
    await checkPage(page, 'live-todos-dialog', size, [
      dialog.getByRole('button', { name: liveMessages.liveCreateTodos }),
    ]);
    await checkDialog(page, dialog, 'the to-dos dialog');
  });

  // meeting: the live KPIs and board steps (the Team Files dialogs: meetings.spec.ts)
  test(`live KPIs and board steps (${size})`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const { owner, meeting } = await seed(request, `layout-steps-${size}`);
    const boards = await call<{ id: string }[]>(request, owner.token, 'GET', `/meetings/${meeting.id}/boards`);
    const agenda = await call<{ keyName: string }[]>(
      request,
      owner.token,
      'GET',
      `/meetings/${meeting.id}/agenda-items`,
    );
    const boardStep = {
      title: 'Roadmap',
      keyName: 'accountability_board',
      boardId: boards[0]!.id,
      duration: 5,
      description: '<p>Move what <strong>shipped</strong> this week.</p>',
    };
    await call(request, owner.token, 'PUT', `/meetings/${meeting.id}/agenda-items`, {
      agendaItems: [...agenda.slice(0, -1), boardStep, ...agenda.slice(-1)],
    });
    const started = await call<{ sessionId: string }>(
      request,
      owner.token,
      'POST',
      `/meetings/${meeting.id}/start`,
      {},
    );
    await call(request, owner.token, 'POST', `/sessions/${started.sessionId}/step`, { step: 1 });
    await startSignedIn(page, owner.token);
    await page.goto(`/live-meeting/${meeting.id}/${started.sessionId}`);
    await expect(page.getByTestId('live-step')).toContainText('Qualified sales calls made');
    await checkPage(page, 'live-kpis', size, [page.getByRole('button', { name: messages.nextButton, exact: true })]);

    await call(request, owner.token, 'POST', `/sessions/${started.sessionId}/step`, { step: agenda.length - 1 });
    await page.reload();
    await expect(page.getByTestId('step-description')).toContainText('shipped');
    await expect(page.getByTestId('board-column').first()).toBeVisible();
    await checkPage(page, 'live-board', size, [page.getByRole('button', { name: messages.nextButton, exact: true })]);
  });

  // Agenda item rows on a phone: the kind badge and the minutes never cover the title.
  test(`agenda rows: the agenda form and the live agenda (${size})`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const { owner, meeting } = await seed(request, `layout-agenda-rows-${size}`);
    const agenda = await call<{ keyName: string }[]>(
      request,
      owner.token,
      'GET',
      `/meetings/${meeting.id}/agenda-items`,
    );
    const longStep = {
      title: 'Review the customer escalations of the week with the support leads',
      keyName: 'free_activity',
      duration: 15,
    };
    await call(request, owner.token, 'PUT', `/meetings/${meeting.id}/agenda-items`, {
      agendaItems: [...agenda.slice(0, -1), longStep, ...agenda.slice(-1)],
    });
    await startSignedIn(page, owner.token);
    await page.goto(dashboardOf(meeting));
    const management = page.getByRole('region', { name: meetingsMessages.meetingManagement });
    await management.getByRole('button', { name: meetingsMessages.editAgenda }).click();
    const form = page.getByRole('dialog', { name: meetingsMessages.editAgenda });
    const rows = form.locator('[data-agenda-item]');
    await expect(rows.first()).toBeVisible();
    await checkPage(page, 'agenda-rows-form', size, [form.getByRole('button', { name: messages.saveButton })]);
    // Each row: the title field, its kind badge and its minutes side by side or on their own lines, never on top of each other.
    for (const row of await rows.all()) {
      const title = (await row.getAttribute('data-agenda-item')) ?? '';
      const field = await row.getByRole('textbox', { name: meetingsMessages.titleOf(title) }).boundingBox();
      const badge = await row.locator('.mantine-Badge-root').boundingBox();
      const minutes = await row.getByRole('textbox', { name: meetingsMessages.minutesOf(title) }).boundingBox();
      expect(field && badge && minutes, title).toBeTruthy();
      for (const [other, what] of [
        [badge!, 'kind badge'],
        [minutes!, 'minutes'],
      ] as const) {
        const apart =
          other.x >= field!.x + field!.width - 0.5 ||
          other.x + other.width <= field!.x + 0.5 ||
          other.y >= field!.y + field!.height - 0.5 ||
          other.y + other.height <= field!.y + 0.5;
        expect(apart, `${title}: the ${what} overlaps the title`).toBe(true);
      }
      // The title field keeps room to read: at least half the row.
      const rowBox = (await row.boundingBox())!;
      expect(field!.width, `${title}: title field width`).toBeGreaterThan(rowBox.width * 0.5);
    }
    await form.getByRole('button', { name: messages.cancelButton, exact: true }).last().click();
    await expect(form).toBeHidden();

    const started = await call<{ sessionId: string }>(
      request,
      owner.token,
      'POST',
      `/meetings/${meeting.id}/start`,
      {},
    );
    await page.goto(`/live-meeting/${meeting.id}/${started.sessionId}`);
    await page.getByRole('button', { name: liveMessages.liveShowAgenda }).click();
    const list = page.getByRole('list', { name: messages.agendaLabel });
    await expect(list).toBeVisible();
    await checkPage(page, 'agenda-rows-live', size);
    await expectWhole(page, list, 'the live agenda');
    for (const item of await list.getByRole('listitem').all()) {
      const title = (await item.getByTestId('live-agenda-title').boundingBox())!;
      const minutes = (await item.getByTestId('live-agenda-minutes').boundingBox())!;
      const apart = minutes.x >= title.x + title.width - 0.5 || minutes.y >= title.y + title.height - 0.5;
      expect(apart, 'the minutes overlap the title').toBe(true);
      expect(title.width, 'the title keeps room to read').toBeGreaterThan(120);
    }
    await escapeCloses(page, list, 'the live agenda');
    await expect(page.getByTestId('live-badge')).toBeVisible();
    const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
    const live = (await page.getByTestId('live-badge').boundingBox())!;
    const apart =
      live.x >= heading.x + heading.width - 0.5 ||
      live.y >= heading.y + heading.height - 0.5 ||
      live.y + live.height <= heading.y + 0.5;
    expect(apart, 'the LIVE badge overlaps the meeting title').toBe(true);
    // The badge is whole, not squeezed to its first letter.
    const clipped = await page
      .getByTestId('live-badge')
      .evaluate((badge) => [...badge.querySelectorAll('span')].some((span) => span.scrollWidth > span.clientWidth));
    expect(clipped, 'the LIVE badge is cut').toBe(false);
  });
});
