import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.layer.css';
import { osHealthMessages } from '../os-health.messages.ts';
import type { HealthFigure, HealthQuarter } from '../os-health.schemas.ts';

// One figure by quarter as bars, the EOS bar (when the figure has one) as a reference line.
// Loaded on its own (lazySection), so the chart library is fetched only with this page.

const PERCENT: HealthFigure[] = ['goalsPct', 'todosPct', 'heldPct', 'onTimePct', 'scorecardPct'];

export const HealthChart = ({
  figure,
  quarters,
  bar,
}: {
  figure: HealthFigure;
  quarters: HealthQuarter[];
  bar: number | undefined;
}) => {
  const data = quarters.map((q) => ({ quarter: q.id, value: q[figure] }));
  const domain = PERCENT.includes(figure) ? [0, 100] : figure === 'ratingAverage' ? [0, 10] : undefined;
  return (
    <BarChart
      h={160}
      data={data}
      dataKey="quarter"
      maxBarWidth={40}
      withLegend={false}
      yAxisProps={domain ? { domain } : {}}
      unit={PERCENT.includes(figure) ? ' %' : undefined}
      series={[{ name: 'value', label: osHealthMessages.figures[figure], color: 'teal.7' }]}
      referenceLines={
        bar === undefined
          ? []
          : [{ y: bar, label: osHealthMessages.bar(bar), color: 'red.7', labelPosition: 'insideTopLeft' }]
      }
    />
  );
};
