import { users } from '../db/schema/index.ts';
import type { PersonSummary } from '../shared/person.ts';

/**
 * The columns behind a `PersonSummary`: select them (spread, or nested under a key) and map
 * each row with `personSummary`, so every list, card and avatar shows a person the same way.
 */
export const personSummaryColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  image: users.image,
  deletedAt: users.deletedAt,
};

export type PersonSummaryRow = {
  id: string;
  firstName: string;
  lastName: string;
  image: string | null;
  deletedAt: Date | null;
};

export const personSummary = (row: PersonSummaryRow): PersonSummary => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  image: row.image,
  deleted: row.deletedAt !== null,
});
