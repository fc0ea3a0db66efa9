import { describe, expect, it } from 'vitest';
import { intervalOf } from '../meetings.recurrence.ts';
import {
  dashboardPath,
  isIgnoredDrop,
  meetingSlug,
  reorder,
  repeatText,
  ruleOf,
  TIME_OPTIONS,
  timeLabel,
  totalMinutes,
  usDate,
} from './meetings.format.ts';

describe('meeting paths', () => {
  it('joins the words of the title with hyphens', () => {
    expect(meetingSlug('  Weekly   Leadership L10 ')).toBe('Weekly-Leadership-L10');
    expect(dashboardPath({ id: 'abc', title: 'Sales & Marketing' })).toBe('/meeting-dashboard/abc/Sales-%26-Marketing');
    expect(dashboardPath({ id: 'abc', title: '   ' })).toBe('/meeting-dashboard/abc/meeting');
  });
});

describe('start-time options', () => {
  it('run every 15 minutes over 24 hours', () => {
    expect(TIME_OPTIONS).toHaveLength(96);
    expect(TIME_OPTIONS[0]).toEqual({ value: '00:00', label: '12:00 AM' });
    expect(TIME_OPTIONS[37]).toEqual({ value: '09:15', label: '9:15 AM' });
    expect(TIME_OPTIONS[48]).toEqual({ value: '12:00', label: '12:00 PM' });
    expect(TIME_OPTIONS[95]).toEqual({ value: '23:45', label: '11:45 PM' });
    expect(timeLabel('13:05')).toBe('1:05 PM');
  });
});

describe('repeat options', () => {
  it('name the presets and fall back to custom', () => {
    expect(intervalOf(0, null)).toBe('none');
    expect(intervalOf(1, 'weeks')).toBe('weekly');
    expect(intervalOf(1, 'years')).toBe('annually');
    expect(intervalOf(2, 'weeks')).toBe('custom');
    expect(ruleOf('monthly', { repeatEvery: 3, repeatType: 'days' })).toEqual({ repeatEvery: 1, repeatType: 'months' });
    expect(ruleOf('custom', { repeatEvery: 3, repeatType: 'days' })).toEqual({ repeatEvery: 3, repeatType: 'days' });
    expect(ruleOf('none', { repeatEvery: 3, repeatType: 'days' })).toEqual({ repeatEvery: 0, repeatType: null });
    expect(repeatText(1, 'weeks')).toBe('Weekly');
    expect(repeatText(2, 'weeks')).toBe('Every 2 weeks');
    expect(repeatText(0, null)).toBe('Do not repeat');
  });
});

describe('formatting', () => {
  it('shows stored dates as MM/DD/YYYY and sums checked minutes', () => {
    expect(usDate('2026-03-09')).toBe('03/09/2026');
    expect(
      totalMinutes([
        { checked: true, duration: 5 },
        { checked: false, duration: 40 },
        { checked: true, duration: 15 },
      ]),
    ).toBe(20);
  });
});

describe('drag and drop', () => {
  it('moves an item and ignores drops with no destination or at the same place', () => {
    expect(reorder(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(reorder(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    const source = { droppableId: 'list', index: 1 };
    expect(isIgnoredDrop({ source, destination: null })).toBe(true);
    expect(isIgnoredDrop({ source, destination: { droppableId: 'list', index: 1 } })).toBe(true);
    expect(isIgnoredDrop({ source, destination: { droppableId: 'list', index: 2 } })).toBe(false);
    expect(isIgnoredDrop({ source, destination: { droppableId: 'other', index: 1 } })).toBe(false);
  });
});
