import { z } from 'zod';
import { CALENDAR_DAY_ITEMS_MAX, CALENDAR_ITEMS_PER_CELL, CALENDAR_MAX_SPAN_DAYS } from '../../shared/constants.ts';
import { addDays } from '../../shared/dates.ts';
import { TIMEZONES } from '../../shared/timezones.ts';
import { commaSeparatedIds, isoDate, onceFieldsValid } from '../../shared/validation.ts';
import { calendarMessages } from './calendar.messages.ts';

// The calendar (document 2 §2–3, decision 034): one call for a window of days, with the
// meetings' sessions, the cards and goals due in it.

export const ZCalendarQuery = z
  .strictObject({
    /** First day shown (YYYY-MM-DD). */
    start: isoDate(),
    /** The day after the last one shown. */
    end: isoDate(),
    /** Only this meeting's sessions and cards (the meeting dashboard). */
    meetingId: z.uuid().optional(),
    /** Only items of these people (the member checkboxes), comma-separated user ids. */
    userIds: commaSeparatedIds(200).optional(),
    /**
     * At most this many items a day (default the cell's 5: sessions first, then cards and goals);
     * the rest are counted in `moreByDay`. The day view asks for more (decisions 058, 067).
     */
    perDay: z.coerce.number().int().min(1).max(CALENDAR_DAY_ITEMS_MAX).default(CALENDAR_ITEMS_PER_CELL),
    /** The zone the calendar shows its days in (the viewer's): a session's day is its start's date there. */
    timeZone: z.enum(TIMEZONES).default('UTC'),
    /** Only items whose title holds every word (the event search). */
    search: z.string().trim().max(200).optional(),
  })
  .refine((q) => q.end > q.start, { path: ['end'], error: calendarMessages.calendarEndBeforeStart, ...onceFieldsValid })
  .refine((q) => q.end <= addDays(q.start, CALENDAR_MAX_SPAN_DAYS), {
    ...onceFieldsValid,
    path: ['end'],
    error: calendarMessages.calendarSpanTooLong(CALENDAR_MAX_SPAN_DAYS),
  });
export type CalendarQuery = z.infer<typeof ZCalendarQuery>;

export const ZCalendarEvent = z
  .object({
    /** Unique in the answer: `session-{id}`, `task-{id}`, `milestone-{id}`, `quarter-{YYYY-Qn}`. */
    id: z.string(),
    /**
     * 'quarter': the first day of one of the workspace's quarters (an all-day marker, decision 056).
     * 'milestone': a goal's milestone by its due date; `taskId` is its goal, `status` '1' when done.
     */
    kind: z.enum(['session', 'task', 'goal', 'milestone', 'quarter']),
    title: z.string(),
    /** An instant (sessions) or a date (due items, all day). */
    start: z.string(),
    end: z.string().nullable(),
    allDay: z.boolean(),
    /** The meeting's colour (a card: its first meeting's). */
    color: z.string().nullable(),
    meetingId: z.string().nullable(),
    sessionId: z.string().nullable(),
    taskId: z.string().nullable(),
    /** A card's status, whether a session was held ('1') or not ('0'), or a quarter's id. */
    status: z.string(),
    done: z.boolean(),
  })
  .meta({ id: 'CalendarEvent' });
export type CalendarEvent = z.infer<typeof ZCalendarEvent>;

export const ZCalendarEvents = z
  .object({
    events: z.array(ZCalendarEvent),
    /** Items left out by `perDay`, by day (YYYY-MM-DD, in `timeZone`): the cell's "+N MORE". */
    moreByDay: z.record(z.string(), z.number().int()),
    /** More items than the answer holds: narrow the window or the filters. */
    truncated: z.boolean(),
  })
  .meta({ id: 'CalendarEvents' });
export type CalendarEvents = z.infer<typeof ZCalendarEvents>;

/** The caller's ICS subscription: whether a link is active; its URL only in the answer that made it. */
export const ZCalendarFeed = z
  .object({
    active: z.boolean(),
    createdAt: z.string().nullable(),
    url: z.string().nullable(),
  })
  .meta({ id: 'CalendarFeed' });
export type CalendarFeed = z.infer<typeof ZCalendarFeed>;
