import { BarChart } from '@mantine/charts';
import { Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { Segmented } from '../../../client/ui/Segmented.tsx';
import { showError } from '../../../client/ui/toast.ts';
import { timeMessages } from '../time.messages.ts';
import { formatMinutes, formatMoney } from '../time.money.ts';
import { REPORT_GROUPS, type ReportQuery } from '../time.schemas.ts';
import { downloadReport, useReport } from './time.queries.ts';
import { todayIso } from './week.ts';

/** The Reports tab (empty in the spec): hours and amounts over a range, as a table and a chart. */
/** The chart shows the first rows; the table below lists them all. */
const CHART_ROWS = 20;
/** A name as the chart's axis shows it: whole when short, cut with an ellipsis when not. */
const shortName = (name: string) => (name.length > 18 ? `${name.slice(0, 17)}…` : name);

export const ReportsTab = () => {
  const today = todayIso();
  const [query, setQuery] = useState<ReportQuery>({
    from: `${today.slice(0, 4)}-01-01`,
    to: today,
    groupBy: 'project',
  });
  const report = useReport(query);
  const exportAs = (format: 'csv' | 'xlsx') =>
    downloadReport(query, format, timeMessages.timeLoadFailed).catch((error: Error) => showError(error.message));
  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label={timeMessages.timeReportFrom}
          value={query.from}
          onChange={(e) => {
            const from = e.currentTarget.value;
            if (from) setQuery((q) => ({ ...q, from }));
          }}
        />
        <TextInput
          type="date"
          label={timeMessages.timeReportTo}
          value={query.to}
          onChange={(e) => {
            const to = e.currentTarget.value;
            if (to) setQuery((q) => ({ ...q, to }));
          }}
        />
        <Segmented
          aria-label={timeMessages.timeReportGroup}
          value={query.groupBy}
          onChange={(value) => setQuery((q) => ({ ...q, groupBy: value as ReportQuery['groupBy'] }))}
          data={REPORT_GROUPS.map((value) => ({ value, label: timeMessages.timeReportGroups[value] }))}
        />
        <Button variant="default" onClick={() => exportAs('csv')}>
          {timeMessages.timeExportCsv}
        </Button>
        <Button variant="default" onClick={() => exportAs('xlsx')}>
          {timeMessages.timeExportXlsx}
        </Button>
      </Group>
      {report.isPending ? (
        <SectionLoading />
      ) : report.isError ? (
        <SectionError title={timeMessages.timeLoadFailed} error={report.error} onRetry={() => report.refetch()} />
      ) : report.data.rows.length === 0 ? (
        <Text c="dimmed">{timeMessages.timeNoReportRows}</Text>
      ) : (
        <>
          {/* Bars across, names beside them: long names stay readable on a phone. */}
          <BarChart
            h={Math.max(140, Math.min(report.data.rows.length, CHART_ROWS) * 36 + 40)}
            orientation="vertical"
            data={report.data.rows
              .slice(0, CHART_ROWS)
              .map((r) => ({ name: r.name, hours: Math.round(r.minutes / 0.6) / 100 }))}
            dataKey="name"
            yAxisProps={{ width: 130, tickFormatter: shortName }}
            series={[{ name: 'hours', label: timeMessages.timeHours, color: 'teal.6' }]}
          />
          {/* Fits a phone; focusable, so a keyboard can scroll it on an even narrower screen. */}
          <Table.ScrollContainer minWidth={340} type="native" tabIndex={0} aria-label={timeMessages.timeTabReports}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{timeMessages.timeReportGroups[report.data.groupBy]}</Table.Th>
                  <Table.Th ta="right">{timeMessages.timeHours}</Table.Th>
                  <Table.Th ta="right">{timeMessages.timeBillableTime}</Table.Th>
                  <Table.Th ta="right">{timeMessages.timeAmount}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.data.rows.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{row.name}</Table.Td>
                    <Table.Td ta="right">{formatMinutes(row.minutes)}</Table.Td>
                    <Table.Td ta="right">{formatMinutes(row.billableMinutes)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(row.amount)}</Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr fw={700}>
                  <Table.Td>{timeMessages.timeTotal}</Table.Td>
                  <Table.Td ta="right">{formatMinutes(report.data.totalMinutes)}</Table.Td>
                  <Table.Td />
                  <Table.Td ta="right">{formatMoney(report.data.totalAmount)}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="sm" c="dimmed">
            {timeMessages.timeAmountHint}
          </Text>
        </>
      )}
    </Stack>
  );
};
