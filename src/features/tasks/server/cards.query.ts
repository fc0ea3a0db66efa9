import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  attachments,
  checklistItems,
  checklists,
  taskLabels,
  taskMeetings,
  taskMembers,
  tasks,
} from '../../../db/schema/index.ts';
import { anyOf } from '../../../db/sql.ts';
import type { IsoDate } from '../../../shared/dates.ts';
import {
  OVERDUE,
  type Reminder,
  shownStatus,
  TASK_TYPE,
  type TaskStatus,
  type TaskType,
} from '../../../shared/tasks.ts';
import type { Card } from '../tasks.schemas.ts';
import type { TaskRow } from './tasks.access.ts';

export const todayUtc = (): IsoDate => new Date().toISOString().slice(0, 10);

/** The card columns lists show: everything but the description, which only says whether it exists. */
export const cardColumns = {
  id: tasks.id,
  title: tasks.title,
  type: tasks.type,
  status: tasks.status,
  dueDate: tasks.dueDate,
  reminder: tasks.reminder,
  userId: tasks.userId,
  boardId: tasks.boardId,
  boardListId: tasks.boardListId,
  showInTasks: tasks.showInTasks,
  quarterId: tasks.quarterId,
  sort: tasks.sort,
  isLocked: tasks.isLocked,
  completedAt: tasks.completedAt,
  createdAt: tasks.createdAt,
  createdBy: tasks.createdBy,
  changedAt: tasks.changedAt,
  changedBy: tasks.changedBy,
  hasDescription: sql<boolean>`coalesce(length(${tasks.description}), 0) > 0`,
};

export type CardRow = Omit<TaskRow, 'description' | 'tenantId' | 'reminderSentFor'> & { hasDescription: boolean };

const group = (rows: { taskId: string; value: string }[]) => {
  const map = new Map<string, string[]>();
  for (const row of rows) {
    const list = map.get(row.taskId);
    if (list) list.push(row.value);
    else map.set(row.taskId, [row.value]);
  }
  return map;
};

/**
 * Cards as the API shows them, in a fixed number of statements whatever their count (no N+1):
 * their meetings, members, labels, checklist progress and attachment counts, each one query.
 */
export const describeCards = async (db: Db, rows: CardRow[], today: IsoDate = todayUtc()): Promise<Card[]> => {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const meetingRows = await db
    .select({ taskId: taskMeetings.taskId, value: taskMeetings.meetingId })
    .from(taskMeetings)
    .where(anyOf(taskMeetings.taskId, ids));
  const memberRows = await db
    .select({ taskId: taskMembers.taskId, value: taskMembers.userId })
    .from(taskMembers)
    .where(anyOf(taskMembers.taskId, ids));
  const labelRows = await db
    .select({ taskId: taskLabels.taskId, value: taskLabels.labelId })
    .from(taskLabels)
    .where(anyOf(taskLabels.taskId, ids));
  const progressRows = await db
    .select({
      taskId: checklists.taskId,
      done: sql<number>`(count(${checklistItems.id}) filter (where ${checklistItems.status} = '1'))::int`,
      total: sql<number>`count(${checklistItems.id})::int`,
    })
    .from(checklists)
    .innerJoin(checklistItems, eq(checklistItems.checklistId, checklists.id))
    .where(anyOf(checklists.taskId, ids))
    .groupBy(checklists.taskId);
  const attachmentRows = await db
    .select({ taskId: attachments.taskId, count: sql<number>`count(*)::int` })
    .from(attachments)
    .where(anyOf(attachments.taskId, ids))
    .groupBy(attachments.taskId);

  const meetingsOf = group(meetingRows);
  const membersOf = group(memberRows);
  const labelsOf = group(labelRows);
  const progressOf = new Map(progressRows.map((p) => [p.taskId, { done: p.done, total: p.total }]));
  const attachmentsOf = new Map(attachmentRows.map((a) => [a.taskId, a.count]));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    type: row.type as TaskType,
    status: row.status as TaskStatus,
    shownStatus: shownStatus(row.type as TaskType, row.status as TaskStatus, row.dueDate, today),
    dueDate: row.dueDate,
    reminder: row.reminder as Reminder,
    userId: row.userId,
    meetingIds: meetingsOf.get(row.id) ?? [],
    boardId: row.boardId,
    taskTypeId: row.boardListId,
    members: membersOf.get(row.id) ?? [],
    labelIds: labelsOf.get(row.id) ?? [],
    showInTasks: row.showInTasks as '0' | '1',
    quarterId: row.quarterId,
    sort: row.sort,
    isLocked: row.isLocked,
    completedAt: row.completedAt?.toISOString() ?? null,
    hasDescription: row.hasDescription,
    checklist: progressOf.get(row.id) ?? { done: 0, total: 0 },
    attachmentCount: attachmentsOf.get(row.id) ?? 0,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    changedAt: row.changedAt.toISOString(),
    changedBy: row.changedBy,
  }));
};

// The same cards as JSON text made by PostgreSQL, for the big lists (a board of 5,000 cards):
// building, validating and serialising thousands of objects in Node cost several times what
// the database spends (docs/decisions/014-board-call-performance.md). `describeCards` stays the
// reference shape; a test checks that both give the same cards.

/** A value that needs no escaping (uuid, date, code) as a JSON string, or null. */
const jsonString = (value: SQL) => sql`coalesce('"' || ${value} || '"', 'null')`;
/** An instant as JavaScript's `toISOString()` writes it (UTC, milliseconds), or null. */
const jsonInstant = (value: SQL) =>
  jsonString(sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const jsonBoolean = (value: SQL) => sql`case when ${value} then 'true' else 'false' end`;
/** A comma-separated list of uuids (or null) as a JSON array of strings. */
const jsonIds = (value: SQL) => sql`coalesce('["' || ${value} || '"]', '[]')`;

/**
 * One statement giving the cards that `where` selects (a condition on `tasks`), ordered by
 * sort and creation, as the JSON text of a `Card[]`, field for field what `describeCards`
 * gives. The per-card lists and counts are grouped once for all cards, not per card.
 */
export const cardsJson = async (db: Db, where: SQL, today: IsoDate = todayUtc()): Promise<string> => {
  const t = (column: string) => sql.raw(`"tasks"."${column}"`);
  const selected = sql`(select "tasks"."id" from "tasks" where ${where})`;
  const activeGoal = sql`${t('type')} = ${TASK_TYPE.goal} and ${t('status')} not in ('1', '3')`;
  const result = await db.execute(sql`
    select '[' || coalesce(string_agg(concat(
      '{"id":"', ${t('id')},
      '","title":', to_json(${t('title')}),
      ',"type":"', ${t('type')},
      '","status":"', ${t('status')},
      '","shownStatus":"', case when ${activeGoal} and ${t('due_date')} < ${today}::date then ${OVERDUE} else ${t('status')} end,
      '","dueDate":', ${jsonString(t('due_date'))},
      ',"reminder":"', ${t('reminder')},
      '","userId":', ${jsonString(t('user_id'))},
      ',"meetingIds":', ${jsonIds(sql`related.meetings`)},
      ',"boardId":', ${jsonString(t('board_id'))},
      ',"taskTypeId":', ${jsonString(t('board_list_id'))},
      ',"members":', ${jsonIds(sql`related.members`)},
      ',"labelIds":', ${jsonIds(sql`related.labels`)},
      ',"showInTasks":"', ${t('show_in_tasks')},
      '","quarterId":', coalesce(to_json(${t('quarter_id')})::text, 'null'),
      ',"sort":', ${t('sort')},
      ',"isLocked":', ${jsonBoolean(t('is_locked'))},
      ',"completedAt":', ${jsonInstant(t('completed_at'))},
      ',"hasDescription":', ${jsonBoolean(sql`coalesce(octet_length(${t('description')}), 0) > 0`)},
      ',"checklist":{"done":', coalesce(progress.done, 0), ',"total":', coalesce(progress.total, 0),
      '},"attachmentCount":', coalesce(files.count, 0),
      ',"createdAt":', ${jsonInstant(t('created_at'))},
      ',"createdBy":', ${jsonString(t('created_by'))},
      ',"changedAt":', ${jsonInstant(t('changed_at'))},
      ',"changedBy":', ${jsonString(t('changed_by'))},
      '}'), ',' order by ${t('sort')}, ${t('created_at')}), '') || ']' as cards
    from "tasks"
    left join (
      select link.task_id,
        string_agg(link.id::text, '","') filter (where link.kind = 1) as meetings,
        string_agg(link.id::text, '","') filter (where link.kind = 2) as members,
        string_agg(link.id::text, '","') filter (where link.kind = 3) as labels
      from (
        select task_id, 1 as kind, meeting_id as id from task_meetings
        union all select task_id, 2, user_id from task_members
        union all select task_id, 3, label_id from task_labels
      ) link
      where link.task_id in ${selected}
      group by link.task_id
    ) related on related.task_id = ${t('id')}
    left join (
      select list.task_id, (count(*) filter (where item.status = '1'))::int as done, count(*)::int as total
      from checklists list join checklist_items item on item.checklist_id = list.id
      where list.task_id in ${selected}
      group by list.task_id
    ) progress on progress.task_id = ${t('id')}
    left join (
      select task_id, count(*)::int as count from attachments where task_id in ${selected} group by task_id
    ) files on files.task_id = ${t('id')}
    where ${where}`);
  return (result as unknown as { rows: { cards: string }[] }).rows[0]!.cards;
};
