// How a scorecard row's values display (docs/decisions/106): as entered, as a running total over
// the range shown, or as a rolling average over the row's last N periods (reaching into the
// periods before the range). A period without a value shows nothing in every display. Shared by
// the server (the scorecard and its export) and the client (a value changed live).

export const KPI_DISPLAYS = ['values', 'cumulative', 'rolling'] as const;
export type KpiDisplay = (typeof KPI_DISPLAYS)[number];

/** Rounds a figure to six decimals (what floating-point sums can be trusted with). */
const round = (value: number) => Number(value.toFixed(6));

/** The running total: at each period with a value, the sum of the values up to it. */
export const cumulativeValues = (values: readonly (number | null)[]): (number | null)[] => {
  let total = 0;
  return values.map((value) => {
    if (value === null) return null;
    total += value;
    return round(total);
  });
};

/**
 * The rolling average over `periods` periods: at each shown period with a value, the mean of the
 * values among it and the `periods - 1` before it. `before` holds the periods before the range
 * (oldest first), so the first shown periods average over a full window.
 */
export const rollingValues = (
  values: readonly (number | null)[],
  periods: number,
  before: readonly (number | null)[] = [],
): (number | null)[] => {
  const all = [...before, ...values];
  return values.map((value, index) => {
    if (value === null) return null;
    const end = before.length + index;
    let sum = 0;
    let counted = 0;
    for (let i = Math.max(0, end - periods + 1); i <= end; i++) {
      const item = all[i];
      if (item === null || item === undefined) continue;
      sum += item;
      counted += 1;
    }
    return round(sum / counted);
  });
};

/** The last value in the range (the latest period with one); null when there is none. */
export const latestValue = (values: readonly (number | null)[]): number | null => {
  for (let i = values.length - 1; i >= 0; i--) {
    const value = values[i];
    if (value !== null && value !== undefined) return value;
  }
  return null;
};

/** What the row shows per period for its display; null for 'values' (the cells say it). */
export const displayedValues = (
  display: KpiDisplay,
  values: readonly (number | null)[],
  rollingPeriods: number,
  before: readonly (number | null)[] = [],
): (number | null)[] | null =>
  display === 'cumulative'
    ? cumulativeValues(values)
    : display === 'rolling'
      ? rollingValues(values, rollingPeriods, before)
      : null;
