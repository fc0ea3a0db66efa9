import { Segmented } from '../../../../client/ui/Segmented.tsx';
import type { KpiFrequency } from '../../../../shared/kpis.ts';
import { kpisMessages } from '../../kpis.messages.ts';
import type { Scorecard } from '../../kpis.schemas.ts';

// The scorecard's tabs (docs/decisions/118): Weekly, Monthly, Quarterly — only those with
// measurables, and the one shown. Nothing when only weekly measurables exist.

const LABELS: Record<KpiFrequency, string> = {
  weekly: kpisMessages.kpiFrequencyWeekly,
  monthly: kpisMessages.kpiFrequencyMonthly,
  quarterly: kpisMessages.kpiFrequencyQuarterly,
};

/** The tabs a scorecard shows: frequencies with measurables and the current one, in their order. */
export const frequencyTabs = (counts: Scorecard['frequencyCounts'] | undefined, current: KpiFrequency) =>
  (['weekly', 'monthly', 'quarterly'] as const).filter(
    (frequency) => frequency === current || (counts?.[frequency] ?? 0) > 0,
  );

export const FrequencyTabs = ({
  counts,
  value,
  onChange,
}: {
  counts: Scorecard['frequencyCounts'] | undefined;
  value: KpiFrequency;
  onChange: (frequency: KpiFrequency) => void;
}) => {
  const tabs = frequencyTabs(counts, value);
  if (tabs.length < 2) return null;
  return (
    <Segmented
      className="kpi-frequency-tabs"
      aria-label={kpisMessages.kpiFrequencyTabs}
      size="xs"
      data={tabs.map((frequency) => ({ value: frequency, label: LABELS[frequency] }))}
      value={value}
      onChange={(next) => onChange(next as KpiFrequency)}
    />
  );
};
