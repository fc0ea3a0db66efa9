import { describe, expect, it } from 'vitest';
import { canLock, dueColour, hasDueDate, isActive, isValidStatus, STATUSES, shownStatus } from './tasks.ts';

describe('task statuses and their rules', () => {
  it('offers each type its own statuses, the goal menu in the order 0, 2, 1, 3', () => {
    expect(STATUSES['1'].map((s) => s.value)).toEqual(['0', '2', '1', '3']);
    expect(STATUSES['5'].map((s) => s.name)).toEqual(['Open', 'On Hold', 'Urgent']);
    expect(isValidStatus('4', '2')).toBe(false);
    expect(isValidStatus('5', '1')).toBe(false);
    expect(isValidStatus('1', '3')).toBe(true);
  });

  it('counts a goal active unless done or incomplete, anything else unless done', () => {
    expect(['0', '1', '2', '3'].map((s) => isActive('1', s as '0'))).toEqual([true, false, true, false]);
    expect(['0', '1', '2', '3'].map((s) => isActive('5', s as '0'))).toEqual([true, false, true, true]);
    expect(isActive('4', '1')).toBe(false);
  });

  it('locks only open cards; headlines have no due date', () => {
    expect(canLock('0')).toBe(true);
    expect(canLock('1')).toBe(false);
    expect(canLock('2')).toBe(false);
    expect(hasDueDate('3')).toBe(false);
    expect(hasDueDate('1')).toBe(true);
  });

  it('shows Overdue for an active goal past its due date only', () => {
    expect(shownStatus('1', '0', '2026-11-20', '2026-11-22')).toBe('4');
    expect(shownStatus('1', '2', '2026-11-20', '2026-11-22')).toBe('4');
    expect(shownStatus('1', '1', '2026-11-20', '2026-11-22')).toBe('1');
    expect(shownStatus('1', '0', '2026-11-22', '2026-11-22')).toBe('0');
    expect(shownStatus('4', '0', '2026-11-20', '2026-11-22')).toBe('0');
  });

  it('colours a card by its due date', () => {
    const today = '2026-11-22';
    expect(dueColour('1', '2026-01-01', today)).toBe('green');
    expect(dueColour('0', '2026-11-21', today)).toBe('red');
    expect(dueColour('0', '2026-11-22', today)).toBe('yellow');
    expect(dueColour('0', '2026-11-24', today)).toBe('yellow');
    expect(dueColour('0', '2026-11-25', today)).toBe('grey');
    expect(dueColour('0', null, today)).toBe('grey');
  });
});
