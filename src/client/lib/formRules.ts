import type { ReactNode } from 'react';
import type { z } from 'zod';

/**
 * A Mantine form rule from a shared zod field schema (src/shared/validation.ts), so that a form
 * shows the very message the server would send for the same mistake.
 */
export const fieldRule =
  (schema: z.ZodType) =>
  (value: unknown): ReactNode => {
    const result = schema.safeParse(value);
    return result.success ? null : (result.error.issues[0]?.message ?? null);
  };
