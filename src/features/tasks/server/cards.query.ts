import { eq, sql } from 'drizzle-orm';
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
import { type Reminder, shownStatus, type TaskStatus, type TaskType } from '../../../shared/tasks.ts';
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
