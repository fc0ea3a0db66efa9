import { assertWorkspaceAdmin } from '../../../server/guards.ts';
import { fullName } from '../../../shared/person.ts';
import type { TaskType } from '../../../shared/tasks.ts';
import { findVisibleMeeting } from '../../meetings/server/meetings.access.ts';
import { createCardsInBulk } from '../../tasks/server/tasks.bulk.ts';
import { importsMessages } from '../imports.messages.ts';
import type { ImportPerson, RowError } from '../imports.schemas.ts';
import { textAsHtml } from './board-source.ts';
import { neutralise } from './csv-reader.ts';
import { assignerOf, checkMapping, matchPeople, participantsOf, personKey } from './import-people.ts';
import { undoCards } from './ninety-rocks-plan.ts';
import { dateOf, meetingCardsByTitle, readSheets, text, withLink } from './ninety-workbook.ts';
import type { CreatedItem, ImportPlanner } from './planners.ts';
import { itemsPreview } from './planners.ts';

// Ninety's issues workbook (decision 122): "Short Term" rows become issues of the meeting (done
// when completed), "Long Term" rows its backburner (EOS's long-term issues list, which has no
// done state: a completed one is left out). Archived rows are left out. An issue or
// backburner item of the meeting with the same title is the duplicate, skipped either way: an
// issue has nothing a second copy could add.

const SHORT = 'Short Term';
const LONG = 'Long Term';
const HEADER = [
  'Title',
  'Owner',
  'Description',
  'Team',
  'Priority',
  'Who',
  'Created Date',
  'Completed On',
  'Archived Date',
  'Attachment Names',
  'Link',
] as const;
const C = { title: 0, owner: 1, description: 2, completed: 7, archived: 8, link: 10 };
const TITLE_MAX = 500;
const key = (title: string) => title.trim().toLowerCase();

interface PlannedIssue {
  row: number;
  sheet: string;
  title: string;
  description: string | null;
  owner: string;
  type: TaskType;
  done: boolean;
  action: 'create' | 'skip';
}

export const ninetyIssuesPlanner: ImportPlanner = {
  plan: async (ctx, options, file) => {
    assertWorkspaceAdmin(ctx);
    const meeting = await findVisibleMeeting(ctx, options.meetingId);
    await checkMapping(ctx, meeting, options.people);
    const sheets = await readSheets(file, { [SHORT]: HEADER, [LONG]: HEADER }, [SHORT, LONG]);
    const existing = await meetingCardsByTitle(ctx, meeting.id, ['2', '5']);
    const errors: RowError[] = [];
    const notes: RowError[] = [];
    const issues: PlannedIssue[] = [];
    let rows = 0;
    for (const [sheet, type] of [
      [SHORT, '2'],
      [LONG, '5'],
    ] as const) {
      const seen = new Map<string, number>();
      for (const { row, cells } of sheets.get(sheet) ?? []) {
        rows += 1;
        const reasons: string[] = [];
        const raw = text(cells[C.title]);
        const title = neutralise(raw);
        if (title.changed) notes.push({ row, reason: importsMessages.inSheet(sheet, importsMessages.noteFormula) });
        if (raw === '') reasons.push(importsMessages.rowTitleMissing);
        else if (title.text.length > TITLE_MAX) reasons.push(importsMessages.rowTitleTooLong(TITLE_MAX));
        const completed = dateOf(cells[C.completed]);
        if (completed === undefined)
          reasons.push(importsMessages.rowDateInvalid('Completed On', text(cells[C.completed])));
        const archived = dateOf(cells[C.archived]);
        if (archived === undefined)
          reasons.push(importsMessages.rowDateInvalid('Archived Date', text(cells[C.archived])));
        const earlier = raw === '' ? undefined : seen.get(key(title.text));
        if (earlier !== undefined) reasons.push(importsMessages.rowDuplicateInFile(earlier));
        else if (raw !== '') seen.set(key(title.text), row);
        if (reasons.length > 0) {
          for (const reason of reasons) errors.push({ row, reason: importsMessages.inSheet(sheet, reason) });
          continue;
        }
        if (archived) {
          notes.push({ row, reason: importsMessages.inSheet(sheet, importsMessages.noteArchived) });
          continue;
        }
        if (type === '5' && completed) {
          notes.push({ row, reason: importsMessages.inSheet(sheet, importsMessages.noteLongTermDone) });
          continue;
        }
        const duplicate = existing.has(key(title.text));
        if (duplicate)
          notes.push({ row, reason: importsMessages.inSheet(sheet, importsMessages.noteDuplicateIssue(title.text)) });
        const description = text(cells[C.description]);
        issues.push({
          row,
          sheet,
          title: title.text,
          description: withLink(description ? textAsHtml(description) : null, text(cells[C.link])),
          owner: text(cells[C.owner]),
          type,
          done: Boolean(completed),
          action: duplicate ? 'skip' : 'create',
        });
      }
    }
    const sources = [...new Set(issues.map((issue) => issue.owner).filter(Boolean))];
    const matched = await matchPeople(ctx, sources);
    const candidates = await participantsOf(ctx, meeting);
    const assignedOf = assignerOf(options, matched, candidates, meeting);
    const fallbackOwner = meeting.leaderIds[0] ?? ctx.userId;
    const ownerOf = (source: string) => (source ? assignedOf(source)?.id : undefined) ?? fallbackOwner;
    const people: ImportPerson[] = sources.map((source) => ({
      source,
      rows: issues.filter((issue) => issue.owner === source).length,
      matched: matched.get(personKey(source)) ?? null,
      assigned: assignedOf(source),
    }));
    const creating = issues.filter((issue) => issue.action === 'create');
    const nameOf = (id: string) => {
      const person = candidates.find((p) => p.id === id);
      return person ? fullName(person) : '';
    };
    return {
      meetingId: meeting.id,
      errorCount: errors.length,
      writesSomething: creating.length > 0,
      preview: itemsPreview(options, file, rows, issues, { errors, notes, people, candidates }, (issue) => ({
        row: issue.row,
        title: issue.title,
        owner: nameOf(ownerOf(issue.owner)),
        goal: null,
        target: null,
        type: null,
        group: issue.sheet,
        values: 0,
        action: issue.action,
      })),
      write: async () => {
        const created: CreatedItem[] = [];
        // Issues, then the backburner, each in the sheet's order (decision 127).
        for (const type of ['2', '5'] as const) {
          const ids = await createCardsInBulk(ctx, {
            meetingId: meeting.id,
            type,
            cards: creating
              .filter((issue) => issue.type === type)
              .map((issue) => ({
                title: issue.title,
                description: issue.description,
                status: issue.done ? '1' : '0',
                dueDate: null,
                userId: ownerOf(issue.owner),
              })),
          });
          for (const id of ids) created.push(['task', id]);
        }
        return {
          created,
          counts: {
            issues: creating.filter((i) => i.type === '2').length,
            backburner: creating.filter((i) => i.type === '5').length,
          },
        };
      },
    };
  },
  undo: (ctx, items, since) => undoCards(ctx, items, since),
};
