import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { labels, sessions, taskLabels } from '../../../db/schema/index.ts';
import { anyOf } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { sanitizePlainText } from '../../../server/sanitize.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import { type AppError, badRequest, conflict } from '../../../shared/errors.ts';
import { messages } from '../../../shared/messages.ts';
import {
  TASK_TYPE,
  type TaskRuleProblem,
  type TaskState,
  type TaskStatus,
  type TaskType,
  taskRuleProblem,
} from '../../../shared/tasks.ts';
import { quarterById } from '../../quarters/server/quarters.service.ts';
import { tasksMessages } from '../tasks.messages.ts';
import type { CreateTask } from '../tasks.schemas.ts';
import { findVisibleBoard, findVisibleList } from './boards.access.ts';
import type { TaskAccess } from './tasks.access.ts';

// The checks a card's write must pass before it stores anything: the per-type rules, the title,
// the ids it names, where it is placed, its labels and quarter, and the session it was finished in.

const ruleError = (problem: TaskRuleProblem): AppError =>
  problem.kind === 'conflict'
    ? conflict(problem.message, { [problem.field]: problem.message })
    : badRequest({ [problem.field]: problem.message }, problem.message);

export const checkRules = (before: TaskState | undefined, after: TaskState) => {
  const problem = taskRuleProblem(before, after);
  if (problem) throw ruleError(problem);
};

export const stateOf = (access: TaskAccess): TaskState => ({
  type: access.task.type as TaskType,
  status: access.task.status as TaskStatus,
  isLocked: access.task.isLocked,
  showInTasks: access.task.showInTasks as '0' | '1',
  memberCount: access.members.length,
  boardId: access.task.boardId,
  boardListId: access.task.boardListId,
});

export const cleanTitle = (title: string) => {
  const clean = sanitizePlainText(title);
  if (!clean) throw badRequest({ title: messages.required });
  return clean;
};

/** Labels (the workspace's: checked by assertInWorkspace) must be workspace-wide or the card's board's. */
export const assertLabels = async (ctx: TenantContext, labelIds: string[], boardId: string | null) => {
  const ids = [...new Set(labelIds)];
  if (ids.length === 0) return ids;
  const found = await ctx.db
    .select({ id: labels.id, boardId: labels.boardId })
    .from(labels)
    .where(and(eq(labels.tenantId, ctx.tenantId), anyOf(labels.id, ids)));
  if (found.length !== ids.length || found.some((l) => l.boardId !== null && l.boardId !== boardId))
    throw badRequest({ labelIds: messages.invalidValue });
  return ids;
};

/** The ids a card's create, update, move or copy names: all of the workspace (404 otherwise). */
export const assertCardRefs = (
  ctx: TenantContext,
  input: Partial<Pick<CreateTask, 'meetingIds' | 'boardId' | 'taskTypeId' | 'labelIds'>>,
  newPeople: (string | null | undefined)[] = [],
) =>
  assertInWorkspace(ctx.db, ctx.tenantId, {
    meetings: input.meetingIds,
    boards: [input.boardId],
    lists: [input.taskTypeId],
    labels: input.labelIds,
    users: newPeople,
  });

/** Where a card is placed: a list implies its board; a board of the card's meetings, when both are given. */
export const resolvePlacement = async (
  ctx: TenantContext,
  boardId: string | null,
  listId: string | null,
  meetingIds: string[] | null,
) => {
  let board = boardId;
  if (listId) {
    const { list } = await findVisibleList(ctx, listId);
    if (board && board !== list.boardId) throw badRequest({ taskTypeId: messages.listNotOnBoard });
    board = list.boardId;
  }
  const boardMeetingIds = board ? (await findVisibleBoard(ctx, board)).meetingIds : [];
  if (board && meetingIds && meetingIds.length > 0 && !boardMeetingIds.some((id) => meetingIds.includes(id)))
    throw badRequest({ boardId: messages.boardNotInMeeting });
  return { boardId: board, listId, boardMeetingIds };
};

/**
 * The session an item was finished in (decision 036): an issue ticked done while one of its
 * meetings is live was solved in that session, however it was ticked (Solve, the card dialog, a
 * tick in a list); reopened, it was solved in none. Other changes keep what it had.
 */
export const finishedInSession = async (
  ctx: TenantContext,
  task: { type: string; status: string; completedInSessionId: string | null },
  next: { type: TaskType; status: TaskStatus },
  meetingIds: string[],
) => {
  if (next.status !== '1') return null;
  if (task.status === '1' || next.type !== TASK_TYPE.issue || meetingIds.length === 0) return task.completedInSessionId;
  const [live] = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(anyOf(sessions.meetingId, meetingIds), isNotNull(sessions.startedAt), isNull(sessions.finishedAt)))
    .orderBy(asc(sessions.startedAt))
    .limit(1);
  return live?.id ?? null;
};

/**
 * A goal's quarter is one of the workspace's quarters, 'YYYY-Qn' (decisions 043 and 056): its own
 * period, or the calendar quarter of a year without periods. An empty value clears it; a value
 * left as it was (old free text from before) is kept, readable, until someone changes it.
 */
export const checkedQuarter = async (
  ctx: TenantContext,
  quarterId: string | null | undefined,
  before?: string | null,
) => {
  if (quarterId === undefined) return undefined;
  const value = quarterId?.trim() || null;
  if (value === null || value === before) return value;
  const year = Number(value.slice(0, 4));
  if (year < 1900 || year > 2999 || !(await quarterById(ctx.db, ctx.tenantId, value)))
    throw badRequest({ quarterId: tasksMessages.goalQuarterUnknown }, tasksMessages.goalQuarterUnknown);
  return value;
};

/** The card's labels that may stay on it on `boardId`: workspace-wide ones and that board's. */
export const assertLabelsKept = async (ctx: TenantContext, taskId: string, boardId: string | null) => {
  const rows = await ctx.db
    .select({ id: labels.id, boardId: labels.boardId })
    .from(taskLabels)
    .innerJoin(labels, eq(labels.id, taskLabels.labelId))
    .where(eq(taskLabels.taskId, taskId));
  return rows.filter((l) => l.boardId === null || l.boardId === boardId).map((l) => l.id);
};
