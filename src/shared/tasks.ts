import { addDays, type IsoDate } from './dates.ts';
import { messages } from './messages.ts';

// Action items (tasks, cards): their types and statuses keep the spec's wire values
// (document 2 §4), and the rules about them live here once, for server and client.

export const TASK_TYPE = { goal: '1', issue: '2', headline: '3', todo: '4', backburner: '5' } as const;
export type TaskType = (typeof TASK_TYPE)[keyof typeof TASK_TYPE];

export const TASK_TYPE_NAMES: Record<TaskType, string> = {
  '1': 'Goals',
  '2': 'Issue',
  '3': 'Headline',
  '4': 'To Do',
  '5': 'Backburner',
};

/** Stored statuses. Goals' '4' Overdue is never stored: it is shown for a past-due goal. */
export type TaskStatus = '0' | '1' | '2' | '3';
export const OVERDUE = '4';

/** Status names by type, in the order menus offer them (the goal menu: 0, 2, 1, 3). */
export const STATUSES: Record<TaskType, { value: TaskStatus; name: string }[]> = {
  '1': [
    { value: '0', name: 'On Track' },
    { value: '2', name: 'Off Track' },
    { value: '1', name: 'Done' },
    { value: '3', name: 'Incomplete' },
  ],
  '2': [
    { value: '0', name: 'Open' },
    { value: '1', name: 'Done' },
  ],
  '3': [
    { value: '0', name: 'Open' },
    { value: '1', name: 'Done' },
  ],
  '4': [
    { value: '0', name: 'Open' },
    { value: '1', name: 'Done' },
  ],
  '5': [
    { value: '0', name: 'Open' },
    { value: '2', name: 'On Hold' },
    { value: '3', name: 'Urgent' },
  ],
};

/** A status's name for the type; '4' is Overdue; a value the type lacks shows as is. */
export const statusName = (type: TaskType, status: string): string =>
  status === OVERDUE ? messages.taskOverdue : (STATUSES[type]?.find((s) => s.value === status)?.name ?? status);

export const isValidStatus = (type: TaskType, status: string): status is TaskStatus =>
  STATUSES[type].some((s) => s.value === status);

/** A goal is active unless Done or Incomplete; anything else unless Done. */
export const isActive = (type: TaskType, status: TaskStatus) =>
  type === TASK_TYPE.goal ? status !== '1' && status !== '3' : status !== '1';

/** Only an open card may be locked, and a locked card cannot be marked done. */
export const canLock = (status: TaskStatus) => status === '0';

/** Headlines have no due date. */
export const hasDueDate = (type: TaskType) => type !== TASK_TYPE.headline;

/** The status a list or report shows: a goal past its due date and still active shows Overdue. */
export const shownStatus = (type: TaskType, status: TaskStatus, dueDate: IsoDate | null, today: IsoDate) =>
  type === TASK_TYPE.goal && isActive(type, status) && dueDate !== null && dueDate < today ? OVERDUE : status;

export type DueColour = 'green' | 'yellow' | 'red' | 'grey';

/** The card's colour: done green; due within 0–2 days yellow; past due red; else grey. */
export const dueColour = (status: TaskStatus, dueDate: IsoDate | null, today: IsoDate): DueColour => {
  if (status === '1') return 'green';
  if (!dueDate) return 'grey';
  if (dueDate < today) return 'red';
  return dueDate <= addDays(today, 2) ? 'yellow' : 'grey';
};

export const REMINDERS = ['none', 'daily', 'weekly', 'monthly'] as const;
export type Reminder = (typeof REMINDERS)[number];

/** A card's description may be this long at most (document 2 §5). */
export const DESCRIPTION_MAX = 60_000;

/** Action items a dashboard list shows at first and adds with each "Show N more". */
export const TASK_LIST_PAGE_SIZE = 20;
/** The most a client may ask for in one page of an action-item list. */
export const TASK_LIST_MAX_PAGE = 100;

/** The card's state the placement and status rules look at. */
export interface TaskState {
  type: TaskType;
  status: TaskStatus;
  isLocked: boolean;
  showInTasks: '0' | '1';
  memberCount: number;
  boardId: string | null;
  boardListId: string | null;
}

export interface TaskRuleProblem {
  /** The request field to show the message on. */
  field: string;
  message: string;
  /** 400: the request is wrong; 409: it conflicts with the card's state (locked, done). */
  kind: 'invalid' | 'conflict';
}

/**
 * Whether a change from `before` (undefined: a new card) to `after` is allowed (document 2
 * §4–§5): statuses per type; lock only while open, and a locked card keeps its open status;
 * an action item keeps at least one member; a card out of action items needs a board list;
 * "No Board" only for an action item with members. Null when allowed.
 */
export const taskRuleProblem = (before: TaskState | undefined, after: TaskState): TaskRuleProblem | null => {
  if (!isValidStatus(after.type, after.status))
    return { field: 'status', message: messages.invalidStatusForType, kind: 'invalid' };
  if (after.isLocked && after.status !== '0') {
    const wasLocked = before?.isLocked ?? false;
    return wasLocked
      ? { field: 'status', message: messages.cardLocked, kind: 'conflict' }
      : { field: 'isLocked', message: messages.onlyOpenCardsLock, kind: 'conflict' };
  }
  if (after.showInTasks === '1' && after.memberCount === 0)
    return { field: 'members', message: messages.lastMemberOfActionItem, kind: 'invalid' };
  if (after.showInTasks === '0' && !after.boardListId) {
    const leftBoard = !after.boardId && (before?.boardId ?? null) !== null;
    return leftBoard
      ? { field: 'boardId', message: messages.mustBeActionItem, kind: 'invalid' }
      : { field: 'showInTasks', message: messages.needsBoardList, kind: 'invalid' };
  }
  return null;
};

/** A type change keeps the status when the new type has it, else the card reopens ('0'). */
export const statusForType = (type: TaskType, status: TaskStatus): TaskStatus =>
  isValidStatus(type, status) ? status : '0';

/** The reminder period an instant falls in: a day, an ISO week or a month (UTC). Null: no reminder. */
export const reminderPeriod = (reminder: Reminder, at: Date): string | null => {
  const day = at.toISOString().slice(0, 10);
  if (reminder === 'daily') return day;
  if (reminder === 'monthly') return day.slice(0, 7);
  if (reminder === 'weekly') {
    // ISO week: the week of the Thursday of this week.
    const date = new Date(`${day}T00:00:00Z`);
    const weekday = (date.getUTCDay() + 6) % 7;
    date.setUTCDate(date.getUTCDate() - weekday + 3);
    const year = date.getUTCFullYear();
    const firstThursday = new Date(Date.UTC(year, 0, 4));
    const week =
      1 +
      Math.round(
        ((date.getTime() - firstThursday.getTime()) / 86_400_000 - 3 + ((firstThursday.getUTCDay() + 6) % 7)) / 7,
      );
    return `${year}-W${String(week).padStart(2, '0')}`;
  }
  return null;
};
