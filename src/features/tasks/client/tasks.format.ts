import { dayjs, inZone } from '../../../client/lib/dayjs.ts';
import { type IsoDate, utcToZonedParts } from '../../../shared/dates.ts';
import { messages } from '../../../shared/messages.ts';
import type { PersonSummary } from '../../../shared/person.ts';
import {
  type DueColour,
  dueColour,
  hasDueDate,
  type Reminder,
  TASK_TYPE,
  type TaskType,
} from '../../../shared/tasks.ts';
import { pickableQuarters } from '../../quarters/client/quarters.format.ts';
import type { Quarter } from '../../quarters/quarters.schemas.ts';
import { tasksMessages } from '../tasks.messages.ts';
import type { Card } from '../tasks.schemas.ts';

// Small pure helpers of the action-item screens: dates, periods, labels, description text.
// The rules themselves (statuses, active, lock, overdue, due colour) are in src/shared/tasks.ts.

/** How dates of action items show (the dashboard's format). */
export const TASK_DATE_FORMAT = 'MMM D, YYYY';

/** Today's calendar date where the viewer is: due dates compare against it. */
export const todayIn = (timezone: string, now = new Date()): IsoDate => utcToZonedParts(now, timezone).date;

/** A stored date 'YYYY-MM-DD' as the dashboard shows dates. */
export const formatDay = (date: IsoDate): string => dayjs(date).format(TASK_DATE_FORMAT);

/** An instant as a day in the viewer's time zone. */
export const formatInstantDay = (instant: string, timezone: string): string =>
  inZone(instant, timezone).format(TASK_DATE_FORMAT);

/**
 * The due-date periods: the workspace's quarters (the Quarters page, decision 043) from the
 * current one through the end of next year, each ending on its last day, which becomes the due
 * date (decision 027). A past quarter is no choice, except the one `current` (an item's saved
 * due date) ends, which still shows.
 */
export const quarterPeriods = (
  today: IsoDate,
  quarters: Quarter[],
  current: IsoDate | '' = '',
): { value: IsoDate; label: string }[] =>
  pickableQuarters(today, quarters, (q) => q.endDate === current).map((q) => ({
    value: q.endDate,
    label: tasksMessages.taskPeriodOption(q.number, q.year, formatDay(q.endDate)),
  }));

export const REMINDER_OPTIONS: { value: Reminder; label: string }[] = [
  { value: 'none', label: tasksMessages.reminderNone },
  { value: 'daily', label: tasksMessages.reminderDaily },
  { value: 'weekly', label: tasksMessages.reminderWeekly },
  { value: 'monthly', label: tasksMessages.reminderMonthly },
];

/** The types the dashboard's Action Items tabs show, in order, with their tab names. */
export const ACTION_ITEM_TABS: { type: TaskType; label: string }[] = [
  { type: TASK_TYPE.todo, label: tasksMessages.taskTabTodos },
  { type: TASK_TYPE.issue, label: tasksMessages.taskTabIssues },
  { type: TASK_TYPE.headline, label: tasksMessages.taskTabHeadlines },
  { type: TASK_TYPE.backburner, label: tasksMessages.taskTabBackburner },
];

/** A due date the rules can use: 'YYYY-MM-DD' and a real day ('Invalid date' counts as none). */
const validDue = (date: string | null): IsoDate | null =>
  date && /^\d{4}-\d{2}-\d{2}$/.test(date) && dayjs(date).isValid() ? date : null;

/**
 * The date line of a card (document 2 §4): `Due:` with the due colour, or `Created:` when the
 * card has no valid due date or is not shown in action items.
 */
export const cardDateLine = (
  card: Pick<Card, 'status' | 'dueDate' | 'showInTasks' | 'createdAt' | 'type'>,
  today: IsoDate,
  timezone: string,
): { kind: 'due' | 'created'; text: string; colour: DueColour } => {
  const due = hasDueDate(card.type) ? validDue(card.dueDate) : null;
  const colour = dueColour(card.status, due, today);
  if (due && card.showInTasks === '1') return { kind: 'due', text: messages.taskDue(formatDay(due)), colour };
  return { kind: 'created', text: messages.taskCreated(formatInstantDay(card.createdAt, timezone)), colour };
};

/** Mantine colours of the shared due colours. */
export const DUE_COLOUR = { green: 'teal', yellow: 'yellow', red: 'red', grey: 'gray' } as const;

/** Mantine colours of statuses as the goal and backburner menus show them ('4' is Overdue). */
export const statusColour = (type: TaskType, status: string): string => {
  if (status === '4') return 'red';
  if (type === TASK_TYPE.backburner) return status === '3' ? 'red' : status === '2' ? 'orange' : 'blue';
  return { '0': 'blue', '1': 'teal', '2': 'orange', '3': 'gray' }[status] ?? 'gray';
};

/**
 * Who may own an action item of the meeting: its leaders and members, once each, sorted by
 * first name (document 2 §6, §9); deleted users only when already the owner.
 */
export const assignablePeople = (
  meeting: { administrators: PersonSummary[]; members: PersonSummary[] },
  currentOwnerId: string | null,
): PersonSummary[] => {
  const byId = new Map<string, PersonSummary>();
  for (const person of [...meeting.administrators, ...meeting.members]) byId.set(person.id, person);
  return [...byId.values()]
    .filter((person) => !person.deleted || person.id === currentOwnerId)
    .sort((a, b) => a.firstName.localeCompare(b.firstName) || a.lastName.localeCompare(b.lastName));
};

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The plain-text description field's value as the rich text the API stores: a paragraph a line. */
export const textToHtml = (text: string): string | null => {
  if (text.trim() === '') return null;
  return text
    .split('\n')
    .map((line) => (line.trim() === '' ? '<p></p>' : `<p>${escapeHtml(line)}</p>`))
    .join('');
};

/** A stored rich-text description as plain text for the textarea: one line per block. */
export const htmlToText = (html: string | null): string => {
  if (!html) return '';
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  for (const br of body.querySelectorAll('br')) br.replaceWith('\n');
  const blocks = [...body.children];
  if (blocks.length === 0) return body.textContent ?? '';
  return blocks.map((block) => block.textContent ?? '').join('\n');
};
