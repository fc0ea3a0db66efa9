import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.layer.css';
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { reportsMessages } from '../../reports.messages.ts';
import type { Report } from '../../reports.schemas.ts';

// The report's charts in the spec's colours (document 3 §9: red, green, orange, gray): green
// for what went well, orange for late, red for missed or overdue, gray for not yet or empty.

export const CHART_COLORS = { good: 'green.7', late: 'orange.6', bad: 'red.7', none: 'gray.5' } as const;

/**
 * The legend in the order of the series (good first), not sorted: Recharts 3 sorts a legend by its
 * items' names by default, which put "Done late" before "Done on time".
 */
const LEGEND_AS_SERIES = { itemSorter: null } as const;

const ChartCard = ({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) => (
  <Card withBorder radius="md" padding="md" className="cadence-report-chart">
    <Stack gap="xs">
      <Title order={2} size="h5">
        {title}
      </Title>
      {empty ? (
        <Text size="sm" c="dimmed">
          {reportsMessages.reportChartEmpty}
        </Text>
      ) : (
        children
      )}
    </Stack>
  </Card>
);

const ratingColor = (value: number) =>
  value >= 8 ? CHART_COLORS.good : value >= 5 ? CHART_COLORS.late : CHART_COLORS.bad;

export const ReportCharts = ({ report }: { report: Report }) => {
  const { ratings, completionByMonth, kpiHitsByWeek } = report.charts;
  const rated = ratings.filter((r) => r.rating !== null).map((r) => ({ date: r.date, rating: r.rating as number }));
  return (
    <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
      <ChartCard title={reportsMessages.reportChartRatings} empty={rated.length === 0}>
        <BarChart
          h={220}
          data={rated}
          dataKey="date"
          yAxisProps={{ domain: [0, 10] }}
          maxBarWidth={48}
          getBarColor={ratingColor}
          series={[{ name: 'rating', label: reportsMessages.reportSeriesRating, color: CHART_COLORS.good }]}
        />
      </ChartCard>
      <ChartCard title={reportsMessages.reportChartCompletion} empty={completionByMonth.length === 0}>
        <BarChart
          h={220}
          data={completionByMonth}
          dataKey="month"
          type="stacked"
          withLegend
          legendProps={LEGEND_AS_SERIES}
          maxBarWidth={48}
          yAxisProps={{ allowDecimals: false }}
          series={[
            { name: 'onTime', label: reportsMessages.reportSeriesOnTime, color: CHART_COLORS.good },
            { name: 'late', label: reportsMessages.reportSeriesLate, color: CHART_COLORS.late },
            { name: 'overdue', label: reportsMessages.reportSeriesOverdue, color: CHART_COLORS.bad },
            { name: 'open', label: reportsMessages.reportSeriesOpen, color: CHART_COLORS.none },
          ]}
        />
      </ChartCard>
      <ChartCard title={reportsMessages.reportChartKpiHits} empty={kpiHitsByWeek.length === 0}>
        <BarChart
          h={220}
          data={kpiHitsByWeek}
          dataKey="week"
          type="stacked"
          withLegend
          legendProps={LEGEND_AS_SERIES}
          maxBarWidth={48}
          yAxisProps={{ allowDecimals: false }}
          series={[
            { name: 'hits', label: reportsMessages.reportSeriesHits, color: CHART_COLORS.good },
            { name: 'misses', label: reportsMessages.reportSeriesMisses, color: CHART_COLORS.bad },
            { name: 'empty', label: reportsMessages.reportSeriesEmpty, color: CHART_COLORS.none },
          ]}
        />
      </ChartCard>
    </SimpleGrid>
  );
};
