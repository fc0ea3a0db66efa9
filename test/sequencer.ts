import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest (each a minute or more of starting real processes, building, or
 * upgrading from every migration level), heaviest first. A fresh clone has no timings of earlier
 * runs, and vitest would then start with the largest files, leaving these short ones for the end,
 * where one worker runs them alone while the other is idle.
 */
const HEAVY_FIRST = [
  'test/upgrade.test.ts',
  'test/backup.test.ts',
  'test/foreign-ids.test.ts',
  'test/startup.test.ts',
  'src/server/backup/backup.test.ts',
  'test/seed-demo.test.ts',
  'test/data-lock.test.ts',
];

const rank = (spec: TestSpecification) => {
  const at = HEAVY_FIRST.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
  return at === -1 ? HEAVY_FIRST.length : at;
};

/** Vitest's order (earlier timings, else size), with the heavy files moved to the front. */
export class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
