import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { clientMessages } from '../src/client/client.messages.ts';
import { boardsMessages } from '../src/features/boards/boards.messages.ts';
import { tasksMessages } from '../src/features/tasks/tasks.messages.ts';
import { messages } from '../src/shared/messages.ts';
import { type Account, call, createMeeting, realtimeConnected, SCREENS, team } from './helpers.ts';

// The card dialog (document 2 §2–§9): the task panel, labels, members, watchers, due date, the
// rich-text description with its autosave and limit, checklists, comments, attachments, share,
// move, copy and delete; the public share page signed out; others' changes and deletion while
// it is open; and rich-text payloads that must stay inert.

/** The status of a call that is expected to fail. */
const statusOf = async (request: APIRequestContext, token: string, path: string) =>
  (await request.get(`/api/v2${path}`, { headers: { Authorization: `Bearer ${token}` } })).status();

interface BoardSetup {
  board: { id: string; name: string };
  lists: { id: string; name: string }[];
}
const createBoard = async (
  request: APIRequestContext,
  token: string,
  meetingId: string,
  name: string,
  lists: string[],
): Promise<BoardSetup> => {
  const board = await call<{ id: string; name: string }>(request, token, 'POST', '/boards', {
    name,
    meetingIds: [meetingId],
    lists,
  });
  const made = await call<{ id: string; name: string }[]>(request, token, 'GET', `/boards/${board.id}/task-types`);
  return { board, lists: made };
};

interface TaskResult {
  id: string;
  title: string;
  description: string | null;
  status: string;
  members: string[];
  watchers: string[];
  labelIds: string[];
  dueDate: string | null;
  meetingIds: string[];
  boardId: string | null;
  taskTypeId: string | null;
  isLocked: boolean;
}

const createCard = (
  request: APIRequestContext,
  owner: Account,
  input: { title: string; meetingId: string; setup: BoardSetup; members: string[]; description?: string },
) =>
  call<TaskResult>(request, owner.token, 'POST', '/tasks', {
    title: input.title,
    userId: owner.id,
    meetingIds: [input.meetingId],
    boardId: input.setup.board.id,
    taskTypeId: input.setup.lists[0]!.id,
    members: input.members,
    description: input.description,
  });

const signedInPage = async (browser: Browser, account: Account) => {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  await context.addInitScript((value) => sessionStorage.setItem('cadence.token', value), account.token);
  const page = await context.newPage();
  return { context, page };
};

// The machine these run on is shared and slow at times: no action waits forever.
test.use({ actionTimeout: 20_000 });

const cardDialog = (page: Page) => page.getByRole('dialog', { name: boardsMessages.cardDialogTitle, exact: true });
/** Opens /home/{id} and waits for the card (the first load of a cold page can be slow here). */
const openCard = async (page: Page, id: string, title: string | RegExp) => {
  await page.goto(`/home/${id}`);
  await expect(cardDialog(page).getByRole('textbox', { name: boardsMessages.cardTitleLabel })).toHaveValue(title, {
    timeout: 30_000,
  });
  return cardDialog(page);
};
const shot = async (page: Page, name: string, fullPage = false) => {
  await page.waitForTimeout(350);
  await page.screenshot({ path: `${SCREENS}/cards-${name}.png`, fullPage });
};
const getTask = (request: APIRequestContext, account: Account, id: string) =>
  call<TaskResult>(request, account.token, 'GET', `/tasks/${id}`);

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

const attach = async (page: Page, dialog: Locator, file: { name: string; mimeType: string; buffer: Buffer }) => {
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: boardsMessages.cardAttachmentButton, exact: true }).click();
  await (await chooser).setFiles(file);
};

test('the card dialog: title, done, lock, labels, members, watchers, due date, description, checklists', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { owner, mate } = await team(request, 'card');
  const meeting = await createMeeting(request, owner.token, 'Ops Weekly', [mate.id]);
  const setup = await createBoard(request, owner.token, meeting.id, 'Roadmap', ['To Do', 'Doing']);
  const card = await createCard(request, owner, {
    title: 'Plan the offsite',
    meetingId: meeting.id,
    setup,
    members: [owner.id, mate.id],
  });
  const { context, page } = await signedInPage(browser, owner);
  const dialog = await openCard(page, card.id, 'Plan the offsite');
  // Breadcrumb meeting > board > list.
  await expect(dialog.getByTestId('card-breadcrumb')).toHaveText(/Ops Weekly.*Roadmap.*To Do/);
  await shot(page, 'dialog');

  // Title: saved on Enter, with the Saved indicator (3 s); an empty title is refused.
  const title = dialog.getByRole('textbox', { name: boardsMessages.cardTitleLabel });
  await title.fill('');
  await title.press('Enter');
  await expect(dialog.getByText(messages.required)).toBeVisible();
  await title.fill('Plan the team offsite');
  await title.press('Enter');
  await expect(dialog.getByTestId('saved-indicator')).toHaveText(boardsMessages.savedIndicator);
  expect((await getTask(request, owner, card.id)).title).toBe('Plan the team offsite');
  await expect(dialog.getByTestId('saved-indicator')).toHaveText('', { timeout: 5000 });
  // Tab saves too.
  await title.fill('Plan the team offsite 2026');
  await title.press('Tab');
  await expect.poll(async () => (await getTask(request, owner, card.id)).title).toBe('Plan the team offsite 2026');

  // Done shows the completion date; a locked card cannot be ticked.
  const done = dialog.getByRole('checkbox', { name: boardsMessages.cardDoneLabel, exact: true });
  // Controlled by the saved card: the tick shows once the server has it.
  await done.click();
  await expect(done).toBeChecked();
  await expect(dialog.getByTestId('completed-at')).toContainText('Completed:');
  await expect(dialog.getByRole('switch', { name: boardsMessages.cardLockLabel })).toBeDisabled();
  await done.click();
  await expect(done).not.toBeChecked();
  await expect(dialog.getByTestId('completed-at')).toBeHidden();
  // With the keyboard: Space on the focused switch.
  const lock = dialog.getByRole('switch', { name: boardsMessages.cardLockLabel });
  await lock.focus();
  await page.keyboard.press('Space');
  await expect(lock).toBeChecked();
  await expect(done).toBeDisabled();
  expect((await getTask(request, owner, card.id)).isLocked).toBe(true);
  await lock.focus();
  await page.keyboard.press('Space');
  await expect(done).toBeEnabled();

  // Labels: the label form with the default colour and the palette of nine.
  await dialog.getByRole('button', { name: boardsMessages.newLabelButton }).click();
  const labelForm = page.getByRole('form', { name: boardsMessages.newLabelButton });
  await expect(labelForm.getByRole('radio')).toHaveCount(9);
  await expect(labelForm.getByRole('radio', { name: boardsMessages.labelColorOption('#C2CDD8') })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await labelForm.getByRole('textbox', { name: boardsMessages.labelNameLabel }).fill('Urgent');
  await labelForm.getByRole('radio', { name: boardsMessages.labelColorOption('#EB5A46') }).click();
  await shot(page, 'label-form');
  await labelForm.getByRole('button', { name: messages.createButton }).click();
  await expect(labelForm).toBeHidden();
  await expect.poll(async () => (await getTask(request, owner, card.id)).labelIds.length).toBe(1);
  await expect(dialog.getByText('Urgent', { exact: true })).toBeVisible();

  // Members: the last member of an action item cannot be removed (4 s message).
  const members = dialog.getByRole('combobox', { name: boardsMessages.cardMembersLabel, exact: true });
  await members.focus();
  await members.press('Backspace');
  await expect.poll(async () => (await getTask(request, owner, card.id)).members).toEqual([owner.id]);
  await members.press('Backspace');
  await expect(page.getByText(messages.lastMemberOfActionItem)).toBeVisible();
  expect((await getTask(request, owner, card.id)).members).toEqual([owner.id]);
  await shot(page, 'last-member');
  await expect(page.getByText(messages.lastMemberOfActionItem)).toBeHidden({ timeout: 6000 });
  await members.click();
  await page.getByRole('option', { name: 'Bea Mate' }).click();
  await expect.poll(async () => (await getTask(request, owner, card.id)).members.length).toBe(2);
  await page.keyboard.press('Escape');

  // Watchers.
  await dialog.getByRole('combobox', { name: boardsMessages.cardWatchersLabel }).click();
  await page.getByRole('option', { name: 'Bea Mate' }).click();
  await expect.poll(async () => (await getTask(request, owner, card.id)).watchers).toEqual([mate.id]);
  await page.keyboard.press('Escape');

  // Due date.
  await dialog.getByLabel(boardsMessages.cardDueDateLabel).fill('2030-01-15');
  await expect.poll(async () => (await getTask(request, owner, card.id)).dueDate).toBe('2030-01-15');

  // Description: rich text, saved 3 s after typing stops.
  const editor = dialog.getByRole('textbox', { name: boardsMessages.cardDescriptionLabel });
  await editor.click();
  await page.keyboard.type('Bring the ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('budget');
  await page.waitForTimeout(1500);
  expect((await getTask(request, owner, card.id)).description ?? '').not.toContain('budget');
  await expect
    .poll(async () => (await getTask(request, owner, card.id)).description, { timeout: 8000 })
    .toBe('<p>Bring the <strong>budget</strong></p>');
  // Over 60,000 characters: "Description is too long", not saved.
  await editor.click();
  await page.keyboard.press('End');
  await page.keyboard.insertText(' x'.repeat(30_001));
  await expect(dialog.getByText(messages.descriptionTooLong)).toBeVisible();
  await page.waitForTimeout(3800);
  expect((await getTask(request, owner, card.id)).description).toBe('<p>Bring the <strong>budget</strong></p>');
  await page.keyboard.press('Control+z');
  await expect(dialog.getByText(messages.descriptionTooLong)).toBeHidden();

  // Checklists: the checklist form, items start not done, a tick saves at once, progress.
  await dialog.getByRole('button', { name: boardsMessages.cardChecklistButton, exact: true }).click();
  let form = page.getByRole('form', { name: boardsMessages.checklistFormTitle });
  await form.getByRole('textbox', { name: boardsMessages.checklistTitleLabel }).fill('Prep');
  await form.getByRole('button', { name: messages.addButton }).click();
  const prep = dialog.getByRole('region', { name: 'Prep', exact: true });
  await expect(prep).toBeVisible();
  for (const item of ['Book venue', 'Send invites']) {
    await prep.getByRole('textbox', { name: boardsMessages.checklistItemLabel }).fill(item);
    await prep.getByRole('button', { name: boardsMessages.addItemButton }).click();
    await expect(prep.getByRole('checkbox', { name: item })).not.toBeChecked();
  }
  await prep.getByRole('checkbox', { name: 'Book venue' }).click();
  await expect(prep.getByRole('checkbox', { name: 'Book venue' })).toBeChecked();
  await expect(prep.getByTestId('checklist-progress')).toHaveText('50%');
  const lists = await call<{ title: string; progress: number }[]>(
    request,
    owner.token,
    'GET',
    `/tasks/${card.id}/checklists`,
  );
  expect(lists).toEqual([expect.objectContaining({ title: 'Prep', progress: 50 })]);
  // Copy it: its items come along, reopened.
  await dialog.getByRole('button', { name: boardsMessages.cardChecklistButton, exact: true }).click();
  form = page.getByRole('form', { name: boardsMessages.checklistFormTitle });
  await form.getByRole('textbox', { name: boardsMessages.checklistTitleLabel }).fill('Prep again');
  await form.getByRole('combobox', { name: boardsMessages.checklistCopyFromLabel }).click();
  await page.getByRole('option', { name: 'Prep' }).click();
  await shot(page, 'checklist-form');
  await form.getByRole('button', { name: messages.addButton }).click();
  const again = dialog.getByRole('region', { name: 'Prep again' });
  await expect(again.getByRole('checkbox', { name: 'Book venue' })).not.toBeChecked();
  await expect(again.getByTestId('checklist-progress')).toHaveText('0%');
  await shot(page, 'checklists', true);
  // Delete with a confirmation.
  await again.getByRole('button', { name: boardsMessages.deleteChecklistNamed('Prep again') }).click();
  const confirm = page.getByRole('dialog', { name: boardsMessages.deleteChecklistTitle });
  await expect(confirm.getByText(boardsMessages.deleteChecklistWarning('Prep again'))).toBeVisible();
  await confirm.getByRole('button', { name: messages.deleteButton }).click();
  await expect(again).toBeHidden();
  await expect(prep).toBeVisible();
  await context.close();
});

test('the card dialog: comments, attachments, share link signed out, move, copy and delete', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { owner, mate } = await team(request, 'panels');
  const meeting = await createMeeting(request, owner.token, 'Sales Weekly', [mate.id]);
  const other = await createMeeting(request, owner.token, 'Board Meeting', []);
  const setup = await createBoard(request, owner.token, meeting.id, 'Pipeline', ['Leads', 'Won']);
  const otherSetup = await createBoard(request, owner.token, other.id, 'Strategy', ['Backlog']);
  const card = await createCard(request, owner, {
    title: 'Call the customer',
    meetingId: meeting.id,
    setup,
    members: [owner.id, mate.id],
    description: '<p>Ask about <em>renewal</em></p>',
  });
  const { context, page } = await signedInPage(browser, owner);
  const dialog = await openCard(page, card.id, 'Call the customer');

  // Comments: add (rich text), edit in the activity edit dialog, delete with a confirmation.
  const comment = dialog.getByRole('textbox', { name: boardsMessages.commentLabel });
  await comment.click();
  await page.keyboard.type('Called, ');
  await page.keyboard.press('Control+i');
  await page.keyboard.type('no answer');
  await dialog.getByRole('button', { name: boardsMessages.commentSaveButton }).click();
  const comments = dialog.getByTestId('activity-comment');
  await expect(comments).toHaveCount(1);
  await expect(comments.first().locator('em')).toHaveText('no answer');
  await expect(comment).toHaveText('');
  await comments
    .first()
    .getByRole('button', { name: boardsMessages.commentActionsOf('Olga Owner') })
    .click();
  await page.getByRole('menuitem', { name: boardsMessages.commentEditNamed('Olga Owner') }).click();
  const edit = page.getByRole('dialog', { name: boardsMessages.commentEditTitle });
  const editEditor = edit.getByRole('textbox', { name: boardsMessages.commentLabel });
  await editEditor.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' yet');
  await edit.getByRole('button', { name: messages.saveButton }).click();
  await expect(edit).toBeHidden();
  await expect(comments.first()).toContainText('no answer yet');
  await expect(comments.first()).toContainText(boardsMessages.commentEdited);
  await comments
    .first()
    .getByRole('button', { name: boardsMessages.commentActionsOf('Olga Owner') })
    .click();
  await page.getByRole('menuitem', { name: boardsMessages.commentDeleteNamed('Olga Owner') }).click();
  const confirmComment = page.getByRole('dialog', { name: boardsMessages.commentDeleteTitle });
  await confirmComment.getByRole('button', { name: messages.deleteButton }).click();
  await expect(comments).toHaveCount(0);
  await dialog.getByRole('textbox', { name: boardsMessages.commentLabel }).click();
  await page.keyboard.type('Will try again on Monday');
  await dialog.getByRole('button', { name: boardsMessages.commentSaveButton }).click();
  await expect(comments).toHaveCount(1);

  // Attachments: a PNG shows in the list and as an image in the activity; a disguised file is refused.
  await attach(page, dialog, { name: 'pixel.png', mimeType: 'image/png', buffer: PNG });
  const files = dialog.getByTestId('attachment');
  await expect(files).toHaveCount(1);
  await expect(files.first()).toContainText('pixel.png');
  const image = dialog.getByRole('img', { name: boardsMessages.attachmentImageOf('pixel.png') });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await attach(page, dialog, { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just text, not a PNG') });
  await expect(dialog.getByText(tasksMessages.fileTypeMismatch)).toBeVisible();
  await expect(files).toHaveCount(1);
  await shot(page, 'attachments', true);
  const download = page.waitForEvent('download');
  await files
    .first()
    .getByRole('button', { name: boardsMessages.attachmentDownloadNamed('pixel.png') })
    .click();
  expect((await download).suggestedFilename()).toBe('pixel.png');
  await attach(page, dialog, { name: 'agenda.txt', mimeType: 'text/plain', buffer: Buffer.from('1. Renewal') });
  await expect(files).toHaveCount(2);
  await files
    .filter({ hasText: 'agenda.txt' })
    .getByRole('button', { name: boardsMessages.attachmentDeleteNamed('agenda.txt') })
    .click();
  await page
    .getByRole('dialog', { name: boardsMessages.attachmentDeleteTitle })
    .getByRole('button', { name: messages.deleteButton })
    .click();
  await expect(files).toHaveCount(1);

  // Share: a link with a copy button (copied for 2 s), opened signed out, then revoked.
  await dialog.getByRole('button', { name: boardsMessages.cardShareButton, exact: true }).click();
  const share = page.getByTestId('share-panel');
  await share.getByRole('button', { name: boardsMessages.shareCreateLink }).click();
  const linkBox = share.getByRole('textbox', { name: boardsMessages.shareLinkLabel });
  await expect(linkBox).toHaveValue(/\/task-preview\/[\w-]{40,}$/);
  const link = await linkBox.inputValue();
  await share.getByRole('button', { name: boardsMessages.shareCopyLink }).click();
  await expect(share.getByRole('button', { name: boardsMessages.shareCopied })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await shot(page, 'share');
  await expect(share.getByRole('button', { name: boardsMessages.shareCopyLink })).toBeVisible({ timeout: 3000 });

  const anonymous = await browser.newContext();
  const publicPage = await anonymous.newPage();
  await publicPage.goto(new URL(link).pathname);
  await expect(publicPage.getByRole('heading', { name: 'Call the customer' })).toBeVisible({ timeout: 30_000 });
  await expect(publicPage.getByTestId('preview-description').locator('em')).toHaveText('renewal');
  await expect(publicPage.getByText('Olga Owner').first()).toBeVisible();
  await expect(publicPage.getByText(boardsMessages.previewBadge)).toBeVisible();
  // Nothing of the workspace besides the card: no ids in the page.
  expect(await publicPage.content()).not.toContain(card.id);
  await shot(publicPage, 'share-page', true);

  await share.getByRole('button', { name: boardsMessages.shareRevoke }).click();
  await expect(share.getByText(boardsMessages.shareRevokeWarning)).toBeVisible();
  await share.getByRole('button', { name: boardsMessages.shareRevoke }).click();
  await expect(share.getByRole('button', { name: boardsMessages.shareCreateLink })).toBeVisible();
  await publicPage.reload();
  await expect(publicPage.getByRole('heading', { name: boardsMessages.previewNotFoundTitle })).toBeVisible();
  await shot(publicPage, 'share-revoked');
  await anonymous.close();
  await dialog.getByRole('button', { name: boardsMessages.cardShareButton, exact: true }).click();
  await expect(share).toBeHidden();

  // Move: meeting, then board, then list; members absent from the target meeting are asked about.
  await dialog.getByRole('button', { name: boardsMessages.cardMoveButton, exact: true }).click();
  let move = page.getByRole('dialog', { name: boardsMessages.moveCardTitle });
  const meetingSelect = move.getByRole('combobox', { name: boardsMessages.moveMeetingLabel });
  await expect(meetingSelect).toHaveValue('Sales Weekly');
  await expect(move.getByRole('combobox', { name: boardsMessages.moveBoardLabel })).toHaveValue('Pipeline');
  await expect(move.getByRole('combobox', { name: boardsMessages.moveListLabel })).toHaveValue('Leads');
  await meetingSelect.click();
  await page.getByRole('option', { name: 'Board Meeting' }).click();
  // Choosing a meeting clears board and list.
  await expect(move.getByRole('combobox', { name: boardsMessages.moveBoardLabel })).toHaveValue('');
  await expect(move.getByRole('combobox', { name: boardsMessages.moveListLabel })).toHaveValue('');
  await move.getByRole('combobox', { name: boardsMessages.moveBoardLabel }).click();
  await page.getByRole('option', { name: 'Strategy' }).click();
  await move.getByRole('button', { name: boardsMessages.cardMoveButton, exact: true }).click();
  await expect(move.getByText(messages.required)).toBeVisible();
  await move.getByRole('combobox', { name: boardsMessages.moveListLabel }).click();
  await page.getByRole('option', { name: 'Backlog' }).click();
  await shot(page, 'move');
  await move.getByRole('button', { name: boardsMessages.cardMoveButton, exact: true }).click();
  const question = page.getByRole('dialog', { name: boardsMessages.meetingMembersTitle });
  await expect(question.getByText(messages.membersNotInMeeting)).toBeVisible();
  await shot(page, 'move-members');
  await question.getByRole('button', { name: messages.continueButton }).click();
  await expect(page.getByText(boardsMessages.cardMoved)).toBeVisible();
  await expect(move).toBeHidden();
  await expect(dialog.getByTestId('card-breadcrumb')).toHaveText(/Board Meeting.*Strategy.*Backlog/);
  const moved = await getTask(request, owner, card.id);
  expect(moved).toMatchObject({
    meetingIds: [other.id],
    boardId: otherSetup.board.id,
    taskTypeId: otherSetup.lists[0]!.id,
    members: [owner.id],
    status: '0',
  });

  // Copy back to the first meeting's board, into Won.
  await dialog.getByRole('button', { name: boardsMessages.cardCopyButton, exact: true }).click();
  move = page.getByRole('dialog', { name: boardsMessages.copyCardTitle });
  await move.getByRole('combobox', { name: boardsMessages.moveMeetingLabel }).click();
  await page.getByRole('option', { name: 'Sales Weekly' }).click();
  await move.getByRole('combobox', { name: boardsMessages.moveBoardLabel }).click();
  await page.getByRole('option', { name: 'Pipeline' }).click();
  await move.getByRole('combobox', { name: boardsMessages.moveListLabel }).click();
  await page.getByRole('option', { name: 'Won' }).click();
  await move.getByRole('button', { name: boardsMessages.cardCopyButton, exact: true }).click();
  await expect(page.getByText(boardsMessages.cardCopied)).toBeVisible();
  const board = await call<{ cards: { title: string; taskTypeId: string }[] }>(
    request,
    owner.token,
    'GET',
    `/boards/${setup.board.id}`,
  );
  expect(board.cards).toEqual([
    expect.objectContaining({ title: 'Call the customer', taskTypeId: setup.lists[1]!.id }),
  ]);

  // Delete: permanent, after a confirmation.
  await dialog.getByRole('button', { name: boardsMessages.deleteCardButton }).click();
  const confirmDelete = page.getByRole('dialog', { name: boardsMessages.deleteCardTitle });
  await expect(confirmDelete.getByText(boardsMessages.deleteCardWarning)).toBeVisible();
  await confirmDelete.getByRole('button', { name: messages.deleteButton }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/home$/);
  expect(await statusOf(request, owner.token, `/tasks/${card.id}`)).toBe(404);
  await context.close();
});

test('others’ changes reach the open dialog, and deleting it elsewhere closes it', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const { owner, mate } = await team(request, 'live');
  const meeting = await createMeeting(request, owner.token, 'Live Weekly', [mate.id]);
  const setup = await createBoard(request, owner.token, meeting.id, 'Live board', ['Now']);
  const card = await createCard(request, owner, {
    title: 'Live card',
    meetingId: meeting.id,
    setup,
    members: [owner.id, mate.id],
  });
  const { context, page } = await signedInPage(browser, mate);
  const dialog = await openCard(page, card.id, 'Live card');
  await expect(dialog.getByText(boardsMessages.activityEmpty)).toBeVisible();
  await realtimeConnected(page);
  // Wait until the meeting room is joined: a change made now must arrive.
  await page.waitForTimeout(1000);

  await call(request, owner.token, 'PATCH', `/tasks/${card.id}`, {
    title: 'Live card renamed',
    description: '<p>Changed by Olga</p>',
  });
  await expect(dialog.getByRole('textbox', { name: boardsMessages.cardTitleLabel })).toHaveValue('Live card renamed');
  await expect(dialog.getByRole('textbox', { name: boardsMessages.cardDescriptionLabel })).toHaveText(
    'Changed by Olga',
  );
  const checklist = await call<{ id: string }>(request, owner.token, 'POST', '/checklists', {
    taskId: card.id,
    title: 'Steps',
  });
  await call(request, owner.token, 'POST', '/checklist-items', { checklistId: checklist.id, title: 'First step' });
  await expect(
    dialog.getByRole('region', { name: 'Steps' }).getByRole('checkbox', { name: 'First step' }),
  ).toBeVisible();
  await call(request, owner.token, 'POST', '/activities', { taskId: card.id, description: '<p>Hello from Olga</p>' });
  await expect(dialog.getByTestId('activity-comment')).toContainText('Hello from Olga');

  await call(request, owner.token, 'DELETE', `/tasks/${card.id}`);
  await expect(page.getByText(messages.cardDeleted)).toBeVisible();
  await expect(dialog).toBeHidden();
  await context.close();
});

const XSS = [
  '<img src=x onerror="window.__xss=1;alert(1)">',
  '<script>window.__xss=2;alert(2)</script>',
  '<a href="javascript:window.__xss=3;alert(3)">click me</a>',
  '<svg onload="window.__xss=4"></svg>',
  '<iframe src="javascript:alert(5)"></iframe>',
  '<p onclick="window.__xss=6">para</p><details open ontoggle="window.__xss=7"></details>',
  '<img src="data:image/svg+xml,<svg onload=alert(8)>">',
].join('');

/** Nothing ran, and nothing able to run is in the rich-text areas `scopes`. */
const expectInert = async (page: Page, scopes: Locator[], dialogs: string[]) => {
  await page.waitForTimeout(500);
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  for (const scope of scopes) {
    const html = await scope.evaluate((node) => node.innerHTML);
    expect(html).not.toMatch(/<script|<iframe|<svg|<details|\son\w+=|javascript:|data:image/i);
  }
};

test('rich-text payloads stay inert: stored ones, and raw ones the server never sanitized', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const { owner, mate } = await team(request, 'xss');
  const meeting = await createMeeting(request, owner.token, 'Safe Weekly', [mate.id]);
  const setup = await createBoard(request, owner.token, meeting.id, 'Safe board', ['List']);
  const card = await createCard(request, owner, {
    title: '<img src=x onerror=alert(9)>Safe card',
    meetingId: meeting.id,
    setup,
    members: [owner.id],
    description: `<p>Intro</p>${XSS}`,
  });
  await call(request, owner.token, 'POST', '/activities', { taskId: card.id, description: `<p>Note</p>${XSS}` });
  const share = await call<{ path: string }>(request, owner.token, 'POST', `/tasks/${card.id}/share`);

  const { context, page } = await signedInPage(browser, owner);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const dialog = await openCard(page, card.id, 'Safe card');
  await expect(dialog.getByRole('textbox', { name: boardsMessages.cardDescriptionLabel })).toContainText('Intro');
  await expect(dialog.getByTestId('comment-body')).toContainText('Note');
  await expectInert(
    page,
    [dialog.getByRole('textbox', { name: boardsMessages.cardDescriptionLabel }), dialog.getByTestId('comment-body')],
    dialogs,
  );

  // The same payloads answered raw (as if the server had not sanitized them): the client's
  // DOMPurify is what keeps them inert — in a comment, in a read-only description, on the share page.
  await page.route(`**/api/v2/tasks/${card.id}/activities`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { result: { description: string }[] };
    for (const activity of body.result) activity.description = `<p>Raw note</p>${XSS}`;
    await route.fulfill({ response, json: body });
  });
  await page.route(`**/api/v2/tasks/${card.id}`, async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    const body = (await response.json()) as {
      result: { description: string; permissions: { canEdit: boolean; canDelete: boolean } };
    };
    body.result.description = `<p>Raw intro</p>${XSS}`;
    body.result.permissions = { canEdit: false, canDelete: false };
    await route.fulfill({ response, json: body });
  });
  await page.reload();
  await expect(dialog.getByTestId('card-description')).toContainText('Raw intro', { timeout: 30_000 });
  await expect(dialog.getByTestId('comment-body')).toContainText('Raw note');
  const link = dialog.getByTestId('comment-body').locator('a', { hasText: 'click me' });
  await expect(link).toBeVisible();
  await expect(link).not.toHaveAttribute('href', /.*/);
  await expectInert(page, [dialog.getByTestId('card-description'), dialog.getByTestId('comment-body')], dialogs);
  await shot(page, 'xss');

  const anonymous = await browser.newContext();
  const publicPage = await anonymous.newPage();
  const publicDialogs: string[] = [];
  publicPage.on('dialog', (d) => {
    publicDialogs.push(d.message());
    void d.dismiss();
  });
  await publicPage.route('**/api/v2/task-preview/**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { result: { description: string } };
    body.result.description = `<p>Raw preview</p>${XSS}`;
    await route.fulfill({ response, json: body });
  });
  await publicPage.goto(share.path);
  await expect(publicPage.getByTestId('preview-description')).toContainText('Raw preview', { timeout: 30_000 });
  await expect(publicPage.getByRole('heading', { name: /Safe card/ })).toBeVisible();
  await expectInert(publicPage, [publicPage.getByTestId('preview-description')], publicDialogs);
  await anonymous.close();
  await context.close();
});

test('a card opens from the board on the meeting dashboard', async ({ browser, request }) => {
  const { owner, mate } = await team(request, 'wiring');
  const meeting = await createMeeting(request, owner.token, 'Wiring Weekly', [mate.id]);
  const setup = await createBoard(request, owner.token, meeting.id, 'Wiring board', ['Inbox']);
  await createCard(request, owner, { title: 'Open me', meetingId: meeting.id, setup, members: [owner.id] });
  const { context, page } = await signedInPage(browser, owner);
  await page.goto(`/meeting-dashboard/${meeting.id}/Wiring-Weekly`);
  await page.getByTestId('board-card').filter({ hasText: 'Open me' }).click({ timeout: 30_000 });
  const dialog = cardDialog(page);
  await expect(dialog.getByRole('textbox', { name: boardsMessages.cardTitleLabel })).toHaveValue('Open me');
  await expect(dialog.getByTestId('card-breadcrumb')).toHaveText(/Wiring Weekly.*Wiring board.*Inbox/);
  await shot(page, 'from-board');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await context.close();
});

test('the public card preview is read-only: its checklist is no form, clicking sends nothing', async ({
  browser,
  request,
}) => {
  const { owner, mate } = await team(request, 'preview-ro');
  const meeting = await createMeeting(request, owner.token, 'Preview Weekly', [mate.id]);
  const setup = await createBoard(request, owner.token, meeting.id, 'Preview board', ['Inbox']);
  const card = await createCard(request, owner, {
    title: 'Look only',
    meetingId: meeting.id,
    setup,
    members: [owner.id],
  });
  const checklist = await call<{ id: string }>(request, owner.token, 'POST', '/checklists', {
    taskId: card.id,
    title: 'Steps',
  });
  for (const title of ['First step', 'Second step'])
    await call(request, owner.token, 'POST', '/checklist-items', { checklistId: checklist.id, title });
  const link = await call<{ path: string }>(request, owner.token, 'POST', `/tasks/${card.id}/share`);

  // Signed out, in a browser of its own.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link.path);
  await expect(page.getByText('First step')).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.locator('input, textarea, select, [contenteditable="true"]')).toHaveCount(0);
  const requests: string[] = [];
  // Calls to the server, not the app's own code arriving late (the service worker's helper loads once the page is idle).
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname.startsWith('/api/')) requests.push(sent.url());
  });
  await page.getByText('First step').click();
  await page.getByText('Second step').click();
  await page.waitForTimeout(500);
  expect(requests).toEqual([]);
  await shot(page, 'preview-read-only', true);
  await context.close();
});

test('two people typing into one card description: the one whose save came second sees both texts and keeps theirs', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { owner, mate } = await team(request, 'describe');
  const meeting = await createMeeting(request, owner.token, 'Plans Weekly', [mate.id]);
  const setup = await createBoard(request, owner.token, meeting.id, 'Plans', ['Now']);
  const card = await createCard(request, owner, {
    title: 'Launch plan',
    meetingId: meeting.id,
    setup,
    members: [owner.id, mate.id],
  });
  const olga = await signedInPage(browser, owner);
  const bea = await signedInPage(browser, mate);
  const olgaDialog = await openCard(olga.page, card.id, 'Launch plan');
  const beaDialog = await openCard(bea.page, card.id, 'Launch plan');
  const editor = (dialog: Locator) => dialog.getByRole('textbox', { name: boardsMessages.cardDescriptionLabel });
  await realtimeConnected(olga.page);
  await realtimeConnected(bea.page);

  // Both type over the empty description before either save lands (saves wait 3 s after typing).
  await editor(olgaDialog).click();
  await editor(olgaDialog).pressSequentially('Olga: book the venue');
  await editor(beaDialog).click();
  await editor(beaDialog).pressSequentially('Bea: draft the invite');
  await expect.poll(async () => (await getTask(request, owner, card.id)).description).toContain('Olga: book the venue');
  // Olga is done and leaves the field: what others save now shows in it.
  await olgaDialog.getByRole('textbox', { name: boardsMessages.cardTitleLabel }).click();

  // Bea's save was refused: she sees both texts, and nothing of hers was lost.
  const notice = beaDialog.getByRole('alert').filter({ hasText: tasksMessages.descriptionChangedMeanwhile });
  await expect(notice).toBeVisible({ timeout: 15_000 });
  await expect(notice.getByTestId('their-text')).toHaveText('Olga: book the venue');
  await expect(notice.getByTestId('your-text')).toHaveText('Bea: draft the invite');
  await shot(bea.page, 'description-conflict');
  await notice.getByRole('button', { name: clientMessages.keepMine }).click();
  await expect(notice).toBeHidden();
  await expect
    .poll(async () => (await getTask(request, owner, card.id)).description)
    .toContain('Bea: draft the invite');
  await expect(editor(olgaDialog)).toHaveText('Bea: draft the invite');
  await olga.context.close();
  await bea.context.close();
});
