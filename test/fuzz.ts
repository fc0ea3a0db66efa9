// Request generators for the bounded fuzz test (test/fuzz.test.ts): values built from the
// OpenAPI document's JSON schemas, then mutated the ways a broken or hostile client would.

/** A small seeded PRNG (mulberry32): the same seed makes the same requests. */
export const prng = (seed: number) => {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
};
export type Rng = ReturnType<typeof prng>;

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

/** Real ids of the seeded workspace, by what they name. */
export type Ids = Record<string, string[]>;

// Deep nesting travels as a marker, replaced in the JSON text: building and stringifying
// thousands of levels as objects would overflow the test's own stack.
const DEEP = 5_000;
const DEEP_ARRAY = '@@deep-array@@';
const DEEP_OBJECT = '@@deep-object@@';
export const deepArray = () => DEEP_ARRAY;
export const deepObject = () => DEEP_OBJECT;
export const deepArrayJson = (depth = DEEP) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
export const deepObjectJson = (depth = DEEP) => `${'{"a_b":'.repeat(depth)}"x"${'}'.repeat(depth)}`;

/** The JSON text of a generated body, with the deep-nesting markers expanded. */
export const toJson = (value: unknown) =>
  JSON.stringify(value).replaceAll(`"${DEEP_ARRAY}"`, deepArrayJson()).replaceAll(`"${DEEP_OBJECT}"`, deepObjectJson());

const randomUuid = (rng: Rng) =>
  'xxxxxxxx-xxxx-4xxx-8xxx-xxxxxxxxxxxx'.replace(/x/g, () => '0123456789abcdef'[rng.int(16)] as string);

/** An id for a field: usually a real one of the seeded workspace, so the call reaches the service. */
const idFor = (rng: Rng, name: string, ids: Ids) => {
  const key = name.replace(/Ids?$/, '').toLowerCase();
  const pool = ids[key] ?? (rng.chance(0.7) ? Object.values(ids).flat() : []);
  return pool.length > 0 && rng.chance(0.85) ? rng.pick(pool) : randomUuid(rng);
};

/** A string that fits the common patterns of the schemas (dates, times, colours, quarters). */
const stringFor = (rng: Rng, schema: JsonSchema, name: string, ids: Ids): string => {
  if (schema.format === 'uuid') return idFor(rng, name, ids);
  const pattern = schema.pattern ?? '';
  if (pattern.includes('\\d{4}-\\d{2}-\\d{2}') || /date/i.test(name))
    return rng.chance(0.1)
      ? rng.pick(['1000-01-01', '9999-12-31', '2024-02-29'])
      : `2026-0${1 + rng.int(9)}-${10 + rng.int(18)}`;
  if (pattern.includes(':[0-5]') || /time$/i.test(name)) return `0${rng.int(10)}:${rng.pick(['00', '30'])}`;
  if (pattern.includes('#')) return '#12ab9f';
  if (pattern.includes('Q')) return `2026-Q${1 + rng.int(4)}`;
  if (/email/i.test(name)) return `fuzz-${rng.int(1e9)}@example.test`;
  if (/timezone/i.test(name)) return rng.pick(['UTC', 'Europe/Berlin', 'America/New_York']);
  if (/url|link/i.test(name)) return 'https://example.com/x';
  const min = Math.max(schema.minLength ?? 1, 1);
  const max = Math.min(schema.maxLength ?? 20, 20);
  return 'Fuzz text'.padEnd(Math.min(Math.max(min, 5), max), 'x').slice(0, Math.max(min, Math.min(max, 9)));
};

/** A value that satisfies `schema` as far as a simple generator can. */
export const validish = (rng: Rng, schema: JsonSchema | undefined, ids: Ids, name = '', depth = 0): unknown => {
  if (!schema || depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return rng.pick(schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return validish(rng, rng.pick(alternatives), ids, name, depth + 1);
  const type = Array.isArray(schema.type) ? rng.pick(schema.type.filter((t) => t !== 'null')) : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || rng.chance(0.6)) out[key] = validish(rng, inner, ids, key, depth + 1);
      }
      return out;
    }
    case 'array': {
      const count = Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 1 + rng.int(3)));
      return Array.from({ length: count }, () => validish(rng, schema.items, ids, name, depth + 1));
    }
    case 'string':
      return stringFor(rng, schema, name, ids);
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? 0;
      const max = schema.maximum ?? min + 10;
      // Now and then a bound itself: the largest page, the most cycles.
      if (rng.chance(0.1)) return rng.pick([min, max]);
      return min + rng.int(Math.max(1, Math.min(max - min + 1, 10)));
    }
    case 'boolean':
      return rng.chance(0.5);
    default:
      return null;
  }
};

/** Values that no field should accept without a clean 400. */
export const badValue = (rng: Rng): unknown =>
  rng.pick([
    () => 'a\u0000b',
    () => 'x'.repeat(70_000),
    () => deepArray(),
    () => deepObject(),
    () => '2025-02-29',
    () => '2024-02-30',
    () => '2025-13-01',
    () => '2026-01-01T25:61:00Z',
    () => 1e308 * 10,
    () => -1,
    () => Number.MAX_SAFE_INTEGER + 2,
    () => 1.5,
    () => true,
    () => null,
    () => [],
    () => ['a', 'b'],
    () => ({}),
    () => ({ nested: { deeper: 'x' } }),
    () => 'not-a-uuid',
    () => '',
    () => '   ',
    () => '\ud800',
    () => '<script>alert(1)</script>',
    () => "'; drop table users; --",
    () => '💥'.repeat(300),
  ])();

/** Replaces one leaf (or key) of a valid-ish body with something broken. */
export const mutateBody = (rng: Rng, body: unknown): unknown => {
  if (rng.chance(0.12)) return rng.pick([{}, [], 'text', 42, null, deepArray(), deepObject()]);
  if (typeof body !== 'object' || body === null) return badValue(rng);
  const copy = structuredClone(body) as Record<string, unknown>;
  // Walk down to a random object inside the body.
  let target: Record<string, unknown> = copy;
  for (let i = 0; i < 3; i++) {
    const nested = Object.values(target).filter((v) => typeof v === 'object' && v !== null);
    if (nested.length === 0 || rng.chance(0.5)) break;
    target = rng.pick(nested) as Record<string, unknown>;
  }
  const keys = Object.keys(target);
  const action = rng.int(4);
  if (action === 0 && keys.length > 0) delete target[rng.pick(keys)];
  else if (action === 1) target[rng.pick(['extra_field', 'unknownKey', '__proto__x', 'a\u0000'])] = badValue(rng);
  else if (keys.length > 0) target[rng.pick(keys)] = badValue(rng);
  else target.extra = badValue(rng);
  return copy;
};

/** Path segments no route should answer with a 5xx. */
export const badPathValue = (rng: Rng) =>
  rng.pick([
    'not-a-uuid',
    '%00',
    'a%00b',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    'x'.repeat(5_000),
    '%E2%82',
    '..%2F..%2Fetc%2Fpasswd',
    '1e309',
    '-1',
    '%F0%9F%92%A5',
    randomUuid(rng).toUpperCase(),
  ]);

/** Query values no route should answer with a 5xx (already URL-encoded). */
export const badQueryValue = (rng: Rng) =>
  rng.pick([
    '%00',
    'a%00b',
    '-1',
    '1e309',
    'NaN',
    '99999999999999999999999',
    '0x10',
    '1.5',
    'not-a-uuid',
    'unknown-enum',
    '2025-02-29',
    '2024-02-30',
    '2025-13-01',
    'x'.repeat(3_000),
    '%E2%82',
    '',
    'true',
  ]);

/** OpenAPI 3.0 `nullable` as JSON Schema (a null branch), so Ajv reads it as the generators do. */
export const jsonSchemaOf = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(jsonSchemaOf);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value))
    out[key] =
      key === 'properties'
        ? Object.fromEntries(Object.entries(child).map(([k, v]) => [k, jsonSchemaOf(v)]))
        : jsonSchemaOf(child);
  if (out.format === 'binary') delete out.format;
  if (out.nullable !== true) return out;
  delete out.nullable;
  return { anyOf: [out, { type: 'null' }] };
};
