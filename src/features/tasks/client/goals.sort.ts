import type { IsoDate } from '../../../shared/dates.ts';
import type { TaskStatus } from '../../../shared/tasks.ts';

// The order of goals (document 3 §4): by default On Track first, then Off Track, then the
// rest (Done, Incomplete), then by due date; the due-date column header cycles ascending,
// descending and back to unsorted (the default order). Goals without a due date go last
// either way, and equal keys keep a stable order by title.

export type DueSort = 'none' | 'asc' | 'desc';

/** The next state of the due-date column header: ascending → descending → unsorted. */
export const nextDueSort = (sort: DueSort): DueSort => (sort === 'none' ? 'asc' : sort === 'asc' ? 'desc' : 'none');

/** The value of the header's `aria-sort`. */
export const ariaSort = (sort: DueSort) =>
  sort === 'asc' ? ('ascending' as const) : sort === 'desc' ? ('descending' as const) : ('none' as const);

interface SortableGoal {
  title: string;
  status: TaskStatus;
  dueDate: IsoDate | string | null;
}

const statusRank = (status: TaskStatus) => (status === '0' ? 0 : status === '2' ? 1 : 2);

const compareDue = (a: string | null, b: string | null, direction: 1 | -1) => {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -direction : direction;
};

export const sortGoals = <T extends SortableGoal>(goals: readonly T[], sort: DueSort): T[] =>
  [...goals].sort((a, b) => {
    const byKey =
      sort === 'none'
        ? statusRank(a.status) - statusRank(b.status) || compareDue(a.dueDate, b.dueDate, 1)
        : compareDue(a.dueDate, b.dueDate, sort === 'asc' ? 1 : -1);
    return byKey || a.title.localeCompare(b.title);
  });
