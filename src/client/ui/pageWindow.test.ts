import { describe, expect, it } from 'vitest';
import { pageWindow } from './pageWindow.ts';

describe('pageWindow', () => {
  it('shows at most five page numbers around the current page', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 12)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(12, 12)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(11, 12)).toEqual([8, 9, 10, 11, 12]);
  });
});
