import { describe, expect, it } from 'vitest';
import { humanDuration } from './duration.ts';

describe('humanDuration', () => {
  it('says how long the client build took as a person says it', () => {
    expect(humanDuration(400)).toBe('1 second');
    expect(humanDuration(45_300)).toBe('45 seconds');
    expect(humanDuration(60_000)).toBe('1 minute');
    expect(humanDuration(72_000)).toBe('1 minute 12 seconds');
    expect(humanDuration(121_000)).toBe('2 minutes 1 second');
  });
});
