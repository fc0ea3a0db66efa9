import { describe, expect, it } from 'vitest';
import { dobToInput, inputToDob } from './dob.ts';

describe('dates of birth', () => {
  it('shows YYYY-MM-DD as MM/dd/yyyy and reads it back', () => {
    expect(dobToInput('1985-12-31')).toBe('12/31/1985');
    expect(dobToInput(null)).toBe('');
    expect(inputToDob('12/31/1985')).toBe('1985-12-31');
    expect(inputToDob('2/3/1990')).toBe('1990-02-03');
    expect(inputToDob('')).toBeNull();
  });
  it('refuses impossible or other shapes of dates', () => {
    expect(inputToDob('02/30/2023')).toBeUndefined();
    expect(inputToDob('1985-12-31')).toBeUndefined();
    expect(inputToDob('13/01/2000')).toBeUndefined();
  });
});
