import { and, asc, eq, gt, isNull, ne } from 'drizzle-orm';
import { taskSeries, tasks } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { addDays } from '../../../shared/dates.ts';
import { badRequest } from '../../../shared/errors.ts';
import { TASK_TYPE } from '../../../shared/tasks.ts';
import type { SetRepeat } from '../repeat.schemas.ts';
import { tasksMessages } from '../tasks.messages.ts';
import { nextOccurrence, type RepeatRule, seriesEnd, weekdayOf } from '../tasks.repeat.ts';
import type { CreateTask, UpdateTask } from '../tasks.schemas.ts';
import { activeSeries, advanceSeries, ownerToday, templateOf } from './repeat.occurrences.ts';
import { findVisibleTask, roomsOf } from './tasks.access.ts';
import { createTask, getTask, updateTask } from './tasks.service.ts';
import { publishTask } from './tasks.write.ts';

// Setting and stopping a card's repeat, and edits of "this and the next ones".

/** The first date of the rule from `today` on, for a card without a due date. */
const firstDate = (rule: RepeatRule, today: string) => {
  const onStartDay =
    rule.frequency === 'daily' ||
    (rule.frequency === 'weekly' && rule.weekdays.length === 0) ||
    (rule.frequency === 'monthly' && rule.monthDay === null);
  if (onStartDay) return today;
  const yesterday = addDays(today, -1);
  return nextOccurrence({ ...rule, interval: 1 }, yesterday, yesterday, null)!;
};

/** The rule as stored: a weekly rule names its days, a monthly one its day (the start's by default). */
const completeRule = (input: SetRepeat, startsOn: string): RepeatRule => ({
  ...input,
  weekdays:
    input.frequency !== 'weekly'
      ? []
      : input.weekdays.length > 0
        ? [...new Set(input.weekdays)].sort()
        : [weekdayOf(startsOn)],
  monthDay: input.frequency !== 'monthly' ? null : (input.monthDay ?? Number(startsOn.slice(8, 10))),
});

/**
 * `PUT tasks/{id}/repeat`: the card repeats by this rule from its due date (or the rule's first
 * date from today, which becomes its due date); its content is what the next ones get. On a card
 * of a series, the series changes from this occurrence on.
 */
export const setRepeat = async (ctx: TenantContext, id: string, input: SetRepeat) => {
  const access = await findVisibleTask(ctx, id);
  const { task } = access;
  // Cards on boards are to-dos unless made something else; goals, issues and headlines do not repeat.
  if (task.type !== TASK_TYPE.todo) throw badRequest({ frequency: tasksMessages.repeatOnlyTodosAndCards });
  const series = task.seriesId ? await activeSeries(ctx, task.seriesId) : null;
  const today = await ownerToday(ctx, task.userId ?? ctx.userId, new Date());
  const startsOn = task.dueDate ?? firstDate(completeRule(input, today), today);
  const rule = completeRule(input, startsOn);
  if (rule.endsOn !== null && rule.endsOn < startsOn)
    throw badRequest({ endsOn: tasksMessages.repeatEndsBeforeStart(startsOn) });
  const end = seriesEnd(rule, startsOn);
  if (end.occurrences === 'tooMany')
    throw badRequest({ [rule.count ? 'count' : 'endsOn']: tasksMessages.repeatTooMany });
  const values = {
    frequency: rule.frequency,
    interval: rule.interval,
    weekdays: rule.weekdays,
    monthDay: rule.monthDay,
    endsOn: rule.endsOn,
    count: rule.count,
    advance: rule.advance,
    startsOn,
    lastOn: end.lastOn,
    template: await templateOf(ctx, access),
    changedAt: new Date(),
    changedBy: ctx.userId,
  };
  let seriesId = series?.id;
  if (series) await ctx.db.update(taskSeries).set(values).where(eq(taskSeries.id, series.id));
  else {
    const [created] = await ctx.db
      .insert(taskSeries)
      .values({ ...values, tenantId: ctx.tenantId, createdBy: ctx.userId })
      .returning({ id: taskSeries.id });
    seriesId = created!.id;
  }
  await ctx.db
    .update(tasks)
    .set({
      seriesId,
      seriesDate: series ? task.seriesDate : startsOn,
      dueDate: task.dueDate ?? startsOn,
      changedAt: new Date(),
      changedBy: ctx.userId,
    })
    .where(eq(tasks.id, id));
  // Set on a card already done: its next one is due now.
  if (task.status === '1')
    await advanceSeries(ctx, { seriesId: seriesId!, seriesDate: series ? task.seriesDate : startsOn }, 'done');
  publishTask(ctx, id, task.boardId, roomsOf(access), { action: 'updated' });
  return getTask(ctx, id);
};

/** `DELETE tasks/{id}/repeat`: no more occurrences; those made stay as they are. */
export const stopRepeat = async (ctx: TenantContext, id: string) => {
  const access = await findVisibleTask(ctx, id);
  const { task } = access;
  if (task.seriesId)
    await ctx.db
      .update(taskSeries)
      .set({ stoppedAt: new Date(), changedAt: new Date(), changedBy: ctx.userId })
      .where(
        and(eq(taskSeries.id, task.seriesId), eq(taskSeries.tenantId, ctx.tenantId), isNull(taskSeries.stoppedAt)),
      );
  publishTask(ctx, id, task.boardId, roomsOf(access), { action: 'updated' });
  return getTask(ctx, id);
};

/**
 * `PATCH tasks/{id}` with `repeatScope: 'following'`: the change is made to this occurrence and
 * the later open ones, and the next ones to come are made with it. Their own dates and states
 * stay theirs.
 */
export const updateFollowing = async (ctx: TenantContext, id: string, input: UpdateTask) => {
  const updated = await updateTask(ctx, id, input);
  const access = await findVisibleTask(ctx, id);
  const { task } = access;
  const series = task.seriesId ? await activeSeries(ctx, task.seriesId) : null;
  if (!series || !task.seriesDate) return updated;
  const { status: _status, dueDate: _dueDate, descriptionBase: _base, repeatScope: _scope, ...shared } = input;
  const later = await ctx.db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.seriesId, series.id), gt(tasks.seriesDate, task.seriesDate), ne(tasks.status, '1')))
    .orderBy(asc(tasks.seriesDate));
  for (const occurrence of later) await updateTask(ctx, occurrence.id, shared);
  await ctx.db
    .update(taskSeries)
    .set({ template: await templateOf(ctx, access), changedAt: new Date(), changedBy: ctx.userId })
    .where(eq(taskSeries.id, series.id));
  return updated;
};

/** `POST tasks` with a repeat: the card and its series in one write (a bad rule saves neither). */
export const createRepeating = async (ctx: TenantContext, input: CreateTask) => {
  const task = await createTask(ctx, input);
  return input.repeat ? setRepeat(ctx, task.id, input.repeat) : task;
};
