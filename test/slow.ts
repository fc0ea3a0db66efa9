/**
 * A time limit of `ms` on an idle machine, longer on a loaded one: vitest.config.ts sets
 * TEST_TIME_SCALE from the machine's load when the run starts (or takes it as given).
 */
export const scaled = (ms: number) => ms * (Number(process.env.TEST_TIME_SCALE) || 1);
