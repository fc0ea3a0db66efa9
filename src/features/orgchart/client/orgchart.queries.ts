import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, sendForm } from '../../../client/lib/api.ts';
import { registerRealtimeUpdater } from '../../../client/lib/realtimeCache.ts';
import type { CreateSeat, OrgChart, Seat, UpdateSeat } from '../orgchart.schemas.ts';

export const orgChartKeys = { chart: ['org-chart'] as const };

const silent = { silent: true } as const;

/** getOrgChart: the whole chart (it is bounded: 20 rows of 20 seats). */
export const orgChartQuery = queryOptions({
  queryKey: orgChartKeys.chart,
  queryFn: ({ signal }) => api.get<OrgChart>('/org-chart', { signal, ...silent }),
});

export const useOrgChart = () => useQuery(orgChartQuery);

const useRefetchChart = () => {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: orgChartKeys.chart });
};

export const useCreateChart = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<OrgChart>('/org-chart', undefined, silent),
    onSuccess: (chart) => queryClient.setQueryData(orgChartKeys.chart, chart),
  });
};

/** Add Seat or Edit Seat; then the picture (if one was chosen or removed). */
export const useSaveSeat = () => {
  const refetch = useRefetchChart();
  return useMutation({
    mutationFn: async ({
      id,
      input,
      image,
    }: {
      id: string | null;
      input: CreateSeat | UpdateSeat;
      /** A new picture, null to remove it, undefined to leave it. */
      image?: File | null;
    }) => {
      const seat = id
        ? await api.patch<Seat>(`/org-chart/seats/${id}`, input, silent)
        : await api.post<Seat>('/org-chart/seats', input, silent);
      if (image) await sendForm('PUT', `/org-chart/seats/${seat.id}/image`, image, silent);
      if (image === null && seat.image) await api.delete(`/org-chart/seats/${seat.id}/image`, undefined, silent);
      return seat;
    },
    onSettled: refetch,
  });
};

/**
 * A move to another place: the chart shows it at once and goes back if the server refuses
 * (a taken place, a chart under its minimum).
 */
export const useMoveSeat = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, row, seatNumber }: { id: string; row: number; seatNumber: number }) =>
      api.patch<Seat>(`/org-chart/seats/${id}`, { row, seatNumber }, silent),
    onMutate: async ({ id, row, seatNumber }) => {
      await queryClient.cancelQueries({ queryKey: orgChartKeys.chart });
      const before = queryClient.getQueryData<OrgChart>(orgChartKeys.chart);
      const taken = before?.seats.some((s) => s.row === row && s.seatNumber === seatNumber && s.id !== id);
      if (before && !taken)
        queryClient.setQueryData<OrgChart>(orgChartKeys.chart, {
          ...before,
          seats: before.seats.map((s) => (s.id === id ? { ...s, row, seatNumber } : s)),
        });
      return { before };
    },
    onError: (_error, _move, context) => {
      if (context?.before) queryClient.setQueryData(orgChartKeys.chart, context.before);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: orgChartKeys.chart }),
  });
};

export const useDeleteSeat = () => {
  const refetch = useRefetchChart();
  return useMutation({
    mutationFn: (id: string) => api.delete<boolean>(`/org-chart/seats/${id}`, undefined, silent),
    onSuccess: refetch,
  });
};

// Someone else changed the chart: it refetches.
registerRealtimeUpdater('orgchart.changed', (queryClient) => {
  void queryClient.invalidateQueries({ queryKey: orgChartKeys.chart });
});
