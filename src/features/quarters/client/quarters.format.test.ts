import { describe, expect, it } from 'vitest';
import type { Quarter } from '../quarters.schemas.ts';
import { pickerWindow, quarterChoices, quarterOptionLabel } from './quarters.format.ts';

const quarter = (year: number, number: number, startDate: string, endDate: string, isDefault = false): Quarter => ({
  id: `${year}-Q${number}`,
  year,
  number,
  startDate,
  endDate,
  isDefault,
});

// A fiscal 2027 from February after calendar quarters in 2026 (as GET /quarters answers them).
const quarters = [
  quarter(2026, 1, '2026-01-01', '2026-03-31', true),
  quarter(2026, 2, '2026-04-01', '2026-06-30', true),
  quarter(2026, 3, '2026-07-01', '2026-09-30', true),
  quarter(2026, 4, '2026-10-01', '2026-12-31', true),
  quarter(2027, 1, '2027-02-01', '2027-04-30'),
  quarter(2027, 2, '2027-05-01', '2027-07-31'),
  quarter(2027, 3, '2027-08-01', '2027-10-31'),
  quarter(2027, 4, '2027-11-01', '2028-01-31'),
  quarter(2028, 1, '2028-02-01', '2028-04-30'),
];

describe('quarter pickers (decision 056)', () => {
  it('offer the current quarter and later ones through next year, with their own dates', () => {
    const options = quarterChoices('2026-08-15', quarters, null);
    expect(options.map((o) => o.value)).toEqual(['2026-Q3', '2026-Q4', '2027-Q1', '2027-Q2', '2027-Q3', '2027-Q4']);
    expect(options[2]!.label).toBe('Q1 2027 (Feb 1 – Apr 30, 2027)');
    expect(quarterOptionLabel(quarters[7]!)).toBe('Q4 2027 (Nov 1 – Jan 31, 2028)');
  });

  it('keep a past quarter that is the value shown, and an id outside the window by its name', () => {
    expect(quarterChoices('2026-08-15', quarters, '2026-Q1')[0]).toEqual({
      value: '2026-Q1',
      label: 'Q1 2026 (Jan 1 – Mar 31, 2026)',
    });
    expect(quarterChoices('2026-08-15', quarters, '2019-Q2')[0]).toEqual({ value: '2019-Q2', label: 'Q2 2019' });
    expect(quarterChoices('2026-08-15', quarters, 'H1 push')[0]).toEqual({ value: 'H1 push', label: 'H1 push' });
  });

  it('read last year through next year', () => {
    expect(pickerWindow('2026-08-15')).toEqual({ since: '2025-01-01', until: '2027-12-31' });
  });
});
