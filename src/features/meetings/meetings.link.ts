import { z } from 'zod';
import { messages } from '../../shared/messages.ts';

// The link rule in a file of its own: the meeting screens check links as they show them, and
// load this rather than every meeting schema (decision 143).

/**
 * A link typed by a person: 'https://' is added when the scheme is missing (document 1 §5).
 * Whitespace inside is refused: URL parsers would quietly encode it into a broken link.
 */
export const ZLink = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => !/\s/.test(value), { error: messages.invalidUrl })
  .transform((value) => (value && !/^[a-z][a-z0-9+.-]*:/i.test(value) ? `https://${value}` : value))
  .pipe(z.union([z.literal(''), z.url({ protocol: /^https?$/, error: messages.invalidUrl })]))
  .transform((value) => value || null);
