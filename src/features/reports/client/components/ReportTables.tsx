import { Badge, Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { dayjs } from '../../../../client/lib/dayjs.ts';
import { formatKpiValue, type KpiType } from '../../../../shared/kpis.ts';
import { messages } from '../../../../shared/messages.ts';
import { statusName } from '../../../../shared/tasks.ts';
import type { Report } from '../../reports.schemas.ts';

// The report's figures (document 3 §3 Reports) and its lists: goals (sorted as the server
// sends them), KPIs and cards created per person.

const DATE = 'MMM D, YYYY';
const none = (value: number | string | null) => (value === null ? messages.reportNone : value);

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
        title={messages.reportAttendance}
        rows={[
          [messages.reportTotalSessions, attendance.totalSessions],
          [messages.reportSessionsHeld, attendance.sessionsHeld],
          [
            report.kind === 'meeting' ? messages.reportUserSessions : messages.reportMemberSessions,
            attendance.userSessions,
          ],
          [messages.reportAvgScore, none(attendance.avgScore)],
        ]}
      />
      <Figures
        title={messages.reportActionItems}
        rows={[
          [messages.reportTotal, actionItems.total],
          [messages.reportCompletedOnTime, actionItems.completedOnTime],
          [messages.reportCompletedOverdue, actionItems.completedOverdue],
        ]}
      />
      <Figures
        title={messages.reportGoals}
        rows={[
          [messages.reportExpiredGoals, goals.totalExpiredGoals],
          [messages.reportCurrentGoals, goals.totalCurrentGoals],
          [messages.reportCompletedOnTime, goals.completedOnTime],
          [messages.reportCompletedOverdue, goals.completedOverdue],
          [messages.reportOnTrack, goals.onTrackGoals],
          [messages.reportOffTrack, goals.offTrackGoals],
        ]}
      />
      <Figures title={messages.reportTasksCreated} rows={[[messages.reportTotal, tasksCreatedByUser.total]]} />
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
    <Section title={messages.reportGoals}>
      {report.goals.list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {messages.reportNoGoals}
        </Text>
      ) : (
        <>
          <Scroll label={messages.reportGoals} minWidth={520}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{messages.reportGoalTitle}</Table.Th>
                <Table.Th>{messages.reportGoalStatus}</Table.Th>
                <Table.Th>{messages.reportGoalDue}</Table.Th>
                <Table.Th>{messages.reportGoalOwner}</Table.Th>
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
              {messages.reportGoalsMore(report.goals.list.length, report.goals.listTotal)}
            </Text>
          )}
        </>
      )}
    </Section>
    <Section title={messages.reportKpis}>
      {report.kpis.length === 0 ? (
        <Text size="sm" c="dimmed">
          {messages.reportNoKpis}
        </Text>
      ) : (
        <Scroll label={messages.reportKpis} minWidth={640}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{messages.reportKpiTitle}</Table.Th>
              <Table.Th>{messages.reportGoalOwner}</Table.Th>
              <Table.Th>{messages.reportKpiGoal}</Table.Th>
              <Table.Th>{messages.reportKpiUnits}</Table.Th>
              <Table.Th ta="right">{messages.reportKpiTotal}</Table.Th>
              <Table.Th ta="right">{messages.reportKpiAvg}</Table.Th>
              <Table.Th ta="right">{messages.reportKpiHits}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.kpis.map((kpi) => {
              const format = { type: kpi.type as KpiType, units: kpi.units };
              const shown = (value: number | null) =>
                value === null ? messages.reportNone : formatKpiValue(value, format);
              return (
                <Table.Tr key={kpi.id}>
                  <Table.Td>{kpi.title}</Table.Td>
                  <Table.Td>{kpi.fullName}</Table.Td>
                  <Table.Td>
                    {kpi.goal} {formatKpiValue(kpi.score, format)}
                  </Table.Td>
                  <Table.Td>{kpi.units || messages.reportNone}</Table.Td>
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
    <Section title={messages.reportTasksCreated}>
      {report.tasksCreatedByUser.cardsCreatedByUser.length === 0 ? (
        <Text size="sm" c="dimmed">
          {messages.reportNoCardsCreated}
        </Text>
      ) : (
        <Scroll label={messages.reportTasksCreated} minWidth={320}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{messages.reportPerson}</Table.Th>
              <Table.Th ta="right">{messages.reportCount}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.tasksCreatedByUser.cardsCreatedByUser.map((row) => (
              <Table.Tr key={row.userId || 'nobody'}>
                <Table.Td>{row.fullName || messages.reportNone}</Table.Td>
                <Table.Td ta="right">{row.count}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Scroll>
      )}
    </Section>
  </Stack>
);
