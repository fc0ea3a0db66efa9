import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import { attachments, goalMilestones, tasks } from '../../../db/schema/index.ts';
import { anyOf } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertWorkspaceAdmin } from '../../../server/guards.ts';
import { conflict } from '../../../shared/errors.ts';
import { fullName } from '../../../shared/person.ts';
import type { TaskStatus } from '../../../shared/tasks.ts';
import { findVisibleMeeting } from '../../meetings/server/meetings.access.ts';
import { ZCreateMilestone, ZUpdateMilestone } from '../../tasks/milestones.schemas.ts';
import { createMilestone, deleteMilestone, updateMilestone } from '../../tasks/server/milestones.service.ts';
import { createCardsInBulk } from '../../tasks/server/tasks.bulk.ts';
import { deleteCardsInBulk } from '../../tasks/server/tasks.bulk-delete.ts';
import { importsMessages } from '../imports.messages.ts';
import type { ImportItem, ImportPerson, RowError } from '../imports.schemas.ts';
import { textAsHtml } from './board-source.ts';
import { neutralise } from './csv-reader.ts';
import { assignerOf, checkMapping, matchPeople, participantsOf, personKey } from './import-people.ts';
import { dateOf, meetingCardsByTitle, readSheets, text, withLink } from './ninety-workbook.ts';
import type { CreatedItem, ImportPlanner } from './planners.ts';
import { previewLists } from './planners.ts';

// Ninety's rocks workbook (decision 122): each row of "Rocks" becomes a goal of the meeting
// (its status, due date, owner, description and link), each row of "Milestones" a milestone of
// the rock it names. A goal of the meeting with the same title is the duplicate: skipped, or
// (merge) given the file's milestones it lacks.

const ROCKS = 'Rocks';
const MILESTONES = 'Milestones';
const COLUMNS = {
  [ROCKS]: [
    'Title',
    'Description',
    'Owner',
    'Team',
    'Level',
    'Status',
    'Due Date',
    'Completed On',
    'Created Date',
    'Link',
  ],
  [MILESTONES]: ['Title', 'Description', 'Rocks Name', 'Owner', 'Due Date', 'Completed On', 'Link'],
} as const;
const R = { title: 0, description: 1, owner: 2, status: 5, due: 6, completed: 7, link: 9 };
const M = { title: 0, rock: 2, owner: 3, due: 4, completed: 5 };
const STATUS: Record<string, TaskStatus> = {
  'on-track': '0',
  'on track': '0',
  'off-track': '2',
  'off track': '2',
  done: '1',
};
const TITLE_MAX = 500;
const MILESTONE_TITLE_MAX = 255;

interface PlannedMilestone {
  row: number;
  title: string;
  owner: string;
  dueDate: string | null;
  done: boolean;
}

interface PlannedRock {
  row: number;
  title: string;
  description: string | null;
  owner: string;
  status: TaskStatus;
  dueDate: string | null;
  action: ImportItem['action'];
  existingId?: string;
  milestones: PlannedMilestone[];
}

const key = (title: string) => title.trim().toLowerCase();

export const ninetyRocksPlanner: ImportPlanner = {
  plan: async (ctx, options, file) => {
    assertWorkspaceAdmin(ctx);
    const meeting = await findVisibleMeeting(ctx, options.meetingId);
    await checkMapping(ctx, meeting, options.people);
    const sheets = await readSheets(file, COLUMNS, [ROCKS]);
    const rockRows = sheets.get(ROCKS) ?? [];
    const milestoneRows = sheets.get(MILESTONES) ?? [];
    const errors: RowError[] = [];
    const notes: RowError[] = [];
    const fail = (sheet: string, row: number, reason: string) =>
      errors.push({ row, reason: importsMessages.inSheet(sheet, reason) });

    const rocks: PlannedRock[] = [];
    const seen = new Map<string, number>();
    for (const { row, cells } of rockRows) {
      const before = errors.length;
      const raw = text(cells[R.title]);
      const title = neutralise(raw);
      if (title.changed) notes.push({ row, reason: importsMessages.inSheet(ROCKS, importsMessages.noteFormula) });
      if (raw === '') fail(ROCKS, row, importsMessages.rowTitleMissing);
      else if (title.text.length > TITLE_MAX) fail(ROCKS, row, importsMessages.rowTitleTooLong(TITLE_MAX));
      const statusText = text(cells[R.status]);
      const completed = dateOf(cells[R.completed]);
      const status = statusText === '' ? (completed ? '1' : '0') : STATUS[statusText.toLowerCase()];
      if (!status) fail(ROCKS, row, importsMessages.rowStatusInvalid(statusText));
      const due = dateOf(cells[R.due]);
      if (due === undefined) fail(ROCKS, row, importsMessages.rowDateInvalid('Due Date', text(cells[R.due])));
      if (completed === undefined)
        fail(ROCKS, row, importsMessages.rowDateInvalid('Completed On', text(cells[R.completed])));
      const earlier = raw === '' ? undefined : seen.get(key(title.text));
      if (earlier !== undefined) fail(ROCKS, row, importsMessages.rowDuplicateInFile(earlier));
      else if (raw !== '') seen.set(key(title.text), row);
      if (errors.length > before || !status) continue;
      const description = text(cells[R.description]);
      rocks.push({
        row,
        title: title.text,
        description: withLink(description ? textAsHtml(description) : null, text(cells[R.link])),
        owner: text(cells[R.owner]),
        status,
        dueDate: due ?? null,
        action: 'create',
        milestones: [],
      });
    }
    const rockByTitle = new Map(rocks.map((rock) => [key(rock.title), rock]));
    for (const { row, cells } of milestoneRows) {
      const before = errors.length;
      const raw = text(cells[M.title]);
      const title = neutralise(raw);
      if (raw === '') fail(MILESTONES, row, importsMessages.rowTitleMissing);
      else if (title.text.length > MILESTONE_TITLE_MAX)
        fail(MILESTONES, row, importsMessages.rowTitleTooLong(MILESTONE_TITLE_MAX));
      const rockName = text(cells[M.rock]);
      const rock = rockByTitle.get(key(neutralise(rockName).text));
      if (!rock) fail(MILESTONES, row, importsMessages.rowRockMissing(rockName));
      const due = dateOf(cells[M.due]);
      if (due === undefined) fail(MILESTONES, row, importsMessages.rowDateInvalid('Due Date', text(cells[M.due])));
      else if (due && rock?.dueDate && due > rock.dueDate)
        fail(MILESTONES, row, importsMessages.rowMilestoneAfterRock(rock.dueDate));
      const completed = dateOf(cells[M.completed]);
      if (completed === undefined)
        fail(MILESTONES, row, importsMessages.rowDateInvalid('Completed On', text(cells[M.completed])));
      if (errors.length > before || !rock) continue;
      rock.milestones.push({
        row,
        title: title.text,
        owner: text(cells[M.owner]),
        dueDate: due ?? null,
        done: Boolean(completed),
      });
    }

    const existing = await meetingCardsByTitle(ctx, meeting.id, ['1']);
    const existingMilestones =
      existing.size > 0
        ? await ctx.db
            .select({ goalId: goalMilestones.goalId, title: goalMilestones.title })
            .from(goalMilestones)
            .where(
              and(eq(goalMilestones.tenantId, ctx.tenantId), inArray(goalMilestones.goalId, [...existing.values()])),
            )
        : [];
    for (const rock of rocks) {
      const current = existing.get(key(rock.title));
      if (!current) continue;
      rock.existingId = current;
      rock.action = options.duplicates;
      const had = new Set(existingMilestones.filter((m) => m.goalId === current).map((m) => key(m.title)));
      rock.milestones = rock.action === 'merge' ? rock.milestones.filter((m) => !had.has(key(m.title))) : [];
    }
    const sources = [
      ...new Set(
        [...rocks.map((r) => r.owner), ...rocks.flatMap((r) => r.milestones.map((m) => m.owner))].filter(Boolean),
      ),
    ];
    const matched = await matchPeople(ctx, sources);
    const candidates = await participantsOf(ctx, meeting);
    const assignedOf = assignerOf(options, matched, candidates, meeting);
    const fallbackOwner = meeting.leaderIds[0] ?? ctx.userId;
    const ownerOf = (source: string) => (source ? assignedOf(source)?.id : undefined) ?? fallbackOwner;
    const people: ImportPerson[] = sources.map((source) => ({
      source,
      rows:
        rocks.filter((r) => r.owner === source).length +
        rocks.reduce((n, r) => n + r.milestones.filter((m) => m.owner === source).length, 0),
      matched: matched.get(personKey(source)) ?? null,
      assigned: assignedOf(source),
    }));
    const creating = rocks.filter((r) => r.action === 'create');
    const merging = rocks.filter((r) => r.action === 'merge');
    const writing = [...creating, ...merging];
    const milestonesOf = (list: PlannedRock[]) => list.reduce((n, r) => n + r.milestones.length, 0);
    const nameOf = (id: string) => {
      const person = candidates.find((p) => p.id === id);
      return person ? fullName(person) : '';
    };
    return {
      meetingId: meeting.id,
      errorCount: errors.length,
      writesSomething: creating.length > 0 || milestonesOf(merging) > 0,
      preview: {
        kind: options.kind,
        fileName: file.fileName,
        rows: rockRows.length + milestoneRows.length,
        create: { kpis: creating.length, values: milestonesOf(creating) },
        merge: { kpis: merging.length, values: milestonesOf(merging) },
        skip: { kpis: rocks.length - writing.length },
        weeks: { count: 0, first: null, last: null },
        people,
        candidates,
        ...previewLists(rocks, errors, notes, (rock) => ({
          row: rock.row,
          title: rock.title,
          owner: nameOf(ownerOf(rock.owner)),
          goal: null,
          target: null,
          type: null,
          group: ROCKS,
          values: rock.milestones.length,
          action: rock.action,
        })),
        board: null,
      },
      write: async () => {
        const created: CreatedItem[] = [];
        let milestones = 0;
        // The new goals at once, in the sheet's order (decision 127); their milestones one by one.
        const goalIds = await createCardsInBulk(ctx, {
          meetingId: meeting.id,
          type: '1',
          cards: creating.map((rock) => ({
            title: rock.title,
            description: rock.description,
            status: rock.status,
            dueDate: rock.dueDate,
            userId: ownerOf(rock.owner),
          })),
        });
        const newGoal = new Map(creating.map((rock, i) => [rock, goalIds[i]!]));
        for (const id of goalIds) created.push(['task', id]);
        for (const rock of writing) {
          const goalId = newGoal.get(rock) ?? rock.existingId!;
          for (const milestone of rock.milestones) {
            const ownerId = milestone.owner ? (assignedOf(milestone.owner)?.id ?? null) : null;
            const input = { title: milestone.title, ownerId, dueDate: milestone.dueDate };
            const made = (await createMilestone(ctx, goalId, ZCreateMilestone.parse(input))).items.at(-1)!;
            if (milestone.done) await updateMilestone(ctx, made.id, ZUpdateMilestone.parse({ ...input, done: true }));
            // A new goal's milestones go with it; they are recorded to notice one deleted since.
            created.push([rock.action === 'merge' ? 'milestone' : 'goalMilestone', made.id]);
            milestones += 1;
          }
        }
        return { created, counts: { goals: creating.length, milestones } };
      },
    };
  },
  undo: (ctx, items, since) => undoCards(ctx, items, since),
};

/**
 * Takes back goals or issues an import created, and milestones it added to goals that were
 * there; a 409 when any of them, or a milestone of theirs, changed since.
 */
export const undoCards = async (ctx: TenantContext, items: { entity: string; entityId: string }[], since: Date) => {
  const taskIds = items.filter((i) => i.entity === 'task').map((i) => i.entityId);
  const milestoneIds = items.filter((i) => i.entity === 'milestone').map((i) => i.entityId);
  const ownMilestoneIds = items.filter((i) => i.entity === 'goalMilestone').map((i) => i.entityId);
  const changed = () => conflict(importsMessages.undoChanged);
  const after = since.toISOString();
  if (taskIds.length > 0) {
    const [state] = await ctx.db
      .select({
        present: count(),
        edited: sql<number>`count(*) filter (where ${tasks.changedAt} > ${after}::timestamptz)`.mapWith(Number),
      })
      .from(tasks)
      .where(and(eq(tasks.tenantId, ctx.tenantId), anyOf(tasks.id, taskIds)));
    if (state!.present !== taskIds.length || state!.edited > 0) throw changed();
    const [milestonesEdited] = await ctx.db
      .select({ n: count() })
      .from(goalMilestones)
      .where(and(anyOf(goalMilestones.goalId, taskIds), gt(goalMilestones.changedAt, since)));
    if (milestonesEdited!.n > 0) throw changed();
    // A file attached since is a change too (and Undo has no way to remove it from disk).
    const [files] = await ctx.db.select({ n: count() }).from(attachments).where(anyOf(attachments.taskId, taskIds));
    if (files!.n > 0) throw changed();
  }
  const allMilestones = [...milestoneIds, ...ownMilestoneIds];
  if (allMilestones.length > 0) {
    const [state] = await ctx.db
      .select({
        present: count(),
        edited: sql<number>`count(*) filter (where ${goalMilestones.changedAt} > ${after}::timestamptz)`.mapWith(
          Number,
        ),
      })
      .from(goalMilestones)
      .where(and(eq(goalMilestones.tenantId, ctx.tenantId), anyOf(goalMilestones.id, allMilestones)));
    if (state!.present !== allMilestones.length || state!.edited > 0) throw changed();
  }
  for (const id of milestoneIds) await deleteMilestone(ctx, id);
  // Goals' own milestones go with them (cascade); the cards all at once, whatever their number.
  await deleteCardsInBulk(ctx, taskIds);
};
