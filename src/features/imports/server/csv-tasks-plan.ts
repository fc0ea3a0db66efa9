import { assertWorkspaceAdmin } from '../../../server/guards.ts';
import { DESCRIPTION_MAX, TASK_TYPE, type TaskStatus, type TaskType } from '../../../shared/tasks.ts';
import { findVisibleMeeting } from '../../meetings/server/meetings.access.ts';
import { createCardsInBulk } from '../../tasks/server/tasks.bulk.ts';
import { importsMessages } from '../imports.messages.ts';
import type { ImportOptions, RowError } from '../imports.schemas.ts';
import { textAsHtml } from './board-source.ts';
import { type CellOf, DateOrderEvidence, eachMappedRow, parseCsvDate } from './csv-columns.ts';
import { csvOwners } from './csv-owners.ts';
import { neutralise } from './csv-reader.ts';
import { checkMapping } from './import-people.ts';
import { undoCards } from './ninety-rocks-plan.ts';
import { meetingCardsByTitle } from './ninety-workbook.ts';
import type { ImportFile, ImportPlanner } from './planners.ts';
import { itemsPreview, PlannedItems, PreviewList } from './planners.ts';

// To-dos, issues and goals from any CSV (decision 126), its columns mapped by the importer:
// each row a card of the meeting, owned by the person the owner column names (or the meeting
// leader). A card of the meeting of the same type and title is the duplicate: skipped either
// way, as a second copy has nothing to add that would not overwrite what the team wrote.
// The file streams through (decision 129): one pass for the date column's order when it must be
// read from the file, one for the preview, and the confirmation's pass writes a chunk at a time.

const TITLE_MAX = 500;
const key = (title: string) => title.trim().toLowerCase();

/** Status words of to-dos and issues (open or done), lower-cased. */
const DONE_WORDS: Record<string, TaskStatus> = {
  '': '0',
  open: '0',
  todo: '0',
  'to do': '0',
  'not started': '0',
  'in progress': '0',
  no: '0',
  false: '0',
  '0': '0',
  done: '1',
  complete: '1',
  completed: '1',
  closed: '1',
  resolved: '1',
  solved: '1',
  yes: '1',
  true: '1',
  x: '1',
  '1': '1',
};
/** A goal's statuses, as the goals feature names them. */
const GOAL_WORDS: Record<string, TaskStatus> = {
  '': '0',
  'on track': '0',
  'on-track': '0',
  ontrack: '0',
  'off track': '2',
  'off-track': '2',
  offtrack: '2',
  done: '1',
  complete: '1',
  completed: '1',
  incomplete: '3',
  'not done': '3',
};

interface PlannedCard {
  row: number;
  title: string;
  description: string | null;
  owner: string;
  dueDate: string | null;
  status: TaskStatus;
  action: 'create' | 'skip';
}

const COUNT_KEYS: Record<string, string> = {
  [TASK_TYPE.todo]: 'todos',
  [TASK_TYPE.issue]: 'issues',
  [TASK_TYPE.goal]: 'goals',
};

/** Cards written per call of the bulk create while the confirmation streams the file. */
const CARDS_PER_CHUNK = 1000;

/** A day-first or month-first date at the start of a cell (the preview then says which order it used). */
const NUMERIC_DATE = /^\d{1,2}[/.-]\d{1,2}[/.-]/;

/** What one data row becomes: a card (to create or skip), or its errors; notes either way. */
interface RowPlan {
  card: PlannedCard | null;
  errors: string[];
  notes: string[];
}

/**
 * The rules of a row, for a pass over the file in order: every pass makes a new one, as it
 * remembers the titles seen so far (a title twice in the file is an error on its second row).
 */
const rowPlanner = (
  type: TaskType,
  dateOrder: ReturnType<DateOrderEvidence['order']>,
  existing: ReadonlyMap<string, unknown>,
) => {
  const statuses = type === TASK_TYPE.goal ? GOAL_WORDS : DONE_WORDS;
  const seen = new Map<string, number>();
  return (row: number, cells: string[], cellOf: CellOf): RowPlan => {
    const reasons: string[] = [];
    const notes: string[] = [];
    const raw = cellOf(cells, 'title');
    const title = neutralise(raw);
    const description = neutralise(cellOf(cells, 'description'));
    if (title.changed || description.changed) notes.push(importsMessages.noteFormula);
    if (raw === '') reasons.push(importsMessages.rowTitleMissing);
    else if (title.text.length > TITLE_MAX) reasons.push(importsMessages.rowTitleTooLong(TITLE_MAX));
    const html = description.text ? textAsHtml(description.text) : null;
    if (html && html.length > DESCRIPTION_MAX) reasons.push(importsMessages.rowDescriptionTooLong);
    const dueText = cellOf(cells, 'dueDate');
    const due = parseCsvDate(dueText, dateOrder);
    if (due === 'ambiguous') reasons.push(importsMessages.rowDateAmbiguous(dueText));
    else if (due === undefined) reasons.push(importsMessages.rowDueInvalid(dueText));
    const statusText = cellOf(cells, 'status');
    const word = statusText.toLowerCase();
    const status = Object.hasOwn(statuses, word) ? statuses[word] : undefined;
    if (status === undefined)
      reasons.push(
        (type === TASK_TYPE.goal ? importsMessages.rowGoalStatusInvalid : importsMessages.rowDoneInvalid)(statusText),
      );
    const earlier = raw === '' ? undefined : seen.get(key(title.text));
    if (earlier !== undefined) reasons.push(importsMessages.rowDuplicateInFile(earlier));
    else if (raw !== '') seen.set(key(title.text), row);
    if (reasons.length > 0 || status === undefined) return { card: null, errors: reasons, notes };
    const duplicate = existing.has(key(title.text));
    if (duplicate) notes.push(importsMessages.noteDuplicateTitle(title.text));
    const card: PlannedCard = {
      row,
      title: title.text,
      description: html,
      owner: cellOf(cells, 'owner'),
      dueDate: due === 'ambiguous' ? null : (due ?? null),
      status,
      action: duplicate ? 'skip' : 'create',
    };
    return { card, errors: [], notes };
  };
};

/** The date column's order: the one chosen, else what the whole column tells (a pass of its own). */
const dateOrderOf = async (options: ImportOptions, file: ImportFile) => {
  if (options.columns?.dueDate === undefined) return null;
  const evidence = new DateOrderEvidence();
  const chosen = options.dateOrder;
  if (!chosen || chosen === 'auto')
    await eachMappedRow(options, file, ({ cells }, { cellOf }) => evidence.see(cellOf(cells, 'dueDate')));
  return evidence.order(chosen);
};

const cardsPlanner = (type: TaskType): ImportPlanner => ({
  plan: async (ctx, options, file) => {
    assertWorkspaceAdmin(ctx);
    const meeting = await findVisibleMeeting(ctx, options.meetingId);
    await checkMapping(ctx, meeting, options.people);
    const dateOrder = await dateOrderOf(options, file);
    const existing = await meetingCardsByTitle(ctx, meeting.id, [type]);
    // The preview's pass: its lists' first entries and counts, the owners named; no card is kept.
    const errors = new PreviewList<RowError>();
    const notes = new PreviewList<RowError>();
    const cards = new PlannedItems<PlannedCard>();
    const owners = new Map<string, number>();
    let numericDates = false;
    const planRow = rowPlanner(type, dateOrder, existing);
    const rows = await eachMappedRow(options, file, ({ row, cells }, { cellOf }) => {
      numericDates ||= NUMERIC_DATE.test(cellOf(cells, 'dueDate'));
      const planned = planRow(row, cells, cellOf);
      for (const reason of planned.notes) notes.add({ row, reason });
      for (const reason of planned.errors) errors.add({ row, reason });
      if (!planned.card) return;
      cards.add(planned.card);
      owners.set(planned.card.owner, (owners.get(planned.card.owner) ?? 0) + 1);
    });
    if (dateOrder && numericDates) notes.addFirst({ row: 1, reason: importsMessages.noteDateOrder(dateOrder) });
    const { people, candidates, ownerOf, ownerName } = await csvOwners(ctx, options, meeting, owners);
    return {
      meetingId: meeting.id,
      errorCount: errors.count,
      writesSomething: cards.creating > 0,
      preview: {
        ...itemsPreview(options, file, rows, cards, { errors, notes, people, candidates }, (card) => ({
          row: card.row,
          title: card.title,
          owner: ownerName(card.owner),
          goal: null,
          target: null,
          type: null,
          group: card.dueDate,
          values: 0,
          action: card.action,
        })),
        dateOrder,
      },
      // The confirmation's pass: the same rules row by row, the cards to create written (and
      // recorded) a chunk at a time, in the file's order (decision 127), no notification.
      write: async (record, progress) => {
        const total = cards.creating;
        let chunk: PlannedCard[] = [];
        let written = 0;
        const flush = async () => {
          const ids = await createCardsInBulk(ctx, {
            meetingId: meeting.id,
            type,
            cards: chunk.map((card) => ({
              title: card.title,
              description: card.description,
              status: card.status,
              dueDate: type === TASK_TYPE.issue ? null : card.dueDate,
              userId: ownerOf(card.owner),
            })),
            part: { first: written, total },
          });
          await record(ids.map((id) => ['task', id]));
          written += ids.length;
          chunk = [];
          progress(written, total);
        };
        const writeRow = rowPlanner(type, dateOrder, existing);
        await eachMappedRow(options, file, async ({ row, cells }, { cellOf }) => {
          const { card } = writeRow(row, cells, cellOf);
          if (card?.action !== 'create') return;
          chunk.push(card);
          if (chunk.length === CARDS_PER_CHUNK) await flush();
        });
        if (chunk.length > 0) await flush();
        return { created: [], counts: { [COUNT_KEYS[type]!]: written } };
      },
    };
  },
  undo: (ctx, items, since) => undoCards(ctx, items, since),
});

export const csvTodosPlanner = cardsPlanner(TASK_TYPE.todo);
export const csvIssuesPlanner = cardsPlanner(TASK_TYPE.issue);
export const csvGoalsPlanner = cardsPlanner(TASK_TYPE.goal);
