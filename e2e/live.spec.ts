import { type APIRequestContext, type Browser, expect as baseExpect, type Page, test } from '@playwright/test';
import { clientMessages } from '../src/client/client.messages.ts';
import { liveMessages } from '../src/features/live/live.messages.ts';
import { meetingsMessages } from '../src/features/meetings/meetings.messages.ts';
import { messages } from '../src/shared/messages.ts';
import {
  type Account,
  addToWorkspace,
  call,
  createMeeting,
  createMeetingToday,
  isoDate,
  mailsTo,
  newUser,
  realtimeConnected,
  registerViaApi,
  SCREENS,
  signIn,
  startSignedIn,
  team,
} from './helpers.ts';

// The live meeting (document 1 §2, §4): start and join, steps and the server's clock seen by
// two people at once, every agenda item type, the recap, finishing, the archive and the recap
// email; the start questions, the Leave Meeting guard and cancelling.

// The machine these run on is shared: allow 30 s per expectation (those the spec times keep their own).
const expect = baseExpect.configure({ timeout: 30_000 });

interface LiveStateData {
  session: { id: string; currentStep: number; lastStepStartedAt: string | null };
  agendaItems: { id: string; title: string; keyName: string }[];
}

const signedInPage = async (browser: Browser, account: Account) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await startSignedIn(page, account.token);
  return { context, page };
};

const dashboardOf = (meeting: { id: string; title: string }) =>
  `/meeting-dashboard/${meeting.id}/${meeting.title.split(' ').join('-')}`;

/** One more person in the owner's workspace, signed in there. */
const anotherOfWorkspace = async (
  request: APIRequestContext,
  owner: Account,
  prefix: string,
  firstName: string,
  lastName: string,
): Promise<Account> => {
  const user = newUser(prefix, { firstName, lastName });
  await registerViaApi(request, user);
  return addToWorkspace(request, owner, await signIn(request, user));
};

const stepOf = (page: Page) => page.getByTestId('live-step');
const stepTimer = (page: Page) => page.getByRole('timer', { name: liveMessages.liveStepTimer });
/** mm:ss (maybe negative) as seconds. */
const seconds = (clock: string) => {
  const negative = clock.startsWith('-');
  const [m, s] = clock.replace('-', '').split(':').map(Number);
  return (negative ? -1 : 1) * ((m ?? 0) * 60 + (s ?? 0));
};

test('a leader starts, a member joins and follows the steps live, both refresh, the member rates, the leader finishes; archive and recap mail', async ({
  browser,
  request,
}) => {
  // Two browsers on a shared machine, and the step clock is let run past its time.
  test.setTimeout(180_000);
  const { owner, mate } = await team(request, 'live');
  const meeting = await createMeetingToday(request, owner.token, 'Weekly Live L10', [mate.id]);
  await call(request, owner.token, 'POST', `/meetings/${meeting.id}/scores`, {
    userId: owner.id,
    title: 'Calls made',
    goal: '>=',
    score: '20',
    units: '',
    type: 'number',
  });
  await call(request, owner.token, 'POST', '/tasks', {
    title: 'Send the proposal',
    type: '4',
    userId: mate.id,
    meetingIds: [meeting.id],
  });

  // Goals is planned at 0 minutes here: on it the step clock is over time from the start.
  const agenda = await call<{ title: string; duration: number }[]>(
    request,
    owner.token,
    'GET',
    `/meetings/${meeting.id}/agenda-items`,
  );
  await call(request, owner.token, 'PUT', `/meetings/${meeting.id}/agenda-items`, {
    agendaItems: agenda.map((item) => (item.title === 'Goals' ? { ...item, duration: 0 } : item)),
  });

  const leader = await signedInPage(browser, owner);
  const member = await signedInPage(browser, mate);

  // The leader starts from the dashboard's Next Meeting card.
  await leader.page.goto(dashboardOf(meeting));
  await leader.page.getByRole('button', { name: liveMessages.startMeetingNamed(meeting.title) }).click();
  await expect(leader.page).toHaveURL(/\/live-meeting\//);
  await expect(leader.page.getByTestId('live-badge')).toHaveText(liveMessages.liveBadge);
  await expect(stepOf(leader.page)).toHaveAttribute('data-step', '0');
  await realtimeConnected(leader.page);
  const [, , meetingId, sessionId] = new URL(leader.page.url()).pathname.split('/');
  expect(meetingId).toBe(meeting.id);

  // The member sees Join Meeting on the meetings list and in the sidebar's Live section.
  await member.page.goto('/meetings');
  await expect(member.page.getByRole('group', { name: liveMessages.liveSection })).toContainText(meeting.title);
  await realtimeConnected(member.page);
  await member.page.getByRole('button', { name: messages.joinMeetingNamed(meeting.title) }).click();
  await expect(member.page).toHaveURL(new RegExp(`/live-meeting/${meeting.id}/${sessionId}`));
  await expect(stepOf(member.page)).toHaveAttribute('data-step', '0');
  await expect(member.page.getByText(liveMessages.liveFollowing)).toBeVisible();
  await expect(member.page.getByRole('button', { name: messages.nextButton, exact: true })).toHaveCount(0);

  // The leader sees Bea online.
  await leader.page.getByTestId('online-button').click();
  await expect(leader.page.getByTestId('online-list')).toContainText('Bea Mate');
  await expect(leader.page.getByTestId('online-list')).toContainText('Olga Owner');
  await leader.page.screenshot({ path: `${SCREENS}/live-online.png` });
  await leader.page.keyboard.press('Escape');

  // Next: the member follows within a second.
  await leader.page.getByRole('button', { name: messages.nextButton, exact: true }).click();
  await expect(stepOf(leader.page)).toHaveAttribute('data-step', '1');
  await expect(stepOf(member.page)).toHaveAttribute('data-step', '1', { timeout: 1000 });
  await leader.page.getByRole('button', { name: messages.nextButton, exact: true }).click();
  await expect(stepOf(member.page)).toHaveAttribute('data-step', '2', { timeout: 1000 });

  // Both refresh: same step, and the step clock still counts from when the server began the step,
  // not from the page load. Goals has 0 minutes: once 8 s have passed, a clock that the reload
  // restarted would show about 00:00; the server's shows -00:08 or less, in red.
  const state = await call<LiveStateData>(request, mate.token, 'GET', `/sessions/${sessionId}/live`);
  expect(state.session.currentStep).toBe(2);
  const stepStart = Date.parse(state.session.lastStepStartedAt ?? '');
  await expect
    .poll(async () => seconds((await stepTimer(leader.page).textContent()) ?? ''), { timeout: 20_000 })
    .toBeLessThanOrEqual(-8);
  await Promise.all([leader.page.reload(), member.page.reload()]);
  for (const page of [leader.page, member.page]) {
    await expect(stepOf(page)).toHaveAttribute('data-step', '2');
    await realtimeConnected(page);
    const before = Date.now();
    const shown = seconds((await stepTimer(page).textContent()) ?? '');
    const after = Date.now();
    // 0 minutes less the whole seconds since the server's step start, give or take the clock's tick
    // (and a busy machine's late one).
    expect(shown).toBeLessThanOrEqual(-Math.floor((before - stepStart) / 1000) + 3);
    expect(shown).toBeGreaterThanOrEqual(-Math.ceil((after - stepStart) / 1000) - 1);
    await expect(stepTimer(page)).toHaveAttribute('data-over', 'true');
  }
  await leader.page.screenshot({ path: `${SCREENS}/live-over-time.png` });

  // Show Agenda: the leader jumps to the recap (Meeting Scores).
  await leader.page.getByRole('button', { name: liveMessages.liveShowAgenda }).click();
  await leader.page.getByRole('button', { name: /Meeting Scores/ }).click();
  const last = String(state.agendaItems.length - 1);
  await expect(stepOf(leader.page)).toHaveAttribute('data-step', last);
  await expect(stepOf(member.page)).toHaveAttribute('data-step', last, { timeout: 1000 });

  // The member rates 8 with a note; the leader sees it live. The member cannot rate the leader.
  await member.page.getByRole('combobox', { name: liveMessages.recapScoreOf('Bea Mate') }).click();
  await member.page.getByRole('option', { name: '8', exact: true }).click();
  await member.page.getByRole('textbox', { name: liveMessages.recapNoteOf('Bea Mate') }).fill('Focused and short');
  await member.page.getByRole('textbox', { name: liveMessages.recapNoteOf('Bea Mate') }).blur();
  await expect(member.page.getByRole('combobox', { name: liveMessages.recapScoreOf('Olga Owner') })).toBeDisabled();
  await expect(leader.page.getByRole('combobox', { name: liveMessages.recapScoreOf('Bea Mate') })).toHaveValue('8');
  await expect(leader.page.getByRole('textbox', { name: liveMessages.recapNoteOf('Bea Mate') })).toHaveValue(
    'Focused and short',
  );
  await leader.page.getByRole('combobox', { name: liveMessages.recapScoreOf('Olga Owner') }).click();
  await leader.page.getByRole('option', { name: '10', exact: true }).click();
  await expect(member.page.getByTestId('recap-average')).toHaveText(messages.recapAverage(9));
  // ADD stays disabled until the text looks like an email address.
  const guest = member.page.getByRole('textbox', { name: liveMessages.recapGuestEmail });
  await guest.fill('visitor@');
  await expect(member.page.getByRole('button', { name: liveMessages.addButtonUpper })).toBeDisabled();
  await guest.fill('visitor@example.com');
  await member.page.getByRole('button', { name: liveMessages.addButtonUpper }).click();
  await expect(leader.page.getByRole('list', { name: liveMessages.recapGuests })).toContainText('visitor@example.com');
  await leader.page.screenshot({ path: `${SCREENS}/live-recap.png`, fullPage: true });

  // The leader finishes: End meeting, then both are on the dashboard.
  await leader.page.getByRole('button', { name: liveMessages.saveAndFinish }).click();
  await expect(leader.page.getByRole('dialog', { name: liveMessages.endMeetingTitle })).toBeVisible();
  await leader.page.getByRole('button', { name: liveMessages.endMeetingButton }).click();
  await expect(member.page.getByText(liveMessages.liveEndedByLeader)).toBeVisible();
  await expect(member.page).toHaveURL(new RegExp(dashboardOf(meeting)));
  await expect(leader.page).toHaveURL(new RegExp(dashboardOf(meeting)));
  await expect(leader.page.getByRole('group', { name: liveMessages.liveSection })).toHaveCount(0);

  // The archive: in the dashboard's table, and its own page.
  const archives = leader.page.getByRole('region', { name: meetingsMessages.meetingArchives });
  await expect(archives).toContainText('9');
  await archives.getByRole('link', { name: messages.seeMeetingArchive }).first().click();
  await expect(leader.page).toHaveURL(new RegExp(`/meeting-archives/${sessionId}`));
  await expect(leader.page.getByTestId('archive-average')).toHaveText('9.0');
  await expect(leader.page.getByText('Focused and short')).toBeVisible();
  await expect(leader.page.getByText('Calls made')).toBeVisible();
  await expect(leader.page.getByText('Send the proposal')).toBeVisible();
  await leader.page.screenshot({ path: `${SCREENS}/live-archive.png`, fullPage: true });

  // Every attendee and the guest got the recap email.
  for (const to of [owner.user.email, mate.user.email, 'visitor@example.com']) {
    await expect
      .poll(async () => (await mailsTo(to)).map((mail) => mail.subject).join('|'))
      .toContain(`Recap: ${meeting.title}`);
  }
  const recap = (await mailsTo(mate.user.email)).find((mail) => mail.subject.startsWith('Recap: '));
  expect(recap?.text).toContain('Focused and short');
  expect(recap?.text).toContain(`/meeting-archives/${sessionId}`);

  await leader.context.close();
  await member.context.close();
});

test('every agenda item type is a working screen with the meeting’s data', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const { owner, mate } = await team(request, 'live-types');
  // Rita joined and was then taken off the meeting: the recap says so.
  const rita = await anotherOfWorkspace(request, owner, 'live-types-rita', 'Rita', 'Removed');
  const meeting = await createMeetingToday(request, owner.token, 'Agenda Types Live', [mate.id, rita.id]);
  const board = await call<{ id: string }>(request, owner.token, 'POST', '/boards', {
    name: 'Accountability',
    meetingIds: [meeting.id],
    lists: ['Backlog', 'Doing'],
  });
  const lists = await call<{ id: string; name: string }[]>(
    request,
    owner.token,
    'GET',
    `/boards/${board.id}/task-types`,
  );
  const doing = lists.find((list) => list.name === 'Doing')!;
  await call(request, owner.token, 'POST', '/tasks', {
    title: 'Hire a designer',
    type: '4',
    showInTasks: '0',
    userId: owner.id,
    members: [owner.id],
    meetingIds: [meeting.id],
    boardId: board.id,
    taskTypeId: doing.id,
  });
  await call(request, owner.token, 'POST', '/tasks', {
    title: 'Launch the new site',
    type: '1',
    userId: mate.id,
    dueDate: isoDate(20),
    meetingIds: [meeting.id],
  });
  await call(request, owner.token, 'POST', `/meetings/${meeting.id}/scores`, {
    userId: mate.id,
    title: 'Demos booked',
    goal: '>=',
    score: '5',
    units: '',
    type: 'number',
  });
  await call(request, owner.token, 'PUT', `/meetings/${meeting.id}/agenda-items`, {
    agendaItems: [
      { title: 'Segue', keyName: 'free_activity', duration: 5, description: 'One personal, one professional.' },
      { title: 'KPIs', keyName: 'scorecard', duration: 5 },
      { title: 'Goals', keyName: 'rock_review', duration: 5 },
      { title: 'To-dos', keyName: 'to_do_list', duration: 5 },
      { title: 'Board review', keyName: 'accountability_board', duration: 5, boardId: board.id },
      { title: 'Doing list', keyName: 'accountability_list', duration: 5, boardId: board.id, boardListId: doing.id },
      { title: 'Dashboard', keyName: 'external_url', duration: 5, embedUrl: 'http://127.0.0.1:1/' },
      { title: 'Unset link', keyName: 'external_url', duration: 5 },
      { title: 'Meeting Scores', keyName: 'conclusion', duration: 5 },
    ],
  });
  const { context, page } = await signedInPage(browser, owner);
  const started = await call<{ sessionId: string }>(request, owner.token, 'POST', `/meetings/${meeting.id}/start`, {});
  await call(request, rita.token, 'POST', `/sessions/${started.sessionId}/join`);
  await call(request, owner.token, 'PATCH', `/meetings/${meeting.id}`, { members: [mate.id] });
  await page.goto(`/live-meeting/${meeting.id}/${started.sessionId}`);

  const expectations: [string, (page: Page) => Promise<void>][] = [
    ['free_activity', async (p) => expect(stepOf(p)).toContainText('One personal, one professional.')],
    ['scorecard', async (p) => expect(stepOf(p)).toContainText('Demos booked')],
    ['rock_review', async (p) => expect(stepOf(p)).toContainText('Launch the new site')],
    ['to_do_list', async (p) => expect(stepOf(p).getByTestId('action-items-step')).toHaveAttribute('data-type', '4')],
    ['accountability_board', async (p) => expect(stepOf(p)).toContainText('Backlog')],
    [
      'accountability_list',
      async (p) => {
        await expect(stepOf(p)).toContainText('Hire a designer');
        await expect(stepOf(p)).not.toContainText('Backlog');
      },
    ],
    [
      'external_url',
      // A site outside the CSP's frame-src list (decision 021) is a link, not a frame.
      async (p) => {
        await expect(stepOf(p)).toContainText(liveMessages.embedNotAllowed);
        await expect(stepOf(p).getByRole('link', { name: 'http://127.0.0.1:1/' })).toHaveAttribute('target', '_blank');
        await expect(stepOf(p).locator('iframe')).toHaveCount(0);
      },
    ],
    ['external_url', async (p) => expect(stepOf(p)).toContainText(liveMessages.noEmbedUrl)],
    [
      'conclusion',
      async (p) => {
        const recap = stepOf(p).getByRole('table', { name: liveMessages.recapTable });
        await expect(recap.getByRole('row').filter({ hasText: 'Rita Removed' })).toContainText(
          liveMessages.userNotInMeeting,
        );
      },
    ],
  ];
  for (const [index, [keyName, check]] of expectations.entries()) {
    await expect(stepOf(page)).toHaveAttribute('data-step', String(index));
    await expect(stepOf(page)).toHaveAttribute('data-key', keyName);
    await check(page);
    await page.screenshot({ path: `${SCREENS}/live-step-${index}-${keyName}.png`, fullPage: true });
    if (index < expectations.length - 1)
      await page.getByRole('button', { name: messages.nextButton, exact: true }).click();
  }
  await expect(page.getByRole('button', { name: liveMessages.saveAndFinish })).toBeVisible();
  // The Online list says the same of Rita as the recap.
  await page.getByTestId('online-button').click();
  await expect(page.getByTestId('offline-list')).toContainText(liveMessages.userNotInMeeting);
  await page.waitForTimeout(300); // the popover's opening transition
  await page.screenshot({ path: `${SCREENS}/live-online-removed.png` });
  await context.close();
});

test('start questions, the Live section for outsiders, Leave Meeting, and Cancel Meeting', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const { owner, mate } = await team(request, 'live-ask');
  const outsider = await anotherOfWorkspace(request, owner, 'live-ask-out', 'Otto', 'Outside');
  // The next session is two days away: starting now is not scheduled.
  const meeting = await createMeeting(request, owner.token, 'Planning Later', [mate.id]);

  // A member who is not a leader is asked twice: not a leader, then not scheduled.
  const member = await signedInPage(browser, mate);
  await member.page.goto('/meetings');
  // AG shows the agenda with its minutes; KPI leads to the scorecard settings.
  await member.page.getByRole('button', { name: meetingsMessages.agendaShortcutNamed(meeting.title) }).click();
  const agenda = member.page.getByRole('dialog', { name: meetingsMessages.agendaShortcutNamed(meeting.title) });
  await expect(agenda.getByRole('table', { name: messages.agendaLabel })).toContainText('Segue');
  await member.page.screenshot({ path: `${SCREENS}/live-agenda-shortcut.png` });
  await member.page.keyboard.press('Escape');
  await expect(agenda).toBeHidden();
  await expect(
    member.page.getByRole('link', { name: meetingsMessages.kpiShortcutNamed(meeting.title) }),
  ).toHaveAttribute('href', `/kpi/${meeting.id}`);
  await member.page.getByRole('button', { name: liveMessages.startMeetingNamed(meeting.title) }).click();
  const question = member.page.getByRole('dialog', { name: liveMessages.startMeeting });
  await expect(question).toContainText(liveMessages.liveNotLeader);
  await question.getByRole('button', { name: messages.continueButton }).click();
  await expect(question).toContainText(liveMessages.liveNotScheduled);
  await member.page.screenshot({ path: `${SCREENS}/live-start-question.png` });
  await question.getByRole('button', { name: messages.continueButton }).click();
  await expect(member.page).toHaveURL(/\/live-meeting\//);
  // The member started it, so the member manages it (document 1 §4: the starter or a leader).
  await expect(member.page.getByRole('button', { name: liveMessages.cancelMeeting })).toBeVisible();
  await realtimeConnected(member.page);

  // Someone of the workspace who is not in the meeting sees it live, but gets a dialog.
  const other = await signedInPage(browser, outsider);
  await other.page.goto('/home');
  const live = other.page.getByRole('group', { name: liveMessages.liveSection });
  await live.getByRole('button', { name: meeting.title }).click();
  await expect(other.page.getByRole('dialog')).toContainText(liveMessages.liveNotMember);
  await other.context.close();

  // The leader joins, tries to leave for the home page, stays, then cancels the meeting.
  const leader = await signedInPage(browser, owner);
  await leader.page.goto(dashboardOf(meeting));
  await leader.page.getByRole('button', { name: messages.joinMeetingNamed(meeting.title) }).click();
  await expect(leader.page.getByTestId('live-badge')).toBeVisible();
  await leader.page.getByRole('link', { name: clientMessages.navDashboard }).click();
  const leave = leader.page.getByRole('dialog', { name: liveMessages.leaveMeetingTitle });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: liveMessages.stayHere }).click();
  await expect(leader.page).toHaveURL(/\/live-meeting\//);
  await leader.page.getByRole('button', { name: liveMessages.cancelMeeting }).click();
  await leader.page
    .getByRole('dialog', { name: liveMessages.cancelMeeting })
    .getByRole('button', { name: liveMessages.cancelMeeting })
    .click();
  // The member is taken back to the dashboard and told (the toast lasts 3 s: look first).
  await expect(member.page.getByText(liveMessages.liveCancelledByLeader)).toBeVisible();
  await expect(member.page).toHaveURL(new RegExp(dashboardOf(meeting)));
  await expect(leader.page).toHaveURL(new RegExp(dashboardOf(meeting)));
  await expect(leader.page.getByRole('button', { name: liveMessages.startMeetingNamed(meeting.title) })).toBeVisible();
  // A cancelled meeting leaves no archive.
  await expect(leader.page.getByRole('region', { name: meetingsMessages.meetingArchives })).toContainText(
    meetingsMessages.noMeetingArchives,
  );

  // Leave Meeting → Leave goes.
  await leader.page.getByRole('button', { name: liveMessages.startMeetingNamed(meeting.title) }).click();
  const again = leader.page.getByRole('dialog', { name: liveMessages.startMeeting });
  await expect(again).toContainText(liveMessages.liveNotScheduled);
  await again.getByRole('button', { name: messages.continueButton }).click();
  await expect(leader.page.getByTestId('live-badge')).toBeVisible();
  await leader.page.getByRole('link', { name: clientMessages.navDashboard }).click();
  await leader.page
    .getByRole('dialog', { name: liveMessages.leaveMeetingTitle })
    .getByRole('button', { name: liveMessages.leaveButton })
    .click();
  await expect(leader.page).toHaveURL(/\/home$/);

  await leader.context.close();
  await member.context.close();
});

/** The browser console's errors on `page` (a failed request shows there as "Failed to load resource"). */
const consoleErrors = (page: Page) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} ${message.location().url}`);
  });
  return errors;
};

test('started early, the top bar says LIVE with Join; a second start the same day starts; a refusal reads Error; no console errors', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const { owner, mate } = await team(request, 'live-again');
  // The session is within the coming hour: started now, it is early. "The same day" is the
  // meeting's: from 23:00 UTC the coming hour is tomorrow there, so the meeting is then in São
  // Paulo (UTC−3 all year), where it is still evening.
  const lateInUtc = new Date().getUTCHours() === 23;
  const local = new Date(Date.now() - (lateInUtc ? 3 : 0) * 3_600_000);
  const hour = local.getUTCHours() + 1;
  const meeting = await call<{ id: string; title: string }>(request, owner.token, 'POST', '/meetings', {
    operation: 'create',
    title: 'Early Bird',
    sharepointUrl: 'https://meet.example.com/early',
    startDate: local.toISOString().slice(0, 10),
    startTime: `${String(hour).padStart(2, '0')}:00`,
    timezone: lateInUtc ? 'America/Sao_Paulo' : 'UTC',
    repeatEvery: 1,
    repeatType: 'weeks',
    type: 'meeting',
    members: [mate.id],
  });
  const first = await call<{ sessionId: string }>(request, owner.token, 'POST', `/meetings/${meeting.id}/start`, {});

  const leader = await signedInPage(browser, owner);
  const errors = consoleErrors(leader.page);
  await leader.page.goto('/home');
  const topBar = leader.page.getByTestId('next-meeting');
  await expect(topBar).toContainText(meetingsMessages.nextMeetingLive(meeting.title));
  await expect(topBar).not.toContainText(/ in \d/);
  await realtimeConnected(leader.page);
  await leader.page.screenshot({ path: `${SCREENS}/live-top-bar-live.png` });
  await topBar.getByRole('link', { name: messages.joinMeetingNamed(meeting.title) }).click();
  await expect(leader.page).toHaveURL(new RegExp(`/live-meeting/${meeting.id}/${first.sessionId}`));
  await expect(leader.page.getByTestId('live-badge')).toBeVisible();
  // In the meeting, the top bar still says it is live but no longer offers to join it.
  await expect(topBar).toContainText(meetingsMessages.nextMeetingLive(meeting.title));
  await expect(topBar.getByRole('link', { name: messages.joinMeetingNamed(meeting.title) })).toHaveCount(0);
  await call(request, owner.token, 'POST', `/sessions/${first.sessionId}/finish`, {});
  await expect(leader.page).toHaveURL(new RegExp(dashboardOf(meeting)));

  // The same day again: asked about the schedule, and Continue starts it.
  await leader.page.getByRole('button', { name: liveMessages.startMeetingNamed(meeting.title) }).click();
  const question = leader.page.getByRole('dialog', { name: liveMessages.startMeeting });
  await expect(question).toContainText(liveMessages.liveNotScheduled);
  await question.getByRole('button', { name: messages.continueButton }).click();
  await expect(leader.page).toHaveURL(new RegExp(`/live-meeting/${meeting.id}/${first.sessionId}`));
  await expect(leader.page.getByTestId('live-badge')).toBeVisible();

  // What the session adds is in its archive: an issue and a goal too.
  await call(request, mate.token, 'POST', '/tasks', {
    title: 'Coffee machine leaks',
    type: '2',
    userId: mate.id,
    meetingIds: [meeting.id],
  });
  await call(request, owner.token, 'POST', '/tasks', {
    title: 'Hire a barista',
    type: '1',
    userId: owner.id,
    dueDate: isoDate(60),
    meetingIds: [meeting.id],
  });
  await call(request, owner.token, 'POST', `/sessions/${first.sessionId}/finish`, {});
  await leader.page.goto(`/meeting-archives/${first.sessionId}`);
  await expect(leader.page.getByRole('region', { name: liveMessages.recapIssuesCreated })).toContainText(
    'Coffee machine leaks',
  );
  await expect(leader.page.getByRole('region', { name: liveMessages.recapGoalsCreated })).toContainText(
    'Hire a barista',
  );

  // A start the server refuses says so like every server message.
  const bare = await createMeeting(request, owner.token, 'No Agenda', []);
  const agenda = await call<{ id: string }[]>(request, owner.token, 'GET', `/meetings/${bare.id}/agenda-items`);
  await call(request, owner.token, 'PUT', `/meetings/${bare.id}/agenda-items`, {
    agendaItems: agenda.map((item) => ({ ...item, checked: false })),
  });
  await leader.page.goto(dashboardOf(bare));
  await leader.page.getByRole('button', { name: liveMessages.startMeetingNamed(bare.title) }).click();
  await expect(leader.page.getByText(messages.apiFail(liveMessages.liveNoAgenda))).toBeVisible();

  // None of it was an error in the console: the questions are asked before the start is sent.
  expect(errors).toEqual([]);
  await leader.context.close();
});
