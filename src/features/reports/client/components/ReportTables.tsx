import { Badge, Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { dayjs } from '../../../../client/lib/dayjs.ts';
import { formatKpiValue, type KpiType } from '../../../../shared/kpis.ts';
import { messages } from '../../../../shared/messages.ts';
import { statusName } from '../../../../shared/tasks.ts';
import { reportsMessages } from '../../reports.messages.ts';
import type { Report } from '../../reports.schemas.ts';

// The report's figures (document 3 §3 Reports) and its lists: goals (sorted as the server
// sends them), KPIs and cards created per person.

const DATE = 'MMM D, YYYY';
const none = (value: number | string | null) => (value === null ? reportsMessages.reportNone : value);

const Figures = ({ title, rows }: { title: string; rows: [string, ReactNode][] }) => (
  <Card withBorder radius="md" padding="md">
    <Title order={2} size="h5" mb="xs">
      {title}
    </Title>
    <Stack gap={4} component="dl" m={0}>
      {rows.map(([label, value]) => (
        <div key={label} className="cadence-report-figure">
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" size="sm" fw={700} m={0}>
            {value}
          </Text>
        </div>
      ))}
    </Stack>
  </Card>
);

export const ReportFigures = ({ report }: { report: Report }) => {
  const { attendance, actionItems, goals, tasksCreatedByUser } = report;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
      <Figures
        title={reportsMessages.reportAttendance}
        rows={[
          [reportsMessages.reportTotalSessions, attendance.totalSessions],
          [reportsMessages.reportSessionsHeld, attendance.sessionsHeld],
          [
            report.kind === 'meeting' ? reportsMessages.reportUserSessions : reportsMessages.reportMemberSessions,
            attendance.userSessions,
          ],
          [reportsMessages.reportAvgScore, none(attendance.avgScore)],
        ]}
      />
      <Figures
        title={reportsMessages.reportActionItems}
        rows={[
          [reportsMessages.reportTotal, actionItems.total],
          [reportsMessages.reportCompletedOnTime, actionItems.completedOnTime],
          [reportsMessages.reportCompletedOverdue, actionItems.completedOverdue],
        ]}
      />
      <Figures
        title={reportsMessages.reportGoals}
        rows={[
          [reportsMessages.reportExpiredGoals, goals.totalExpiredGoals],
          [reportsMessages.reportCurrentGoals, goals.totalCurrentGoals],
          [reportsMessages.reportCompletedOnTime, goals.completedOnTime],
          [reportsMessages.reportCompletedOverdue, goals.completedOverdue],
          [reportsMessages.reportOnTrack, goals.onTrackGoals],
          [reportsMessages.reportOffTrack, goals.offTrackGoals],
        ]}
      />
      <Figures
        title={reportsMessages.reportTasksCreated}
        rows={[[reportsMessages.reportTotal, tasksCreatedByUser.total]]}
      />
    </SimpleGrid>
  );
};

/**
 * A goal's status badge in the hue of its chart colour (ReportCharts.tsx), named by hue, not shade:
 * a light badge of a hue takes the theme's readable text shade (src/client/theme.ts), while a
 * shade such as green 7 would be its own text colour, under 4.5:1 on the light badge.
 */
const goalColor: Record<string, string> = {
  '0': 'green',
  '1': 'gray',
  '2': 'orange',
  '3': 'gray',
  '4': 'red',
};

/** A table that scrolls sideways on a phone; focusable so a keyboard can scroll it. */
const Scroll = ({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) => (
  <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0} aria-label={label}>
    <Table verticalSpacing="xs" striped>
      {children}
    </Table>
  </Table.ScrollContainer>
);

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card withBorder radius="md" padding="md">
    <Title order={2} size="h5" mb="xs">
      {title}
    </Title>
    {children}
  </Card>
);

export const ReportTables = ({ report }: { report: Report }) => (
  <Stack gap="md">
    <Section title={reportsMessages.reportGoals}>
      {report.goals.list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {reportsMessages.reportNoGoals}
        </Text>
      ) : (
        <>
          <Scroll label={reportsMessages.reportGoals} minWidth={520}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{reportsMessages.reportGoalTitle}</Table.Th>
                <Table.Th>{reportsMessages.reportGoalStatus}</Table.Th>
                <Table.Th>{reportsMessages.reportGoalDue}</Table.Th>
                <Table.Th>{reportsMessages.reportGoalOwner}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.goals.list.map((goal) => (
                <Table.Tr key={goal.id}>
                  <Table.Td>{goal.title}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={goalColor[goal.status] ?? 'gray'}>
                      {statusName('1', goal.status)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{goal.dueDate ? dayjs(goal.dueDate).format(DATE) : messages.archiveDueNotSet}</Table.Td>
                  <Table.Td>{goal.fullName}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Scroll>
          {report.goals.listTotal > report.goals.list.length && (
            <Text size="xs" c="dimmed" mt="xs">
              {reportsMessages.reportGoalsMore(report.goals.list.length, report.goals.listTotal)}
            </Text>
          )}
        </>
      )}
    </Section>
    <Section title={reportsMessages.reportKpis}>
      {report.kpis.length === 0 ? (
        <Text size="sm" c="dimmed">
          {reportsMessages.reportNoKpis}
        </Text>
      ) : (
        <Scroll label={reportsMessages.reportKpis} minWidth={640}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{reportsMessages.reportKpiTitle}</Table.Th>
              <Table.Th>{reportsMessages.reportGoalOwner}</Table.Th>
              <Table.Th>{reportsMessages.reportKpiGoal}</Table.Th>
              <Table.Th>{reportsMessages.reportKpiUnits}</Table.Th>
              <Table.Th ta="right">{reportsMessages.reportKpiTotal}</Table.Th>
              <Table.Th ta="right">{reportsMessages.reportKpiAvg}</Table.Th>
              <Table.Th ta="right">{reportsMessages.reportKpiHits}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.kpis.map((kpi) => {
              const format = { type: kpi.type as KpiType, units: kpi.units };
              const shown = (value: number | null) =>
                value === null ? reportsMessages.reportNone : formatKpiValue(value, format);
              return (
                <Table.Tr key={kpi.id}>
                  <Table.Td>{kpi.title}</Table.Td>
                  <Table.Td>{kpi.fullName}</Table.Td>
                  <Table.Td>
                    {kpi.goal} {formatKpiValue(kpi.score, format)}
                  </Table.Td>
                  <Table.Td>{kpi.units || reportsMessages.reportNone}</Table.Td>
                  <Table.Td ta="right">{shown(kpi.total)}</Table.Td>
                  <Table.Td ta="right">{shown(kpi.avg)}</Table.Td>
                  <Table.Td ta="right">{`${kpi.hits} / ${kpi.counted}`}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Scroll>
      )}
    </Section>
    <Section title={reportsMessages.reportTasksCreated}>
      {report.tasksCreatedByUser.cardsCreatedByUser.length === 0 ? (
        <Text size="sm" c="dimmed">
          {reportsMessages.reportNoCardsCreated}
        </Text>
      ) : (
        <Scroll label={reportsMessages.reportTasksCreated} minWidth={320}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{reportsMessages.reportPerson}</Table.Th>
              <Table.Th ta="right">{reportsMessages.reportCount}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.tasksCreatedByUser.cardsCreatedByUser.map((row) => (
              <Table.Tr key={row.userId || 'nobody'}>
                <Table.Td>{row.fullName || reportsMessages.reportNone}</Table.Td>
                <Table.Td ta="right">{row.count}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Scroll>
      )}
    </Section>
  </Stack>
);
