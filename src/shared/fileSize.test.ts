import { describe, expect, it } from 'vitest';
import { formatSize } from './fileSize.ts';

describe('formatSize', () => {
  it('reads as people expect', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(3482)).toBe('3.4 kB');
    expect(formatSize(120 * 1024)).toBe('120 kB');
    expect(formatSize(2.5 * 1024 * 1024)).toBe('2.5 MB');
  });
});
