import { eq } from 'drizzle-orm';
import { sessions, tasks } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { conflict, notFound } from '../../../shared/errors.ts';
import { TASK_TYPE, type TaskType } from '../../../shared/tasks.ts';
import { describeCards } from '../../tasks/server/cards.query.ts';
import { findVisibleTask } from '../../tasks/server/tasks.access.ts';
import { createTask, updateTask } from '../../tasks/server/tasks.service.ts';
import { ZCreateTask } from '../../tasks/tasks.schemas.ts';
import { liveMessages } from '../live.messages.ts';
import type { ConvertHeadline, LiveSession, TodosFromIssue } from '../live.schemas.ts';
import { findManagedLiveSession, type SessionRow } from './live.access.ts';
import { toLiveSession } from './live.service.ts';

// Issues solved in the room (docs/decisions/036-issues-solved-in-the-room.md): on the
// Issues step a leader picks the issue being discussed, then solves it, drops it to the
// backburner or turns it into to-dos; on the Headlines step a headline becomes an issue or a
// to-do. Each is one call in one transaction; the cards change through the tasks feature's
// service, so its rules, its checks of owners and its 'task.changed' events apply unchanged.

/**
 * An open item of the given type that the caller sees and that belongs to the session's
 * meeting (linked to it, or on one of its boards: the tasks feature's rule); 404 otherwise.
 */
const findOpenItem = async (ctx: TenantContext, session: SessionRow, taskId: string, type: TaskType) => {
  const access = await findVisibleTask(ctx, taskId);
  if (![...access.meetingIds, ...access.boardMeetingIds].includes(session.meetingId)) throw notFound();
  if (access.task.type !== type || access.task.status !== '0')
    throw conflict(type === TASK_TYPE.issue ? liveMessages.liveNotAnIssue : liveMessages.liveNotAHeadline);
  return access.task;
};

const publishDiscussed = (ctx: TenantContext, session: SessionRow, taskId: string | null) =>
  ctx.publish({
    tenantId: ctx.tenantId,
    meetingId: session.meetingId,
    type: 'live.discussing',
    data: { sessionId: session.id, meetingId: session.meetingId, taskId },
  });

/** The issue being discussed is no longer open: nobody's screen highlights it any more. */
const clearDiscussed = async (ctx: TenantContext, session: SessionRow, taskId: string) => {
  if (session.discussedTaskId !== taskId) return;
  await ctx.db.update(sessions).set({ discussedTaskId: null }).where(eq(sessions.id, session.id));
  publishDiscussed(ctx, session, null);
};

/** Done, with the session it was finished in. */
const finishInSession = async (ctx: TenantContext, session: SessionRow, taskId: string) => {
  await updateTask(ctx, taskId, { status: '1' });
  await ctx.db.update(tasks).set({ completedInSessionId: session.id }).where(eq(tasks.id, taskId));
};

/** `POST sessions/{id}/discussing`: the issue everyone's screen highlights, or none. */
export const discussIssue = async (
  ctx: TenantContext,
  sessionId: string,
  taskId: string | null,
): Promise<LiveSession> => {
  const { session } = await findManagedLiveSession(ctx, sessionId);
  if (taskId) await findOpenItem(ctx, session, taskId, TASK_TYPE.issue);
  const [changed] = await ctx.db
    .update(sessions)
    .set({ discussedTaskId: taskId })
    .where(eq(sessions.id, session.id))
    .returning();
  publishDiscussed(ctx, session, taskId);
  return toLiveSession(changed!);
};

/** `POST sessions/{id}/issues/{taskId}/solve`: the issue is done, solved in this session. */
export const solveIssue = async (ctx: TenantContext, sessionId: string, taskId: string) => {
  const { session } = await findManagedLiveSession(ctx, sessionId);
  await findOpenItem(ctx, session, taskId, TASK_TYPE.issue);
  await finishInSession(ctx, session, taskId);
  await clearDiscussed(ctx, session, taskId);
  const [card] = await describeCards(ctx.db, [{ id: taskId }]);
  return card!;
};

/** `POST sessions/{id}/issues/{taskId}/backburner`: not now; it waits on the Backburner list, open. */
export const backburnerIssue = async (ctx: TenantContext, sessionId: string, taskId: string) => {
  const { session } = await findManagedLiveSession(ctx, sessionId);
  await findOpenItem(ctx, session, taskId, TASK_TYPE.issue);
  await updateTask(ctx, taskId, { type: TASK_TYPE.backburner });
  await clearDiscussed(ctx, session, taskId);
  const [card] = await describeCards(ctx.db, [{ id: taskId }]);
  return card!;
};

/** A new open item of the meeting, made in the room from another one it links back to. */
const createFrom = async (
  ctx: TenantContext,
  session: SessionRow,
  sourceId: string,
  item: { type: TaskType; title: string; userId: string; dueDate: string | null },
) => {
  const created = await createTask(
    ctx,
    ZCreateTask.parse({
      title: item.title,
      type: item.type,
      userId: item.userId,
      dueDate: item.type === TASK_TYPE.headline ? null : item.dueDate,
      meetingIds: [session.meetingId],
    }),
  );
  await ctx.db.update(tasks).set({ sourceTaskId: sourceId }).where(eq(tasks.id, created.id));
  return created.id;
};

/**
 * `POST sessions/{id}/issues/{taskId}/todos`: to-dos with owners and due dates that link back
 * to the issue. The issue stays open: solving it is its own decision.
 */
export const todosFromIssue = async (ctx: TenantContext, sessionId: string, taskId: string, input: TodosFromIssue) => {
  const { session } = await findManagedLiveSession(ctx, sessionId);
  await findOpenItem(ctx, session, taskId, TASK_TYPE.issue);
  const ids: string[] = [];
  for (const todo of input.todos) ids.push(await createFrom(ctx, session, taskId, { type: TASK_TYPE.todo, ...todo }));
  return describeCards(
    ctx.db,
    ids.map((id) => ({ id })),
  );
};

/**
 * `POST sessions/{id}/headlines/{taskId}/convert`: the headline becomes an issue or a to-do
 * (by default with its title and owner) that links back to it, and the headline, read, is done.
 */
export const convertHeadline = async (
  ctx: TenantContext,
  sessionId: string,
  taskId: string,
  input: ConvertHeadline,
) => {
  const { session } = await findManagedLiveSession(ctx, sessionId);
  const headline = await findOpenItem(ctx, session, taskId, TASK_TYPE.headline);
  const id = await createFrom(ctx, session, taskId, {
    type: input.type,
    title: input.title ?? headline.title,
    userId: input.userId ?? headline.userId ?? ctx.userId,
    dueDate: input.dueDate,
  });
  await finishInSession(ctx, session, taskId);
  const [card] = await describeCards(ctx.db, [{ id }]);
  return card!;
};
