import '../kpis.css';
import {
  DragDropContext,
  Draggable,
  type DraggableProvided,
  type DraggableRubric,
  Droppable,
  type DropResult,
} from '@hello-pangea/dnd';
import { ActionIcon, Avatar, Badge, Group, Menu, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import {
  IconArrowsSort,
  IconCopy,
  IconDots,
  IconGripVertical,
  IconMathFunction,
  IconPencil,
  IconPlugConnected,
  IconSortAscending,
  IconSortDescending,
  IconTrash,
} from '@tabler/icons-react';
import { Fragment, useLayoutEffect, useRef } from 'react';
import { dayjs } from '../../../../client/lib/dayjs.ts';
import { formatKpiGoal } from '../../../../shared/kpis.ts';
import { messages } from '../../../../shared/messages.ts';
import type { PersonSummary } from '../../../../shared/person.ts';
import { formatDay } from '../../../tasks/client/tasks.format.ts';
import { kpiFeedMessages } from '../../kpi-feeds.messages.ts';
import { kpisMessages } from '../../kpis.messages.ts';
import type { Scorecard, ScorecardRow, ScorecardSession } from '../../kpis.schemas.ts';
import {
  cellText,
  figureText,
  groupRows,
  reorderVisible,
  sortRows,
  type TitleSort,
  trendValues,
} from '../kpis.format.ts';
import { FormulaCell } from './FormulaCell.tsx';
import { KpiCell } from './KpiCell.tsx';
import type { NoteTarget } from './KpiNoteDialog.tsx';
import { TrendLine } from './TrendLine.tsx';

// The scorecard table (document 2 §2): USER, MEASURABLE, GOAL, one column per meeting date
// (each deletable by leaders), then Average, Total and a trend line per measurable. The first
// three columns stay in view while the dates scroll; the current session's column is
// highlighted and scrolled into view when the dates change. Where the whole scorecard shows
// (the dashboard), a handle in front of each row drags it to another place, also by keyboard
// (docs/decisions/019): among all rows, or among its owner's rows while grouped by user; not
// while sorted by title, whose order is not the meeting's.

/** Width of the columns that stay in view (USER, MEASURABLE, GOAL), and of the handle's. */
const STICKY_WIDTH = 460;
const HANDLE_WIDTH = 28;

/** A column's name: a meeting date, or a period's ('Mar 2026', 'Q2 2026'). */
export const dateLabel = (session: Pick<ScorecardSession, 'sessionDate' | 'label'>) =>
  session.label ?? formatDay(session.sessionDate);

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
  /** "Feed from another system": where the page offers it (not for a formula KPI). */
  onFeed?: (row: ScorecardRow) => void;
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

const DragHandle = ({ title, handleProps }: { title: string; handleProps: DraggableProvided['dragHandleProps'] }) => (
  <ActionIcon
    component="div"
    variant="subtle"
    color="gray"
    size="sm"
    className="kpi-handle"
    {...handleProps}
    aria-label={kpisMessages.kpiMoveScore(title)}
  >
    <IconGripVertical size={14} aria-hidden />
  </ActionIcon>
);

/** The row a handle drags while the drag lasts: what the row shows in its columns that stay in view. */
const DragPreview = ({
  score,
  person,
  provided,
  left,
}: {
  score: ScorecardRow;
  person: PersonSummary | undefined;
  provided: DraggableProvided;
  left: number | undefined;
}) => {
  const style = provided.draggableProps.style;
  return (
    <div
      ref={provided.innerRef}
      {...provided.draggableProps}
      // The row is as wide as all its dates; its preview, as the columns that stay in view.
      style={{
        ...style,
        ...(style && 'position' in style && left !== undefined ? { left, width: STICKY_WIDTH + HANDLE_WIDTH } : {}),
      }}
      className="kpi-drag-preview"
      data-testid="kpi-drag-preview"
    >
      <div className="kpi-col-handle">
        <DragHandle title={score.title} handleProps={provided.dragHandleProps} />
      </div>
      <div className="kpi-col-user">
        <PersonCell person={person} />
      </div>
      <Text size="sm" fw={500} truncate className="kpi-col-measurable">
        {score.title}
      </Text>
      <Text size="sm" c="dimmed" truncate className="kpi-col-goal">
        {formatKpiGoal(score)}
      </Text>
    </div>
  );
};

export const ScorecardTable = ({
  scorecard,
  groupByUser,
  sort,
  onSort,
  onReorder,
  actions,
}: {
  scorecard: Scorecard;
  groupByUser: boolean;
  sort: TitleSort;
  onSort: () => void;
  /**
   * Rows can be dragged: the scorecard shows every score of the meeting (not one owner's), and
   * this receives the meeting's whole new order.
   */
  onReorder?: (ids: string[]) => void;
  actions: ScorecardActions;
}) => {
  const scroller = useRef<HTMLDivElement>(null);
  const people = new Map(scorecard.people.map((person) => [person.id, person]));
  const { canEdit } = scorecard.permissions;
  // Periods are the calendar's, not meeting dates: they cannot be taken off.
  const canDeleteColumns = scorecard.permissions.canDeleteColumns && scorecard.frequency === 'weekly';
  const reorderable = onReorder !== undefined && canEdit;
  const canDrag = reorderable && sort === 'none';
  const sessions = scorecard.sessions;
  const columnCount = (reorderable ? 1 : 0) + 3 + sessions.length + 4;
  const columnsKey = sessions.map((session) => session.id).join(',');

  // Bring the current session's column into the middle of the view when the columns change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the columns change
  useLayoutEffect(() => {
    const container = scroller.current;
    const header = container?.querySelector<HTMLElement>('thead th[data-current]');
    if (!container || !header) return;
    const stickyWidth = STICKY_WIDTH + (reorderable ? HANDLE_WIDTH : 0);
    const visible = container.clientWidth - stickyWidth;
    container.scrollLeft = Math.max(0, header.offsetLeft - stickyWidth - (visible - header.offsetWidth) / 2);
  }, [columnsKey]);

  const rows = sortRows(scorecard.scores, sort);
  const groups = (groupByUser ? groupRows(rows, people) : [{ userId: '', rows }]).map((group) => ({
    ...group,
    droppableId: `kpi-rows-${group.userId || 'all'}`,
  }));
  const ownerFigures = new Map(scorecard.owners.map((owner) => [owner.userId, owner]));
  const rowsById = new Map(scorecard.scores.map((score) => [score.id, score]));

  const onDragEnd = ({ source, destination }: DropResult) => {
    // @hello-pangea/dnd's (and the spec's) drop rules: no destination or the same place changes nothing.
    if (!onReorder || !destination || destination.droppableId !== source.droppableId) return;
    if (destination.index === source.index) return;
    const group = groups.find((candidate) => candidate.droppableId === source.droppableId);
    if (!group) return;
    onReorder(
      reorderVisible(
        scorecard.scores.map((score) => score.id),
        group.rows.map((score) => score.id),
        source.index,
        destination.index,
      ),
    );
  };

  const renderPreview = (provided: DraggableProvided, _snapshot: unknown, rubric: DraggableRubric) => {
    const score = rowsById.get(rubric.draggableId);
    if (!score) return <div ref={provided.innerRef} {...provided.draggableProps} />;
    return (
      <DragPreview
        score={score}
        person={people.get(score.userId)}
        provided={provided}
        left={scroller.current?.getBoundingClientRect().left}
      />
    );
  };

  const row = (score: ScorecardRow, drag: DraggableProvided) => (
    <tr ref={drag.innerRef} {...drag.draggableProps} data-score-id={score.id} data-testid="kpi-row">
      {reorderable && (
        <td className="kpi-sticky kpi-col-handle">
          {canDrag ? (
            <DragHandle title={score.title} handleProps={drag.dragHandleProps} />
          ) : (
            <Tooltip label={kpisMessages.kpiReorderSorted} withArrow position="right">
              <span className="kpi-handle-off">
                <IconGripVertical size={14} aria-hidden />
              </span>
            </Tooltip>
          )}
        </td>
      )}
      <td className="kpi-sticky kpi-col-user">
        <PersonCell person={people.get(score.userId)} />
      </td>
      <th scope="row" className="kpi-sticky kpi-col-measurable">
        <Group gap={4} wrap="nowrap" justify="space-between">
          <Group gap={4} wrap="nowrap" miw={0}>
            {score.formula !== null && (
              <Tooltip label={kpisMessages.kpiFormulaOf(score.title)} withArrow>
                <IconMathFunction
                  size={14}
                  className="kpi-formula-mark"
                  role="img"
                  aria-label={kpisMessages.kpiFormulaBadge}
                  data-testid="kpi-formula-mark"
                />
              </Tooltip>
            )}
            <Text size="sm" fw={500} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {score.title}
            </Text>
          </Group>
          {canEdit && (
            <Menu position="bottom-end" withinPortal shadow="md">
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label={kpisMessages.kpiScoreActionsOf(score.title)}
                >
                  <IconDots size={14} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => actions.onEdit(score)}>
                  {kpisMessages.kpiEditScore}
                </Menu.Item>
                <Menu.Item leftSection={<IconCopy size={14} />} onClick={() => actions.onClone(score)}>
                  {kpisMessages.kpiCloneScore}
                </Menu.Item>
                {actions.onFeed && score.formula === null && (
                  <Menu.Item leftSection={<IconPlugConnected size={14} />} onClick={() => actions.onFeed?.(score)}>
                    {kpiFeedMessages.menuItem}
                  </Menu.Item>
                )}
                {score.canDelete && (
                  <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => actions.onDelete(score)}>
                    {kpisMessages.kpiDeleteScore}
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
        const displayed = score.shown ? (score.shown[index] ?? null) : undefined;
        if (score.formula !== null)
          return (
            <FormulaCell
              key={session.id}
              row={score}
              cell={cell}
              displayed={displayed}
              dateLabel={label}
              current={session.isCurrent}
            />
          );
        return (
          <KpiCell
            key={session.id}
            meetingId={scorecard.meetingId}
            row={score}
            sessionId={session.id}
            sessionDate={session.sessionDate}
            cell={cell}
            displayed={displayed}
            dateLabel={label}
            canEdit={canEdit}
            current={session.isCurrent}
            onNote={() => actions.onNote({ row: score, sessionId: session.id, cell, dateLabel: label })}
          />
        );
      })}
      <td className="kpi-figure kpi-col-first-figure" data-testid="kpi-average">
        {score.average === null ? '–' : figureText('average', score.average, score)}
      </td>
      <td className="kpi-figure" data-testid="kpi-total">
        {score.total === null ? '–' : figureText('total', score.total, score)}
      </td>
      <td className="kpi-figure" data-testid="kpi-latest">
        {score.latest === null ? '–' : cellText(score.latest, score)}
      </td>
      <td>
        <TrendLine values={trendValues(score)} label={kpisMessages.kpiTrendOf(score.title)} />
      </td>
    </tr>
  );

  return (
    <div className="kpi-scroll" ref={scroller}>
      <DragDropContext onDragEnd={onDragEnd} dragHandleUsageInstructions={kpisMessages.kpiReorderHint}>
        <table className="kpi-table" aria-label={messages.kpiSection} data-reorderable={reorderable || undefined}>
          <thead>
            <tr>
              {reorderable && (
                <th scope="col" className="kpi-sticky kpi-col-handle">
                  <VisuallyHidden>{kpisMessages.kpiColumnOrder}</VisuallyHidden>
                </th>
              )}
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
                      <span>{session.label ?? dayjs(session.sessionDate).format('MMM D')}</span>
                      <Text span size="10px" c="dimmed" fw={500}>
                        {session.isCurrent
                          ? kpisMessages.kpiCurrentSession
                          : session.label
                            ? ''
                            : dayjs(session.sessionDate).format('YYYY')}
                      </Text>
                    </Stack>
                    {canDeleteColumns && (
                      <Tooltip label={kpisMessages.kpiDeleteMeetingDate} withArrow>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          size="xs"
                          className="kpi-date-delete"
                          aria-label={kpisMessages.kpiDeleteDateNamed(dateLabel(session))}
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
                {kpisMessages.kpiColumnAverage}
              </th>
              <th scope="col" className="kpi-figure">
                {kpisMessages.kpiColumnTotal}
              </th>
              <th scope="col" className="kpi-figure">
                {kpisMessages.kpiColumnLatest}
              </th>
              <th scope="col">{kpisMessages.kpiColumnTrend}</th>
            </tr>
          </thead>
          {sessions.length === 0 && (
            <tbody>
              <tr>
                <td colSpan={columnCount}>
                  <Text size="sm" c="dimmed" className="kpi-group-label" py={4}>
                    {kpisMessages.kpiNoSessions}
                  </Text>
                </td>
              </tr>
            </tbody>
          )}
          {groups.map((group) => {
            const owner = ownerFigures.get(group.userId);
            const hits = owner?.hits ?? group.rows.reduce((sum, r) => sum + r.hits, 0);
            const counted = owner?.counted ?? group.rows.reduce((sum, r) => sum + r.counted, 0);
            return (
              <Fragment key={group.droppableId}>
                {groupByUser && (
                  <tbody>
                    <tr className="kpi-group" data-testid="kpi-group">
                      <th colSpan={columnCount} scope="rowgroup">
                        <Group gap="sm" className="kpi-group-label" wrap="nowrap">
                          <PersonCell person={people.get(group.userId)} />
                          <Badge size="sm" variant="light" color="gray" radius="sm" tt="none" fw={500}>
                            {kpisMessages.kpiGroupSummary(hits, counted)}
                          </Badge>
                        </Group>
                      </th>
                    </tr>
                  </tbody>
                )}
                {/* One list per group: a row moves among its owner's rows only (its type). */}
                <Droppable
                  droppableId={group.droppableId}
                  type={group.droppableId}
                  isDropDisabled={!canDrag}
                  renderClone={renderPreview}
                >
                  {(drop) => (
                    <tbody ref={drop.innerRef} {...drop.droppableProps}>
                      {group.rows.map((score, index) => (
                        <Draggable key={score.id} draggableId={score.id} index={index} isDragDisabled={!canDrag}>
                          {(drag) => row(score, drag)}
                        </Draggable>
                      ))}
                      {drop.placeholder}
                    </tbody>
                  )}
                </Droppable>
              </Fragment>
            );
          })}
        </table>
      </DragDropContext>
    </div>
  );
};
