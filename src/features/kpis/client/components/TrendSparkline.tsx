import '@mantine/charts/styles.layer.css';
import { Sparkline } from '@mantine/charts';

// The small trend line of a measurable (beyond the spec, as EOS tools show): its values over
// the visible dates, coloured by the direction from the first to the last one. Loaded lazily
// with the charting library, so the scorecard shows before it arrives.

export const TrendSparkline = ({ values, label }: { values: number[]; label: string }) => (
  <Sparkline
    w={96}
    h={28}
    data={values}
    curveType="monotone"
    fillOpacity={0.25}
    strokeWidth={1.5}
    trendColors={{ positive: 'teal.6', negative: 'red.6', neutral: 'gray.5' }}
    role="img"
    aria-label={label}
    data-testid="kpi-trend"
  />
);
