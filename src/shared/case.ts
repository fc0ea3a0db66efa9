// The original client sends snake_case keys; ours sends camelCase. Both are accepted:
// request keys are converted to camelCase before validation.

// Plain: a literal, an object without a prototype, or Fastify's query object (an instance of a
// class whose prototype has none). Dates, buffers and other instances are left alone.
const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
};

const isContainer = (value: unknown): value is Record<string, unknown> | unknown[] =>
  Array.isArray(value) || isPlainObject(value);

export const snakeToCamel = (key: string): string =>
  key.replace(/^_+/, '').replace(/_+([a-z0-9])/g, (_, c: string) => c.toUpperCase());

export const camelToSnake = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Thrown when a value is nested deeper than the caller allows (a request body, decision 024). */
export class NestingTooDeepError extends Error {
  constructor(readonly maxDepth: number) {
    super(`nested deeper than ${maxDepth} levels`);
    this.name = 'NestingTooDeepError';
  }
}

// Iterative, with an explicit stack: JSON nested thousands of levels deep must not overflow
// the call stack (it did, as a 500, before decision 024).
const mapKeys = (value: unknown, rename: (key: string) => string, maxDepth: number): unknown => {
  if (!isContainer(value)) return value;
  const copyOf = (container: Record<string, unknown> | unknown[]) => (Array.isArray(container) ? [] : {});
  const root = copyOf(value);
  const stack: { from: Record<string, unknown> | unknown[]; to: Record<string, unknown>; depth: number }[] = [
    { from: value, to: root as Record<string, unknown>, depth: 1 },
  ];
  while (stack.length > 0) {
    const { from, to, depth } = stack.pop() as (typeof stack)[number];
    if (depth > maxDepth) throw new NestingTooDeepError(maxDepth);
    const isArray = Array.isArray(from);
    for (const [key, inner] of Object.entries(from)) {
      const target = isArray ? Number(key) : rename(key);
      if (isContainer(inner)) {
        const copy = copyOf(inner);
        to[target] = copy;
        stack.push({ from: inner, to: copy as Record<string, unknown>, depth: depth + 1 });
      } else to[target] = inner;
    }
  }
  return root;
};

/** Deeply renames object keys to camelCase; values are left alone. Deeper than `maxDepth`: throws. */
export const toCamelKeys = <T = unknown>(value: unknown, maxDepth = Number.POSITIVE_INFINITY): T =>
  mapKeys(value, snakeToCamel, maxDepth) as T;

/** Deeply renames object keys to snake_case; values are left alone. */
export const toSnakeKeys = <T = unknown>(value: unknown): T =>
  mapKeys(value, camelToSnake, Number.POSITIVE_INFINITY) as T;
