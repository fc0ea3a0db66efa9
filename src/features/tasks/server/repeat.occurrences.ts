import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  boardLists,
  boardMeetings,
  boards,
  checklistItems,
  checklists,
  labels,
  meetings,
  taskLabels,
  taskMeetings,
  taskMembers,
  taskSeries,
  tasks,
  taskWatchers,
} from '../../../db/schema/index.ts';
import { anyOf } from '../../../db/sql.ts';
import type { TxContext } from '../../../server/context.ts';
import { addDays, type IsoDate, utcToZonedParts } from '../../../shared/dates.ts';
import type { TaskRepeat } from '../repeat.schemas.ts';
import { followingDate, type RepeatRule } from '../tasks.repeat.ts';
import { assignableUsers, type TaskAccess } from './tasks.access.ts';
import { endOfList, publishTask } from './tasks.write.ts';

// The occurrences of a repeating to-do or card: what each new one is made of (the series'
// template), and making the next one, exactly once, when the current one is done (a request)
// or its due date has passed (the hourly job, repeat.job.ts).

/** What a series' next occurrence is made of: the card as it was set to repeat or last edited for "this and the next ones". */
export interface OccurrenceTemplate {
  title: string;
  description: string | null;
  type: string;
  reminder: string;
  showInTasks: string;
  userId: string | null;
  members: string[];
  watchers: string[];
  meetingIds: string[];
  boardListId: string | null;
  labelIds: string[];
  /** Checklists with their items reopened; an item's due date as days from the card's. */
  checklists: { title: string; items: { title: string; ownerId: string | null; dueOffset: number | null }[] }[];
}

/** A request's or the job's side of making an occurrence: no signed-in person needed. */
export type SeriesContext = Pick<TxContext, 'db' | 'publish'> & { tenantId: string; userId: string | null };

export type SeriesRow = typeof taskSeries.$inferSelect;

const DAY_MS = 86_400_000;
const daysBetween = (from: IsoDate, to: IsoDate) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

export const ruleOf = (series: SeriesRow): RepeatRule => ({
  frequency: series.frequency as RepeatRule['frequency'],
  interval: series.interval,
  weekdays: series.weekdays,
  monthDay: series.monthDay,
  endsOn: series.endsOn,
  count: series.count,
  advance: series.advance as RepeatRule['advance'],
});

/** The card as the next occurrences should get it. */
export const templateOf = async (ctx: SeriesContext, access: TaskAccess): Promise<OccurrenceTemplate> => {
  const { task } = access;
  const labelRows = await ctx.db
    .select({ id: taskLabels.labelId })
    .from(taskLabels)
    .where(eq(taskLabels.taskId, task.id));
  const items = await ctx.db
    .select({
      listId: checklists.id,
      listTitle: checklists.title,
      title: checklistItems.title,
      ownerId: checklistItems.ownerId,
      dueDate: checklistItems.dueDate,
    })
    .from(checklists)
    .leftJoin(checklistItems, eq(checklistItems.checklistId, checklists.id))
    .where(eq(checklists.taskId, task.id))
    .orderBy(asc(checklists.sort), asc(checklistItems.sort));
  const lists = new Map<string, OccurrenceTemplate['checklists'][number]>();
  for (const item of items) {
    const list = lists.get(item.listId) ?? { title: item.listTitle, items: [] };
    lists.set(item.listId, list);
    if (item.title === null) continue;
    const dueOffset = item.dueDate && task.dueDate ? daysBetween(task.dueDate, item.dueDate) : null;
    list.items.push({ title: item.title, ownerId: item.ownerId, dueOffset });
  }
  return {
    title: task.title,
    description: task.description,
    type: task.type,
    reminder: task.reminder,
    showInTasks: task.showInTasks,
    userId: task.userId,
    members: access.members,
    watchers: access.watchers,
    meetingIds: access.meetingIds,
    boardListId: task.boardListId,
    labelIds: labelRows.map((row) => row.id),
    checklists: [...lists.values()],
  };
};

/**
 * Makes the series' occurrence for `date` from its template, keeping of it only what still
 * exists and may be on the card (meetings, the board list, labels, people who may be assigned).
 * Null when that occurrence exists already: the unique (series, date) decides, so two requests
 * or two servers make it once.
 */
export const createOccurrence = async (
  ctx: SeriesContext,
  series: SeriesRow,
  date: IsoDate,
  /** Lookups a run of many occurrences shares (the job's batch): series of one workspace name the same meetings. */
  cache: Map<string, Promise<unknown>> = new Map(),
) => {
  const template = series.template as OccurrenceTemplate;
  const { db, tenantId } = ctx;
  const once = <T>(key: string, load: () => Promise<T>) => {
    const hit = cache.get(key) ?? load();
    cache.set(key, hit);
    return hit as Promise<T>;
  };
  const meetingIds =
    template.meetingIds.length === 0
      ? []
      : await once(`meetings:${tenantId}:${template.meetingIds}`, async () =>
          (
            await db
              .select({ id: meetings.id })
              .from(meetings)
              .where(and(eq(meetings.tenantId, tenantId), anyOf(meetings.id, template.meetingIds)))
          ).map((row) => row.id),
        );
  const list = template.boardListId
    ? await once(`list:${tenantId}:${template.boardListId}`, async () => {
        const [found] = await db
          .select({ id: boardLists.id, boardId: boardLists.boardId })
          .from(boardLists)
          .innerJoin(boards, eq(boards.id, boardLists.boardId))
          .where(and(eq(boardLists.id, template.boardListId!), eq(boards.tenantId, tenantId)));
        if (!found) return null;
        const rooms = await db
          .select({ id: boardMeetings.meetingId })
          .from(boardMeetings)
          .where(eq(boardMeetings.boardId, found.boardId));
        return { ...found, meetingIds: rooms.map((row) => row.id) };
      })
    : null;
  const boardMeetingIds = list?.meetingIds ?? [];
  const rooms = [...meetingIds, ...boardMeetingIds];
  const assignable = await once(`people:${tenantId}:${rooms}`, () => assignableUsers(db, tenantId, rooms));
  const keep = (ids: string[]) => ids.filter((id) => assignable.has(id));
  const owner = template.userId && assignable.has(template.userId) ? template.userId : null;
  const showInTasks = list ? template.showInTasks : '1';
  let members = keep(template.members);
  if (showInTasks === '1' && members.length === 0 && owner) members = [owner];
  const [row] = await db
    .insert(tasks)
    .values({
      tenantId,
      title: template.title,
      description: template.description,
      type: template.type,
      status: '0',
      dueDate: date,
      reminder: template.reminder,
      userId: owner,
      boardId: list?.boardId ?? null,
      boardListId: list?.id ?? null,
      showInTasks,
      sort: await endOfList(ctx, list?.id ?? null),
      seriesId: series.id,
      seriesDate: date,
      createdBy: ctx.userId,
      changedBy: ctx.userId,
    })
    .onConflictDoNothing()
    .returning({ id: tasks.id });
  if (!row) return null;
  const id = row.id;
  const labelIds =
    template.labelIds.length === 0
      ? []
      : await once(`labels:${tenantId}:${list?.boardId}:${template.labelIds}`, async () =>
          (
            await db
              .select({ id: labels.id })
              .from(labels)
              .where(
                and(
                  eq(labels.tenantId, tenantId),
                  anyOf(labels.id, template.labelIds),
                  sql`(${labels.boardId} is null or ${labels.boardId} is not distinct from ${list?.boardId ?? null})`,
                ),
              )
          ).map((label) => label.id),
        );
  // A new card: its link rows are only added.
  if (meetingIds.length)
    await db.insert(taskMeetings).values(meetingIds.map((meetingId) => ({ taskId: id, meetingId })));
  if (members.length) await db.insert(taskMembers).values(members.map((userId) => ({ taskId: id, userId })));
  const watchers = keep(template.watchers);
  if (watchers.length) await db.insert(taskWatchers).values(watchers.map((userId) => ({ taskId: id, userId })));
  if (labelIds.length) await db.insert(taskLabels).values(labelIds.map((labelId) => ({ taskId: id, labelId })));
  for (const [sort, checklist] of template.checklists.entries()) {
    const [created] = await db
      .insert(checklists)
      .values({ tenantId, taskId: id, title: checklist.title, sort, changedBy: ctx.userId })
      .returning({ id: checklists.id });
    if (checklist.items.length > 0)
      await db.insert(checklistItems).values(
        checklist.items.map((item, index) => ({
          tenantId,
          checklistId: created!.id,
          title: item.title,
          status: '0',
          sort: index,
          ownerId: item.ownerId && assignable.has(item.ownerId) ? item.ownerId : null,
          dueDate: item.dueOffset === null ? null : addDays(date, item.dueOffset),
        })),
      );
  }
  publishTask(ctx, id, list?.boardId ?? null, [...meetingIds, ...boardMeetingIds], { action: 'created' });
  return id;
};

/** "Today" where the series' owner lives (UTC without one). */
export const ownerToday = async (ctx: Pick<SeriesContext, 'db'>, userId: string | null, now: Date) => {
  if (!userId) return now.toISOString().slice(0, 10);
  const result = await ctx.db.execute(sql`select timezone from users where id = ${userId}`);
  const zone = (result as unknown as { rows: { timezone: string }[] }).rows[0]?.timezone ?? 'UTC';
  return utcToZonedParts(now, zone).date;
};

/** A series still making occurrences, of the workspace. */
export const activeSeries = async (ctx: Pick<SeriesContext, 'db' | 'tenantId'>, seriesId: string) => {
  const [series] = await ctx.db
    .select()
    .from(taskSeries)
    .where(and(eq(taskSeries.id, seriesId), eq(taskSeries.tenantId, ctx.tenantId), isNull(taskSeries.stoppedAt)));
  return series ?? null;
};

/**
 * The next occurrence after this one, made now: when it is done in a series that advances on
 * done, or when it is deleted (the series goes on without it). Nothing when a later one exists
 * already (ticked, reopened and ticked again) or the series has ended.
 */
export const advanceSeries = async (
  ctx: SeriesContext,
  occurrence: { seriesId: string | null; seriesDate: IsoDate | null },
  reason: 'done' | 'deleted',
  now = new Date(),
) => {
  if (!occurrence.seriesId || !occurrence.seriesDate) return null;
  const series = await activeSeries(ctx, occurrence.seriesId);
  if (!series || (reason === 'done' && series.advance !== 'done')) return null;
  const [later] = await ctx.db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.seriesId, series.id), gt(tasks.seriesDate, occurrence.seriesDate)))
    .limit(1);
  if (later) return null;
  const today = await ownerToday(ctx, (series.template as OccurrenceTemplate).userId, now);
  const date = followingDate(ruleOf(series), series.startsOn, occurrence.seriesDate, today, series.lastOn);
  return date ? createOccurrence(ctx, series, date) : null;
};

/** The card's series as the card dialog shows it, or null. */
export const repeatOf = async (
  ctx: Pick<SeriesContext, 'db' | 'tenantId'>,
  task: { seriesId: string | null },
): Promise<TaskRepeat | null> => {
  const series = task.seriesId ? await activeSeries(ctx, task.seriesId) : null;
  if (!series) return null;
  return { seriesId: series.id, ...ruleOf(series), startsOn: series.startsOn, lastOn: series.lastOn };
};
