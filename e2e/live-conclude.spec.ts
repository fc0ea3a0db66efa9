import { type Browser, expect as baseExpect, type Page, test } from '@playwright/test';
import { kpisMessages } from '../src/features/kpis/kpis.messages.ts';
import { liveMessages } from '../src/features/live/live.messages.ts';
import { messages } from '../src/shared/messages.ts';
import { expectAccessible } from './axe.ts';
import {
  type Account,
  call,
  createMeetingToday,
  isoDate,
  mailsTo,
  realtimeConnected,
  SCREENS,
  shownDate,
  startSignedIn,
  team,
} from './helpers.ts';

// The meeting's conclude (decision 081), as a team runs it: a leader, a member and a phone
// follow the Cascading Messages and Recap steps live; a message entered in the room reaches its
// audience (notification and its mail) and the archive; the Recap step lists the to-dos made
// in the meeting on every screen, and a refresh keeps the step.

// The machine these run on is shared: allow 90 s per expectation (three browser contexts at once).
const expect = baseExpect.configure({ timeout: 90_000 });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const signedInPage = async (browser: Browser, account: Account, viewport = DESKTOP) => {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await startSignedIn(page, account.token);
  return { context, page };
};

const stepOf = (page: Page) => page.getByTestId('live-step');

/** Nothing wider than the screen: no sideways scroll. */
const expectNoSideScroll = async (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);

test('the Cascading Messages and Recap steps, live on every screen; the message reaches its audience and the archive', async ({
  browser,
  request,
}) => {
  test.setTimeout(900_000);
  const { owner, mate } = await team(request, 'conclude');
  const meeting = await createMeetingToday(request, owner.token, 'Conclude L10', [mate.id]);
  await call(request, owner.token, 'PUT', `/meetings/${meeting.id}/agenda-items`, {
    agendaItems: [
      { title: 'Cascading Messages', keyName: 'cascading_messages', duration: 5, description: 'What to tell whom.' },
      { title: 'Recap', keyName: 'todo_recap', duration: 5, description: 'Read back the new to-dos.' },
      { title: 'Meeting Scores', keyName: 'conclusion', duration: 5 },
    ],
  });
  // Made before the meeting: not read back.
  await call(request, owner.token, 'POST', '/tasks', {
    title: 'Old to-do',
    type: '4',
    userId: mate.id,
    meetingIds: [meeting.id],
  });
  const started = await call<{ sessionId: string }>(request, owner.token, 'POST', `/meetings/${meeting.id}/start`, {});
  const url = `/live-meeting/${meeting.id}/${started.sessionId}`;

  const leader = await signedInPage(browser, owner);
  const member = await signedInPage(browser, mate);
  const phone = await signedInPage(browser, mate, PHONE);
  for (const screen of [leader, member, phone]) await screen.page.goto(url);
  for (const screen of [leader, member, phone]) await expect(stepOf(screen.page)).toHaveAttribute('data-step', '0');
  for (const screen of [leader, member, phone]) await realtimeConnected(screen.page);

  // Cascading Messages: the leader writes one to everyone; the other screens show it as it is added.
  const form = stepOf(leader.page);
  await form.getByLabel(liveMessages.cascadingText).fill('The office is closed on Friday');
  await form.getByRole('button', { name: liveMessages.cascadingAdd }).click();
  for (const screen of [leader, member, phone]) {
    await expect(stepOf(screen.page).getByText('The office is closed on Friday')).toBeVisible();
    await expect(
      stepOf(screen.page).getByText(liveMessages.cascadingTo(liveMessages.cascadingEveryone)).first(),
    ).toBeVisible();
  }
  // The member reads, without the form.
  await expect(stepOf(member.page).getByRole('button', { name: liveMessages.cascadingAdd })).toHaveCount(0);
  await leader.page.screenshot({ path: `${SCREENS}/live-conclude-cascading-1280.png` });
  await phone.page.screenshot({ path: `${SCREENS}/live-conclude-cascading-390.png`, fullPage: true });
  await expectNoSideScroll(phone.page);
  await expectAccessible(leader.page, 'the Cascading Messages step (leader)');
  await expectAccessible(phone.page, 'the Cascading Messages step (phone)');

  // Recap: empty at first, then every to-do made in the meeting shows on every screen.
  await leader.page.getByRole('button', { name: messages.nextButton, exact: true }).click();
  for (const screen of [leader, member, phone]) {
    await expect(stepOf(screen.page)).toHaveAttribute('data-step', '1');
    await expect(stepOf(screen.page).getByText(liveMessages.recapTodosEmpty)).toBeVisible();
  }
  const due = isoDate(7);
  await call(request, owner.token, 'POST', '/tasks', {
    title: 'Book the movers',
    type: '4',
    userId: mate.id,
    dueDate: due,
    meetingIds: [meeting.id],
  });
  await call(request, mate.token, 'POST', '/tasks', {
    title: 'Tell the landlord',
    type: '4',
    userId: owner.id,
    meetingIds: [meeting.id],
  });
  for (const screen of [leader, member, phone]) {
    const todos = stepOf(screen.page).getByTestId('recap-todos');
    await expect(todos.getByText('Book the movers')).toBeVisible();
    await expect(todos.getByText('Tell the landlord')).toBeVisible();
    await expect(todos.getByText('Bea Mate')).toBeVisible();
    await expect(todos.getByText('Old to-do')).toHaveCount(0);
  }

  // A refresh in the middle keeps the step and its list.
  await member.page.reload();
  await expect(stepOf(member.page)).toHaveAttribute('data-step', '1');
  await expect(stepOf(member.page).getByTestId('recap-todos').getByText('Book the movers')).toBeVisible();
  await realtimeConnected(member.page);

  await leader.page.screenshot({ path: `${SCREENS}/live-conclude-recap-1280.png` });
  await phone.page.screenshot({ path: `${SCREENS}/live-conclude-recap-390.png`, fullPage: true });
  await expectNoSideScroll(phone.page);
  await expectAccessible(leader.page, 'the Recap step (leader)');
  await expectAccessible(phone.page, 'the Recap step (phone)');

  // Save and Finish: the message goes out.
  await leader.page.getByRole('button', { name: messages.nextButton, exact: true }).click();
  await leader.page.getByRole('button', { name: liveMessages.saveAndFinish }).click();
  await leader.page
    .getByRole('dialog', { name: liveMessages.endMeetingTitle })
    .getByRole('button', { name: liveMessages.endMeetingButton })
    .click();
  await expect(member.page.getByText(liveMessages.liveEndedByLeader)).toBeVisible();

  // The member is told (bell) and gets its mail; the recap mail carries it too.
  const notes = await call<{ items: { kind: string; message: string }[] }>(
    request,
    mate.token,
    'GET',
    '/notifications',
  );
  expect(notes.items.find((n) => n.kind === 'cascadingMessage')?.message).toBe(
    liveMessages.cascadingNotification('Conclude L10', 'The office is closed on Friday'),
  );
  await expect
    .poll(
      async () =>
        (await mailsTo(mate.user.email)).filter((m) => m.text.includes('The office is closed on Friday')).length,
    )
    .toBeGreaterThanOrEqual(2);

  // The archive keeps it.
  await leader.page.goto(`/meeting-archives/${started.sessionId}`);
  const kept = leader.page.getByRole('region', { name: liveMessages.archiveCascading });
  await expect(kept).toContainText('The office is closed on Friday');
  await expect(kept).toContainText(liveMessages.cascadingTo(liveMessages.cascadingEveryone));
  await expect(leader.page.getByRole('region', { name: messages.recapTodosCreated })).toContainText('Book the movers');

  for (const screen of [leader, member, phone]) await screen.context.close();
});

test('in the live scorecard, typing into a filled cell replaces its value (focused by a click or by Tab)', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const { owner, mate } = await team(request, 'replace');
  const meeting = await createMeetingToday(request, owner.token, 'Scorecard L10', [mate.id]);
  const score = (title: string) =>
    call<{ id: string }>(request, owner.token, 'POST', `/meetings/${meeting.id}/scores`, {
      userId: mate.id,
      title,
      goal: '>=',
      score: '40',
      units: '',
      type: 'number',
    });
  const calls = await score('Calls made');
  const demos = await score('Demos booked');
  await call(request, owner.token, 'PUT', `/meetings/${meeting.id}/agenda-items`, {
    agendaItems: [
      { title: 'KPIs', keyName: 'scorecard', duration: 5 },
      { title: 'Meeting Scores', keyName: 'conclusion', duration: 5 },
    ],
  });
  const started = await call<{ sessionId: string }>(request, owner.token, 'POST', `/meetings/${meeting.id}/start`, {});
  for (const { id } of [calls, demos]) {
    await call(request, owner.token, 'PUT', `/scores/${id}/cells/${started.sessionId}`, { measured: '44' });
  }
  /** The value the server keeps for a score in this session. */
  const savedValue = async (scoreId: string) => {
    const board = await call<{
      sessions: { id: string }[];
      scores: { id: string; cells: ({ measured: string | null } | null)[] }[];
    }>(request, owner.token, 'GET', `/meetings/${meeting.id}/kpis`);
    const column = board.sessions.findIndex((s) => s.id === started.sessionId);
    return board.scores.find((s) => s.id === scoreId)?.cells[column]?.measured ?? null;
  };

  const { context, page } = await signedInPage(browser, owner);
  await page.goto(`/live-meeting/${meeting.id}/${started.sessionId}`);
  const step = stepOf(page);
  const cell = (title: string) =>
    step.getByRole('textbox', { name: kpisMessages.kpiCellLabel(title, shownDate(isoDate(0))), exact: true });
  await expect(cell('Calls made')).toHaveValue('44');
  await expect(cell('Demos booked')).toHaveValue('44');

  // A click: the typed digit replaces the 44.
  await cell('Calls made').click();
  await page.keyboard.type('7');
  await expect(cell('Calls made')).toHaveValue('7');
  await page.keyboard.press('Tab');
  await expect(cell('Calls made')).toHaveValue('7');
  await expect.poll(() => savedValue(calls.id)).toBe('7');

  // Tab (past the row's other controls) into the next filled cell: typing replaces it too.
  const demosCell = cell('Demos booked');
  for (let presses = 0; presses < 30; presses += 1) {
    if (await demosCell.evaluate((input) => document.activeElement === input)) break;
    await page.keyboard.press('Tab');
  }
  await expect(demosCell).toBeFocused();
  await page.keyboard.type('52');
  await expect(demosCell).toHaveValue('52');
  await page.keyboard.press('Tab');
  await expect(demosCell).toHaveValue('52');
  await expect.poll(() => savedValue(demos.id)).toBe('52');
  await expect.poll(() => savedValue(calls.id)).toBe('7');

  await context.close();
});
