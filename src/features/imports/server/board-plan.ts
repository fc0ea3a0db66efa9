import { and, eq, isNull, sql } from 'drizzle-orm';
import { boardLists, boardMeetings, boards, checklists, labels, tasks } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertWorkspaceAdmin } from '../../../server/guards.ts';
import { isRealIsoDate } from '../../../shared/dates.ts';
import { messages } from '../../../shared/messages.ts';
import { fullName, type PersonSummary } from '../../../shared/person.ts';
import { DESCRIPTION_MAX } from '../../../shared/tasks.ts';
import { ZCreateBoard, ZSaveLabel } from '../../boards/boards.schemas.ts';
import { createBoard, createLabel, createList, listLists } from '../../boards/server/boards.service.ts';
import { findVisibleMeeting } from '../../meetings/server/meetings.access.ts';
import { createActivity } from '../../tasks/server/activities.service.ts';
import { createChecklist, createChecklistItem } from '../../tasks/server/checklists.service.ts';
import { createBoardCardsInBulk } from '../../tasks/server/tasks.bulk-board.ts';
import { importsMessages } from '../imports.messages.ts';
import type { ImportItem, ImportOptions, ImportPerson, RowError } from '../imports.schemas.ts';
import { CARD_PARTS_MAX, type SourceBoard, type SourceCard, textAsHtml } from './board-source.ts';
import { neutralise } from './csv-reader.ts';
import { assignerOf, checkMapping, matchPeople, participantsOf, personKey } from './import-people.ts';
import type { CreatedItem, ImportPlan } from './planners.ts';
import { previewLists } from './planners.ts';

// A board export (Trello's, Planka's) against a meeting (decision 121): a new board of the
// meeting with the file's open lists, labels and cards (to-dos with their descriptions, due
// dates, members, checklists and comments), or, when the meeting has a board of that name,
// its new cards added there: a card whose title is on that board already is skipped, or
// (merge) gets the file's checklists it lacks and its comments.

const TITLE_MAX = 500;
const NAME_MAX = 200;
const key = (text: string) => text.trim().toLowerCase();

interface PlannedCard {
  source: SourceCard;
  title: string;
  description: string | null;
  dueDate: string | null;
  listKey: string;
  ownerId: string;
  memberIds: string[];
  action: ImportItem['action'];
  /** The card of the same title on the board merged into. */
  existingId?: string;
  /** For a merge: the file's checklists the card does not have yet. */
  checklists: SourceCard['checklists'];
}

/** The meeting's open board of that name, with its lists, labels, and cards' titles and checklist titles. */
const existingBoard = async (ctx: TenantContext, meetingId: string, name: string) => {
  const [board] = await ctx.db
    .select({ id: boards.id, name: boards.name })
    .from(boards)
    .innerJoin(boardMeetings, eq(boardMeetings.boardId, boards.id))
    .where(
      and(
        eq(boards.tenantId, ctx.tenantId),
        eq(boardMeetings.meetingId, meetingId),
        isNull(boards.archivedAt),
        sql`lower(${boards.name}) = ${key(name)}`,
      ),
    )
    .limit(1);
  if (!board) return null;
  const lists = await ctx.db
    .select({ id: boardLists.id, name: boardLists.name })
    .from(boardLists)
    .where(eq(boardLists.boardId, board.id));
  const boardLabels = await ctx.db
    .select({ id: labels.id, name: labels.name })
    .from(labels)
    .where(and(eq(labels.tenantId, ctx.tenantId), eq(labels.boardId, board.id)));
  const cards = await ctx.db
    .select({ id: tasks.id, title: tasks.title, checklist: checklists.title })
    .from(tasks)
    .leftJoin(checklists, eq(checklists.taskId, tasks.id))
    .where(and(eq(tasks.tenantId, ctx.tenantId), eq(tasks.boardId, board.id)));
  const cardsByTitle = new Map<string, { id: string; checklists: Set<string> }>();
  for (const card of cards) {
    const entry = cardsByTitle.get(key(card.title)) ?? { id: card.id, checklists: new Set<string>() };
    if (card.checklist && entry.id === card.id) entry.checklists.add(key(card.checklist));
    cardsByTitle.set(key(card.title), entry);
  }
  return {
    id: board.id,
    name: board.name,
    listsByName: new Map(lists.map((list) => [key(list.name), list.id])),
    labelsByName: new Map(boardLabels.filter((l) => l.name).map((label) => [key(label.name), label.id])),
    cardsByTitle,
  };
};

/** The due date of a card: the day of an ISO date or timestamp; undefined when it is not one. */
const dueDateOf = (due: string | null) => {
  if (due === null || due.trim() === '') return null;
  const day = due.trim().slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && isRealIsoDate(day) ? day : undefined;
};

const checklistTitle = (list: SourceCard['checklists'][number]) => list.title.trim().slice(0, NAME_MAX) || '—';

const partsOf = (card: { checklists: SourceCard['checklists']; comments: SourceCard['comments'] }) =>
  card.checklists.reduce((n, list) => n + list.items.length, 0) + card.comments.length;

const commentHtml = (comment: SourceCard['comments'][number]) => {
  const by = comment.author
    ? importsMessages.commentBy(comment.author, comment.date || '?')
    : importsMessages.commentByUnknown(comment.date || '?');
  return `<p><em>${textAsHtml(by).slice(3, -4)}</em></p>${textAsHtml(comment.text) || `<p>${importsMessages.importedComment}</p>`}`;
};

/** What a board file would do to the meeting: the plan the preview shows and the confirmation writes. */
export const planBoard = async (
  ctx: TenantContext,
  options: ImportOptions,
  fileName: string,
  source: SourceBoard,
): Promise<ImportPlan> => {
  assertWorkspaceAdmin(ctx);
  const meeting = await findVisibleMeeting(ctx, options.meetingId);
  await checkMapping(ctx, meeting, options.people);
  const boardName = neutralise(source.name.trim() || fileName).text.slice(0, NAME_MAX);
  const openLists = source.lists.filter((list) => !list.archived);
  const openListKeys = new Set(openLists.map((list) => list.key));
  const knownLists = new Set(source.lists.map((list) => list.key));
  const cards = source.cards.filter(
    (card) => !card.archived && (!knownLists.has(card.listKey) || openListKeys.has(card.listKey)),
  );
  const archivedCards = source.cards.length - cards.length;
  const sources = [...new Set(cards.flatMap((card) => card.people))];
  const existing = await existingBoard(ctx, meeting.id, boardName);
  const matched = await matchPeople(ctx, sources);
  const candidates = await participantsOf(ctx, meeting);
  const assignedOf = assignerOf(options, matched, candidates, meeting);
  const fallbackOwner = meeting.leaderIds[0] ?? ctx.userId;

  const errors: RowError[] = [];
  const notes: RowError[] = [];
  const archivedLists = source.lists.length - openLists.length;
  if (archivedLists + archivedCards > 0)
    notes.push({ row: 1, reason: importsMessages.noteArchivedLeftOut(archivedLists, archivedCards) });
  const planned: PlannedCard[] = [];
  const seen = new Map<string, number>();
  for (const card of cards) {
    const rowErrors: string[] = [];
    const title = neutralise(card.title.trim());
    if (title.changed) notes.push({ row: card.row, reason: importsMessages.noteFormula });
    if (title.text === '') rowErrors.push(importsMessages.rowTitleMissing);
    else if (title.text.length > TITLE_MAX) rowErrors.push(importsMessages.rowTitleTooLong(TITLE_MAX));
    if (!openListKeys.has(card.listKey)) rowErrors.push(importsMessages.rowListMissing);
    const dueDate = dueDateOf(card.due);
    if (dueDate === undefined) rowErrors.push(importsMessages.rowDueInvalid(card.due ?? ''));
    const description = card.description.trim() ? textAsHtml(card.description) : null;
    if (description && description.length > DESCRIPTION_MAX) rowErrors.push(messages.descriptionTooLong);
    const items = card.checklists.reduce((n, list) => n + list.items.length, 0);
    if (items > CARD_PARTS_MAX || card.comments.length > CARD_PARTS_MAX)
      rowErrors.push(importsMessages.rowTooManyChecklistItems(CARD_PARTS_MAX));
    const listTitleKey = `${card.listKey}\u0000${key(title.text)}`;
    const earlier = title.text === '' ? undefined : seen.get(listTitleKey);
    if (earlier !== undefined) rowErrors.push(importsMessages.rowDuplicateInFile(earlier));
    else if (title.text !== '') seen.set(listTitleKey, card.row);
    if (rowErrors.length > 0) {
      for (const reason of rowErrors) errors.push({ row: card.row, reason });
      continue;
    }
    const memberIds = [
      ...new Set(card.people.map((person) => assignedOf(person)?.id).filter((id): id is string => Boolean(id))),
    ];
    const current = existing?.cardsByTitle.get(key(title.text));
    planned.push({
      source: card,
      title: title.text,
      description,
      dueDate: dueDate ?? null,
      listKey: card.listKey,
      ownerId: memberIds[0] ?? fallbackOwner,
      memberIds: memberIds.length > 0 ? memberIds : [memberIds[0] ?? fallbackOwner],
      action: current ? options.duplicates : 'create',
      existingId: current?.id,
      checklists: current
        ? card.checklists.filter((list) => !current.checklists.has(key(list.title.slice(0, NAME_MAX))))
        : card.checklists,
    });
  }

  const creating = planned.filter((card) => card.action === 'create');
  const merging = planned.filter((card) => card.action === 'merge');
  const mergeParts = (card: PlannedCard) => partsOf({ checklists: card.checklists, comments: card.source.comments });
  const newLists = existing
    ? openLists.filter((list) => !existing.listsByName.has(key(list.name.slice(0, NAME_MAX))))
    : openLists;
  const newLabels = existing
    ? source.labels.filter((label) => !label.name || !existing.labelsByName.has(key(label.name)))
    : source.labels;
  const people: ImportPerson[] = sources.map((person) => ({
    source: person,
    rows: cards.filter((card) => card.people.includes(person)).length,
    matched: matched.get(personKey(person)) ?? null,
    assigned: assignedOf(person),
  }));
  const nameOf = (id: string) =>
    fullName(candidates.find((p) => p.id === id) ?? ({ firstName: '', lastName: '' } as PersonSummary));
  const listName = new Map(source.lists.map((list) => [list.key, list.name]));
  const writing = [...creating, ...merging];

  const write = async () => {
    const created: CreatedItem[] = [];
    let boardId: string;
    const listIds = new Map<string, string>();
    if (!existing) {
      const board = await createBoard(
        ctx,
        ZCreateBoard.parse({
          name: boardName,
          meetingIds: [meeting.id],
          lists: openLists.map((list) => list.name.trim().slice(0, NAME_MAX) || '—'),
        }),
      );
      boardId = board.id;
      created.push(['board', boardId]);
      const lists = await listLists(ctx, boardId);
      for (const [i, list] of openLists.entries()) listIds.set(list.key, lists[i]!.id);
    } else {
      boardId = existing.id;
      for (const list of openLists) {
        const name = list.name.trim().slice(0, NAME_MAX) || '—';
        const found = existing.listsByName.get(key(name));
        if (found) listIds.set(list.key, found);
        else {
          const made = await createList(ctx, { boardId, name });
          listIds.set(list.key, made.id);
          created.push(['list', made.id]);
        }
      }
    }
    const labelIds = new Map<string, string>();
    for (const label of source.labels) {
      const found = label.name ? existing?.labelsByName.get(key(label.name)) : undefined;
      if (found) labelIds.set(label.key, found);
      else {
        const made = await createLabel(
          ctx,
          ZSaveLabel.parse({ name: label.name.slice(0, 100), color: label.color, boardId }),
        );
        labelIds.set(label.key, made.id);
        // On a new board it goes with the board; recorded to notice one deleted since.
        created.push([existing ? 'label' : 'boardLabel', made.id]);
      }
    }
    let checklistItems = 0;
    let comments = 0;
    // New cards with their parts in bulk (decision 127): nobody notified, one event a room.
    const newCards = creating.map((card) => ({
      title: card.title,
      description: card.description,
      status: card.source.done ? ('1' as const) : ('0' as const),
      dueDate: card.dueDate,
      userId: card.ownerId,
      taskTypeId: listIds.get(card.listKey),
      members: card.memberIds,
      labelIds: [...new Set(card.source.labelKeys.flatMap((k) => labelIds.get(k) ?? []))],
      checklists: card.checklists.map((list) => ({
        title: checklistTitle(list),
        items: list.items.flatMap((item) => {
          const title = item.title.trim().slice(0, TITLE_MAX);
          return title ? [{ title, done: item.done }] : [];
        }),
      })),
      comments: card.source.comments.map(commentHtml),
    }));
    const made = await createBoardCardsInBulk(ctx, {
      meetingId: meeting.id,
      type: '4',
      boardId,
      showInTasks: '0',
      cards: newCards,
    });
    for (const [i, taskId] of made.ids.entries()) {
      created.push(['task', taskId]);
      // A new card's checklists and comments go with it; recorded to notice one deleted since.
      for (const id of made.parts[i]!.checklistIds) created.push(['cardChecklist', id]);
      for (const id of made.parts[i]!.commentIds) created.push(['cardComment', id]);
      checklistItems += newCards[i]!.checklists.reduce((n, list) => n + list.items.length, 0);
      comments += newCards[i]!.comments.length;
    }
    // Merged cards get their parts one by one, through the services a person's edit uses.
    for (const card of merging) {
      const taskId = card.existingId!;
      for (const list of card.checklists) {
        const checklist = await createChecklist(ctx, { taskId, title: checklistTitle(list) });
        created.push(['checklist', checklist.id]);
        for (const item of list.items) {
          const title = item.title.trim().slice(0, TITLE_MAX);
          if (!title) continue;
          await createChecklistItem(ctx, { checklistId: checklist.id, title, status: item.done ? '1' : '0' });
          checklistItems += 1;
        }
      }
      for (const comment of card.source.comments) {
        const activity = await createActivity(ctx, { taskId, description: commentHtml(comment) });
        created.push(['activity', activity.id]);
        comments += 1;
      }
    }
    return {
      created,
      counts: {
        boards: existing ? 0 : 1,
        lists: existing ? newLists.length : openLists.length,
        cards: creating.length,
        checklistItems,
        comments,
      },
    };
  };

  return {
    meetingId: meeting.id,
    errorCount: errors.length,
    writesSomething: writing.length > 0 || (!existing && openLists.length > 0),
    write,
    preview: {
      kind: options.kind,
      fileName,
      rows: source.cards.length,
      create: { kpis: creating.length, values: creating.reduce((n, card) => n + partsOf(card.source), 0) },
      merge: { kpis: merging.length, values: merging.reduce((n, card) => n + mergeParts(card), 0) },
      skip: { kpis: planned.length - creating.length - merging.length },
      weeks: { count: 0, first: null, last: null },
      people,
      candidates,
      ...previewLists(planned, errors, notes, (card) => ({
        row: card.source.row,
        title: card.title,
        owner: nameOf(card.ownerId),
        goal: null,
        target: null,
        type: null,
        group: listName.get(card.listKey) ?? null,
        values: card.action === 'merge' ? mergeParts(card) : partsOf(card.source),
        action: card.action,
      })),
      board: {
        name: existing?.name ?? boardName,
        existingId: existing?.id ?? null,
        lists: newLists.length,
        labels: newLabels.length,
        cards: creating.length,
        checklistItems: writing.reduce(
          (n, card) => n + card.checklists.reduce((m, list) => m + list.items.length, 0),
          0,
        ),
        comments: writing.reduce((n, card) => n + card.source.comments.length, 0),
      },
    },
  };
};
