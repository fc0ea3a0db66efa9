import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { lazySection } from '../../../client/ui/lazyPart.tsx';
import { osHealthMessages } from '../os-health.messages.ts';
import type { Health, HealthFigure, HealthQuarter } from '../os-health.schemas.ts';

// One figure: the latest quarter's value, what it is made of, its change, its chart, and the
// button that opens the items behind it.

const HealthChart = lazySection(async () => (await import('./HealthChart.tsx')).HealthChart, {
  failed: osHealthMessages.loadFailed,
  minHeight: 160,
});

const PERCENT = new Set<HealthFigure>(['goalsPct', 'todosPct', 'heldPct', 'onTimePct', 'scorecardPct']);

export const formatFigure = (figure: HealthFigure, value: number | null) =>
  value === null ? osHealthMessages.noValue : PERCENT.has(figure) ? `${value} %` : String(value);

const { details } = osHealthMessages;

export const detailOf = (figure: HealthFigure, q: HealthQuarter) => {
  switch (figure) {
    case 'goalsPct':
      return details.goals(q.goalsDone, q.goalsTotal);
    case 'todosPct':
      return details.todos(q.todosDoneWhenDue, q.todosDue);
    case 'heldPct':
      return details.held(q.sessionsHeldOnSchedule, q.sessionsScheduled);
    case 'onTimePct':
      return details.onTime(q.sessionsStartedOnTime, q.sessionsHeldScheduled);
    case 'ratingAverage':
      return details.rating(q.ratingCount);
    case 'issuesPerSession':
      return details.issues(q.issuesSolved, q.sessionsHeld);
    case 'issuesMedianAgeDays':
      return details.age(q.issuesSolved);
    case 'scorecardPct':
      return details.scorecard(q.kpiCellsOnTime, q.kpiCells);
  }
};

export const signedChange = (change: number) => (change > 0 ? `+${change}` : String(change));

export const HealthFigureCard = ({
  figure,
  health,
  onOpen,
}: {
  figure: HealthFigure;
  health: Health;
  onOpen: () => void;
}) => {
  const latest = health.quarters.at(-1) as HealthQuarter;
  const move = health.moved.find((m) => m.figure === figure);
  const bar = figure === 'goalsPct' || figure === 'todosPct' ? health.bars[figure] : undefined;
  const below = bar !== undefined && latest[figure] !== null && (latest[figure] as number) < bar;
  const label = osHealthMessages.figures[figure];
  return (
    <Card withBorder radius="md" padding="md" data-figure={figure}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h6">
            {label}
          </Title>
          <Text size="xs" c="dimmed">
            {latest.id}
          </Text>
        </Group>
        <Group gap="xs" align="baseline">
          <Text fz={28} fw={700} c={below ? 'red.8' : undefined} data-testid={`figure-${figure}`}>
            {formatFigure(figure, latest[figure])}
          </Text>
          {move && (
            <Text size="sm" c="dimmed">
              {osHealthMessages.change(signedChange(move.change))}
            </Text>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {detailOf(figure, latest)}
          {bar !== undefined && ` · ${osHealthMessages.bar(bar)}`}
        </Text>
        {health.quarters.every((q) => q[figure] === null) ? (
          <Text size="sm" c="dimmed" py="md">
            {osHealthMessages.chartEmpty}
          </Text>
        ) : (
          <HealthChart figure={figure} quarters={health.quarters} bar={bar} />
        )}
        <Group justify="flex-end">
          <Button size="xs" variant="light" onClick={onOpen} aria-label={`${osHealthMessages.openItems}: ${label}`}>
            {osHealthMessages.openItems}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
};
