import { Anchor, Badge, Button, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from '../../../client/lib/router/index.ts';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { osHealthMessages } from '../os-health.messages.ts';
import type { HealthFigure, HealthItem, HealthItemFigure } from '../os-health.schemas.ts';
import { useHealthItems } from './os-health.queries.ts';

// The items behind one figure of one quarter, a page at a time, each linking to its own page.

const PAGE = 25;

export const ITEM_FIGURE: Record<HealthFigure, HealthItemFigure> = {
  goalsPct: 'goals',
  todosPct: 'todos',
  heldPct: 'sessions',
  onTimePct: 'sessions',
  ratingAverage: 'sessions',
  issuesPerSession: 'issues',
  issuesMedianAgeDays: 'issues',
  scorecardPct: 'scorecard',
};

const { itemNotes } = osHealthMessages;

const linkOf = (item: HealthItem) => {
  if (item.kind === 'task') return `/home/${item.id}`;
  if (item.kind === 'cell') return item.meetingId ? `/kpi/${item.meetingId}` : null;
  // A held session opens its archive; one not held, its meeting.
  if (item.onTime !== null || item.counted) return `/meeting-archives/${item.id}`;
  return item.meetingId ? `/meeting-dashboard/${item.meetingId}` : null;
};

const noteOf = (figure: HealthItemFigure, item: HealthItem) => {
  switch (figure) {
    case 'goals':
      return item.counted ? itemNotes.goalDone : itemNotes.goalOpen;
    case 'todos':
      return item.counted ? itemNotes.todoOnTime : itemNotes.todoLate;
    case 'issues':
      return item.value === null ? '' : itemNotes.ageOf(item.value);
    case 'scorecard':
      return item.counted ? itemNotes.cellOnTime : itemNotes.cellLate;
    case 'sessions':
      return [
        item.counted ? itemNotes.sessionHeld : itemNotes.sessionMissed,
        item.onTime === null ? null : item.onTime ? itemNotes.startedOnTime : itemNotes.startedLate,
        item.value === null ? null : itemNotes.ratingOf(item.value),
      ]
        .filter(Boolean)
        .join(' · ');
  }
};

export const HealthItemsDialog = ({
  opened,
  onClose,
  figure,
  quarters,
  initialQuarter,
  meetingId,
}: {
  opened: boolean;
  onClose: () => void;
  figure: HealthFigure;
  quarters: string[];
  initialQuarter: string;
  meetingId: string | undefined;
}) => {
  const [quarter, setQuarter] = useState(initialQuarter);
  const [offset, setOffset] = useState(0);
  const itemFigure = ITEM_FIGURE[figure];
  const items = useHealthItems(opened ? { meetingId, figure: itemFigure, quarter, offset, limit: PAGE } : null);
  const title = osHealthMessages.itemsTitle(osHealthMessages.figures[figure], quarter);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      closeButtonProps={{ 'aria-label': osHealthMessages.close }}
    >
      <Stack gap="sm">
        <Select
          label={osHealthMessages.columns.quarter}
          data={quarters}
          value={quarter}
          allowDeselect={false}
          onChange={(value) => {
            if (value) {
              setQuarter(value);
              setOffset(0);
            }
          }}
          maw={200}
        />
        {items.isPending ? (
          <SectionLoading />
        ) : items.isError ? (
          <SectionError title={osHealthMessages.itemsLoadFailed} error={items.error} onRetry={() => items.refetch()} />
        ) : items.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {osHealthMessages.itemsEmpty}
          </Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={320}>
              <Table verticalSpacing={6} fz="sm">
                <Table.Tbody>
                  {items.data.items.map((item) => {
                    const to = linkOf(item);
                    return (
                      <Table.Tr key={item.id}>
                        <Table.Td>
                          <Stack gap={0}>
                            {to ? (
                              <Anchor component={Link} to={to} size="sm">
                                {item.title}
                              </Anchor>
                            ) : (
                              <Text size="sm">{item.title}</Text>
                            )}
                            <Text size="xs" c="dimmed">
                              {[item.date, item.kind === 'session' ? null : item.meetingTitle]
                                .filter(Boolean)
                                .join(' · ')}
                            </Text>
                            <Text size="xs">{noteOf(itemFigure, item)}</Text>
                          </Stack>
                        </Table.Td>
                        <Table.Td ta="right">
                          <Badge color={item.counted ? 'teal' : 'gray'} variant="light">
                            {item.counted ? osHealthMessages.counted : osHealthMessages.notCounted}
                          </Badge>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="space-between">
              <Text size="xs" c="dimmed">
                {`${offset + 1}–${offset + items.data.items.length} / ${items.data.total}`}
              </Text>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  disabled={offset === 0}
                  onClick={() => setOffset(Math.max(0, offset - PAGE))}
                >
                  {osHealthMessages.previousPage}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  disabled={offset + PAGE >= items.data.total}
                  onClick={() => setOffset(offset + PAGE)}
                >
                  {osHealthMessages.nextPage}
                </Button>
              </Group>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
};
