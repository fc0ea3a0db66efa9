import { expect, type Locator, type Page, test } from '@playwright/test';
import { tasksMessages } from '../src/features/tasks/tasks.messages.ts';
import { messages } from '../src/shared/messages.ts';
import { call, inviteAndAccept, isoDate, newUser, registerViaApi, SCREENS, signIn, startSignedIn } from './helpers.ts';

// Goals on the meeting dashboard (document 2 §4, document 3 §4): a group per owner, the
// default order (On Track, Off Track, then the rest, then due date), the due-date header
// cycling ascending → descending → unsorted, Add Goal for a person, and the status menu.

const shot = async (page: Page, name: string) => {
  await page.getByRole('region', { name: tasksMessages.goalsSection }).scrollIntoViewIfNeeded();
  await page.waitForTimeout(350);
  await page.screenshot({ path: `${SCREENS}/goals-${name}.png` });
};

/** The goal titles of a list, top to bottom. */
const titles = (list: Locator) =>
  list.getByRole('button', { name: /^Edit / }).evaluateAll((buttons) => buttons.map((b) => b.textContent?.trim()));

test('goals: grouped per owner, default order, due-date sort cycle, add for a person, status change', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const ownerUser = newUser('goals-owner', { firstName: 'Olga', lastName: 'Owner' });
  const mateUser = newUser('goals-mate', { firstName: 'Bea', lastName: 'Mate' });
  await registerViaApi(request, ownerUser);
  await registerViaApi(request, mateUser);
  const owner = await signIn(request, ownerUser);
  const mate = await signIn(request, mateUser);
  await inviteAndAccept(request, owner, mate);
  const meeting = await call<{ id: string; title: string }>(request, owner.token, 'POST', '/meetings', {
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
  const goal = async (title: string, userId: string, dueDate: string | null, status = '0') => {
    const task = await call<{ id: string }>(request, owner.token, 'POST', '/tasks', {
      title,
      type: '1',
      userId,
      dueDate,
      meetingIds: [meeting.id],
    });
    if (status !== '0') await call(request, owner.token, 'PATCH', `/tasks/${task.id}`, { status });
  };
  await goal('Launch the website', owner.id, isoDate(40));
  await goal('Hire a designer', owner.id, isoDate(10), '2');
  await goal('Close Q1 books', owner.id, isoDate(5), '1');
  await goal('Renew the lease', owner.id, isoDate(20));
  await goal('Ship the mobile app', owner.id, null);
  await goal('Train the support team', mate.id, isoDate(30));

  await startSignedIn(page, owner.token);
  await page.goto(`/meeting-dashboard/${meeting.id}/Quarterly-Rocks`);
  const goals = page.getByRole('region', { name: tasksMessages.goalsSection });

  // One group per owner, by first name: Bea before Olga.
  const groups = goals.getByTestId('goal-group');
  // The first page of a run may wait for a cold server on a busy machine.
  await expect(groups).toHaveCount(2, { timeout: 30_000 });
  await expect(groups.nth(0)).toHaveAccessibleName(tasksMessages.goalsOf('Bea Mate'));
  await expect(groups.nth(1)).toHaveAccessibleName(tasksMessages.goalsOf('Olga Owner'));
  const olga = goals.getByRole('group', { name: tasksMessages.goalsOf('Olga Owner') });
  const olgaActive = olga.getByRole('list', { name: tasksMessages.goalsOf('Olga Owner') });
  await expect(olga.getByText(tasksMessages.goalsActiveCount(4))).toBeVisible();

  // Default: On Track by due date (none last), then Off Track; finished goals close the group.
  expect(await titles(olgaActive)).toEqual([
    'Renew the lease',
    'Launch the website',
    'Ship the mobile app',
    'Hire a designer',
  ]);
  await expect(olga.getByRole('list', { name: tasksMessages.tasksDoneHeading(1) })).toContainText('Close Q1 books');
  await shot(page, 'default');

  // The due-date header cycles ascending → descending → unsorted.
  const dueHeader = goals.getByRole('button', { name: new RegExp(`^${messages.taskDueDateLabel}:`) });
  await expect(dueHeader).toHaveAccessibleName(messages.sortState(messages.taskDueDateLabel, 'none'));
  await dueHeader.click();
  await expect(dueHeader).toHaveAccessibleName(messages.sortState(messages.taskDueDateLabel, 'asc'));
  expect(await titles(olgaActive)).toEqual([
    'Hire a designer',
    'Renew the lease',
    'Launch the website',
    'Ship the mobile app',
  ]);
  await shot(page, 'due-ascending');
  await dueHeader.click();
  await expect(dueHeader).toHaveAccessibleName(messages.sortState(messages.taskDueDateLabel, 'desc'));
  expect(await titles(olgaActive)).toEqual([
    'Launch the website',
    'Renew the lease',
    'Hire a designer',
    'Ship the mobile app',
  ]);
  await dueHeader.click();
  await expect(dueHeader).toHaveAccessibleName(messages.sortState(messages.taskDueDateLabel, 'none'));
  expect(await titles(olgaActive)).toEqual([
    'Renew the lease',
    'Launch the website',
    'Ship the mobile app',
    'Hire a designer',
  ]);

  // Add Goal from Bea's group: she is already chosen as the owner.
  await goals.getByRole('button', { name: tasksMessages.addGoalFor('Bea Mate') }).click();
  const add = page.getByRole('dialog', { name: tasksMessages.taskFormTitle('add', 'Goals') });
  await expect(add.getByRole('combobox', { name: messages.taskOwnerLabel })).toHaveValue('Bea Mate');
  await add.getByRole('textbox', { name: messages.taskTitleLabel }).fill('Cut churn to 2%');
  await add.getByText(tasksMessages.taskDueCustom, { exact: true }).click();
  await add.getByLabel(tasksMessages.taskCustomDateInput, { exact: true }).fill(isoDate(3));
  await shot(page, 'add-for-person');
  await add.getByRole('button', { name: messages.saveButton }).click();
  await expect(add).toBeHidden();
  const bea = goals.getByRole('list', { name: tasksMessages.goalsOf('Bea Mate') });
  expect(await titles(bea)).toEqual(['Cut churn to 2%', 'Train the support team']);

  // Changing a status re-sorts: "Renew the lease" goes Off Track, after the On Track goals.
  await olgaActive.getByRole('button', { name: `${tasksMessages.taskStatusOf('Renew the lease')}: On Track` }).click();
  // Each goal's own menu: the one closed just before may still be on its way out.
  await page
    .getByRole('menu', { name: tasksMessages.taskStatusOf('Renew the lease') })
    .getByRole('menuitem', { name: 'Off Track' })
    .click();
  await expect(
    olgaActive.getByRole('button', { name: `${tasksMessages.taskStatusOf('Renew the lease')}: Off Track` }),
  ).toBeVisible();
  await expect
    .poll(() => titles(olgaActive))
    .toEqual(['Launch the website', 'Ship the mobile app', 'Hire a designer', 'Renew the lease']);

  // Marking one Incomplete moves it among the finished ones; the active count follows.
  await olgaActive.getByRole('button', { name: `${tasksMessages.taskStatusOf('Hire a designer')}: Off Track` }).click();
  await page
    .getByRole('menu', { name: tasksMessages.taskStatusOf('Hire a designer') })
    .getByRole('menuitem', { name: 'Incomplete' })
    .click();
  const finished = olga.getByRole('list', { name: tasksMessages.tasksDoneHeading(2) });
  await expect(finished).toContainText('Hire a designer');
  expect(await titles(finished)).toEqual(['Close Q1 books', 'Hire a designer']);
  await expect(olga.getByText(tasksMessages.goalsActiveCount(3))).toBeVisible();
  await shot(page, 'after-changes');
});
