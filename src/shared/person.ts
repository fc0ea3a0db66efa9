import { z } from 'zod';

/** A person as lists, cards and avatars show them; every feature sends this shape. */
export const ZPersonSummary = z
  .object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    image: z.string().nullable(),
    /** Removed from the system: shown with the deleted-user style. */
    deleted: z.boolean(),
  })
  .meta({ id: 'PersonSummary' });
export type PersonSummary = z.infer<typeof ZPersonSummary>;

export const fullName = (person: { firstName: string; lastName: string }): string =>
  `${person.firstName} ${person.lastName}`.trim();
