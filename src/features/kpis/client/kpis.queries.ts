import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../client/lib/api.ts';
import { downloadFile } from '../../../client/lib/download.ts';
import { registerRealtimeUpdater } from '../../../client/lib/realtimeCache.ts';
import type { KpiFrequency } from '../../../shared/kpis.ts';
import { kpisMessages } from '../kpis.messages.ts';
import type {
  DeletedColumn,
  ExportFormat,
  SavedCell,
  Score,
  Scorecard,
  ZCloneScore,
  ZCreateScore,
  ZUpdateScore,
} from '../kpis.schemas.ts';
import { type KpiRange, needsRefetch, rangeParams, withCell, withOrder, withoutColumn } from './kpis.format.ts';

// Server state of the scorecard: one key factory, the hooks of the KPI screens, and how the
// 'kpi.*' events change the cache. A cell event carries the cell, which is patched into every
// cached scorecard of the meeting (the cell being typed into keeps its draft: see KpiCell).

export const kpiKeys = {
  all: ['kpis'] as const,
  meeting: (meetingId: string) => ['kpis', 'scorecard', meetingId] as const,
  scorecard: (meetingId: string, range: KpiRange, userId: string | null, frequency: KpiFrequency = 'weekly') =>
    ['kpis', 'scorecard', meetingId, rangeParams(range, frequency).toString(), userId ?? 'all'] as const,
};

const silent = { silent: true } as const;

const query = (range: KpiRange, userId: string | null, frequency: KpiFrequency) => {
  const params = rangeParams(range, frequency);
  if (userId) params.set('userId', userId);
  const text = params.toString();
  return text ? `?${text}` : '';
};

/**
 * GET meetings/{id}/kpis: by quarter, by dates, or (neither) the current quarter; monthly and
 * quarterly measurables with their periods as columns (the last 13 months / 5 quarters by default).
 */
export const useScorecard = (
  meetingId: string | null,
  range: KpiRange,
  userId: string | null = null,
  frequency: KpiFrequency = 'weekly',
) =>
  useQuery({
    queryKey: kpiKeys.scorecard(meetingId ?? '', range, userId, frequency),
    queryFn: ({ signal }) =>
      api.get<Scorecard>(`/meetings/${meetingId}/kpis${query(range, userId, frequency)}`, { signal, ...silent }),
    enabled: meetingId !== null,
    placeholderData: (previous, previousQuery) =>
      // Keep showing the table while another range of the same meeting loads.
      previousQuery?.queryKey[2] === meetingId ? previous : undefined,
  });

/** Applies a change to every cached scorecard of the meeting. */
const patchScorecards = (queryClient: QueryClient, meetingId: string, patch: (scorecard: Scorecard) => Scorecard) => {
  queryClient.setQueriesData<Scorecard>({ queryKey: kpiKeys.meeting(meetingId) }, (scorecard) =>
    scorecard ? patch(scorecard) : scorecard,
  );
};

const refetchScorecards = (queryClient: QueryClient, meetingId: string) =>
  queryClient.invalidateQueries({ queryKey: kpiKeys.meeting(meetingId) });

/** A saved cell and the formula cells it changed, into every cached scorecard of the meeting. */
const applyCell = (
  queryClient: QueryClient,
  meetingId: string,
  cell: Omit<SavedCell, 'computed'>,
  computed: SavedCell['computed'],
) => {
  const touched = [cell.scoreId, ...computed.map((c) => c.scoreId)];
  let refetch = false;
  patchScorecards(queryClient, meetingId, (card) => {
    refetch ||= needsRefetch(card, touched);
    return withCell(card, cell, computed);
  });
  // A rolling average reads periods before the range: the server has them.
  if (refetch) void refetchScorecards(queryClient, meetingId);
};

export type CreateScoreInput = z.input<typeof ZCreateScore>;
export type UpdateScoreInput = z.input<typeof ZUpdateScore>;
export type CloneScoreInput = z.input<typeof ZCloneScore>;

/** POST meetings/{id}/scores, PATCH scores/{id}, POST scores/{id}/clone (the dialog shows failures). */
export const useSaveScore = (meetingId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input:
        | { mode: 'add'; body: CreateScoreInput }
        | { mode: 'edit'; id: string; body: UpdateScoreInput }
        | { mode: 'clone'; id: string; body: CloneScoreInput },
    ) =>
      input.mode === 'add'
        ? api.post<Score>(`/meetings/${meetingId}/scores`, input.body, silent)
        : input.mode === 'edit'
          ? api.patch<Score>(`/scores/${input.id}`, input.body, silent)
          : api.post<Score>(`/scores/${input.id}/clone`, input.body, silent),
    onSuccess: () => refetchScorecards(queryClient, meetingId),
  });
};

/** DELETE scores/{id}: the score, its rows and cells. */
export const useDeleteScore = (meetingId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<boolean>(`/scores/${id}`, undefined, silent),
    onSuccess: (_done, id) => {
      patchScorecards(queryClient, meetingId, (card) => ({
        ...card,
        scores: card.scores.filter((score) => score.id !== id),
      }));
      void refetchScorecards(queryClient, meetingId);
    },
  });
};

/** PUT meetings/{id}/scores/order: applied at once, rolled back (with a toast) when refused. */
export const useReorderScores = (meetingId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api.put<Score[]>(`/meetings/${meetingId}/scores/order`, { ids }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: kpiKeys.meeting(meetingId) });
      const before = queryClient.getQueriesData<Scorecard>({ queryKey: kpiKeys.meeting(meetingId) });
      patchScorecards(queryClient, meetingId, (card) => withOrder(card, ids));
      return { before };
    },
    onError: (_error, _ids, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => refetchScorecards(queryClient, meetingId),
  });
};

/**
 * PUT scores/{scoreId}/cells/{sessionId} (a meeting date), or PUT scores/{scoreId}/periods/{start}
 * for a monthly or quarterly measurable: a value and/or a note. The caller shows failures.
 */
export const useSaveCell = (meetingId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      scoreId,
      sessionId,
      frequency = 'weekly',
      body,
    }: {
      scoreId: string;
      /** A meeting date's id, or a period's first day. */
      sessionId: string;
      frequency?: KpiFrequency;
      body: { measured?: string | null; note?: string | null };
    }) =>
      api.put<SavedCell>(
        `/scores/${scoreId}/${frequency === 'weekly' ? 'cells' : 'periods'}/${sessionId}`,
        body,
        silent,
      ),
    onSuccess: ({ computed, ...cell }, { frequency = 'weekly' }) => {
      applyCell(queryClient, meetingId, cell, computed);
      if (frequency !== 'weekly') refetchIfFormulas(queryClient, meetingId, frequency);
    },
  });
};

/** Formula cells of periods are computed with the scorecard: a tab of that frequency with formulas refetches. */
const refetchIfFormulas = (queryClient: QueryClient, meetingId: string, frequency: KpiFrequency) => {
  const cards = queryClient.getQueriesData<Scorecard>({ queryKey: kpiKeys.meeting(meetingId) });
  if (cards.some(([, card]) => card?.frequency === frequency && card.scores.some((row) => row.formula !== null)))
    void refetchScorecards(queryClient, meetingId);
};

/** DELETE meetings/{id}/kpis/sessions/{sessionId} (Delete meeting date). */
export const useDeleteColumn = (meetingId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      api.delete<DeletedColumn>(`/meetings/${meetingId}/kpis/sessions/${sessionId}`, undefined, silent),
    onSuccess: (_result, sessionId) => {
      patchScorecards(queryClient, meetingId, (card) => withoutColumn(card, sessionId));
      void refetchScorecards(queryClient, meetingId);
    },
  });
};

/** GET meetings/{id}/kpis/export, saved as a file. */
export const downloadScorecard = async (
  meetingId: string,
  format: ExportFormat,
  range: KpiRange,
  userId: string | null,
  frequency: KpiFrequency = 'weekly',
): Promise<void> => {
  const params = rangeParams(range, frequency);
  params.set('format', format);
  if (userId) params.set('userId', userId);
  await downloadFile(
    `/meetings/${meetingId}/kpis/export?${params}`,
    `scorecard.${format}`,
    kpisMessages.kpiExportFailed,
  );
};

// --- Real time (the meeting's room; our own echoes never arrive here)

registerRealtimeUpdater('kpi.cell.changed', (queryClient, data) => {
  applyCell(queryClient, data.meetingId, data.cell, data.computed ?? []);
});

registerRealtimeUpdater('kpi.period.changed', (queryClient, data) => {
  applyCell(queryClient, data.meetingId, data.cell, []);
  refetchIfFormulas(queryClient, data.meetingId, data.frequency);
});

registerRealtimeUpdater('kpi.order.changed', (queryClient, data) => {
  patchScorecards(queryClient, data.meetingId, (card) => withOrder(card, data.ids));
});

registerRealtimeUpdater('kpi.score.changed', (queryClient, data) => {
  if (data.action === 'deleted')
    patchScorecards(queryClient, data.meetingId, (card) => ({
      ...card,
      scores: card.scores.filter((score) => score.id !== data.id),
    }));
  void refetchScorecards(queryClient, data.meetingId);
});

registerRealtimeUpdater('kpi.column.deleted', (queryClient, data) => {
  patchScorecards(queryClient, data.meetingId, (card) => withoutColumn(card, data.sessionId));
  void refetchScorecards(queryClient, data.meetingId);
});

// A session started, moved or removed, or a schedule change: the meeting's columns may differ.
registerRealtimeUpdater('session.changed', (queryClient, data) => {
  void refetchScorecards(queryClient, data.meetingId);
});

registerRealtimeUpdater('meeting.changed', (queryClient, data) => {
  void refetchScorecards(queryClient, data.id);
});
