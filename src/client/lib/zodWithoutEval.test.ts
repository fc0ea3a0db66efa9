import { expect, test } from 'vitest';
import { skipZodEvalProbe } from './zodWithoutEval.ts';

// The setting reaches zod through its global: once set, building and parsing schemas never makes
// a function from a string (which the CSP reports).
test('zod builds and parses without new Function once the entry has run', async () => {
  skipZodEvalProbe();
  const made: unknown[] = [];
  const original = globalThis.Function;
  globalThis.Function = new Proxy(original, {
    construct(target, args) {
      made.push(args);
      return Reflect.construct(target, args);
    },
  });
  try {
    const { z, config } = await import('zod');
    expect(config().jitless).toBe(true);
    const schema = z.object({ id: z.string(), count: z.number(), tags: z.array(z.string()) });
    for (let i = 0; i < 3; i++) expect(schema.parse({ id: 'a', count: i, tags: ['x'] })).toMatchObject({ count: i });
    expect(schema.safeParse({ id: 1 }).success).toBe(false);
  } finally {
    globalThis.Function = original;
  }
  expect(made).toEqual([]);
});
