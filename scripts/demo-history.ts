import { addDays, type IsoDate } from '../src/shared/dates.ts';

// When each demo item was made, last changed and finished (`npm run seed:demo`): spread over the
// year behind `today`, from a fixed sequence (not Math.random) so every run shows the same demo.

export type Random = () => number;

export const makeRandom = (seed = 42): Random => {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
};

export interface History {
  createdAt: Date;
  changedAt: Date;
  /** Set when the item is done. */
  completedAt: Date | null;
  dueDate: IsoDate | undefined;
}

/** A moment in office hours (New York) on `date`. */
export const during = (date: IsoDate, random: Random) => {
  const minutes = 13 * 60 + Math.floor(random() * 8 * 60);
  return new Date(
    `${date}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00Z`,
  );
};

const between = (random: Random, from: number, to: number) => from + Math.floor(random() * (to - from + 1));

/**
 * An item made up to a year ago. Done: finished days or weeks later. `due`: 'overdue' (a past due
 * date, still open), 'upcoming' (a future one), 'kept' (done items keep the date they had), or none.
 */
export const planHistory = (
  random: Random,
  today: IsoDate,
  options: { done: boolean; due?: 'overdue' | 'upcoming' | 'kept'; minAge?: number; maxAge?: number },
): History => {
  const age = between(random, options.minAge ?? 3, options.maxAge ?? 360);
  const created = addDays(today, -age);
  const createdAt = during(created, random);
  if (options.done) {
    const finished = addDays(created, between(random, 1, Math.min(60, age - 1)));
    const completedAt = during(finished, random);
    const dueDate = options.due ? addDays(finished, between(random, -3, 10)) : undefined;
    return { createdAt, changedAt: completedAt, completedAt, dueDate };
  }
  const changedAt = during(addDays(created, between(random, 0, age - 1)), random);
  const dueDate =
    options.due === 'overdue'
      ? addDays(today, -between(random, 1, Math.min(40, age)))
      : options.due === 'upcoming'
        ? addDays(today, between(random, 2, 45))
        : undefined;
  return { createdAt, changedAt: changedAt < createdAt ? createdAt : changedAt, completedAt: null, dueDate };
};
