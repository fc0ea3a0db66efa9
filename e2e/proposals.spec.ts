import { type Browser, expect as baseExpect, type Page, test } from '@playwright/test';
import { proposalsMessages as m } from '../src/features/proposals/proposals.messages.ts';
import { expectAccessible } from './axe.ts';
import {
  type Account,
  call,
  isoDate,
  realtimeConnected,
  screenshotsOf,
  startSignedIn,
  team,
  weeklyMeeting,
} from './helpers.ts';

// Proposed issues (decision 123) in the live meeting's Issues step: a leader sees what Cadence
// proposes with its evidence, accepts one (it joins the issues list) and dismisses one; the
// member's screen, in a second browser, follows without acting. The data is built through the
// API: a KPI missed two weeks running, a goal off track and an overdue to-do.

// The machine these run on is shared: allow 30 s per expectation.
const expect = baseExpect.configure({ timeout: 30_000 });
const shots = screenshotsOf('proposals');

const signedInPage = async (browser: Browser, account: Account) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await startSignedIn(page, account.token);
  return { context, page };
};

const panelOf = (page: Page) => page.getByRole('region', { name: m.title });
const proposalsOf = (page: Page) => panelOf(page).getByTestId('proposal');
const issueRow = (page: Page, title: string) =>
  page.getByTestId('live-step').getByTestId('task-row').filter({ hasText: title });

test('the live Issues step shows proposed issues; the leader accepts one and dismisses one, the member follows', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { owner, mate } = await team(request, 'proposals');
  // Weekly since last week at the start of this hour: last week's date and today's have begun.
  const meeting = await weeklyMeeting(request, owner.token, {
    title: 'Proposals L10',
    members: [mate.id],
    startDate: isoDate(-7),
    startTime: `${String(new Date().getUTCHours()).padStart(2, '0')}:00`,
    sharepointUrl: 'https://meet.example.com/team',
  });
  await call(request, owner.token, 'PUT', `/meetings/${meeting.id}/agenda-items`, {
    agendaItems: [
      { title: 'Issues', keyName: 'to_do_list', taskType: '2', duration: 40 },
      { title: 'Meeting Scores', keyName: 'conclusion', duration: 5 },
    ],
  });
  const score = await call<{ id: string }>(request, owner.token, 'POST', `/meetings/${meeting.id}/scores`, {
    userId: mate.id,
    title: 'Weekly revenue',
    goal: '>=',
    score: '1000',
    units: '',
    type: 'number',
  });
  const sessions = await call<{ id: string; sessionDate: string }[]>(
    request,
    owner.token,
    'GET',
    `/meetings/${meeting.id}/sessions?from=${isoDate(-7)}&until=${isoDate(0)}`,
  );
  for (const [i, session] of sessions.filter((s) => s.sessionDate <= isoDate(0)).entries())
    await call(request, owner.token, 'PUT', `/scores/${score.id}/cells/${session.id}`, {
      measured: String(900 - i * 50),
    });
  await call(request, owner.token, 'POST', '/tasks', {
    title: 'Open the Denver office',
    type: '1',
    status: '2',
    userId: owner.id,
    meetingIds: [meeting.id],
    dueDate: isoDate(60),
  });
  await call(request, owner.token, 'POST', '/tasks', {
    title: 'Call the bank',
    type: '4',
    userId: mate.id,
    meetingIds: [meeting.id],
    dueDate: isoDate(-3),
  });
  const started = await call<{ sessionId: string }>(request, owner.token, 'POST', `/meetings/${meeting.id}/start`, {});
  const url = `/live-meeting/${meeting.id}/${started.sessionId}`;

  const leader = await signedInPage(browser, owner);
  const member = await signedInPage(browser, mate);
  await leader.page.goto(url);
  await member.page.goto(url);
  await realtimeConnected(leader.page);
  await realtimeConnected(member.page);

  // Nothing proposed yet; the leader checks now.
  await expect(panelOf(leader.page).getByText(m.empty)).toBeVisible();
  await panelOf(leader.page).getByRole('button', { name: m.refresh }).click();
  await expect(proposalsOf(leader.page)).toHaveCount(3);
  await expect(proposalsOf(member.page)).toHaveCount(3);

  // Each marked "Proposed", with its origin and evidence.
  const kpi = proposalsOf(leader.page).filter({ hasText: 'Weekly revenue' });
  await expect(kpi.getByText(m.badge, { exact: true })).toBeVisible();
  await expect(kpi.getByTestId('proposal-evidence')).toContainText('Missed its goal >= 1,000 2 periods in a row');
  await expect(kpi.getByRole('link', { name: 'Weekly revenue' })).toHaveAttribute('href', `/kpi/${meeting.id}`);
  await expect(proposalsOf(leader.page).filter({ hasText: 'Call the bank' })).toContainText('3 days overdue');
  await expect(proposalsOf(leader.page).filter({ hasText: 'Open the Denver office' })).toContainText(
    'Marked Off Track',
  );
  await shots(leader.page, 'leader', panelOf(leader.page));
  await expectAccessible(leader.page, 'the live Issues step with proposed issues');

  // The member reads them but has no buttons.
  await expect(panelOf(member.page).getByText(m.membersReadOnly, { exact: false })).toBeVisible();
  await expect(panelOf(member.page).getByRole('button', { name: m.acceptLabel('Call the bank') })).toHaveCount(0);

  // Accept the goal's: it becomes an issue of the meeting, on both screens.
  await panelOf(leader.page)
    .getByRole('button', { name: m.acceptLabel('Open the Denver office') })
    .click();
  await expect(issueRow(leader.page, 'Goal off track: Open the Denver office')).toBeVisible();
  await expect(issueRow(member.page, 'Goal off track: Open the Denver office')).toBeVisible();
  await expect(proposalsOf(member.page)).toHaveCount(2);

  // Dismiss the KPI's: gone from both; the leader finds it under "Dismissed and snoozed".
  await panelOf(leader.page)
    .getByRole('button', { name: m.dismissLabel('Weekly revenue') })
    .click();
  await expect(proposalsOf(leader.page)).toHaveCount(1);
  await expect(proposalsOf(member.page)).toHaveCount(1);
  await expect(proposalsOf(member.page)).toContainText('Call the bank');
  await shots(member.page, 'member', panelOf(member.page));
  await expectAccessible(member.page, 'the member’s Issues step after the leader decided');

  await panelOf(leader.page).getByText(m.showDecided).click();
  await expect(proposalsOf(leader.page)).toHaveCount(1);
  await expect(panelOf(leader.page).getByRole('button', { name: m.restoreLabel('Weekly revenue') })).toBeVisible();
  await shots(leader.page, 'dismissed', panelOf(leader.page));

  // On the dashboard too, beside the settings.
  await leader.page.goto(`/meeting-dashboard/${meeting.id}`);
  await expect(proposalsOf(leader.page)).toHaveCount(1);
  await expect(
    leader.page.getByRole('region', { name: m.settingsTitle }).getByText(m.ruleNames.kpiOffGoal),
  ).toBeVisible();
  await shots(leader.page, 'dashboard', panelOf(leader.page));
  await expectAccessible(leader.page, 'the dashboard with proposed issues and their settings');
  await leader.context.close();
  await member.context.close();
});
