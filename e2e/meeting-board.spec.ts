import { expect, test } from '@playwright/test';
import { boardsMessages } from '../src/features/boards/boards.messages.ts';
import { meetingsMessages } from '../src/features/meetings/meetings.messages.ts';
import { messages } from '../src/shared/messages.ts';
import { call, createMeeting, newUser, registerViaApi, SCREENS, signIn, startSignedIn } from './helpers.ts';

// "Meeting Board" in the agenda form (decision 056): the board is made when the
// agenda is saved, with the default lists; a cancelled form leaves nothing behind.

test('a Meeting Board is made on Save with To Do, Doing and Done, and not at all when the form is cancelled', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = newUser('meeting-board');
  await registerViaApi(request, user);
  const owner = await signIn(request, user);
  const meeting = await createMeeting(request, owner.token, 'Launch Sync', []);
  const boardNames = async () =>
    (await call<{ name: string }[]>(request, owner.token, 'GET', `/meetings/${meeting.id}/boards`)).map((b) => b.name);
  const before = await boardNames();

  await startSignedIn(page, owner.token);
  await page.goto(`/meeting-dashboard/${meeting.id}/Launch-Sync`);
  const management = page.getByRole('region', { name: meetingsMessages.meetingManagement });
  const addMeetingBoard = async () => {
    await management.getByRole('button', { name: meetingsMessages.editAgenda }).click();
    const form = page.getByRole('dialog', { name: meetingsMessages.editAgenda });
    await form.getByRole('textbox', { name: meetingsMessages.agendaItemTitle, exact: true }).fill('Launch review');
    await form.getByRole('combobox', { name: meetingsMessages.connectionType }).click();
    await page.getByRole('option', { name: meetingsMessages.agendaKeyMeetingBoard, exact: true }).click();
    await form.getByRole('textbox', { name: meetingsMessages.agendaNewBoardName }).fill('Launch board');
    await form.getByRole('button', { name: messages.addButton, exact: true }).click();
    await expect(form.getByRole('textbox', { name: meetingsMessages.titleOf('Launch review') })).toBeVisible();
    return form;
  };

  // Added, then the form is cancelled: no board was made.
  const cancelled = await addMeetingBoard();
  await page.screenshot({ path: `${SCREENS}/meeting-board-added.png` });
  await cancelled.getByRole('button', { name: messages.cancelButton, exact: true }).last().click();
  await page
    .getByRole('dialog', { name: messages.unsavedChangesTitle })
    .getByRole('button', { name: messages.leavePage })
    .click();
  await expect(cancelled).toBeHidden();
  expect(await boardNames()).toEqual(before);

  // Added and saved: the board exists, linked to the step, with the default lists.
  const form = await addMeetingBoard();
  await expect(form.getByRole('combobox', { name: meetingsMessages.agendaBoardOf('Launch review') })).toHaveValue(
    meetingsMessages.agendaNewBoardPending('Launch board'),
  );
  expect(await boardNames()).toEqual(before);
  await form.getByRole('button', { name: messages.saveButton }).click();
  await expect(form).toBeHidden();
  await expect.poll(boardNames).toEqual([...before, 'Launch board']);
  const boards = await call<{ id: string; name: string }[]>(
    request,
    owner.token,
    'GET',
    `/meetings/${meeting.id}/boards`,
  );
  const board = boards.find((b) => b.name === 'Launch board')!;
  const lists = await call<{ name: string }[]>(request, owner.token, 'GET', `/boards/${board.id}/task-types`);
  expect(lists.map((l) => l.name)).toEqual(['To Do', 'Doing', 'Done']);
  const agenda = await call<{ title: string; boardId: string | null }[]>(
    request,
    owner.token,
    'GET',
    `/meetings/${meeting.id}/agenda-items`,
  );
  expect(agenda.find((item) => item.title === 'Launch review')?.boardId).toBe(board.id);
  // The dashboard's Boards section shows it at once.
  await expect(
    page.getByRole('region', { name: boardsMessages.boardsSection }).getByText('Launch board').first(),
  ).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/meeting-board-saved.png` });
});
