import {
  type APIRequestContext,
  type Browser,
  expect as baseExpect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { boardsMessages } from '../src/features/boards/boards.messages.ts';
import { tasksMessages } from '../src/features/tasks/tasks.messages.ts';
import { messages } from '../src/shared/messages.ts';
import {
  type Account,
  call,
  createMeeting,
  dragWithMouse,
  isoDate,
  keyboardDrag,
  realtimeConnected,
  SCREENS,
  team,
} from './helpers.ts';

// The Boards section of the meeting dashboard (document 1 §2, document 2 §2–§9): boards, lists
// and cards; drag and drop with the keyboard (@hello-pangea/dnd: focus the handle, space, arrows,
// space); grouping by user and by status; the filters; the archive/delete rules; and what a
// second member of the meeting sees without reloading.

// The shared test machine is often busy: a board's first answer may take a while.
const expect = baseExpect.configure({ timeout: 20_000 });

interface ApiBoard {
  id: string;
  name: string;
}
interface ApiList {
  id: string;
  name: string;
}
interface ApiCard {
  id: string;
  title: string;
  userId: string | null;
  members: string[];
  taskTypeId: string | null;
  status: string;
  sort: number;
}

/** A board with lists made through the API (these tests are about the screen, not the form). */
const createBoard = async (
  request: APIRequestContext,
  token: string,
  meetingId: string,
  name: string,
  lists: string[],
) => {
  const board = await call<ApiBoard>(request, token, 'POST', '/boards', { name, meetingIds: [meetingId], lists });
  const made = await call<ApiList[]>(request, token, 'GET', `/boards/${board.id}/task-types`);
  return { board, lists: made };
};

const createCard = (
  request: APIRequestContext,
  token: string,
  input: { title: string; userId: string; meetingId: string; boardId: string; listId: string; [key: string]: unknown },
) => {
  const { meetingId, listId, ...rest } = input;
  return call<ApiCard>(request, token, 'POST', '/tasks', {
    type: '4',
    showInTasks: '0',
    members: [input.userId],
    meetingIds: [meetingId],
    taskTypeId: listId,
    ...rest,
  });
};

const boardCards = async (request: APIRequestContext, token: string, boardId: string) =>
  (await call<{ cards: ApiCard[] }>(request, token, 'GET', `/boards/${boardId}`)).cards;

const signedInPage = async (browser: Browser, account: Account) => {
  const context = await browser.newContext();
  await context.addInitScript((value) => sessionStorage.setItem('cadence.token', value), account.token);
  const page = await context.newPage();
  return { context, page };
};

const dashboard = (meeting: { id: string; title: string }) =>
  `/meeting-dashboard/${meeting.id}/${meeting.title.split(' ').join('-')}`;
const boardsSection = (page: Page) => page.getByRole('region', { name: boardsMessages.boardsSection });
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const column = (scope: Page | Locator, title: string) =>
  scope.locator(`[data-testid="board-column"][data-column="${title}"]`);
const boardChip = (scope: Page | Locator, name: string) =>
  scope.getByRole('button', { name: boardsMessages.boardSelect(name), exact: true });
const cardIn = (scope: Page | Locator, title: string) => scope.getByRole('button', { name: title, exact: true });
/** The card titles of a column, in order. */
const titlesOf = (scope: Locator) =>
  scope.getByTestId('board-card').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
/** Scrolls so that the top of `locator` is at the top of the window. */
const toTop = (locator: Locator) => locator.evaluate((el) => el.scrollIntoView({ block: 'start' }));
const shot = async (page: Page, name: string, fullPage = false) => {
  await page.waitForTimeout(350);
  await page.screenshot({ path: `${SCREENS}/boards-${name}.png`, fullPage });
};

test('boards: create a board with lists, add cards, drag them between lists and reorder, edit and delete a list', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const { owner, mate } = await team(request, 'boards');
  const meeting = await createMeeting(request, owner.token, 'Product Weekly', [mate.id]);
  const { context, page } = await signedInPage(browser, owner);
  await page.goto(dashboard(meeting));
  const section = boardsSection(page);
  await expect(section.getByText(boardsMessages.noBoards)).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await shot(page, 'no-boards');

  // Create New Board: a name is required; the lists come one a line.
  await section.getByRole('button', { name: boardsMessages.createBoard }).click();
  const form = dialog(page, boardsMessages.createBoard);
  await form.getByRole('button', { name: messages.saveButton }).click();
  await expect(form.getByText(messages.required)).toBeVisible();
  await form.getByRole('textbox', { name: boardsMessages.boardNameLabel }).fill('Roadmap');
  await form.getByRole('textbox', { name: boardsMessages.boardFirstListsLabel }).fill('To Do\nDoing\nDone');
  await shot(page, 'create-board');
  await form.getByRole('button', { name: messages.saveButton }).click();
  await expect(form).toBeHidden();
  await expect(boardChip(section, 'Roadmap')).toHaveAttribute('aria-pressed', 'true');
  await expect(section.getByTestId('board-column')).toHaveCount(3);

  // Add Another List, then Edit List: rename, and delete after a confirmation.
  await section.getByRole('button', { name: boardsMessages.addList }).click();
  const addList = dialog(page, boardsMessages.addList);
  await addList.getByRole('textbox', { name: boardsMessages.listNameLabel }).fill('Blocked');
  await addList.getByRole('button', { name: messages.saveButton }).click();
  await expect(column(section, 'Blocked')).toBeVisible();
  await section.getByRole('button', { name: boardsMessages.editListNamed('Blocked') }).click();
  const editList = dialog(page, boardsMessages.editList);
  await editList.getByRole('textbox', { name: boardsMessages.listNameLabel }).fill('Waiting');
  await editList.getByRole('button', { name: messages.saveButton }).click();
  await expect(column(section, 'Waiting')).toBeVisible();
  await section.getByRole('button', { name: boardsMessages.editListNamed('Waiting') }).click();
  await editList.getByRole('button', { name: boardsMessages.deleteListButton }).click();
  await expect(editList.getByText(boardsMessages.deleteListWarning('Waiting'))).toBeVisible();
  await shot(page, 'delete-list');
  await editList.getByRole('button', { name: boardsMessages.deleteListButton }).click();
  await expect(editList).toBeHidden();
  await expect(column(section, 'Waiting')).toHaveCount(0);

  // Add Another card: an inline title; Enter adds and keeps the form open for the next.
  const todo = column(section, 'To Do');
  await todo.getByRole('button', { name: `${boardsMessages.addCard}: To Do` }).click();
  const title = todo.getByRole('textbox', { name: boardsMessages.cardTitleLabel });
  await todo.getByRole('button', { name: messages.addButton }).click();
  await expect(todo.getByText(messages.required)).toBeVisible();
  for (const name of ['Write the spec', 'Review designs', 'Ship it']) {
    await title.fill(name);
    await title.press('Enter');
    await expect(cardIn(todo, name)).toBeVisible();
  }
  await title.press('Escape');
  await expect(await titlesOf(todo)).toEqual(['Write the spec', 'Review designs', 'Ship it']);

  // Drag "Write the spec" to Doing; then "Ship it" above "Review designs".
  const doing = column(section, 'Doing');
  await keyboardDrag(page, cardIn(todo, 'Write the spec'), ['ArrowRight']);
  await expect(cardIn(doing, 'Write the spec')).toBeVisible();
  await expect(cardIn(todo, 'Write the spec')).toHaveCount(0);
  await keyboardDrag(page, cardIn(todo, 'Ship it'), ['ArrowUp']);
  await expect.poll(() => titlesOf(todo)).toEqual(['Ship it', 'Review designs']);

  // Lists reorder by their handle: Done before Doing.
  await keyboardDrag(page, section.getByRole('button', { name: boardsMessages.moveList('Done') }), ['ArrowLeft']);
  await expect
    .poll(() =>
      section.getByTestId('board-column').evaluateAll((els) => els.map((el) => el.getAttribute('data-column'))),
    )
    .toEqual(['To Do', 'Done', 'Doing']);

  // All of it was saved.
  await page.reload();
  await expect(cardIn(doing, 'Write the spec')).toBeVisible();
  await expect.poll(() => titlesOf(todo)).toEqual(['Ship it', 'Review designs']);
  await expect
    .poll(() =>
      section.getByTestId('board-column').evaluateAll((els) => els.map((el) => el.getAttribute('data-column'))),
    )
    .toEqual(['To Do', 'Done', 'Doing']);

  // Create Card: a title and a list. The card dialog opens at once, under an overlay until the
  // card exists (the server is held back here so that the overlay can be seen).
  const createCardNamed = async (name: string) => {
    await section.getByRole('button', { name: boardsMessages.createCard }).click();
    const create = dialog(page, boardsMessages.createCard);
    await create.getByRole('textbox', { name: boardsMessages.cardTitleLabel }).fill(name);
    await create.getByRole('combobox', { name: boardsMessages.cardListLabel }).click();
    await page.getByRole('option', { name: 'Doing' }).click();
    return create;
  };
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/v2/tasks', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await held;
    return route.fallback();
  });
  const create = await createCardNamed('Plan the launch');
  await shot(page, 'create-card');
  await create.getByRole('button', { name: boardsMessages.createCard }).click();
  await expect(create).toBeHidden();
  const cardDialog = dialog(page, boardsMessages.cardDialogTitle);
  await expect(cardDialog).toBeVisible();
  const overlay = cardDialog.getByLabel(boardsMessages.cardCreating);
  await expect(overlay).toBeVisible();
  await expect(cardDialog.getByRole('textbox', { name: boardsMessages.cardTitleLabel })).toHaveCount(0);
  await shot(page, 'create-card-overlay');
  release();
  await expect(overlay).toBeHidden();
  await expect(cardDialog.getByRole('textbox', { name: boardsMessages.cardTitleLabel })).toHaveValue('Plan the launch');
  await page.unroute('**/api/v2/tasks');
  await page.keyboard.press('Escape');
  await expect(cardDialog).toBeHidden();
  await expect(cardIn(doing, 'Plan the launch')).toBeVisible();

  // When the server refuses (here: the list is gone by the time the card arrives), the dialog
  // says why and nothing is saved; Retry tries again.
  await page.route('**/api/v2/tasks', (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const body = route.request().postDataJSON() as Record<string, unknown>;
    return route.fallback({ postData: { ...body, taskTypeId: '00000000-0000-4000-8000-000000000000' } });
  });
  await (await createCardNamed('Never saved')).getByRole('button', { name: boardsMessages.createCard }).click();
  await expect(cardDialog.getByRole('alert')).toContainText(boardsMessages.cardCreateFailed);
  await expect(overlay).toBeHidden();
  await shot(page, 'create-card-failed');
  await expect(cardIn(section, 'Never saved')).toHaveCount(0);
  const [roadmap] = await call<ApiBoard[]>(request, owner.token, 'GET', `/meetings/${meeting.id}/boards`);
  expect((await boardCards(request, owner.token, roadmap!.id)).map((c) => c.title)).not.toContain('Never saved');
  await page.unroute('**/api/v2/tasks');
  await cardDialog.getByRole('button', { name: messages.retry }).click();
  await expect(cardDialog.getByRole('textbox', { name: boardsMessages.cardTitleLabel })).toHaveValue('Never saved');
  await page.keyboard.press('Escape');
  await expect(cardDialog).toBeHidden();
  await expect(cardIn(doing, 'Never saved')).toBeVisible();

  // Enter on a card opens it too.
  await cardIn(todo, 'Ship it').focus();
  await page.keyboard.press('Enter');
  await expect(cardDialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(cardDialog).toBeHidden();
  await section.scrollIntoViewIfNeeded();
  await shot(page, 'board');
  await context.close();
});

test('grouped by user a drag changes the owner; grouped by status done cannot go back to active; the filters', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const { owner, mate } = await team(request, 'group');
  const meeting = await createMeeting(request, owner.token, 'Ops Sync', [mate.id]);
  const { board, lists } = await createBoard(request, owner.token, meeting.id, 'Operations', ['Backlog', 'Doing']);
  const [backlog, doingList] = lists as [ApiList, ApiList];
  const base = { meetingId: meeting.id, boardId: board.id };
  const call1 = await createCard(request, owner.token, {
    ...base,
    title: 'Call the client',
    userId: owner.id,
    listId: backlog.id,
    description: '<p>Ask about the invoice</p>',
    dueDate: isoDate(-2),
    showInTasks: '1',
  });
  await createCard(request, owner.token, {
    ...base,
    title: 'Order laptops',
    userId: mate.id,
    listId: backlog.id,
    dueDate: isoDate(1),
  });
  const closed = await createCard(request, owner.token, {
    ...base,
    title: 'Renew the lease',
    userId: owner.id,
    listId: doingList.id,
  });
  await call(request, owner.token, 'PATCH', `/tasks/${closed.id}`, { status: '1' });

  const { context, page } = await signedInPage(browser, owner);
  await page.goto(dashboard(meeting));
  const section = boardsSection(page);
  await expect(cardIn(column(section, 'Backlog'), 'Call the client')).toBeVisible();
  // The tile: its due date in the due colour (past due: red), its members, a description mark.
  const callTile = section.getByTestId('board-card').filter({ hasText: 'Call the client' });
  await expect(callTile.locator('[data-due-colour]')).toHaveAttribute('data-due-colour', 'red');
  await expect(callTile.locator('[data-due-colour]')).toHaveText(/^Due: /);
  // A board-only card shows when it was created.
  const leaseTile = section.getByTestId('board-card').filter({ hasText: 'Renew the lease' });
  await expect(leaseTile.locator('[data-due-colour]')).toHaveText(/^Created: /);
  await expect(callTile.getByRole('img', { name: boardsMessages.cardMembersOf('Olga Owner') })).toBeVisible();
  await expect(callTile.getByRole('img', { name: boardsMessages.cardHasDescription })).toBeVisible();

  // Group by user: one column per person; dragging Olga's card to Bea makes Bea its owner.
  await section.getByText(boardsMessages.groupByUser, { exact: true }).click();
  const olga = column(section, 'Olga Owner');
  const bea = column(section, 'Bea Mate');
  await expect(cardIn(olga, 'Call the client')).toBeVisible();
  await expect(cardIn(bea, 'Order laptops')).toBeVisible();
  await shot(page, 'grouped-by-user');
  // People are sorted by first name: Bea's column comes first.
  await expect
    .poll(() =>
      section.getByTestId('board-column').evaluateAll((els) => els.map((el) => el.getAttribute('data-column'))),
    )
    .toEqual(['Bea Mate', 'Olga Owner']);
  await keyboardDrag(page, cardIn(olga, 'Call the client'), ['ArrowLeft']);
  await expect(cardIn(bea, 'Call the client')).toBeVisible();
  await expect(cardIn(olga, 'Call the client')).toHaveCount(0);
  await expect
    .poll(async () => (await boardCards(request, owner.token, board.id)).find((c) => c.id === call1.id))
    .toMatchObject({ userId: mate.id, members: [mate.id] });
  // A drop back at the same spot changes nothing: no call is made.
  let drops = 0;
  page.on('request', (req) => {
    if (req.url().endsWith('/drop')) drops += 1;
  });
  await keyboardDrag(page, cardIn(bea, 'Call the client'), []);
  await expect(cardIn(bea, 'Call the client')).toBeVisible();
  expect(drops).toBe(0);

  // Group by status: a done card cannot be dragged back to active.
  await section.getByText(boardsMessages.groupByStatus, { exact: true }).click();
  const active = column(section, boardsMessages.groupActive);
  const done = column(section, boardsMessages.groupDone);
  await expect(cardIn(done, 'Renew the lease')).toBeVisible();
  await keyboardDrag(page, cardIn(done, 'Renew the lease'), ['ArrowLeft']);
  await expect(page.getByText(messages.doneToActive)).toBeVisible();
  await expect(cardIn(done, 'Renew the lease')).toBeVisible();
  expect(drops).toBe(0);
  await shot(page, 'done-to-active');
  // Active to done ticks it.
  await keyboardDrag(page, cardIn(active, 'Order laptops'), ['ArrowRight']);
  await expect(cardIn(done, 'Order laptops')).toBeVisible();
  await expect
    .poll(
      async () => (await boardCards(request, owner.token, board.id)).find((c) => c.title === 'Order laptops')?.status,
    )
    .toBe('1');

  // Filters: Active hides the done cards; search looks in titles and descriptions; due date; members.
  await section.getByText(boardsMessages.groupByList, { exact: true }).click();

  // A drop the server refuses goes back, with its message.
  await page.route('**/api/v2/tasks/*/drop', (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ status: 'fail', message: 'Refused by the server for this test' }),
    }),
  );
  const backlogColumn = column(section, 'Backlog');
  await expect(cardIn(backlogColumn, 'Call the client')).toBeVisible();
  await keyboardDrag(page, cardIn(backlogColumn, 'Call the client'), ['ArrowRight']);
  await expect(page.getByText('Refused by the server for this test')).toBeVisible();
  await expect(cardIn(backlogColumn, 'Call the client')).toBeVisible();
  await expect(cardIn(column(section, 'Doing'), 'Call the client')).toHaveCount(0);
  await page.unroute('**/api/v2/tasks/*/drop');

  await section.getByText(boardsMessages.boardStateActive, { exact: true }).click();
  await expect(cardIn(section, 'Renew the lease')).toHaveCount(0);
  await expect(cardIn(section, 'Call the client')).toBeVisible();
  await section.getByText(boardsMessages.boardStateAll, { exact: true }).click();
  await expect(cardIn(section, 'Renew the lease')).toBeVisible();
  const search = section.getByRole('searchbox', { name: boardsMessages.cardSearchLabel });
  await search.fill('invoice');
  await expect(cardIn(section, 'Call the client')).toBeVisible();
  await expect(cardIn(section, 'Renew the lease')).toHaveCount(0);
  await search.fill('nothing like this');
  await expect(section.getByText(boardsMessages.noMatchingCards)).toBeVisible();
  await section.getByRole('button', { name: boardsMessages.clearFilters }).click();
  await expect(cardIn(section, 'Renew the lease')).toBeVisible();
  await section.getByRole('combobox', { name: boardsMessages.dueFilterLabel }).click();
  await page.getByRole('option', { name: boardsMessages.dueFilterOverdue }).click();
  await expect(cardIn(section, 'Call the client')).toBeVisible();
  await expect(cardIn(section, 'Renew the lease')).toHaveCount(0);
  await section.getByRole('button', { name: boardsMessages.clearFilters }).click();
  await section.getByRole('combobox', { name: boardsMessages.memberFilterLabel }).click();
  await page.getByRole('option', { name: 'Olga Owner' }).click();
  await page.keyboard.press('Escape');
  await expect(cardIn(section, 'Renew the lease')).toBeVisible();
  await expect(cardIn(section, 'Call the client')).toHaveCount(0);
  await shot(page, 'filtered');
  await context.close();
});

test('archive and delete: last board, active cards, agenda link, then the permanent-action question', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const { owner, mate } = await team(request, 'removal');
  const meeting = await createMeeting(request, owner.token, 'Board Rules', [mate.id]);
  const first = await createBoard(request, owner.token, meeting.id, 'Alpha', ['Open']);
  const card = await createCard(request, owner.token, {
    title: 'Unfinished',
    userId: owner.id,
    meetingId: meeting.id,
    boardId: first.board.id,
    listId: first.lists[0]!.id,
  });

  const { context, page } = await signedInPage(browser, owner);
  await page.goto(dashboard(meeting));
  const section = boardsSection(page);
  const actions = (name: string) => section.getByRole('button', { name: boardsMessages.boardActionsOf(name) });
  const blocked = dialog(page, boardsMessages.boardCannotBeRemoved);

  // Alpha has an active card.
  await expect(cardIn(section, 'Unfinished')).toBeVisible();
  await actions('Alpha').click();
  await page.getByRole('menuitem', { name: boardsMessages.archiveBoardTitle }).click();
  await expect(blocked.getByText(boardsMessages.boardHasActiveCards)).toBeVisible();
  await blocked.getByRole('button', { name: messages.closeButton }).click();
  await expect(blocked).toBeHidden();

  // Finished, it is still the only board of the meeting.
  await call(request, owner.token, 'PATCH', `/tasks/${card.id}`, { status: '1' });
  await page.reload();
  await expect(cardIn(section, 'Unfinished')).toBeVisible();
  await realtimeConnected(page);
  await actions('Alpha').click();
  await page.getByRole('menuitem', { name: boardsMessages.archiveBoardTitle }).click();
  await expect(blocked.getByText(boardsMessages.lastBoard)).toBeVisible();
  await shot(page, 'last-board');
  await blocked.getByRole('button', { name: messages.closeButton }).click();
  await expect(blocked).toBeHidden();
  await createBoard(request, owner.token, meeting.id, 'Beta', []);
  await expect(boardChip(section, 'Beta')).toBeVisible();

  // Linked to an agenda item: it must be unlinked first.
  const agenda = await call<{ id: string; title: string; keyName: string }[]>(
    request,
    owner.token,
    'GET',
    `/meetings/${meeting.id}/agenda-items`,
  );
  // The first item becomes a board step: only board and list steps keep a board (decision 036).
  const withBoard = agenda.map((item, index) => ({
    id: item.id,
    title: item.title,
    keyName: index === 0 ? 'accountability_board' : item.keyName,
    boardId: index === 0 ? first.board.id : null,
  }));
  await call(request, owner.token, 'PUT', `/meetings/${meeting.id}/agenda-items`, { agendaItems: withBoard });
  await page.reload();
  await expect(cardIn(section, 'Unfinished')).toBeVisible();
  await actions('Alpha').click();
  await page.getByRole('menuitem', { name: boardsMessages.archiveBoardTitle }).click();
  await expect(blocked.getByText(boardsMessages.boardLinkedToAgenda)).toBeVisible();
  await blocked.getByRole('button', { name: messages.closeButton }).click();
  await call(request, owner.token, 'PUT', `/meetings/${meeting.id}/agenda-items`, {
    agendaItems: withBoard.map((item, index) => ({ ...item, keyName: agenda[index]!.keyName, boardId: null })),
  });
  await page.reload();

  // A board with (finished) cards is archived; the question says so, and Cancel keeps it.
  await expect(cardIn(section, 'Unfinished')).toBeVisible();
  await actions('Alpha').click();
  await page.getByRole('menuitem', { name: boardsMessages.archiveBoardTitle }).click();
  const archive = dialog(page, boardsMessages.archiveBoardTitle);
  await expect(archive.getByText(boardsMessages.archiveBoardWarning)).toBeVisible();
  await shot(page, 'archive-board');
  await archive.getByRole('button', { name: messages.cancelButton }).click();
  await expect(archive).toBeHidden();
  await actions('Alpha').click();
  await page.getByRole('menuitem', { name: boardsMessages.archiveBoardTitle }).click();
  await archive.getByRole('button', { name: boardsMessages.archiveButton }).click();
  await expect(page.getByText(boardsMessages.boardArchived)).toBeVisible();
  await expect(boardChip(section, 'Alpha')).toHaveCount(0);
  await expect(boardChip(section, 'Beta')).toHaveAttribute('aria-pressed', 'true');

  // Beta is now the last board; with a third, empty board, that one is deleted.
  await createBoard(request, owner.token, meeting.id, 'Gamma', []);
  await page.reload();
  await boardChip(section, 'Gamma').click();
  await expect(section.getByText(boardsMessages.emptyBoard)).toBeVisible();
  await shot(page, 'empty-board');
  await actions('Gamma').click();
  await page.getByRole('menuitem', { name: boardsMessages.deleteBoardTitle }).click();
  const remove = dialog(page, boardsMessages.deleteBoardTitle);
  await expect(remove.getByText(boardsMessages.deleteBoardWarning)).toBeVisible();
  await remove.getByRole('button', { name: messages.deleteButton }).click();
  await expect(page.getByText(boardsMessages.boardDeleted)).toBeVisible();
  await expect(boardChip(section, 'Gamma')).toHaveCount(0);
  await context.close();
});

test('a second member of the meeting sees boards, lists and cards change live; boards reorder by drag', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const { owner, mate } = await team(request, 'live');
  const meeting = await createMeeting(request, owner.token, 'Live Boards', [mate.id]);
  const author = await signedInPage(browser, owner);
  const watcher = await signedInPage(browser, mate);
  await watcher.page.goto(dashboard(meeting));
  const watched = boardsSection(watcher.page);
  await expect(watched.getByText(boardsMessages.noBoards)).toBeVisible();
  await realtimeConnected(watcher.page);

  const { page } = author;
  await page.goto(dashboard(meeting));
  await realtimeConnected(page);
  const section = boardsSection(page);
  await section.getByRole('button', { name: boardsMessages.createBoard }).click();
  const form = dialog(page, boardsMessages.createBoard);
  await form.getByRole('textbox', { name: boardsMessages.boardNameLabel }).fill('Sprint');
  await form.getByRole('textbox', { name: boardsMessages.boardFirstListsLabel }).fill('Next\nNow');
  await form.getByRole('button', { name: messages.saveButton }).click();
  await expect(form).toBeHidden();

  // The board and its lists appear for the watcher.
  await expect(boardChip(watched, 'Sprint')).toBeVisible();
  await expect(column(watched, 'Next')).toBeVisible();
  await expect(column(watched, 'Now')).toBeVisible();

  // A card added, then moved.
  const next = column(section, 'Next');
  await next.getByRole('button', { name: `${boardsMessages.addCard}: Next` }).click();
  await next.getByRole('textbox', { name: boardsMessages.cardTitleLabel }).fill('Fix the login bug');
  await next.getByRole('textbox', { name: boardsMessages.cardTitleLabel }).press('Enter');
  await expect(cardIn(next, 'Fix the login bug')).toBeVisible();
  await next.getByRole('textbox', { name: boardsMessages.cardTitleLabel }).press('Escape');
  await expect(cardIn(column(watched, 'Next'), 'Fix the login bug')).toBeVisible();
  await keyboardDrag(page, cardIn(next, 'Fix the login bug'), ['ArrowRight']);
  await expect(cardIn(column(section, 'Now'), 'Fix the login bug')).toBeVisible();
  await expect(cardIn(column(watched, 'Now'), 'Fix the login bug')).toBeVisible();
  await expect(cardIn(column(watched, 'Next'), 'Fix the login bug')).toHaveCount(0);

  // A new list and a renamed board.
  await section.getByRole('button', { name: boardsMessages.addList }).click();
  const addList = dialog(page, boardsMessages.addList);
  await addList.getByRole('textbox', { name: boardsMessages.listNameLabel }).fill('Review');
  await addList.getByRole('button', { name: messages.saveButton }).click();
  await expect(column(watched, 'Review')).toBeVisible();
  await section.getByRole('button', { name: boardsMessages.boardActionsOf('Sprint') }).click();
  await page.getByRole('menuitem', { name: boardsMessages.editBoard }).click();
  const edit = dialog(page, boardsMessages.editBoard);
  await edit.getByRole('textbox', { name: boardsMessages.boardNameLabel }).fill('Sprint 12');
  await edit.getByRole('button', { name: messages.saveButton }).click();
  await expect(edit).toBeHidden();
  await expect(boardChip(watched, 'Sprint 12')).toBeVisible();

  // A second board, dragged before the first: both see the new order.
  await createBoard(request, owner.token, meeting.id, 'Hiring', ['Candidates']);
  await expect(boardChip(section, 'Hiring')).toBeVisible();
  await keyboardDrag(page, boardChip(section, 'Hiring'), ['ArrowLeft']);
  const chipNames = (scope: Locator) =>
    scope.getByTestId('board-chip').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
  await expect
    .poll(() => chipNames(section))
    .toEqual([boardsMessages.boardSelect('Hiring'), boardsMessages.boardSelect('Sprint 12')]);
  await expect
    .poll(() => chipNames(watched))
    .toEqual([boardsMessages.boardSelect('Hiring'), boardsMessages.boardSelect('Sprint 12')]);

  // Each keeps the board they were looking at.
  await expect(boardChip(watched, 'Sprint 12')).toHaveAttribute('aria-pressed', 'true');
  await expect(boardChip(section, 'Sprint 12')).toHaveAttribute('aria-pressed', 'true');

  // A card deleted elsewhere leaves the board.
  const watchedCard = cardIn(column(watched, 'Now'), 'Fix the login bug');
  await expect(watchedCard).toBeVisible();
  const cardId = await watchedCard.getAttribute('data-card-id');
  await call(request, owner.token, 'DELETE', `/tasks/${cardId}`);
  await expect(watchedCard).toHaveCount(0);
  await expect(column(watched, 'Now').getByText(boardsMessages.noCards)).toBeVisible();
  await watched.scrollIntoViewIfNeeded();
  await shot(watcher.page, 'live-watcher');
  await author.context.close();
  await watcher.context.close();
});

test('a big board sends the first cards of each list: Show N more loads the rest, which drags and stays through live changes', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const { owner, mate } = await team(request, 'big');
  const meeting = await createMeeting(request, owner.token, 'Big Board', [mate.id]);
  const names = Array.from({ length: 12 }, (_, i) => `List ${i + 1}`);
  const { board, lists } = await createBoard(request, owner.token, meeting.id, 'Everything', names);
  // 45 cards in the first list (in order, so that their places are known), 5 in the last.
  for (let i = 0; i < 45; i += 1)
    await createCard(request, owner.token, {
      title: `Card ${String(i + 1).padStart(2, '0')}`,
      userId: owner.id,
      meetingId: meeting.id,
      boardId: board.id,
      listId: lists[0]!.id,
    });
  await Promise.all(
    Array.from({ length: 5 }, (_, i) =>
      createCard(request, owner.token, {
        title: `Far card ${i + 1}`,
        userId: owner.id,
        meetingId: meeting.id,
        boardId: board.id,
        listId: lists[11]!.id,
      }),
    ),
  );

  const { context, page } = await signedInPage(browser, owner);
  const firstAnswer = page.waitForResponse((r) => /\/api\/v2\/boards\/[^/]+\?/.test(r.url()));
  await page.goto(dashboard(meeting));
  // The board call carries the first 20 cards of List 1 and the 5 of List 12, and both counts.
  const detail = (await (await firstAnswer).json()) as {
    result: { cards: ApiCard[]; groups: { key: string; count: number; cardIds: string[] }[] };
  };
  expect(detail.result.cards).toHaveLength(25);
  expect(detail.result.groups.find((g) => g.key === lists[0]!.id)).toMatchObject({ count: 45 });
  const section = boardsSection(page);
  const first = column(section, 'List 1');
  const second = column(section, 'List 2');
  const last = column(section, 'List 12');
  await expect(first).toHaveAttribute('data-rendered-cards', '20');
  await realtimeConnected(page);
  await expect(first.getByTestId('board-card')).toHaveCount(20);
  await expect(first.getByTestId('column-count')).toHaveText('45');
  // Far to the right, out of view: not rendered yet.
  await expect(last).toHaveAttribute('data-rendered-cards', '0');
  await toTop(section);
  await shot(page, 'big-board');
  await first.getByRole('button', { name: messages.showMoreCards(25) }).scrollIntoViewIfNeeded();
  await shot(page, 'big-board-show-more');

  // Show 25 more: one call for that list, from the 21st card.
  const more = page.waitForRequest((r) => r.url().includes(`/boards/${board.id}/cards?`));
  await first.getByRole('button', { name: messages.showMoreCards(25) }).click();
  expect(new URL((await more).url()).searchParams.get('offset')).toBe('20');
  await expect(first.getByTestId('board-card')).toHaveCount(45);
  await expect(first.getByRole('button', { name: /Show \d+ more/ })).toHaveCount(0);
  await expect
    .poll(() => titlesOf(first))
    .toEqual(Array.from({ length: 45 }, (_, i) => `Card ${String(i + 1).padStart(2, '0')}`));

  // A card that came with "Show more" drags like any other: Card 40 above Card 39, then to List 2.
  await keyboardDrag(page, cardIn(first, 'Card 40'), ['ArrowUp']);
  await expect
    .poll(async () => (await titlesOf(first)).slice(37, 41))
    .toEqual(['Card 38', 'Card 40', 'Card 39', 'Card 41']);
  const listPage = (offset: number) =>
    call<{ cards: ApiCard[] }>(
      request,
      owner.token,
      'GET',
      `/boards/${board.id}/cards?group=${lists[0]!.id}&offset=${offset}&limit=4`,
    );
  await expect
    .poll(async () => (await listPage(37)).cards.map((c) => c.title))
    .toEqual(['Card 38', 'Card 40', 'Card 39', 'Card 41']);
  // By mouse, back below Card 39. The drop is not a click on the card: its dialog stays closed.
  await dragWithMouse(page, cardIn(first, 'Card 40'), cardIn(first, 'Card 39'), 10);
  const restored = ['Card 38', 'Card 39', 'Card 40', 'Card 41'];
  await expect.poll(async () => (await titlesOf(first)).slice(37, 41)).toEqual(restored);
  await expect.poll(async () => (await listPage(37)).cards.map((c) => c.title)).toEqual(restored);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The keyboard moves a card to another list only when that list is in view: a tall window.
  // (The dashboard holds the calendar and more below the board: tall enough for the whole board in view.)
  await page.setViewportSize({ width: 1280, height: 5600 });
  // The drag starts once the layout has followed the window: List 2 in view.
  await expect(second).toBeInViewport();
  await expect(cardIn(first, 'Card 40')).toBeInViewport();
  await keyboardDrag(page, cardIn(first, 'Card 40'), ['ArrowRight']);
  await expect(cardIn(second, 'Card 40')).toBeVisible();
  await expect(cardIn(first, 'Card 40')).toHaveCount(0);
  await expect(first.getByTestId('column-count')).toHaveText('44');
  await expect(second.getByTestId('column-count')).toHaveText('1');
  await expect
    .poll(async () => (await boardCards(request, owner.token, board.id)).find((c) => c.title === 'Card 40')?.taskTypeId)
    .toBe(lists[1]!.id);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Someone else adds a card to List 1: the board refetches and still shows all that was loaded.
  await createCard(request, mate.token, {
    title: 'Added elsewhere',
    userId: mate.id,
    meetingId: meeting.id,
    boardId: board.id,
    listId: lists[0]!.id,
  });
  await expect(first.getByTestId('column-count')).toHaveText('45');
  await expect(cardIn(first, 'Added elsewhere')).toBeVisible();
  await expect(first.getByTestId('board-card')).toHaveCount(45);
  await expect(cardIn(first, 'Card 45')).toBeVisible();

  await last.scrollIntoViewIfNeeded();
  await expect(last.getByTestId('board-card')).toHaveCount(5);

  // Grouped by user, Olga's column counts her 50 cards and pages them the same way.
  await section.getByText(boardsMessages.groupByUser, { exact: true }).click();
  const olga = column(section, 'Olga Owner');
  await expect(olga.getByTestId('column-count')).toHaveText('50');
  await expect(olga.getByTestId('board-card')).toHaveCount(20);
  await olga.getByRole('button', { name: messages.showMoreCards(30) }).click();
  await expect(olga.getByTestId('board-card')).toHaveCount(50);
  await expect(column(section, 'Bea Mate').getByTestId('column-count')).toHaveText('1');
  await toTop(section);
  await shot(page, 'big-board-by-user');
  await context.close();
});

test('grouped by user, a card of No one can be dragged to a person', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const { owner, mate } = await team(request, 'nobody');
  const meeting = await createMeeting(request, owner.token, 'Orphans', [mate.id]);
  const { board, lists } = await createBoard(request, owner.token, meeting.id, 'Inherited', ['Open']);
  await createCard(request, owner.token, {
    title: 'Keep going',
    userId: owner.id,
    meetingId: meeting.id,
    boardId: board.id,
    listId: lists[0]!.id,
  });
  const orphan = await createCard(request, owner.token, {
    title: 'Left behind',
    userId: mate.id,
    members: [mate.id],
    meetingId: meeting.id,
    boardId: board.id,
    listId: lists[0]!.id,
  });
  // The API cannot make a card without owner and members (that happens when a person's account
  // is removed from the database): the board's answer is rewritten so that this one has nobody.
  let rewriting = true;
  const { context, page } = await signedInPage(browser, owner);
  await page.route('**/api/v2/boards/*?*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as {
      result: { groupBy: string; cards: ApiCard[]; groups: { key: string; count: number; cardIds: string[] }[] };
    };
    if (rewriting && body.result.groupBy === 'user') {
      body.result.cards = body.result.cards.map((c) => (c.id === orphan.id ? { ...c, userId: null, members: [] } : c));
      body.result.groups = [
        ...body.result.groups
          .map((g) =>
            g.cardIds.includes(orphan.id)
              ? { ...g, count: g.count - 1, cardIds: g.cardIds.filter((id) => id !== orphan.id) }
              : g,
          )
          .filter((g) => g.count > 0),
        { key: 'nobody', count: 1, cardIds: [orphan.id] },
      ];
    }
    await route.fulfill({ response, json: body });
  });
  await page.goto(dashboard(meeting));
  const section = boardsSection(page);
  await expect(cardIn(section, 'Left behind')).toBeVisible();
  await section.getByText(boardsMessages.groupByUser, { exact: true }).click();
  const nobody = column(section, boardsMessages.groupNobody);
  const olga = column(section, 'Olga Owner');
  await expect(cardIn(nobody, 'Left behind')).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await shot(page, 'no-one');

  // Dragged from No one to Olga (Bea's column is first, Olga's second, No one last). From now on
  // the board answers as the server has it: Bea still owns it, and Olga is a member.
  rewriting = false;
  const drop = page.waitForRequest((r) => r.url().endsWith(`/tasks/${orphan.id}/drop`));
  await keyboardDrag(page, cardIn(nobody, 'Left behind'), ['ArrowLeft']);
  expect((await drop).postDataJSON()).toEqual({ toUserId: owner.id, orderedIds: [] });
  await expect(cardIn(olga, 'Left behind')).toBeVisible();
  await expect(nobody).toHaveCount(0);
  await expect(cardIn(column(section, 'Bea Mate'), 'Left behind')).toBeVisible();
  await expect
    .poll(async () => (await boardCards(request, owner.token, board.id)).find((c) => c.id === orphan.id)?.members)
    .toContain(owner.id);
  await context.close();
});

test('the board shows its own error with a retry', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const { owner, mate } = await team(request, 'fragile');
  const meeting = await createMeeting(request, owner.token, 'Fragile Board', [mate.id]);
  await createBoard(request, owner.token, meeting.id, 'Shaky', ['Only list']);
  const { context, page } = await signedInPage(browser, owner);
  await page.route('**/api/v2/boards/*?*', (route) => route.abort());
  await page.goto(dashboard(meeting));
  const section = boardsSection(page);
  await expect(section.getByRole('alert')).toContainText(boardsMessages.boardLoadFailed);
  // The rest of the dashboard is there.
  await expect(page.getByRole('region', { name: tasksMessages.actionItems })).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await shot(page, 'error');
  await page.unroute('**/api/v2/boards/*?*');
  await section.getByRole('button', { name: messages.retry }).click();
  await expect(column(section, 'Only list')).toBeVisible();
  await context.close();
});

test('the board chips’ counts follow this person’s own changes: adding, moving to another board, deleting', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const { owner, mate } = await team(request, 'chip-counts');
  const meeting = await createMeeting(request, owner.token, 'Chip Counts', [mate.id]);
  const alpha = await createBoard(request, owner.token, meeting.id, 'Alpha', ['Todo']);
  await createBoard(request, owner.token, meeting.id, 'Beta', ['Inbox']);
  await createCard(request, owner.token, {
    title: 'Travel far',
    userId: owner.id,
    meetingId: meeting.id,
    boardId: alpha.board.id,
    listId: alpha.lists[0]!.id,
  });
  const { context, page } = await signedInPage(browser, owner);
  // A failed request shows in the console; none of this should fail (a deleted card is not asked for again).
  const failed: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') failed.push(`${message.text()} ${message.location().url}`);
  });
  await page.goto(dashboard(meeting));
  const section = boardsSection(page);
  const count = (name: string, n: number) =>
    expect(boardChip(section, name).getByTitle(boardsMessages.boardActiveCards(n))).toBeVisible();
  await count('Alpha', 1);
  await count('Beta', 0);

  // Adding a card on the board on screen.
  const todo = column(section, 'Todo');
  await todo.getByRole('button', { name: `${boardsMessages.addCard}: Todo` }).click();
  const title = todo.getByRole('textbox', { name: boardsMessages.cardTitleLabel });
  await title.fill('Stay here');
  await title.press('Enter');
  await expect(cardIn(todo, 'Stay here')).toBeVisible();
  await title.press('Escape');
  await count('Alpha', 2);

  // Moving a card to another board.
  await cardIn(todo, 'Travel far').click();
  const card = page.getByRole('dialog', { name: boardsMessages.cardDialogTitle, exact: true });
  await card.getByRole('button', { name: boardsMessages.cardMoveButton, exact: true }).click();
  const move = page.getByRole('dialog', { name: boardsMessages.moveCardTitle });
  await move.getByRole('combobox', { name: boardsMessages.moveBoardLabel }).click();
  await page.getByRole('option', { name: 'Beta' }).click();
  await move.getByRole('combobox', { name: boardsMessages.moveListLabel }).click();
  await page.getByRole('option', { name: 'Inbox' }).click();
  await move.getByRole('button', { name: boardsMessages.cardMoveButton, exact: true }).click();
  await expect(move).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();
  await count('Alpha', 1);
  await count('Beta', 1);
  await shot(page, 'chip-counts');

  // Deleting one.
  await cardIn(todo, 'Stay here').click();
  await card.getByRole('button', { name: boardsMessages.deleteCardButton }).click();
  await page
    .getByRole('dialog', { name: boardsMessages.deleteCardTitle })
    .getByRole('button', { name: messages.deleteButton })
    .click();
  await expect(card).toBeHidden();
  await count('Alpha', 0);
  await page.waitForTimeout(500);
  expect(failed).toEqual([]);
  await context.close();
});

test('the dashboard asks for its first board while its code loads, once, and shows its cards', async ({
  browser,
  request,
}) => {
  const { owner } = await team(request, 'board-prefetch');
  const meeting = await createMeeting(request, owner.token, 'Prefetch Weekly', []);
  const { board, lists } = await createBoard(request, owner.token, meeting.id, 'Roadmap', ['To Do', 'Doing']);
  await createCard(request, owner.token, {
    title: 'Ship the beta',
    userId: owner.id,
    meetingId: meeting.id,
    boardId: board.id,
    listId: lists[0]!.id,
  });
  const { context, page } = await signedInPage(browser, owner);
  const boardReads: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === `/api/v2/boards/${board.id}`) boardReads.push(sent.url());
  });
  // The page's code is held back: the board is asked for all the same.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/MeetingDashboardRoute-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(dashboard(meeting));
  await expect.poll(() => boardReads.length).toBe(1);
  await expect(boardsSection(page)).toBeHidden();
  release();
  await expect(cardIn(column(boardsSection(page), 'To Do'), 'Ship the beta')).toBeVisible();
  // The page found the board it needed in the cache: no second read of the same board.
  await page.waitForLoadState('networkidle');
  expect(boardReads).toHaveLength(1);
  await context.close();
});
