// The original client sends snake_case keys; ours sends camelCase. Both are accepted:
// request keys are converted to camelCase before validation.

// Plain: a literal, an object without a prototype, or Fastify's query object (an instance of a
// class whose prototype has none). Dates, buffers and other instances are left alone.
const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
};

export const snakeToCamel = (key: string): string =>
  key.replace(/^_+/, '').replace(/_+([a-z0-9])/g, (_, c: string) => c.toUpperCase());

export const camelToSnake = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const mapKeys = (value: unknown, rename: (key: string) => string): unknown => {
  if (Array.isArray(value)) return value.map((item) => mapKeys(item, rename));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[rename(key)] = mapKeys(inner, rename);
  return out;
};

/** Deeply renames object keys to camelCase; values are left alone. */
export const toCamelKeys = <T = unknown>(value: unknown): T => mapKeys(value, snakeToCamel) as T;

/** Deeply renames object keys to snake_case; values are left alone. */
export const toSnakeKeys = <T = unknown>(value: unknown): T => mapKeys(value, camelToSnake) as T;
