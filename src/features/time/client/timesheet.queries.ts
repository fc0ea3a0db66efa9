import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/lib/api.ts';
import { registerRealtimeUpdater } from '../../../client/lib/realtimeCache.ts';
import { TIME_PAGE } from '../../../shared/constants.ts';
import type { ApprovalPage, CostRate, ProfitPage, SaveCostRate, SetCell, WeekSheet } from '../timesheet.schemas.ts';
import { timeKeys, useTimeMutation } from './time.queries.ts';
import '../time.events.ts';

// The weekly timesheet, approvals, cost rates and profitability (decision 090).

const silent = { silent: true };
export const timesheetKeys = {
  approvals: ['time', 'approvals'] as const,
  approvalsOf: (status: string, page: number) => ['time', 'approvals', status, page] as const,
  costRates: (userId: string) => ['time', 'cost-rates', userId] as const,
  profit: (page: number) => ['time', 'profitability', page] as const,
};

export const useSetCell = () => useTimeMutation((body: SetCell) => api.put('/time/timesheet/cells', body, silent));
export const useSubmitWeek = () =>
  useTimeMutation((week: string) => api.post<WeekSheet>('/time/weeks', { week }, silent));
export const useWithdrawWeek = () => useTimeMutation((id: string) => api.delete<boolean>(`/time/weeks/${id}`));
export const useApproveWeek = () => useTimeMutation((id: string) => api.post(`/time/weeks/${id}/approve`, {}));
export const useReturnWeek = () =>
  useTimeMutation(({ id, comment }: { id: string; comment: string }) =>
    api.post(`/time/weeks/${id}/return`, { comment }, silent),
  );

export const useApprovals = (status: string, page: number) =>
  useQuery({
    queryKey: timesheetKeys.approvalsOf(status, page),
    queryFn: ({ signal }) =>
      api.get<ApprovalPage>(
        `/time/approvals?status=${status}&offset=${page * TIME_PAGE.default}&limit=${TIME_PAGE.default}`,
        { signal, ...silent },
      ),
    placeholderData: (previous) => previous,
  });

export const useCostRates = (userId: string, enabled: boolean) =>
  useQuery({
    queryKey: timesheetKeys.costRates(userId),
    queryFn: ({ signal }) => api.get<CostRate[]>(`/time/people/${userId}/cost-rates`, { signal, ...silent }),
    enabled,
  });
export const useSaveCostRate = () =>
  useTimeMutation(({ userId, ...body }: SaveCostRate & { userId: string }) =>
    api.put<CostRate[]>(`/time/people/${userId}/cost-rates`, body, silent),
  );
export const useDeleteCostRate = () =>
  useTimeMutation(({ userId, validFrom }: { userId: string; validFrom: string }) =>
    api.delete<CostRate[]>(`/time/people/${userId}/cost-rates/${validFrom}`),
  );

export const useProfitability = (page: number, enabled: boolean) =>
  useQuery({
    queryKey: timesheetKeys.profit(page),
    queryFn: ({ signal }) =>
      api.get<ProfitPage>(`/time/profitability?offset=${page * TIME_PAGE.default}&limit=${TIME_PAGE.default}`, {
        signal,
        ...silent,
      }),
    placeholderData: (previous) => previous,
    enabled,
  });

// A week was submitted, withdrawn, approved or returned: its person's week and the approvals reload.
registerRealtimeUpdater('time.weeks', (queryClient) => {
  void queryClient.invalidateQueries({ queryKey: timeKeys.weeks });
  void queryClient.invalidateQueries({ queryKey: timesheetKeys.approvals });
});
