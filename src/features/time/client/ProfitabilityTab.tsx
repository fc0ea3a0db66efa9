import { Alert, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { PageNav } from '../../../client/ui/PageNav.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { TIME_PAGE } from '../../../shared/constants.ts';
import { timeMessages } from '../time.messages.ts';
import { formatMinutes, formatMoney } from '../time.money.ts';
import type { ProfitPage } from '../timesheet.schemas.ts';
import { useProfitability } from './timesheet.queries.ts';

// Profitability (decision 090, admins): each project's revenue, cost, profit and margin over its
// life, with the totals of every project (money added to money only).

const marginText = (percent: number | null) => (percent === null ? '—' : `${percent} %`);

const Figures = ({ row }: { row: Omit<ProfitPage['totals'], 'uncostedMinutes'> }) => (
  <>
    <Table.Td ta="right" ff="monospace">
      {formatMinutes(row.minutes)}
    </Table.Td>
    <Table.Td ta="right" ff="monospace">
      {formatMoney(row.revenue)}
    </Table.Td>
    <Table.Td ta="right" ff="monospace">
      {formatMoney(row.cost)}
    </Table.Td>
    <Table.Td ta="right" ff="monospace" c={row.profit < 0 ? 'red.8' : undefined}>
      {formatMoney(row.profit)}
    </Table.Td>
    <Table.Td ta="right">{marginText(row.marginPercent)}</Table.Td>
  </>
);

/** On a phone, a project is a card with every figure in view. */
const FigureCard = ({
  title,
  kind,
  row,
}: {
  title: string;
  kind?: string;
  row: Omit<ProfitPage['totals'], 'uncostedMinutes'>;
}) => (
  <Paper withBorder p="sm" component="article" aria-label={title}>
    <Group justify="space-between" mb={6}>
      <Text fw={600}>{title}</Text>
      {kind && (
        <Text size="xs" c="dimmed">
          {kind}
        </Text>
      )}
    </Group>
    <Stack gap={2}>
      {(
        [
          [timeMessages.timeHours, formatMinutes(row.minutes)],
          [timeMessages.timeRevenue, formatMoney(row.revenue)],
          [timeMessages.timeCost, formatMoney(row.cost)],
          [timeMessages.timeProfit, formatMoney(row.profit)],
          [timeMessages.timeMargin, marginText(row.marginPercent)],
        ] as const
      ).map(([label, value]) => (
        <Group key={label} justify="space-between" gap={4} wrap="nowrap">
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text size="sm" ff="monospace">
            {value}
          </Text>
        </Group>
      ))}
    </Stack>
  </Paper>
);

export const ProfitabilityTab = ({ isAdmin }: { isAdmin: boolean }) => {
  const [page, setPage] = useState(0);
  const report = useProfitability(page, isAdmin);
  if (!isAdmin) return <Text c="dimmed">{timeMessages.timeProfitAdminsOnly}</Text>;
  if (report.isPending) return <SectionLoading />;
  if (report.isError)
    return <SectionError title={timeMessages.timeLoadFailed} error={report.error} onRetry={() => report.refetch()} />;
  const data = report.data;
  const totalPages = Math.ceil(data.total / TIME_PAGE.default);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {timeMessages.timeProfitHint}
      </Text>
      {data.total === 0 ? (
        <Text c="dimmed">{timeMessages.timeNoProfitProjects}</Text>
      ) : (
        <>
          <Stack gap="xs" hiddenFrom="sm">
            {data.items.map((row) => (
              <FigureCard
                key={row.id}
                title={`${row.accountTitle} / ${row.name}`}
                kind={timeMessages.timeProjectTypes[row.type]}
                row={row}
              />
            ))}
            <FigureCard title={timeMessages.timeTotal} row={data.totals} />
          </Stack>
          <Table.ScrollContainer
            visibleFrom="sm"
            minWidth={640}
            type="native"
            tabIndex={0}
            aria-label={timeMessages.timeTabProfitability}
          >
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{timeMessages.timeProject}</Table.Th>
                  <Table.Th ta="right">{timeMessages.timeHours}</Table.Th>
                  <Table.Th ta="right">{timeMessages.timeRevenue}</Table.Th>
                  <Table.Th ta="right">{timeMessages.timeCost}</Table.Th>
                  <Table.Th ta="right">{timeMessages.timeProfit}</Table.Th>
                  <Table.Th ta="right">{timeMessages.timeMargin}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {row.accountTitle} / {row.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {timeMessages.timeProjectTypes[row.type]}
                      </Text>
                    </Table.Td>
                    <Figures row={row} />
                  </Table.Tr>
                ))}
                <Table.Tr fw={700} data-testid="profit-totals">
                  <Table.Td>{timeMessages.timeTotal}</Table.Td>
                  <Figures row={data.totals} />
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
      {data.totals.uncostedMinutes > 0 && (
        <Alert color="yellow">{timeMessages.timeUncosted(formatMinutes(data.totals.uncostedMinutes))}</Alert>
      )}
      {totalPages > 1 && (
        <PageNav
          page={page + 1}
          totalPages={totalPages}
          onChange={(n) => setPage(n - 1)}
          label={timeMessages.timeTabProfitability}
        />
      )}
    </Stack>
  );
};
