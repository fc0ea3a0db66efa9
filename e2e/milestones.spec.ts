import { expect, type Page, test } from '@playwright/test';
import { clientMessages } from '../src/client/client.messages.ts';
import { homeMessages } from '../src/features/home/home.messages.ts';
import { liveMessages } from '../src/features/live/live.messages.ts';
import { tasksMessages } from '../src/features/tasks/tasks.messages.ts';
import { messages } from '../src/shared/messages.ts';
import { expectAccessible } from './axe.ts';
import {
  call,
  createMeetingToday,
  dragWithMouse,
  expectNoSidewaysScroll,
  isoDate,
  keyboardDrag,
  realtimeConnected,
  SCREENS,
  shownDate,
  startLiveMeeting,
  startSignedIn,
  team,
} from './helpers.ts';

// Milestones of a goal: a leader breaks a goal into three milestones in its dialog (one with a
// date after the goal is refused), ticks one and reorders them (a button, then a drag); the goals
// panel shows "1 of 3" and the next one, and a member's screen follows.

test.describe.configure({ timeout: 120_000 });
test.use({ actionTimeout: 20_000 });

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENS}/milestones-${name}.png` });

test('a leader adds milestones to a goal, ticks and reorders them; the goals panel and a member follow', async ({
  page,
  browser,
  request,
}) => {
  const { owner, mate } = await team(request, 'milestones');
  const meeting = await call<{ id: string }>(request, owner.token, 'POST', '/meetings', {
    operation: 'create',
    title: 'Quarterly Rocks',
    sharepointUrl: 'https://meet.example.com/rocks',
    startDate: isoDate(1),
    startTime: '09:00',
    repeatEvery: 1,
    repeatType: 'weeks',
    type: 'meeting',
    members: [mate.id],
  });
  // The goal is reviewed in a second meeting too, whose KPI its progress may count.
  const sales = await call<{ id: string }>(request, owner.token, 'POST', '/meetings', {
    operation: 'create',
    title: 'Sales Weekly',
    sharepointUrl: 'https://meet.example.com/sales',
    startDate: isoDate(2),
    startTime: '10:00',
    repeatEvery: 1,
    repeatType: 'weeks',
    type: 'meeting',
    members: [],
  });
  for (const [meetingId, title, score] of [
    [meeting.id, 'Viewings a week', '5'],
    [sales.id, 'Signed leases', '4'],
  ] as const) {
    await call(request, owner.token, 'POST', `/meetings/${meetingId}/scores`, {
      title,
      userId: owner.id,
      goal: '>=',
      score,
      type: 'number',
    });
  }
  const goalDue = isoDate(60);
  await call(request, owner.token, 'POST', '/tasks', {
    title: 'Open the Lisbon office',
    type: '1',
    userId: owner.id,
    dueDate: goalDue,
    meetingIds: [meeting.id, sales.id],
  });
  await call(request, owner.token, 'POST', '/tasks', {
    title: 'Paint the office',
    type: '4',
    userId: owner.id,
    meetingIds: [meeting.id],
  });
  const dashboard = `/meeting-dashboard/${meeting.id}/Quarterly-Rocks`;

  // Bea watches the goals panel.
  const other = await browser.newContext();
  const bea = await other.newPage();
  await startSignedIn(bea, mate.token);
  await bea.goto(dashboard);
  const beaRow = bea.getByTestId('task-row').filter({ hasText: 'Open the Lisbon office' });
  await expect(beaRow).toBeVisible({ timeout: 60_000 });
  await realtimeConnected(bea);

  await startSignedIn(page, owner.token);
  await page.goto(dashboard);
  await page.getByRole('button', { name: tasksMessages.taskEditNamed('Open the Lisbon office') }).click({
    timeout: 60_000,
  });
  const dialog = page.getByRole('dialog');
  const panel = dialog.getByRole('region', { name: tasksMessages.milestonesHeading });
  await expect(panel.getByText(tasksMessages.milestonesEmpty)).toBeVisible();
  const form = panel.getByRole('form', { name: tasksMessages.milestoneAdd });
  const add = async (title: string, due: string, owner?: string) => {
    await form.getByLabel(tasksMessages.milestoneTitle).fill(title);
    await form.getByLabel(tasksMessages.milestoneDue).fill(due);
    if (owner) {
      await form.getByRole('combobox', { name: tasksMessages.milestoneOwner }).click();
      await page.getByRole('option', { name: owner }).click();
    }
    await form.getByRole('button', { name: tasksMessages.milestoneAdd }).click();
  };
  await add('Sign the lease', isoDate(10), 'Bea Mate');
  await expect(panel.getByTestId('milestone')).toHaveCount(1);
  // The next one typed while the last is still saving is kept.
  await add('Hire a manager', isoDate(30), 'Bea Mate');
  await add('Open the doors', isoDate(55));
  await expect(panel.getByTestId('milestone')).toHaveCount(3);
  await expect(form.getByLabel(tasksMessages.milestoneTitle)).toHaveValue('');
  // After the goal: refused with the reason, nothing added.
  await add('Party', isoDate(90));
  await expect(form.getByText(tasksMessages.milestoneAfterGoal(goalDue))).toBeVisible();
  await expect(panel.getByTestId('milestone')).toHaveCount(3);
  await form.getByLabel(tasksMessages.milestoneTitle).fill('');

  await panel.getByRole('checkbox', { name: tasksMessages.milestoneDone('Sign the lease') }).check();
  await expect(panel.getByTestId('milestones-count')).toHaveText(tasksMessages.milestonesOf(1, 3));
  // Keyboard order: "Open the doors" moves up before "Hire a manager".
  await panel.getByRole('button', { name: tasksMessages.milestoneUp('Open the doors') }).focus();
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('milestone').nth(1)).toContainText('Open the doors');
  // Dragged by its handle: the done "Sign the lease" goes last, and stays there after a reload.
  const order = [/Open the doors/, /Hire a manager/, /Sign the lease/];
  await dragWithMouse(
    page,
    panel.getByRole('button', { name: tasksMessages.milestoneDrag('Sign the lease') }),
    panel.getByTestId('milestone').nth(2),
    20,
  );
  await expect(panel.getByTestId('milestone')).toHaveText(order);
  await expect(dialog).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: tasksMessages.taskEditNamed('Open the Lisbon office') }).click({
    timeout: 60_000,
  });
  await expect(panel.getByTestId('milestone')).toHaveText(order);
  // The keyboard on the handle moves it as the buttons do: up one, then down one with the button.
  await keyboardDrag(page, panel.getByRole('button', { name: tasksMessages.milestoneDrag('Sign the lease') }), [
    'ArrowUp',
  ]);
  await expect(panel.getByTestId('milestone')).toHaveText([/Open the doors/, /Sign the lease/, /Hire a manager/]);
  await expect(dialog).toBeVisible();
  await panel.getByRole('button', { name: tasksMessages.milestoneDown('Sign the lease') }).click();
  await expect(panel.getByTestId('milestone')).toHaveText(order);
  // Escape during a keyboard drag puts the row back and leaves the dialog open.
  await panel.getByRole('button', { name: tasksMessages.milestoneDrag('Open the doors') }).focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(200);
  await page.keyboard.press('ArrowDown');
  await page.waitForTimeout(250);
  await page.keyboard.press('Escape');
  await page.waitForTimeout(300);
  await expect(dialog).toBeVisible();
  await expect(panel.getByTestId('milestone')).toHaveText(order);
  await shot(page, 'dialog');
  await expectAccessible(page, 'the milestones of a goal');
  // A card of the meeting counts in the progress too: 1 of 3 milestones and 0 of 1 card → 17 %
  // (a KPI without a value yet counts as nothing).
  await panel.getByRole('button', { name: tasksMessages.progressSourcesButton }).click();
  const sources = page.getByRole('dialog', { name: tasksMessages.progressSourcesTitle });
  await sources.getByRole('combobox', { name: tasksMessages.progressCards }).click();
  await page.getByRole('option', { name: 'Paint the office' }).click();
  // The KPIs of both of the goal's meetings, by meeting; the KPI's own target fills the goal's.
  await sources.getByRole('combobox', { name: tasksMessages.progressKpi, exact: true }).click();
  await expect(page.getByRole('option')).toHaveText(['Viewings a week', 'Signed leases']);
  await shot(page, 'sources');
  await expectAccessible(page, 'the progress sources of a goal');
  await page.getByRole('option', { name: 'Signed leases' }).click();
  await expect(sources.getByRole('textbox', { name: tasksMessages.progressTarget })).toHaveValue('4');
  await sources.getByRole('button', { name: messages.saveButton }).click();
  await expect(sources).toBeHidden();
  await expect(panel.getByTestId('progress-sources')).toContainText(tasksMessages.progressCardsDone(0, 1));
  await expect(panel.getByTestId('progress-sources')).toContainText(
    tasksMessages.progressKpiAt('Signed leases', null, '4'),
  );
  await expect(panel.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '17');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const row = page.getByTestId('task-row').filter({ hasText: 'Open the Lisbon office' });
  await expect(row.getByTestId('milestones')).toHaveText(
    `${tasksMessages.milestonesOf(1, 3)} · ${tasksMessages.milestoneNext('Open the doors')}`,
  );
  // Bea's screen follows without a reload.
  await expect(beaRow.getByTestId('milestones')).toHaveText(
    `${tasksMessages.milestonesOf(1, 3)} · ${tasksMessages.milestoneNext('Open the doors')}`,
  );
  await shot(page, 'goals');
  // Home's Goals widget says it too.
  await page.goto('/home');
  await expect(page.getByTestId('goal-milestones')).toContainText('1/3');
  await expect(page.getByText(homeMessages.homeMilestonesLong(1, 3))).toBeAttached();
  await page.goto(dashboard);

  // On a phone the dialog's rows wrap; nothing sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: tasksMessages.taskEditNamed('Open the Lisbon office') }).click();
  await expect(panel.getByTestId('milestone')).toHaveCount(3);
  await panel.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page);
  await shot(page, 'dialog-phone');

  // Bea's open milestones are among her to-dos on home, soonest first (the add form kept her as
  // the owner of the next ones; the ticked one is not there), and open their goal.
  await bea.goto('/home');
  const mine = bea.getByRole('region', { name: clientMessages.homeTodosTitle }).getByTestId('my-milestone');
  await expect(mine).toHaveText([/Hire a manager/, /Open the doors/], { timeout: 30_000 });
  await expect(mine.first().getByRole('link')).toHaveAccessibleName(
    `${homeMessages.homeMilestoneOf('Open the Lisbon office')} Hire a manager`,
  );
  await mine.first().scrollIntoViewIfNeeded();
  await shot(bea, 'home-todos');
  await expectAccessible(bea, 'a milestone among my to-dos');
  await bea.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(bea);
  await mine.first().scrollIntoViewIfNeeded();
  await shot(bea, 'home-todos-phone');
  await mine.first().getByRole('link').click();
  await expect(bea.getByRole('dialog').getByRole('textbox', { name: /^Title/ })).toHaveValue('Open the Lisbon office');
  await other.close();
});

test('in the live goal review a leader ticks a milestone and a member’s screen follows', async ({
  page,
  browser,
  request,
}) => {
  const { owner, mate } = await team(request, 'milestones-live');
  const meeting = await createMeetingToday(request, owner.token, 'Rock Review', [mate.id]);
  const goal = await call<{ id: string }>(request, owner.token, 'POST', '/tasks', {
    title: 'Launch the new site',
    type: '1',
    userId: mate.id,
    dueDate: isoDate(40),
    meetingIds: [meeting.id],
  });
  for (const title of ['Pick a designer', 'Approve the mock-ups', 'Go live']) {
    await call(request, owner.token, 'POST', `/tasks/${goal.id}/milestones`, {
      title,
      ownerId: mate.id,
      dueDate: title === 'Go live' ? isoDate(35) : null,
    });
  }
  const live = await startLiveMeeting(request, owner.token, meeting.id, [
    { title: 'Goals', keyName: 'rock_review', duration: 5 },
  ]);

  const other = await browser.newContext();
  const bea = await other.newPage();
  await startSignedIn(bea, mate.token);
  await bea.goto(live);
  await startSignedIn(page, owner.token);
  await page.goto(live);
  const toggle = (p: Page, done: number) =>
    p.getByRole('button', { name: `${tasksMessages.milestonesToggle(done, 3)}: Launch the new site` });
  await toggle(page, 0).click({ timeout: 60_000 });
  await toggle(bea, 0).click({ timeout: 60_000 });
  await realtimeConnected(bea);
  await expect(bea.getByTestId('milestone-ticks').getByRole('checkbox')).toHaveCount(3);

  await page.getByRole('checkbox', { name: tasksMessages.milestoneDone('Pick a designer') }).check();
  await expect(toggle(page, 1)).toBeVisible();
  // Bea's screen: the tick and the count follow.
  await expect(bea.getByRole('checkbox', { name: tasksMessages.milestoneDone('Pick a designer') })).toBeChecked();
  await expect(toggle(bea, 1)).toBeVisible();
  await expect(bea.getByTestId('task-row').getByTestId('milestones')).toHaveText(
    `${tasksMessages.milestonesOf(1, 3)} · ${tasksMessages.milestoneNext('Approve the mock-ups')}`,
  );
  await shot(page, 'live');
  await expectAccessible(page, 'the live goal review with milestones');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await shot(page, 'live-phone');
  await other.close();

  // Finished, the meeting's archive keeps the goal as it was reviewed: 1 of 3, who owns what, when.
  const sessionId = live.split('/').at(-1)!;
  await call(request, owner.token, 'POST', `/sessions/${sessionId}/finish`, {});
  await call(request, owner.token, 'POST', `/tasks/${goal.id}/milestones`, { title: 'Added after the meeting' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/meeting-archives/${sessionId}`);
  const kept = page.getByTestId('archived-goal').filter({ hasText: 'Launch the new site' });
  await expect(kept.getByTestId('archived-milestones-count')).toHaveText(liveMessages.archiveMilestonesOf(1, 3), {
    timeout: 60_000,
  });
  const steps = page.getByRole('list', { name: liveMessages.archiveMilestonesOfGoal('Launch the new site') });
  await expect(steps.getByTestId('archived-milestone')).toHaveText([
    `${liveMessages.archiveMilestoneDone}: Pick a designerBea Mate`,
    `${liveMessages.archiveMilestoneOpen}: Approve the mock-upsBea Mate`,
    `${liveMessages.archiveMilestoneOpen}: Go liveBea Mate · ${shownDate(isoDate(35))}`,
  ]);
  await kept.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await shot(page, 'archive');
  await expectAccessible(page, 'the meeting archive with milestones');
  await page.setViewportSize({ width: 390, height: 844 });
  await kept.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await expectNoSidewaysScroll(page);
  await shot(page, 'archive-phone');
});
