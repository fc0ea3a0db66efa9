import { Button, Group, Stack, Switch, Text } from '@mantine/core';
import { IconPlus, IconSettings } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Link } from '../../../client/lib/router/index.ts';
import { ConfirmDialog } from '../../../client/ui/ConfirmDialog.tsx';
import { errorText } from '../../../client/ui/FormError.tsx';
import { SectionCard } from '../../../client/ui/SectionCard.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import type { KpiFrequency } from '../../../shared/kpis.ts';
import { messages } from '../../../shared/messages.ts';
import { todayIn } from '../../tasks/client/tasks.format.ts';
import { kpisMessages } from '../kpis.messages.ts';
import type { ScorecardRow, ScorecardSession } from '../kpis.schemas.ts';
import { FrequencyTabs } from './components/FrequencyTabs.tsx';
import { KpiFeedDialog } from './components/KpiFeedDialog.tsx';
import { KpiNoteDialog, type NoteTarget } from './components/KpiNoteDialog.tsx';
import { RangePicker } from './components/RangePicker.tsx';
import { dateLabel, ScorecardTable } from './components/ScorecardTable.tsx';
import type { ScoreDialogState } from './components/ScoreFormDialog.tsx';
import { ScoreFormDialog } from './kpis.dialogs.ts';
import { CURRENT_RANGE, type KpiRange, nextTitleSort, type TitleSort } from './kpis.format.ts';
import { useDeleteColumn, useDeleteScore, useReorderScores, useScorecard } from './kpis.queries.ts';

// The KPI panel (document 2 §2) on the meeting dashboard ("KPI's") and on home ("My KPI's",
// with a meeting selector): Group by user, Add Score, Scorecard Settings, the quarter and
// date-range pickers, and the scorecard table with its dialogs.

export const KpiPanel = ({
  meetingId,
  title,
  timezone,
  viewerId,
  userId = null,
  selector,
  emptyText = messages.kpiNoScores,
  placeholder = null,
}: {
  meetingId: string | null;
  title: string;
  timezone: string;
  viewerId: string;
  /** Only this owner's scores (home: the viewer's). */
  userId?: string | null;
  /** The home panel's meeting selector, shown in the header. */
  selector?: ReactNode;
  emptyText?: string;
  /** What shows while there is no meeting to show (home: loading the meetings, or none). */
  placeholder?: ReactNode;
}) => {
  const [range, setRange] = useState<KpiRange>(CURRENT_RANGE);
  const [frequency, setFrequency] = useState<KpiFrequency>('weekly');
  const [groupByUser, setGroupByUser] = useState(false);
  const [sort, setSort] = useState<TitleSort>('none');
  const [scoreDialog, setScoreDialog] = useState<ScoreDialogState>(null);
  const [deleting, setDeleting] = useState<ScorecardRow | null>(null);
  const [deletingColumn, setDeletingColumn] = useState<ScorecardSession | null>(null);
  const [note, setNote] = useState<NoteTarget | null>(null);
  const [feedOf, setFeedOf] = useState<ScorecardRow | null>(null);
  const scorecard = useScorecard(meetingId, range, userId, frequency);
  const showFrequency = (next: KpiFrequency) => {
    setFrequency(next);
    // Each tab starts on its own default range (the quarter; the last 13 months or 5 quarters).
    setRange(CURRENT_RANGE);
  };
  const removeScore = useDeleteScore(meetingId ?? '');
  const removeColumn = useDeleteColumn(meetingId ?? '');
  const reorder = useReorderScores(meetingId ?? '');
  const today = todayIn(timezone);
  const data = scorecard.data;

  const assignable = useMemo(() => {
    if (!data) return [];
    const people = new Map(data.people.map((person) => [person.id, person]));
    return data.assignableUserIds.flatMap((id) => {
      const person = people.get(id);
      return person ? [person] : [];
    });
  }, [data]);

  const canEdit = data?.permissions.canEdit ?? false;
  const actions = (
    <>
      {selector}
      {meetingId && canEdit && (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => setScoreDialog({ mode: 'add' })}
        >
          {kpisMessages.kpiAddScore}
        </Button>
      )}
      {meetingId && (
        <Button
          size="compact-sm"
          variant="default"
          component={Link}
          to={`/kpi/${meetingId}`}
          leftSection={<IconSettings size={14} aria-hidden />}
        >
          {kpisMessages.kpiSettings}
        </Button>
      )}
    </>
  );

  let body: ReactNode;
  if (!meetingId) body = placeholder;
  else if (scorecard.isPending) body = <SectionLoading />;
  else if (scorecard.isError && !data)
    body = (
      <SectionError
        title={kpisMessages.kpiLoadFailed}
        error={scorecard.error}
        onRetry={() => void scorecard.refetch()}
        retrying={scorecard.isFetching}
      />
    );
  else if (data)
    body = (
      <Stack gap="sm">
        <FrequencyTabs counts={data.frequencyCounts} value={frequency} onChange={showFrequency} />
        <Group justify="space-between" gap="sm" wrap="wrap" align="flex-start">
          <Switch
            label={kpisMessages.kpiGroupByUser}
            checked={groupByUser}
            onChange={(event) => setGroupByUser(event.currentTarget.checked)}
            mt={4}
          />
          <RangePicker range={range} shown={data} today={today} frequency={frequency} onChange={setRange} />
        </Group>
        {scorecard.isError && (
          <SectionError
            title={kpisMessages.kpiLoadFailed}
            error={scorecard.error}
            onRetry={() => void scorecard.refetch()}
            retrying={scorecard.isFetching}
          />
        )}
        {data.scores.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            {emptyText}
          </Text>
        ) : (
          <ScorecardTable
            scorecard={data}
            groupByUser={groupByUser}
            sort={sort}
            onSort={() => setSort(nextTitleSort)}
            // Rows move where the whole scorecard shows: the order is the meeting's (decision 019).
            onReorder={userId === null ? (ids) => reorder.mutate(ids) : undefined}
            actions={{
              onEdit: (row) => setScoreDialog({ mode: 'edit', score: row }),
              onClone: (row) => setScoreDialog({ mode: 'clone', score: row }),
              onDelete: (row) => {
                removeScore.reset();
                setDeleting(row);
              },
              onDeleteColumn: (session) => {
                removeColumn.reset();
                setDeletingColumn(session);
              },
              onNote: setNote,
              onFeed: setFeedOf,
            }}
          />
        )}
      </Stack>
    );

  return (
    <SectionCard title={title} actions={actions}>
      {body}
      {meetingId && (
        <>
          <ScoreFormDialog
            meetingId={meetingId}
            state={scoreDialog}
            people={assignable}
            scores={data?.scores ?? []}
            defaultUserId={userId ?? viewerId}
            defaultFrequency={frequency}
            onSaved={(score) => score.frequency !== frequency && showFrequency(score.frequency)}
            onClose={() => setScoreDialog(null)}
          />
          <KpiNoteDialog meetingId={meetingId} target={note} onClose={() => setNote(null)} />
          {feedOf && (
            <KpiFeedDialog
              scoreId={feedOf.id}
              title={feedOf.title}
              canManage={feedOf.canDelete}
              opened
              onClose={() => setFeedOf(null)}
            />
          )}
          <ConfirmDialog
            opened={deleting !== null}
            title={kpisMessages.kpiDeleteScore}
            onClose={() => setDeleting(null)}
            pending={removeScore.isPending}
            error={removeScore.isError ? errorText(removeScore.error) : null}
            onConfirm={() => {
              if (deleting) removeScore.mutate(deleting.id, { onSuccess: () => setDeleting(null) });
            }}
          >
            {kpisMessages.kpiDeleteScoreWarning(deleting?.title ?? '')}
          </ConfirmDialog>
          <ConfirmDialog
            opened={deletingColumn !== null}
            title={kpisMessages.kpiDeleteMeetingDate}
            onClose={() => setDeletingColumn(null)}
            pending={removeColumn.isPending}
            error={removeColumn.isError ? errorText(removeColumn.error) : null}
            onConfirm={() => {
              if (deletingColumn) removeColumn.mutate(deletingColumn.id, { onSuccess: () => setDeletingColumn(null) });
            }}
          >
            {kpisMessages.kpiDeleteDateWarning(deletingColumn ? dateLabel(deletingColumn) : '')}
          </ConfirmDialog>
        </>
      )}
    </SectionCard>
  );
};
