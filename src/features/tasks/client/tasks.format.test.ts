import { describe, expect, it } from 'vitest';
import type { Quarter } from '../../quarters/quarters.schemas.ts';
import { quarterPeriods } from './tasks.format.ts';

const quarter = (year: number, number: number, startDate: string, endDate: string): Quarter => ({
  id: `${year}-Q${number}`,
  year,
  number,
  startDate,
  endDate,
  isDefault: false,
});

// A fiscal 2026 from February, then calendar quarters for 2027 (as GET /quarters answers them).
const quarters = [
  quarter(2025, 4, '2025-10-01', '2025-12-31'),
  quarter(2026, 1, '2026-02-01', '2026-04-30'),
  quarter(2026, 2, '2026-05-01', '2026-07-31'),
  quarter(2026, 3, '2026-08-01', '2026-10-31'),
  quarter(2026, 4, '2026-11-01', '2027-01-31'),
  quarter(2027, 2, '2027-04-01', '2027-06-30'),
  quarter(2028, 1, '2028-01-01', '2028-03-31'),
];

describe('due-date periods', () => {
  it("offer the workspace's current quarter and the later ones through next year, none past", () => {
    expect(quarterPeriods('2026-05-14', quarters).map((p) => p.value)).toEqual([
      '2026-07-31',
      '2026-10-31',
      '2027-01-31',
      '2027-06-30',
    ]);
    expect(quarterPeriods('2026-05-14', quarters)[0]?.label).toBe('Q2 2026 (ends Jul 31, 2026)');
  });

  it('on a quarter’s last day still offer it; a saved past period still shows', () => {
    expect(quarterPeriods('2026-04-30', quarters)[0]?.value).toBe('2026-04-30');
    expect(quarterPeriods('2026-05-14', quarters, '2025-12-31').map((p) => p.value)[0]).toBe('2025-12-31');
  });
});
