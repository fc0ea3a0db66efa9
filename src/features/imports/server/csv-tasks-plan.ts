import { assertWorkspaceAdmin } from '../../../server/guards.ts';
import { DESCRIPTION_MAX, TASK_TYPE, type TaskStatus, type TaskType } from '../../../shared/tasks.ts';
import { findVisibleMeeting } from '../../meetings/server/meetings.access.ts';
import { createCardsInBulk } from '../../tasks/server/tasks.bulk.ts';
import { importsMessages } from '../imports.messages.ts';
import type { RowError } from '../imports.schemas.ts';
import { textAsHtml } from './board-source.ts';
import { mappedColumns, parseCsvDate, resolveDateOrder } from './csv-columns.ts';
import { csvOwners } from './csv-owners.ts';
import { neutralise } from './csv-reader.ts';
import { checkMapping } from './import-people.ts';
import { undoCards } from './ninety-rocks-plan.ts';
import { meetingCardsByTitle } from './ninety-workbook.ts';
import type { CreatedItem, ImportPlanner } from './planners.ts';
import { itemsPreview } from './planners.ts';
import { csvRows } from './scorecard-planner.ts';

// To-dos, issues and goals from any CSV (decision 126), its columns mapped by the importer:
// each row a card of the meeting, owned by the person the owner column names (or the meeting
// leader). A card of the meeting of the same type and title is the duplicate: skipped either
// way, as a second copy has nothing to add that would not overwrite what the team wrote.

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

const cardsPlanner = (type: TaskType): ImportPlanner => ({
  plan: async (ctx, options, file) => {
    assertWorkspaceAdmin(ctx);
    const meeting = await findVisibleMeeting(ctx, options.meetingId);
    await checkMapping(ctx, meeting, options.people);
    const { data, cellOf, has } = mappedColumns(options, csvRows(file));
    const dateOrder = has('dueDate')
      ? resolveDateOrder(
          options.dateOrder,
          data.map((r) => cellOf(r.cells, 'dueDate')),
        )
      : null;
    const statuses = type === TASK_TYPE.goal ? GOAL_WORDS : DONE_WORDS;
    const existing = await meetingCardsByTitle(ctx, meeting.id, [type]);
    const errors: RowError[] = [];
    const notes: RowError[] = [];
    const cards: PlannedCard[] = [];
    const seen = new Map<string, number>();
    for (const { row, cells } of data) {
      const reasons: string[] = [];
      const raw = cellOf(cells, 'title');
      const title = neutralise(raw);
      const description = neutralise(cellOf(cells, 'description'));
      if (title.changed || description.changed) notes.push({ row, reason: importsMessages.noteFormula });
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
      if (reasons.length > 0 || status === undefined) {
        for (const reason of reasons) errors.push({ row, reason });
        continue;
      }
      const duplicate = existing.has(key(title.text));
      if (duplicate) notes.push({ row, reason: importsMessages.noteDuplicateTitle(title.text) });
      cards.push({
        row,
        title: title.text,
        description: html,
        owner: cellOf(cells, 'owner'),
        dueDate: due === 'ambiguous' ? null : (due ?? null),
        status,
        action: duplicate ? 'skip' : 'create',
      });
    }
    if (dateOrder && data.some((r) => /^\d{1,2}[/.-]\d{1,2}[/.-]/.test(cellOf(r.cells, 'dueDate'))))
      notes.unshift({ row: 1, reason: importsMessages.noteDateOrder(dateOrder) });
    const { people, candidates, ownerOf, ownerName } = await csvOwners(ctx, options, meeting, cards);
    const creating = cards.filter((card) => card.action === 'create');
    return {
      meetingId: meeting.id,
      errorCount: errors.length,
      writesSomething: creating.length > 0,
      preview: {
        ...itemsPreview(options, file, data.length, cards, { errors, notes, people, candidates }, (card) => ({
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
      write: async () => {
        // In the file's order (decision 127): each card as `POST tasks` would make it, no notification.
        const ids = await createCardsInBulk(ctx, {
          meetingId: meeting.id,
          type,
          cards: creating.map((card) => ({
            title: card.title,
            description: card.description,
            status: card.status,
            dueDate: type === TASK_TYPE.issue ? null : card.dueDate,
            userId: ownerOf(card.owner),
          })),
        });
        const created: CreatedItem[] = ids.map((id) => ['task', id]);
        return { created, counts: { [COUNT_KEYS[type]!]: created.length } };
      },
    };
  },
  undo: (ctx, items, since) => undoCards(ctx, items, since),
});

export const csvTodosPlanner = cardsPlanner(TASK_TYPE.todo);
export const csvIssuesPlanner = cardsPlanner(TASK_TYPE.issue);
export const csvGoalsPlanner = cardsPlanner(TASK_TYPE.goal);
