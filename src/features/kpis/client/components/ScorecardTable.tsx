import '../kpis.css';
import { ActionIcon, Avatar, Badge, Group, Menu, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconArrowsSort,
  IconCopy,
  IconDots,
  IconPencil,
  IconSortAscending,
  IconSortDescending,
  IconTrash,
} from '@tabler/icons-react';
import { Fragment, useLayoutEffect, useRef } from 'react';
import { dayjs } from '../../../../client/lib/dayjs.ts';
import { formatKpiGoal } from '../../../../shared/kpis.ts';
import { messages } from '../../../../shared/messages.ts';
import type { PersonSummary } from '../../../meetings/meetings.schemas.ts';
import { formatDay } from '../../../tasks/client/tasks.format.ts';
import type { Scorecard, ScorecardRow, ScorecardSession } from '../../kpis.schemas.ts';
import { cellText, groupRows, sortRows, type TitleSort, trendValues } from '../kpis.format.ts';
import { KpiCell } from './KpiCell.tsx';
import type { NoteTarget } from './KpiNoteDialog.tsx';
import { TrendLine } from './TrendLine.tsx';

// The scorecard table (document 2 §2): USER, MEASURABLE, GOAL, one column per meeting date
// (each deletable by leaders), then Average, Total and a trend line per measurable. The first
// three columns stay in view while the dates scroll; the current session's column is
// highlighted and scrolled into view when the dates change.

export const dateLabel = (session: Pick<ScorecardSession, 'sessionDate'>) => formatDay(session.sessionDate);

const personName = (person: PersonSummary | undefined) =>
  person ? `${person.firstName} ${person.lastName}` : messages.taskUnknownPerson;

const SortIcon = ({ sort }: { sort: TitleSort }) => {
  const Icon = sort === 'asc' ? IconSortAscending : sort === 'desc' ? IconSortDescending : IconArrowsSort;
  return <Icon size={14} aria-hidden />;
};

export interface ScorecardActions {
  onEdit: (row: ScorecardRow) => void;
  onClone: (row: ScorecardRow) => void;
  onDelete: (row: ScorecardRow) => void;
  onDeleteColumn: (session: ScorecardSession) => void;
  onNote: (target: NoteTarget) => void;
}

const PersonCell = ({ person }: { person: PersonSummary | undefined }) => (
  <Group gap={6} wrap="nowrap" miw={0}>
    <Avatar
      src={person?.image}
      name={personName(person)}
      color="initials"
      size={24}
      aria-hidden
      style={person?.deleted ? { opacity: 0.45, filter: 'grayscale(1)' } : undefined}
    />
    <Text size="sm" truncate c={person?.deleted ? 'dimmed' : undefined}>
      {personName(person)}
    </Text>
  </Group>
);

export const ScorecardTable = ({
  scorecard,
  groupByUser,
  sort,
  onSort,
  actions,
}: {
  scorecard: Scorecard;
  groupByUser: boolean;
  sort: TitleSort;
  onSort: () => void;
  actions: ScorecardActions;
}) => {
  const scroller = useRef<HTMLDivElement>(null);
  const people = new Map(scorecard.people.map((person) => [person.id, person]));
  const { canEdit, canDeleteColumns } = scorecard.permissions;
  const sessions = scorecard.sessions;
  const columnCount = 3 + sessions.length + 3;
  const columnsKey = sessions.map((session) => session.id).join(',');

  // Bring the current session's column into the middle of the view when the columns change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the columns change
  useLayoutEffect(() => {
    const container = scroller.current;
    const header = container?.querySelector<HTMLElement>('thead th[data-current]');
    if (!container || !header) return;
    const stickyWidth = 460;
    const visible = container.clientWidth - stickyWidth;
    container.scrollLeft = Math.max(0, header.offsetLeft - stickyWidth - (visible - header.offsetWidth) / 2);
  }, [columnsKey]);

  const rows = sortRows(scorecard.scores, sort);
  const groups = groupByUser ? groupRows(rows, people) : [{ userId: '', rows }];
  const ownerFigures = new Map(scorecard.owners.map((owner) => [owner.userId, owner]));

  const row = (score: ScorecardRow) => (
    <tr key={score.id} data-score-id={score.id} data-testid="kpi-row">
      <td className="kpi-sticky kpi-col-user">
        <PersonCell person={people.get(score.userId)} />
      </td>
      <th scope="row" className="kpi-sticky kpi-col-measurable">
        <Group gap={4} wrap="nowrap" justify="space-between">
          <Text size="sm" fw={500} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {score.title}
          </Text>
          {canEdit && (
            <Menu position="bottom-end" withinPortal shadow="md">
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label={messages.kpiScoreActionsOf(score.title)}
                >
                  <IconDots size={14} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => actions.onEdit(score)}>
                  {messages.kpiEditScore}
                </Menu.Item>
                <Menu.Item leftSection={<IconCopy size={14} />} onClick={() => actions.onClone(score)}>
                  {messages.kpiCloneScore}
                </Menu.Item>
                {score.canDelete && (
                  <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => actions.onDelete(score)}>
                    {messages.kpiDeleteScore}
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </th>
      <td className="kpi-sticky kpi-col-goal">
        <Text size="sm" c="dimmed" data-testid="kpi-goal">
          {formatKpiGoal(score)}
        </Text>
      </td>
      {sessions.map((session, index) => {
        const label = dateLabel(session);
        const cell = score.cells[index] ?? null;
        return (
          <KpiCell
            key={session.id}
            meetingId={scorecard.meetingId}
            row={score}
            sessionId={session.id}
            cell={cell}
            dateLabel={label}
            canEdit={canEdit}
            current={session.isCurrent}
            onNote={() => actions.onNote({ row: score, sessionId: session.id, cell, dateLabel: label })}
          />
        );
      })}
      <td className="kpi-figure kpi-col-first-figure" data-testid="kpi-average">
        {score.average === null ? '–' : cellText(score.average, score)}
      </td>
      <td className="kpi-figure" data-testid="kpi-total">
        {score.total === null ? '–' : cellText(score.total, score)}
      </td>
      <td>
        <TrendLine values={trendValues(score)} label={messages.kpiTrendOf(score.title)} />
      </td>
    </tr>
  );

  return (
    <div className="kpi-scroll" ref={scroller}>
      <table className="kpi-table" aria-label={messages.kpiSection}>
        <thead>
          <tr>
            <th scope="col" className="kpi-sticky kpi-col-user">
              {messages.kpiColumnUser}
            </th>
            <th
              scope="col"
              className="kpi-sticky kpi-col-measurable"
              aria-sort={sort === 'asc' ? 'ascending' : sort === 'desc' ? 'descending' : 'none'}
            >
              <button
                type="button"
                className="kpi-sort-button mantine-focus-auto"
                onClick={onSort}
                aria-label={messages.sortState(messages.kpiColumnMeasurable, sort)}
                data-sort={sort}
              >
                {messages.kpiColumnMeasurable}
                <SortIcon sort={sort} />
              </button>
            </th>
            <th scope="col" className="kpi-sticky kpi-col-goal">
              {messages.kpiColumnGoal}
            </th>
            {sessions.map((session) => (
              <th
                key={session.id}
                scope="col"
                className="kpi-col-date"
                data-current={session.isCurrent || undefined}
                data-session-id={session.id}
                aria-label={dateLabel(session)}
              >
                <Group gap={2} wrap="nowrap" justify="flex-end">
                  <Stack gap={0} align="flex-end">
                    <span>{dayjs(session.sessionDate).format('MMM D')}</span>
                    <Text span size="10px" c="dimmed" fw={500}>
                      {session.isCurrent ? messages.kpiCurrentSession : dayjs(session.sessionDate).format('YYYY')}
                    </Text>
                  </Stack>
                  {canDeleteColumns && (
                    <Tooltip label={messages.kpiDeleteMeetingDate} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size="xs"
                        className="kpi-date-delete"
                        aria-label={messages.kpiDeleteDateNamed(dateLabel(session))}
                        onClick={() => actions.onDeleteColumn(session)}
                      >
                        <IconTrash size={12} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </th>
            ))}
            <th scope="col" className="kpi-figure kpi-col-first-figure">
              {messages.kpiColumnAverage}
            </th>
            <th scope="col" className="kpi-figure">
              {messages.kpiColumnTotal}
            </th>
            <th scope="col">{messages.kpiColumnTrend}</th>
          </tr>
        </thead>
        <tbody>
          {sessions.length === 0 && (
            <tr>
              <td colSpan={columnCount}>
                <Text size="sm" c="dimmed" className="kpi-group-label" py={4}>
                  {messages.kpiNoSessions}
                </Text>
              </td>
            </tr>
          )}
          {groups.map((group) => {
            const owner = ownerFigures.get(group.userId);
            const hits = owner?.hits ?? group.rows.reduce((sum, r) => sum + r.hits, 0);
            const counted = owner?.counted ?? group.rows.reduce((sum, r) => sum + r.counted, 0);
            return (
              <Fragment key={group.userId || 'all'}>
                {groupByUser && (
                  <tr className="kpi-group" data-testid="kpi-group">
                    <th colSpan={columnCount} scope="rowgroup">
                      <Group gap="sm" className="kpi-group-label" wrap="nowrap">
                        <PersonCell person={people.get(group.userId)} />
                        <Badge size="sm" variant="light" color="gray" radius="sm" tt="none" fw={500}>
                          {messages.kpiGroupSummary(hits, counted)}
                        </Badge>
                      </Group>
                    </th>
                  </tr>
                )}
                {group.rows.map(row)}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
};
