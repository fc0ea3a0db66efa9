import { describe, expect, it } from 'vitest';
import {
  compareDecimals,
  formatKpiGoal,
  formatKpiValue,
  kpiMet,
  normaliseKpiValue,
  quarterLabel,
  quarterOf,
  quarterRange,
  shiftQuarter,
} from './kpis.ts';

describe('normaliseKpiValue', () => {
  it('follows the spec: leading "." gets "0", commas go', () => {
    expect(normaliseKpiValue('.5')).toBe('0.5');
    expect(normaliseKpiValue('-.5')).toBe('-0.5');
    expect(normaliseKpiValue('1,000')).toBe('1000');
    expect(normaliseKpiValue('1,000,000.25')).toBe('1000000.25');
  });

  it('drops currency, percent, spaces, a plus sign and a trailing point', () => {
    expect(normaliseKpiValue(' $1,250 ')).toBe('1250');
    expect(normaliseKpiValue('-$3')).toBe('-3');
    expect(normaliseKpiValue('85%')).toBe('85');
    expect(normaliseKpiValue('+4')).toBe('4');
    expect(normaliseKpiValue('12.')).toBe('12');
  });

  it('gives null for nothing and undefined for what is not a number', () => {
    expect(normaliseKpiValue('')).toBe(null);
    expect(normaliseKpiValue('  ')).toBe(null);
    expect(normaliseKpiValue(null)).toBe(null);
    for (const bad of ['abc', '1.2.3', '--1', '1e5', '.', '-', '12a'])
      expect(normaliseKpiValue(bad), bad).toBe(undefined);
  });
});

describe('compareDecimals and kpiMet', () => {
  it('compares exactly, whatever the number of digits', () => {
    expect(compareDecimals('0.5', '0.50')).toBe(0);
    expect(compareDecimals('1000', '1000.000')).toBe(0);
    expect(compareDecimals('0.3', '0.30000000000000004')).toBe(-1);
    expect(compareDecimals('9007199254740993', '9007199254740992')).toBe(1);
    expect(compareDecimals('123456789012345', '123456789012345.0')).toBe(0);
    expect(compareDecimals('10', '9.999')).toBe(1);
    expect(compareDecimals('-2', '-10')).toBe(1);
    expect(compareDecimals('-0', '0')).toBe(0);
    expect(compareDecimals('-0.1', '0')).toBe(-1);
    expect(compareDecimals('12345678901234567890.1', '12345678901234567890.09')).toBe(1);
  });

  it('meets >=, <= and == goals, normalising both sides first', () => {
    expect(kpiMet('>=', '1,000', '1000')).toBe(true);
    expect(kpiMet('>=', '1000', '999.999')).toBe(false);
    expect(kpiMet('<=', '2.5', '2.50')).toBe(true);
    expect(kpiMet('<=', '2.5', '2.51')).toBe(false);
    expect(kpiMet('==', '.5', '0.5')).toBe(true);
    expect(kpiMet('==', '0.5', '.50')).toBe(true);
    expect(kpiMet('==', '1,000', '1000.0')).toBe(true);
    expect(kpiMet('==', '1000', '1,000.01')).toBe(false);
    expect(kpiMet('==', '0.3', '0.30000000000000004')).toBe(false);
  });

  it('does not colour an empty or unusable value', () => {
    expect(kpiMet('>=', '10', null)).toBe(null);
    expect(kpiMet('>=', '10', '')).toBe(null);
    expect(kpiMet('>=', null, '10')).toBe(null);
    expect(kpiMet('>=', '10', 'n/a')).toBe(null);
  });
});

describe('formatKpiValue', () => {
  it('shows values by type and units', () => {
    expect(formatKpiValue('1250', { type: 'dollar', units: '$' })).toBe('$1,250');
    expect(formatKpiValue('-1250.5', { type: 'dollar', units: null })).toBe('-$1,250.5');
    expect(formatKpiValue('85', { type: 'percentage', units: null })).toBe('85%');
    expect(formatKpiValue('12', { type: 'number', units: null })).toBe('12');
    expect(formatKpiValue('1200', { type: 'number', units: 'calls' })).toBe('1,200 calls');
    expect(formatKpiValue('1200', { type: 'number', units: '$' })).toBe('$1,200');
    expect(formatKpiValue(10.166666, { type: 'number', units: null })).toBe('10.17');
    expect(formatKpiValue(null, { type: 'number', units: null })).toBe('');
  });

  it('shows a goal as comparator and target', () => {
    expect(formatKpiGoal({ goal: '>=', score: '1250', type: 'dollar', units: '$' })).toBe('>= $1,250');
    expect(formatKpiGoal({ goal: '==', score: '0.5', type: 'percentage', units: null })).toBe('== 0.5%');
  });
});

describe('quarters', () => {
  it('maps quarter ids to their days and back', () => {
    expect(quarterRange('2026-Q1')).toEqual({ dateSince: '2026-01-01', dateUntil: '2026-03-31' });
    expect(quarterRange('2024-Q1')).toEqual({ dateSince: '2024-01-01', dateUntil: '2024-03-31' });
    expect(quarterRange('2026-Q4')).toEqual({ dateSince: '2026-10-01', dateUntil: '2026-12-31' });
    expect(quarterRange('2026-Q5')).toBe(undefined);
    expect(quarterOf('2026-05-17')).toBe('2026-Q2');
    expect(quarterOf('2026-12-31')).toBe('2026-Q4');
    expect(quarterLabel('2026-Q3')).toBe('Q3 2026');
    expect(shiftQuarter('2026-Q1', -1)).toBe('2025-Q4');
    expect(shiftQuarter('2026-Q4', 1)).toBe('2027-Q1');
  });
});
