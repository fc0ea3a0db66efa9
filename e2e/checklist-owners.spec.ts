import { expect, type Page, test } from '@playwright/test';
import { clientMessages } from '../src/client/client.messages.ts';
import { boardsMessages } from '../src/features/boards/boards.messages.ts';
import { homeMessages } from '../src/features/home/home.messages.ts';
import { tasksMessages } from '../src/features/tasks/tasks.messages.ts';
import { expectAccessible } from './axe.ts';
import {
  call,
  createMeeting,
  createMeetingToday,
  expectNoSidewaysScroll,
  isoDate,
  realtimeConnected,
  SCREENS,
  startLiveMeeting,
  startSignedIn,
  team,
} from './helpers.ts';

// A checklist item with an owner: a leader gives an item of a card's checklist to a member with a
// due date; it shows among the member's to-dos on home, who ticks it there, and the leader's open
// card follows.

test.describe.configure({ timeout: 120_000 });
test.use({ actionTimeout: 20_000 });

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENS}/checklist-owners-${name}.png` });

test('a checklist item given to a member shows in their My Action Items, is ticked there, and the card follows', async ({
  page,
  browser,
  request,
}) => {
  const { owner, mate } = await team(request, 'checklist-owners');
  const meeting = await createMeeting(request, owner.token, 'Weekly Ops', [mate.id]);
  const board = await call<{ id: string }>(request, owner.token, 'POST', '/boards', {
    name: 'Ops board',
    meetingIds: [meeting.id],
    lists: ['Doing'],
  });
  const [list] = await call<{ id: string }[]>(request, owner.token, 'GET', `/boards/${board.id}/task-types`);
  const card = await call<{ id: string }>(request, owner.token, 'POST', '/tasks', {
    title: 'Prepare the board deck',
    userId: owner.id,
    meetingIds: [meeting.id],
    boardId: board.id,
    taskTypeId: list!.id,
  });
  const steps = await call<{ id: string }>(request, owner.token, 'POST', '/checklists', {
    taskId: card.id,
    title: 'Steps',
  });
  await call(request, owner.token, 'POST', '/checklist-items', { checklistId: steps.id, title: 'Pull the numbers' });
  const due = isoDate(3);

  // The leader gives the item to Bea, with a due date, from the card.
  await startSignedIn(page, owner.token);
  await page.goto(`/home/${card.id}`);
  const checklist = page.getByRole('region', { name: 'Steps' });
  await checklist.getByRole('button', { name: boardsMessages.checklistItemPlanNamed('Pull the numbers') }).click({
    timeout: 60_000,
  });
  const form = page.getByRole('form', { name: boardsMessages.checklistItemPlanNamed('Pull the numbers') });
  await form.getByRole('combobox', { name: boardsMessages.checklistItemOwner }).click();
  await page.getByRole('option', { name: 'Bea Mate' }).click();
  await form.getByLabel(boardsMessages.checklistItemDueLabel).fill(due);
  await shot(page, 'plan');
  await expectAccessible(page, 'the owner and due date of a checklist item');
  await form.getByRole('button', { name: boardsMessages.checklistItemSave }).click();
  await expect(form).toBeHidden();
  await expect(checklist.getByTestId('checklist-item-plan')).toHaveText(
    `Bea Mate · ${boardsMessages.checklistItemDue(due)}`,
  );
  // Escape closes the form and keeps what was there.
  await checklist.getByRole('button', { name: boardsMessages.checklistItemPlanNamed('Pull the numbers') }).click();
  await expect(form).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await realtimeConnected(page);

  // Bea finds it among her to-dos on home and ticks it there.
  const other = await browser.newContext();
  const bea = await other.newPage();
  await startSignedIn(bea, mate.token);
  await bea.goto('/home');
  const todos = bea.getByRole('region', { name: clientMessages.homeTodosTitle });
  const item = todos.getByTestId('my-checklist-item');
  await expect(item).toHaveCount(1, { timeout: 60_000 });
  await expect(item).toContainText('Pull the numbers');
  await expect(item).toContainText(homeMessages.homeDue(due));
  await item.scrollIntoViewIfNeeded();
  await shot(bea, 'home');
  await expectAccessible(bea, 'a checklist item among my to-dos');
  await bea.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(bea);
  await item.scrollIntoViewIfNeeded();
  await shot(bea, 'home-phone');
  // A ticked item leaves the list at once: a click, not check(), which would look for it ticked.
  await item
    .getByRole('checkbox', { name: homeMessages.homeTickItem('Pull the numbers', 'Prepare the board deck') })
    .click();
  await expect(item).toHaveCount(0);

  // The leader's open card shows it ticked without a reload.
  await expect(checklist.getByRole('checkbox', { name: 'Pull the numbers' })).toBeChecked();
  await expect(checklist.getByTestId('checklist-progress')).toHaveText('100%');
  await other.close();
});

test('the live To-Do review lists the checklist items people own beside the to-dos; a tick there reaches the room', async ({
  page,
  browser,
  request,
}) => {
  const { owner, mate } = await team(request, 'checklist-live');
  const meeting = await createMeetingToday(request, owner.token, 'Weekly Ops', [mate.id]);
  await call(request, owner.token, 'POST', '/tasks', {
    title: 'Send the invoices',
    type: '4',
    userId: mate.id,
    meetingIds: [meeting.id],
  });
  const card = await call<{ id: string }>(request, owner.token, 'POST', '/tasks', {
    title: 'Prepare the board deck',
    type: '4',
    userId: owner.id,
    meetingIds: [meeting.id],
  });
  const steps = await call<{ id: string }>(request, owner.token, 'POST', '/checklists', {
    taskId: card.id,
    title: 'Steps',
  });
  await call(request, owner.token, 'POST', '/checklist-items', {
    checklistId: steps.id,
    title: 'Pull the numbers',
    ownerId: mate.id,
    dueDate: isoDate(-1),
  });
  const live = await startLiveMeeting(request, owner.token, meeting.id, [
    { title: 'To-Dos', keyName: 'to_do_list', duration: 5 },
  ]);

  const other = await browser.newContext();
  const bea = await other.newPage();
  await startSignedIn(bea, mate.token);
  await bea.goto(live);
  const beaItems = bea.getByTestId('meeting-checklist-item');
  await expect(beaItems).toHaveCount(1, { timeout: 60_000 });
  await realtimeConnected(bea);

  await startSignedIn(page, owner.token);
  await page.goto(live);
  const items = page.getByTestId('meeting-checklist-item');
  await expect(items).toHaveCount(1, { timeout: 60_000 });
  await expect(items).toContainText('Pull the numbers');
  await expect(items).toContainText('Bea Mate');
  await expect(page.getByTestId('action-items-step')).toContainText('Send the invoices');
  await items.scrollIntoViewIfNeeded();
  await shot(page, 'live');
  await expectAccessible(page, 'checklist items in the live To-Do review');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await items.scrollIntoViewIfNeeded();
  await shot(page, 'live-phone');

  await items.getByRole('checkbox', { name: tasksMessages.checklistItemDone('Pull the numbers', 'Bea Mate') }).click();
  await expect(items).toHaveCount(0);
  // Bea's screen follows.
  await expect(beaItems).toHaveCount(0);
  await other.close();
});
