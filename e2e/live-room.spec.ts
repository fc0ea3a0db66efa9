import { type Browser, expect as baseExpect, type Locator, type Page, test } from '@playwright/test';
import { kpisMessages } from '../src/features/kpis/kpis.messages.ts';
import { liveMessages } from '../src/features/live/live.messages.ts';
import { meetingsMessages } from '../src/features/meetings/meetings.messages.ts';
import { tasksMessages } from '../src/features/tasks/tasks.messages.ts';
import { messages } from '../src/shared/messages.ts';
import { TASK_TYPE_NAMES } from '../src/shared/tasks.ts';
import {
  type Account,
  call,
  createMeetingToday,
  isoDate,
  keyboardDrag,
  mailsTo,
  realtimeConnected,
  SCREENS,
  shownDate,
  startSignedIn,
  team,
} from './helpers.ts';

// The live meeting: a leader runs the default agenda — a KPI value
// typed on the KPIs step, a headline turned into an issue, a to-do ticked, issues discussed,
// solved and turned into a to-do, a card moved on a linked board step — while a member sees
// every change live; then finishes, and the archive and the recap mail show what happened and
// the timing.

// The machine these run on is shared: allow 30 s per expectation.
const expect = baseExpect.configure({ timeout: 30_000 });

const signedInPage = async (browser: Browser, account: Account, viewport = { width: 1280, height: 800 }) => {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await startSignedIn(page, account.token);
  return { context, page };
};

const stepOf = (page: Page) => page.getByTestId('live-step');
const rowOf = (page: Page, title: string) => stepOf(page).getByTestId('task-row').filter({ hasText: title });

const column = (scope: Page | Locator, title: string) =>
  scope.locator(`[data-testid="board-column"][data-column="${title}"]`);

/** The leader moves on with Next up to step `index`; everyone's screen follows. */
const goToStep = async (page: Page, index: number) => {
  const current = Number(await stepOf(page).getAttribute('data-step'));
  for (let step = current + 1; step <= index; step += 1) {
    await page.getByRole('button', { name: messages.nextButton, exact: true }).click();
    await expect(stepOf(page)).toHaveAttribute('data-step', String(step));
  }
};

test('a leader runs KPIs, Headlines, To-Do, Issues and a board step with a member watching live; the archive and the mail tell it', async ({
  browser,
  request,
}) => {
  test.setTimeout(540_000);
  const { owner, mate } = await team(request, 'room');
  const meeting = await createMeetingToday(request, owner.token, 'Room L10', [mate.id]);
  const make = (title: string, type: string, userId = mate.id) =>
    call<{ id: string }>(request, owner.token, 'POST', '/tasks', { title, type, userId, meetingIds: [meeting.id] });
  await make('We signed Acme', '3');
  await make('Call the bank', '4');
  await make('Printer is broken', '2');
  await make('Hiring is slow', '2', owner.id);
  await call(request, owner.token, 'POST', `/meetings/${meeting.id}/scores`, {
    userId: mate.id,
    title: 'Demos booked',
    goal: '>=',
    score: '10',
  });
  // A board step before Meeting Scores, linked to the meeting's sprint board.
  const board = await call<{ id: string }>(request, owner.token, 'POST', '/boards', {
    name: 'Sprint',
    meetingIds: [meeting.id],
    lists: ['Doing', 'Shipped'],
  });
  const lists = await call<{ id: string }[]>(request, owner.token, 'GET', `/boards/${board.id}/task-types`);
  await call(request, owner.token, 'POST', '/tasks', {
    title: 'Ship the beta',
    userId: owner.id,
    members: [owner.id],
    boardId: board.id,
    taskTypeId: lists[0]!.id,
  });
  const agenda = await call<{ title: string; keyName: string; duration: number }[]>(
    request,
    owner.token,
    'GET',
    `/meetings/${meeting.id}/agenda-items`,
  );
  const boardStep = { title: 'Sprint board', keyName: 'accountability_board', boardId: board.id, duration: 5 };
  await call(request, owner.token, 'PUT', `/meetings/${meeting.id}/agenda-items`, {
    agendaItems: [...agenda.slice(0, -1), boardStep, ...agenda.slice(-1)],
  });
  const boardIndex = agenda.length - 1;

  const started = await call<{ sessionId: string }>(request, owner.token, 'POST', `/meetings/${meeting.id}/start`, {});
  const leader = await signedInPage(browser, owner);
  const member = await signedInPage(browser, mate);
  const url = `/live-meeting/${meeting.id}/${started.sessionId}`;
  await leader.page.goto(url);
  await member.page.goto(url);
  await expect(stepOf(member.page)).toHaveAttribute('data-step', '0');
  await realtimeConnected(leader.page);
  await realtimeConnected(member.page);

  // KPIs (step 2): the leader types this week's value; the member's scorecard shows it, missed.
  await goToStep(leader.page, 1);
  await expect(stepOf(member.page)).toHaveAttribute('data-step', '1');
  const cellLabel = kpisMessages.kpiCellLabel('Demos booked', shownDate(isoDate(0)));
  const cell = stepOf(leader.page).getByRole('textbox', { name: cellLabel, exact: true });
  await cell.fill('7');
  await cell.press('Tab');
  const seen = stepOf(member.page).getByRole('textbox', { name: cellLabel, exact: true });
  await expect(seen).toHaveValue('7');
  await expect(seen.locator('xpath=ancestor::td[1]')).toHaveAttribute('data-met', 'missed');
  await member.page.screenshot({ path: `${SCREENS}/live-room-kpis.png` });

  // Headlines (step 4): the leader turns the headline into an issue; it leaves the member's list.
  await goToStep(leader.page, 3);
  await expect(stepOf(member.page)).toHaveAttribute('data-step', '3');
  await expect(rowOf(member.page, 'We signed Acme')).toBeVisible();
  await leader.page.screenshot({ path: `${SCREENS}/live-room-headlines.png` });
  await rowOf(leader.page, 'We signed Acme').getByRole('button', { name: liveMessages.liveHeadlineToIssue }).click();
  await expect(rowOf(member.page, 'We signed Acme')).toHaveCount(0);

  // To-Do (step 5): a to-do added inline by the member, one ticked by the leader.
  await goToStep(leader.page, 4);
  await expect(stepOf(member.page)).toHaveAttribute('data-step', '4');
  const add = member.page.getByRole('form', { name: liveMessages.liveAddInline(tasksMessages.taskTabTodos) });
  await add.getByRole('textbox', { name: liveMessages.liveNewItem(TASK_TYPE_NAMES['4']) }).fill('Order toner');
  await add.getByRole('button', { name: messages.addButton }).click();
  await expect(rowOf(leader.page, 'Order toner')).toBeVisible();
  await rowOf(leader.page, 'Call the bank')
    .getByRole('checkbox', { name: tasksMessages.taskMarkDone('Call the bank') })
    .check();
  await expect(
    member.page.getByRole('list', { name: liveMessages.liveDoneSince(1) }).getByText('Call the bank'),
  ).toBeVisible();
  await member.page.screenshot({ path: `${SCREENS}/live-room-todos.png` });

  // Issues (step 6): one turned into a to-do for Bea (owner and due picked); then both discussed
  // (highlighted on the member's screen) and solved, one after the other.
  await goToStep(leader.page, 5);
  const issuesShown = Date.now();
  await expect(stepOf(member.page)).toHaveAttribute('data-step', '5');
  await expect(rowOf(member.page, 'We signed Acme')).toBeVisible();
  const due = isoDate(5);
  await rowOf(leader.page, 'Hiring is slow').getByRole('button', { name: liveMessages.liveTodosFromIssue }).click();
  const dialog = leader.page.getByRole('dialog', { name: liveMessages.liveTodosFromIssueTitle('Hiring is slow') });
  await dialog.getByRole('textbox', { name: liveMessages.liveTodoTitle(1) }).fill('Post the job ad');
  await dialog.getByRole('combobox', { name: liveMessages.liveTodoOwner(1) }).click();
  await leader.page.getByRole('listbox').getByRole('option', { name: 'Bea Mate', exact: true }).click();
  await expect(dialog.getByRole('combobox', { name: liveMessages.liveTodoOwner(1) })).toHaveValue('Bea Mate');
  await dialog.getByLabel(liveMessages.liveTodoDue(1)).fill(due);
  await leader.page.screenshot({ path: `${SCREENS}/live-room-todos-dialog.png` });
  await dialog.getByRole('button', { name: liveMessages.liveCreateTodos }).click();
  await expect(dialog).toHaveCount(0);

  for (const [index, title] of ['Printer is broken', 'Hiring is slow'].entries()) {
    await rowOf(leader.page, title).getByRole('button', { name: liveMessages.liveDiscuss }).click();
    await expect(rowOf(member.page, title)).toHaveAttribute('data-highlighted', 'true');
    await expect(stepOf(member.page).locator('[data-highlighted]')).toHaveCount(1);
    if (index === 0) {
      await member.page.screenshot({ path: `${SCREENS}/live-room-issues-member.png` });
      await leader.page.screenshot({ path: `${SCREENS}/live-room-issues-leader.png` });
    }
    await rowOf(leader.page, title).getByRole('button', { name: liveMessages.liveSolve }).click();
    await expect(rowOf(member.page, title)).toHaveCount(0);
  }
  await expect(stepOf(member.page).locator('[data-highlighted]')).toHaveCount(0);

  // The phone shows the same step without sideways scroll.
  const phone = await signedInPage(browser, mate, { width: 390, height: 844 });
  await phone.page.goto(url);
  await expect(rowOf(phone.page, 'We signed Acme')).toBeVisible();
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.page.screenshot({ path: `${SCREENS}/live-room-issues-phone.png`, fullPage: true });
  await phone.context.close();

  // Back on the To-Do step the member sees the new to-do: Bea's, due in five days.
  await leader.page.getByRole('button', { name: liveMessages.previousButton }).click();
  await expect(stepOf(member.page)).toHaveAttribute('data-step', '4');
  const jobAd = rowOf(member.page, 'Post the job ad');
  await expect(jobAd.getByRole('img', { name: tasksMessages.taskOwnerOf('Bea Mate') })).toBeVisible();
  await expect(jobAd.locator('[data-due-colour]')).toHaveText(messages.taskDue(shownDate(due)));
  await member.page.screenshot({ path: `${SCREENS}/live-room-todo-from-issue.png` });

  /** Next to `step`; the moments before the click and once the member's screen shows it (the server began it in between). */
  const nextTo = async (step: number) => {
    const clicked = Date.now();
    await leader.page.getByRole('button', { name: messages.nextButton, exact: true }).click();
    await expect(stepOf(member.page)).toHaveAttribute('data-step', String(step));
    return { clicked, shown: Date.now() };
  };

  // The board step: the leader drags the card to Shipped; the member's board shows it there.
  const issuesLeft = Date.now();
  await goToStep(leader.page, boardIndex - 1);
  const boardBegan = await nextTo(boardIndex);
  const card = (page: Page, list: string) =>
    column(stepOf(page), list).getByRole('button', { name: 'Ship the beta', exact: true });
  await expect(card(member.page, 'Doing')).toBeVisible();
  await keyboardDrag(leader.page, card(leader.page, 'Doing'), ['ArrowRight']);
  await expect(card(leader.page, 'Shipped')).toBeVisible();
  await expect(card(member.page, 'Shipped')).toBeVisible();
  await expect(card(member.page, 'Doing')).toHaveCount(0);
  await member.page.screenshot({ path: `${SCREENS}/live-room-board-member.png` });
  const boardEnded = await nextTo(boardIndex + 1);

  // The leader finishes with Save and Finish; both go to the dashboard.
  await leader.page.getByRole('button', { name: liveMessages.saveAndFinish }).click();
  await leader.page
    .getByRole('dialog', { name: liveMessages.endMeetingTitle })
    .getByRole('button', { name: liveMessages.endMeetingButton })
    .click();
  await expect(member.page.getByText(liveMessages.liveEndedByLeader)).toBeVisible();
  await expect(leader.page).toHaveURL(new RegExp(`/meeting-dashboard/${meeting.id}/`));

  // The archive lists what happened, with the timing.
  await leader.page.goto(`/meeting-archives/${started.sessionId}`);
  const issuesSolved = leader.page.getByRole('region', { name: messages.recapIssuesSolved });
  await expect(issuesSolved).toContainText('Printer is broken');
  await expect(issuesSolved).toContainText('Hiring is slow');
  await expect(leader.page.getByRole('region', { name: messages.recapTodosCreated })).toContainText('Post the job ad');
  await expect(leader.page.getByRole('region', { name: liveMessages.recapHeadlines, exact: true })).toContainText(
    'We signed Acme',
  );

  // Timing: the plan is exact; the board step's minutes are the time between the moments above
  // (to the tenth of a minute, ±4 s), and its overrun is actual less planned.
  type Timing = { title: string; plannedMinutes: number; actualMinutes: number; overrunMinutes: number };
  const archive = await call<{ timing: { items: Timing[] } & Omit<Timing, 'title'> }>(
    request,
    owner.token,
    'GET',
    `/sessions/${started.sessionId}/archive`,
  );
  const { timing } = archive;
  expect(timing.items.map((row) => [row.title, row.plannedMinutes])).toEqual(
    [...agenda.slice(0, -1), boardStep, ...agenda.slice(-1)].map((row) => [row.title, row.duration]),
  );
  expect(timing.plannedMinutes).toBe(95);
  const boardRow = timing.items.find((row) => row.title === 'Sprint board')!;
  const issuesRow = timing.items.find((row) => row.title === 'Issues')!;
  expect(boardRow.actualMinutes * 60).toBeGreaterThanOrEqual((boardEnded.clicked - boardBegan.shown) / 1000 - 4);
  expect(boardRow.actualMinutes * 60).toBeLessThanOrEqual((boardEnded.shown - boardBegan.clicked) / 1000 + 4);
  // The Issues step counts at least the time the test spent in it (tenths of a minute, rounded).
  expect(issuesRow.actualMinutes * 60).toBeGreaterThanOrEqual((issuesLeft - issuesShown) / 1000 - 4);
  for (const row of [boardRow, issuesRow, timing])
    expect(row.overrunMinutes).toBeCloseTo(row.actualMinutes - row.plannedMinutes, 5);
  const table = leader.page.getByRole('table', { name: liveMessages.recapTiming });
  for (const row of [boardRow, issuesRow])
    await expect(table.getByRole('row').filter({ hasText: row.title }).getByRole('cell')).toHaveText([
      row.title,
      `${row.plannedMinutes} min`,
      liveMessages.archiveMinutes(row.actualMinutes),
      liveMessages.archiveOverrun(row.overrunMinutes),
    ]);
  await expect(table.getByRole('row').filter({ hasText: liveMessages.archiveTimingTotal })).toContainText('95 min');
  await leader.page.screenshot({ path: `${SCREENS}/live-room-archive.png`, fullPage: true });

  // The recap mail: the issues solved, the to-do with its owner and due date, the KPI and the timing.
  let recap: { text: string } | undefined;
  await expect
    .poll(async () => {
      recap = (await mailsTo(mate.user.email)).find((mail) => mail.subject.startsWith('Recap: Room L10'));
      return recap !== undefined;
    })
    .toBe(true);
  const solvedLines = recap!.text.split(`${messages.recapIssuesSolved}:\n`)[1]?.split('\n\n')[0];
  expect(solvedLines).toContain('Printer is broken (Bea Mate)');
  expect(solvedLines).toContain('Hiring is slow (Olga Owner)');
  expect(recap!.text).toContain(`Post the job ad (Bea Mate, due ${shownDate(due)})`);
  expect(recap!.text).toMatch(/Demos booked \(.+\): 7, goal .*10 \(missed\)/);
  expect(recap!.text).toContain(`${liveMessages.recapTiming}:`);
  for (const row of [boardRow, issuesRow])
    expect(recap!.text).toContain(
      liveMessages.recapTimingLine(row.title, row.plannedMinutes, row.actualMinutes, row.overrunMinutes),
    );
  expect(recap!.text).toContain(
    liveMessages.recapTimingTotal(timing.plannedMinutes, timing.actualMinutes, timing.overrunMinutes),
  );
  await leader.context.close();
  await member.context.close();
});

test('the agenda form links a list step to a board list of the meeting; the live step shows that list', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { owner } = await team(request, 'room-board');
  const meeting = await createMeetingToday(request, owner.token, 'Sales Weekly', []);
  const board = await call<{ id: string }>(request, owner.token, 'POST', '/boards', {
    name: 'Pipeline',
    meetingIds: [meeting.id],
    lists: ['Leads', 'Won'],
  });
  const lists = await call<{ id: string; name: string }[]>(
    request,
    owner.token,
    'GET',
    `/boards/${board.id}/task-types`,
  );
  const won = lists.find((list) => list.name === 'Won')!;
  for (const [title, list] of [
    ['Acme renewal', won.id],
    ['Globex lead', lists[0]!.id],
  ] as const)
    await call(request, owner.token, 'POST', '/tasks', {
      title,
      userId: owner.id,
      meetingIds: [meeting.id],
      boardId: board.id,
      taskTypeId: list,
      showInTasks: '0',
    });
  await call(request, owner.token, 'PUT', `/meetings/${meeting.id}/agenda-items`, {
    agendaItems: [
      { title: 'Wins', keyName: 'accountability_list', duration: 10 },
      { title: 'Meeting Scores', keyName: 'conclusion', duration: 5 },
    ],
  });

  await startSignedIn(page, owner.token);
  await page.goto(`/meeting-dashboard/${meeting.id}/Sales-Weekly`);
  await page
    .getByRole('region', { name: meetingsMessages.meetingManagement })
    .getByRole('button', { name: meetingsMessages.editAgenda })
    .click();
  const form = page.getByRole('dialog', { name: meetingsMessages.editAgenda });
  await form.getByRole('combobox', { name: meetingsMessages.agendaBoardOf('Wins') }).click();
  await page.getByRole('option', { name: 'Pipeline', exact: true }).click();
  await form.getByRole('combobox', { name: meetingsMessages.agendaListOf('Wins') }).click();
  await page.getByRole('option', { name: 'Won', exact: true }).click();
  await page.screenshot({ path: `${SCREENS}/live-room-agenda-board.png` });
  await form.getByRole('button', { name: messages.saveButton }).click();
  await expect(form).toBeHidden();
  const agenda = await call<{ title: string; boardId: string | null; boardListId: string | null }[]>(
    request,
    owner.token,
    'GET',
    `/meetings/${meeting.id}/agenda-items`,
  );
  expect(agenda[0]).toMatchObject({ title: 'Wins', boardId: board.id, boardListId: won.id });

  const started = await call<{ sessionId: string }>(request, owner.token, 'POST', `/meetings/${meeting.id}/start`, {});
  await page.goto(`/live-meeting/${meeting.id}/${started.sessionId}`);
  await expect(stepOf(page)).toContainText('Acme renewal');
  await expect(stepOf(page)).not.toContainText('Globex lead');
  await page.screenshot({ path: `${SCREENS}/live-room-board-step.png` });
});
