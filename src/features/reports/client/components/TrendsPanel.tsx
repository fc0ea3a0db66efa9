import { Anchor, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from '../../../../client/lib/router/index.ts';
import { reportsMessages } from '../../reports.messages.ts';
import type { Trends } from '../../reports.schemas.ts';

// A meeting's trends: on the report, and compact on the meeting dashboard. No chart
// library here, so the dashboard does not load one for it.

const percent = (value: number | null) => (value === null ? reportsMessages.reportNone : `${value}%`);
const signed = (value: number | null) =>
  value === null ? reportsMessages.reportNone : value > 0 ? `+${value}` : String(value);

const Figure = ({ label, value }: { label: string; value: ReactNode }) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text fw={700}>{value}</Text>
  </Stack>
);

export const TrendsFigures = ({ trends }: { trends: Trends }) => {
  const latest = trends.ratingByMonth.at(-1);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        <Figure label={reportsMessages.reportStartedOnTime} value={percent(trends.startedOnTimePct)} />
        <Figure label={reportsMessages.reportFinishedOnTime} value={percent(trends.finishedOnTimePct)} />
        <Figure
          label={reportsMessages.reportRatingTrend}
          value={latest ? `${latest.avg} (${signed(trends.ratingChange)})` : reportsMessages.reportNone}
        />
        <Figure
          label={reportsMessages.reportIssuesPerSession}
          value={trends.issuesSolvedPerSession ?? reportsMessages.reportNone}
        />
        <Figure label={reportsMessages.reportTodosWithinWeek} value={percent(trends.todosDoneWithinWeekPct)} />
      </SimpleGrid>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {reportsMessages.reportOldestIssues}
        </Text>
        {trends.oldestOpenIssues.length === 0 ? (
          <Text size="sm" c="dimmed">
            {reportsMessages.reportNoOpenIssues}
          </Text>
        ) : (
          <List size="sm" spacing={2}>
            {trends.oldestOpenIssues.map((issue) => (
              <List.Item key={issue.id}>
                {issue.title}{' '}
                <Text span size="xs" c="dimmed">
                  ({reportsMessages.reportAgeDays(issue.ageDays)})
                </Text>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Stack>
  );
};

export const TrendsCard = ({ trends, reportLink }: { trends: Trends; reportLink?: string }) => (
  <Card withBorder radius="md" padding="md">
    <Group justify="space-between" mb="xs" wrap="wrap">
      <Title order={2} size="h5">
        {reportsMessages.reportTrends}
      </Title>
      {reportLink && (
        <Anchor component={Link} to={reportLink} size="sm" className="cadence-tap">
          {reportsMessages.reportOpenReport}
        </Anchor>
      )}
    </Group>
    <TrendsFigures trends={trends} />
  </Card>
);
