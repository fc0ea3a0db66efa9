import { z } from 'zod';
import { isRealIsoDate, isRealIsoInstant } from './dates.ts';
import { messages } from './messages.ts';

// Field schemas shared by the server's routes and the client's forms, so that both show the
// same message for the same mistake.

/** A required text: trimmed, non-empty. */
export const requiredText = (max = 255) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required })
    .max(max, { error: messages.tooLong(max) });

export const email = () =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required })
    .max(254, { error: messages.tooLong(254) })
    .pipe(z.email({ error: messages.invalidEmail }))
    .transform((value) => value.toLowerCase());

export const PASSWORD_MIN = 6;
export const password = () =>
  z
    .string({ error: messages.required })
    .min(1, { error: messages.required })
    .min(PASSWORD_MIN, { error: messages.tooShort(PASSWORD_MIN) })
    .max(200, { error: messages.tooLong(200) });

export const uuid = () => z.uuid({ error: messages.notFound });

/** Whether a value is a UUID as the API's ids are (for checks made before a schema runs). */
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && z.uuid().safeParse(value).success;

/** A calendar date 'YYYY-MM-DD' that exists: '2025-02-29' and '2025-13-01' are 400s with a field error. */
export const isoDate = () =>
  z
    .string({ error: (issue) => (issue.input === undefined ? messages.required : messages.invalidDate) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: messages.invalidDate })
    .refine(isRealIsoDate, { error: messages.impossibleDate });

export const ZIsoDate = isoDate().meta({ id: 'IsoDate' });

/** An instant as ISO 8601 with an offset, whose date and time exist. */
export const isoInstant = () =>
  z
    .string({ error: (issue) => (issue.input === undefined ? messages.required : messages.invalidInstant) })
    .refine(isRealIsoInstant, { error: messages.invalidInstant });

/**
 * The path ('a.b.0') of the first string or key holding a NUL character (PostgreSQL refuses it
 * in text), or null. Iterative, so deep input cannot overflow the stack.
 */
export const findNul = (value: unknown, root = ''): string | null => {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path || 'body';
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, inner] of Object.entries(current)) {
        const at = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return at.replaceAll('\u0000', '');
        stack.push([inner, at]);
      }
    }
  }
  return null;
};

/** Anything missing is "This field is required"; other zod defaults become one plain message. */
export const installErrorMessages = () =>
  z.config({
    customError: (issue) => (issue.input === undefined ? messages.required : undefined),
  });

/** The largest value of a 32-bit integer column (PostgreSQL `integer`). */
export const INT32_MAX = 2_147_483_647;

/**
 * An integer that fits a 32-bit column, from `min`: every integer a request schema accepts fits
 * the column it is stored in or compared with (larger is a 400, not the database's 500).
 */
export const int32 = (min = -INT32_MAX - 1) =>
  z
    .number({ error: messages.invalidValue })
    .int({ error: messages.invalidValue })
    .min(min, { error: messages.invalidValue })
    .max(INT32_MAX, { error: messages.invalidValue });

/** The largest offset a list accepts: far past any real list, small enough for the planner. */
const OFFSET_MAX = 1_000_000;

/**
 * The paging fields of a list's query string, to spread into its schema: `offset` (default 0)
 * and `limit` (1 to `max`, `size` by default).
 */
export const pageParams = ({ size, max }: { size: number; max: number }) => ({
  offset: z.coerce.number().int().min(0).max(OFFSET_MAX).default(0),
  limit: z.coerce.number().int().min(1).max(max).default(size),
});

/** A page of a list: `items` from `offset`, of `total` under the same filters. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), offset: z.number() });

/**
 * A query-string list of ids, comma-separated ('a,b'): at most `max` uuids, each checked (400
 * otherwise). Empty entries are skipped, so '' is an empty list.
 */
export const commaSeparatedIds = (max: number) =>
  z
    .string()
    .max(37 * max)
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(z.uuid()).max(max));

/** A yes/no query-string flag ('true' or 'false') as a boolean. */
export const queryFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true');

/**
 * For a refinement over several fields of an object: run it only once every field passed. Zod
 * runs an object's refinements after a field's continuable failure (a date that missed its
 * pattern), so without this a rule would see a value its field already refused (and could throw).
 */
export const onceFieldsValid = { when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0 };

/**
 * A colour as '#rrggbb' (either case, kept as sent): what every colour picker and palette of the
 * product sends (decision 077). Nothing else, so a stored colour never carries CSS of its own.
 */
export const hexColour = ({ allowBlank = false } = {}) =>
  z
    .string({ error: messages.colourFormat })
    .trim()
    .regex(allowBlank ? /^(#[0-9a-fA-F]{6})?$/ : /^#[0-9a-fA-F]{6}$/, { error: messages.colourFormat });

const HTTPS_ADDRESS = /^https:\/\/[^\s"'<>\\]+$/;

/** An https:// address that parses as a URL with a host and holds nothing that breaks out of markup. */
export const isHttpsAddress = (value: string): boolean => {
  if (!HTTPS_ADDRESS.test(value)) return false;
  try {
    return new URL(value).hostname.length > 0;
  } catch {
    return false;
  }
};

/** A workspace logo the product itself serves: `/api/v2/tenants/{tenantId}/logo/{sha-256 hex}`. */
export const STORED_LOGO = /^\/api\/v2\/tenants\/([0-9a-f-]{36})\/logo\/[0-9a-f]{64}$/;

/** Where a workspace logo may point (decision 077): its stored picture or an https:// address. */
export const isLogoAddress = (value: string): boolean => STORED_LOGO.test(value) || isHttpsAddress(value);
