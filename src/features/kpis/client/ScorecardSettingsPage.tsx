import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd';
import { ActionIcon, Anchor, Avatar, Box, Button, Card, Group, Menu, Select, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconCopy,
  IconDots,
  IconFileSpreadsheet,
  IconFileTypeCsv,
  IconGripVertical,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { ApiError } from '../../../client/lib/api.ts';
import { Link, useParams } from '../../../client/lib/router/index.ts';
import { ConfirmDialog } from '../../../client/ui/ConfirmDialog.tsx';
import { errorText } from '../../../client/ui/FormError.tsx';
import { SectionCard } from '../../../client/ui/SectionCard.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { showError } from '../../../client/ui/toast.ts';
import { formatKpiGoal, type KpiFrequency } from '../../../shared/kpis.ts';
import { messages } from '../../../shared/messages.ts';
import type { PersonSummary } from '../../../shared/person.ts';
import { dashboardPath } from '../../meetings/client/meetings.format.ts';
import { useMeeting, useMeetingRoom, useViewer } from '../../meetings/client/meetings.queries.ts';
import { todayIn } from '../../tasks/client/tasks.format.ts';
import { kpisMessages } from '../kpis.messages.ts';
import type { ExportFormat, ScorecardRow } from '../kpis.schemas.ts';
import { FrequencyTabs } from './components/FrequencyTabs.tsx';
import { RangePicker } from './components/RangePicker.tsx';
import type { ScoreDialogState } from './components/ScoreFormDialog.tsx';
import { ScoreReminderSetting } from './components/ScoreReminderSetting.tsx';
import { ScoreFormDialog } from './kpis.dialogs.ts';
import { CURRENT_RANGE, type KpiRange, reorderVisible } from './kpis.format.ts';
import { downloadScorecard, useDeleteScore, useReorderScores, useScorecard } from './kpis.queries.ts';

// Scorecard settings (document 2 §2): /kpi/{meetingId}. A user filter, the scores in the
// meeting's order with drag reorder (a handle, also by keyboard), Add / Edit / Clone / Delete,
// and Export of the visible scorecard (the chosen range and user) to CSV and XLSX.

// Narrower fixed columns on a phone, so the measurable keeps room to wrap by words (decision 026).
const USER_WIDTH = { base: 96, sm: 180 };
const GOAL_WIDTH = { base: 64, sm: 110 };
const ROWS_MIN_WIDTH = 480;
const TYPE_NAMES = {
  number: kpisMessages.kpiTypeNumber,
  dollar: kpisMessages.kpiTypeDollar,
  percentage: kpisMessages.kpiTypePercentage,
  yesno: kpisMessages.kpiTypeYesNo,
  time: kpisMessages.kpiTypeTime,
} as const;

const name = (person: PersonSummary | undefined) =>
  person ? `${person.firstName} ${person.lastName}` : messages.taskUnknownPerson;

const ScoreLine = ({
  row,
  owner,
  canEdit,
  dragHandle,
  onEdit,
  onClone,
  onDelete,
}: {
  row: ScorecardRow;
  owner: PersonSummary | undefined;
  canEdit: boolean;
  dragHandle: ReactNode;
  onEdit: () => void;
  onClone: () => void;
  onDelete: () => void;
}) => (
  <Group gap="sm" wrap="nowrap" px="xs" py={8}>
    {dragHandle}
    <Group gap={6} wrap="nowrap" w={USER_WIDTH} miw={0}>
      <Avatar src={owner?.image} name={name(owner)} color="initials" size={24} aria-hidden />
      <Text size="sm" truncate>
        {name(owner)}
      </Text>
    </Group>
    <Text size="sm" fw={500} flex={1} miw={0} style={{ overflowWrap: 'anywhere' }}>
      {row.title}
    </Text>
    <Text size="sm" c="dimmed" w={GOAL_WIDTH}>
      {formatKpiGoal(row)}
    </Text>
    <Text size="sm" c="dimmed" w={90} visibleFrom="sm">
      {TYPE_NAMES[row.type]}
    </Text>
    <Text size="sm" c="dimmed" w={70} visibleFrom="sm" truncate>
      {row.units ?? '–'}
    </Text>
    <Box w={28}>
      {canEdit && (
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={kpisMessages.kpiScoreActionsOf(row.title)}>
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPencil size={14} />} onClick={onEdit}>
              {kpisMessages.kpiEditScore}
            </Menu.Item>
            <Menu.Item leftSection={<IconCopy size={14} />} onClick={onClone}>
              {kpisMessages.kpiCloneScore}
            </Menu.Item>
            {row.canDelete && (
              <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={onDelete}>
                {kpisMessages.kpiDeleteScore}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      )}
    </Box>
  </Group>
);

/**
 * What other features put on the scorecard settings page; the shell fills it in
 * (client/shell/ScorecardSettingsRoute.tsx), so this feature imports none of them.
 */
export interface ScorecardSettingsSlots {
  /** Beside the KPI reminder: another feature's before-meeting setting of the meeting. */
  reminders?: (props: { meetingId: string }) => ReactNode;
}

export const ScorecardSettingsPage = ({ slots }: { slots?: ScorecardSettingsSlots }) => {
  const { meetingId = '' } = useParams();
  const viewer = useViewer();
  const meeting = useMeeting(meetingId);
  useMeetingRoom(meetingId);
  const [range, setRange] = useState<KpiRange>(CURRENT_RANGE);
  const [frequency, setFrequency] = useState<KpiFrequency>('weekly');
  const showFrequency = (next: KpiFrequency) => {
    setFrequency(next);
    setRange(CURRENT_RANGE);
  };
  const [userFilter, setUserFilter] = useState<string | null>(null);
  const [dialog, setDialog] = useState<ScoreDialogState>(null);
  const [deleting, setDeleting] = useState<ScorecardRow | null>(null);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const scorecard = useScorecard(meetingId, range, null, frequency);
  const reorder = useReorderScores(meetingId);
  const remove = useDeleteScore(meetingId);
  const data = scorecard.data;
  const people = useMemo(() => new Map((data?.people ?? []).map((person) => [person.id, person])), [data]);
  const assignable = (data?.assignableUserIds ?? []).flatMap((id) => {
    const person = people.get(id);
    return person ? [person] : [];
  });
  const owners = [...new Set((data?.scores ?? []).map((row) => row.userId))]
    .map((id) => ({ value: id, label: name(people.get(id)) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const rows = (data?.scores ?? []).filter((row) => !userFilter || row.userId === userFilter);
  const canEdit = data?.permissions.canEdit ?? false;

  const onDragEnd = (result: DropResult) => {
    // document 2 §4 / @hello-pangea/dnd: no destination or the same place changes nothing.
    if (!data || !result.destination || result.destination.index === result.source.index) return;
    const all = data.scores.map((row) => row.id);
    const ids = reorderVisible(
      all,
      rows.map((row) => row.id),
      result.source.index,
      result.destination.index,
    );
    reorder.mutate(ids);
  };

  const exportAs = async (format: ExportFormat) => {
    setExporting(format);
    try {
      await downloadScorecard(meetingId, format, range, userFilter, frequency);
    } catch (error) {
      showError(error instanceof ApiError ? messages.apiFail(error.message) : kpisMessages.kpiExportFailed);
    } finally {
      setExporting(null);
    }
  };

  if (meeting.isError && meeting.error instanceof ApiError && [400, 404].includes(meeting.error.status)) {
    return (
      <Card withBorder padding="lg" radius="md" maw={560}>
        <Title order={1} size="h3">
          {messages.meetingNotFound}
        </Title>
      </Card>
    );
  }

  return (
    <Stack gap="lg">
      {meeting.data && (
        <Anchor component={Link} to={dashboardPath(meeting.data)} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} aria-hidden />
            {kpisMessages.kpiBackToDashboard}
          </Group>
        </Anchor>
      )}
      <Title order={1} size="h2">
        {meeting.data ? kpisMessages.kpiSettingsOf(meeting.data.title) : kpisMessages.kpiSettings}
      </Title>
      <SectionCard
        title={kpisMessages.kpiScores}
        actions={
          data && (
            <>
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconFileTypeCsv size={14} aria-hidden />}
                loading={exporting === 'csv'}
                onClick={() => void exportAs('csv')}
              >
                {kpisMessages.kpiExportCsv}
              </Button>
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconFileSpreadsheet size={14} aria-hidden />}
                loading={exporting === 'xlsx'}
                onClick={() => void exportAs('xlsx')}
              >
                {kpisMessages.kpiExportXlsx}
              </Button>
              {canEdit && (
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconPlus size={14} aria-hidden />}
                  onClick={() => setDialog({ mode: 'add' })}
                >
                  {kpisMessages.kpiAddScore}
                </Button>
              )}
            </>
          )
        }
      >
        {scorecard.isPending ? (
          <SectionLoading />
        ) : !data ? (
          <SectionError
            title={kpisMessages.kpiLoadFailed}
            error={scorecard.error}
            onRetry={() => void scorecard.refetch()}
            retrying={scorecard.isFetching}
          />
        ) : (
          <Stack gap="sm">
            <FrequencyTabs counts={data.frequencyCounts} value={frequency} onChange={showFrequency} />
            <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
              <Select
                aria-label={kpisMessages.kpiUserFilter}
                size="xs"
                w={200}
                placeholder={kpisMessages.kpiAllUsers}
                data={owners}
                value={userFilter}
                onChange={setUserFilter}
                clearable
                comboboxProps={{ withinPortal: true }}
              />
              <RangePicker
                range={range}
                shown={data}
                today={todayIn(viewer.timezone)}
                frequency={frequency}
                onChange={setRange}
              />
            </Group>
            {rows.length === 0 ? (
              <Text size="sm" c="dimmed" ta="center" py="md">
                {messages.kpiNoScores}
              </Text>
            ) : (
              // A phone scrolls the list sideways inside its frame, never the page (decision 026).
              <Box
                style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4, overflowX: 'auto' }}
              >
                <Group
                  miw={ROWS_MIN_WIDTH}
                  gap="sm"
                  wrap="nowrap"
                  px="xs"
                  py={6}
                  style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                >
                  <Box w={28} />
                  {[
                    { label: messages.kpiColumnUser, w: USER_WIDTH },
                    { label: messages.kpiColumnMeasurable, flex: 1 },
                    { label: messages.kpiColumnGoal, w: GOAL_WIDTH },
                    { label: kpisMessages.kpiColumnType, w: 90, hide: true },
                    { label: kpisMessages.kpiColumnUnits, w: 70, hide: true },
                  ].map((column) => (
                    <Text
                      key={column.label}
                      size="xs"
                      fw={600}
                      c="dimmed"
                      tt="uppercase"
                      w={column.w}
                      flex={column.flex}
                      visibleFrom={column.hide ? 'sm' : undefined}
                    >
                      {column.label}
                    </Text>
                  ))}
                  <Box w={28} />
                </Group>
                <DragDropContext onDragEnd={onDragEnd} dragHandleUsageInstructions={kpisMessages.kpiReorderHint}>
                  <Droppable droppableId="scores" isDropDisabled={!canEdit}>
                    {(provided) => (
                      <Box
                        ref={provided.innerRef}
                        {...provided.droppableProps}
                        aria-label={kpisMessages.kpiScores}
                        miw={ROWS_MIN_WIDTH}
                      >
                        {rows.map((row, index) => (
                          <Draggable key={row.id} draggableId={row.id} index={index} isDragDisabled={!canEdit}>
                            {(drag, snapshot) => (
                              <Box
                                ref={drag.innerRef}
                                {...drag.draggableProps}
                                data-testid="kpi-settings-row"
                                data-score-id={row.id}
                                bg={
                                  snapshot.isDragging ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-body)'
                                }
                                style={{
                                  ...drag.draggableProps.style,
                                  borderBottom: '1px solid var(--mantine-color-default-border)',
                                }}
                              >
                                <ScoreLine
                                  row={row}
                                  owner={people.get(row.userId)}
                                  canEdit={canEdit}
                                  dragHandle={
                                    <ActionIcon
                                      component="div"
                                      variant="subtle"
                                      color="gray"
                                      w={28}
                                      {...drag.dragHandleProps}
                                      aria-label={kpisMessages.kpiMoveScore(row.title)}
                                      style={{ cursor: canEdit ? 'grab' : 'default' }}
                                    >
                                      <IconGripVertical size={16} />
                                    </ActionIcon>
                                  }
                                  onEdit={() => setDialog({ mode: 'edit', score: row })}
                                  onClone={() => setDialog({ mode: 'clone', score: row })}
                                  onDelete={() => {
                                    remove.reset();
                                    setDeleting(row);
                                  }}
                                />
                              </Box>
                            )}
                          </Draggable>
                        ))}
                        {provided.placeholder}
                      </Box>
                    )}
                  </Droppable>
                </DragDropContext>
              </Box>
            )}
          </Stack>
        )}
      </SectionCard>
      <ScoreReminderSetting meetingId={meetingId} />
      {slots?.reminders?.({ meetingId })}
      <ScoreFormDialog
        meetingId={meetingId}
        state={dialog}
        people={assignable}
        scores={scorecard.data?.scores ?? []}
        defaultUserId={userFilter ?? viewer.userId}
        defaultFrequency={frequency}
        onSaved={(score) => score.frequency !== frequency && showFrequency(score.frequency)}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={kpisMessages.kpiDeleteScore}
        onClose={() => setDeleting(null)}
        pending={remove.isPending}
        error={remove.isError ? errorText(remove.error) : null}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) });
        }}
      >
        {kpisMessages.kpiDeleteScoreWarning(deleting?.title ?? '')}
      </ConfirmDialog>
    </Stack>
  );
};
