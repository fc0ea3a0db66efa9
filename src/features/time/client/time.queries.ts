import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api.ts';
import { downloadFile } from '../../../client/lib/download.ts';
import { registerRealtimeUpdater } from '../../../client/lib/realtimeCache.ts';
import { TIME_PAGE } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import type { SessionSummary } from '../../meetings/meetings.schemas.ts';
import type {
  Account,
  CreateProject,
  Entry,
  Loggable,
  Project,
  ProjectReportPage,
  Report,
  ReportQuery,
  SaveAccount,
  SaveEntry,
  StartTimer,
  StopResult,
  TeamWeek,
  Timer,
  UpdateProject,
  Week,
} from '../time.schemas.ts';
import '../time.events.ts';

export const timeKeys = {
  all: ['time'] as const,
  weeks: ['time', 'week'] as const,
  week: (day: string) => ['time', 'week', day] as const,
  timer: ['time', 'timer'] as const,
  loggable: ['time', 'loggable'] as const,
  accounts: ['time', 'accounts'] as const,
  reports: ['time', 'projects'] as const,
  reportsOf: (filter: string, accountId: string | null) => ['time', 'projects', filter, accountId] as const,
  project: (id: string) => ['time', 'project', id] as const,
  team: (week: string) => ['time', 'team', week] as const,
  report: (query: ReportQuery) => ['time', 'report', query] as const,
  people: ['time', 'people'] as const,
  meetings: ['time', 'meetings'] as const,
  sessions: (meetingId: string, from: string) => ['time', 'sessions', meetingId, from] as const,
};

const silent = { silent: true };

export const useWeek = (day: string, enabled = true) =>
  useQuery({
    queryKey: timeKeys.week(day),
    queryFn: ({ signal }) => api.get<Week>(`/time/week?week=${day}`, { signal, ...silent }),
    placeholderData: (previous) => previous,
    enabled,
  });

export const useTimer = () =>
  useQuery({
    queryKey: timeKeys.timer,
    queryFn: ({ signal }) => api.get<Timer>('/time/timer', { signal, ...silent }),
  });

export const useLoggable = () =>
  useQuery({
    queryKey: timeKeys.loggable,
    queryFn: ({ signal }) => api.get<Loggable[]>('/time/projects/loggable', { signal, ...silent }),
  });

/** The caller's meetings (to log time against one). */
export const useMyMeetings = () =>
  useQuery({
    queryKey: timeKeys.meetings,
    queryFn: ({ signal }) =>
      api.get<{ id: string; title: string }[]>('/meetings/simple?mine=true', { signal, ...silent }),
  });

/** A meeting's sessions in a week (the entry form's Session choices, decision 068). */
export const useMeetingSessions = (meetingId: string | null, from: string | null, until: string | null) =>
  useQuery({
    queryKey: timeKeys.sessions(meetingId ?? '', from ?? ''),
    queryFn: ({ signal }) =>
      api.get<SessionSummary[]>(`/meetings/${meetingId}/sessions?from=${from}&until=${until}`, { signal, ...silent }),
    enabled: meetingId !== null && from !== null,
  });

/** The workspace's people (the team picker). */
export const usePeople = (enabled: boolean) =>
  useQuery({
    queryKey: timeKeys.people,
    queryFn: ({ signal }) =>
      api.get<{ id: string; firstName: string; lastName: string }[]>('/users', { signal, ...silent }),
    enabled,
  });

export const useAccounts = () =>
  useQuery({
    queryKey: timeKeys.accounts,
    queryFn: ({ signal }) =>
      api.get<{ items: Account[]; total: number }>(`/time/accounts?limit=${TIME_PAGE.max}`, { signal, ...silent }),
  });

export const useProjectReports = (filter: string, accountId: string | null, page: number) =>
  useQuery({
    queryKey: [...timeKeys.reportsOf(filter, accountId), page],
    queryFn: ({ signal }) =>
      api.get<ProjectReportPage>(
        `/time/projects?filter=${filter}&offset=${page * TIME_PAGE.default}&limit=${TIME_PAGE.default}${
          accountId ? `&accountId=${accountId}` : ''
        }`,
        { signal, ...silent },
      ),
    placeholderData: (previous) => previous,
  });

export const useProject = (id: string | null) =>
  useQuery({
    queryKey: timeKeys.project(id ?? ''),
    queryFn: ({ signal }) => api.get<Project>(`/time/projects/${id}`, { signal, ...silent }),
    enabled: id !== null,
  });

export const useTeamWeek = (week: string, enabled: boolean) =>
  useQuery({
    queryKey: timeKeys.team(week),
    queryFn: ({ signal }) => api.get<TeamWeek>(`/time/team?week=${week}&limit=${TIME_PAGE.max}`, { signal, ...silent }),
    enabled,
    placeholderData: (previous) => previous,
  });

const reportParams = (query: ReportQuery) => `from=${query.from}&to=${query.to}&groupBy=${query.groupBy}`;

export const useReport = (query: ReportQuery) =>
  useQuery({
    queryKey: timeKeys.report(query),
    queryFn: ({ signal }) => api.get<Report>(`/time/reports?${reportParams(query)}`, { signal, ...silent }),
    enabled: query.from <= query.to,
    placeholderData: (previous) => previous,
  });

export const downloadReport = (query: ReportQuery, format: 'csv' | 'xlsx', failure: string) =>
  downloadFile(`/time/reports/export?${reportParams(query)}&format=${format}`, `time-report.${format}`, failure);

/** Every write refreshes time tracking's views (they are small and share their figures). */
export const useTimeMutation = <I, O>(call: (input: I) => Promise<O>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timeKeys.all }),
  });
};

export const useSaveEntry = () =>
  useTimeMutation(({ id, ...body }: SaveEntry & { id?: string }) =>
    id ? api.put<Entry>(`/time/entries/${id}`, body, silent) : api.post<Entry>('/time/entries', body, silent),
  );
export const useDeleteEntry = () => useTimeMutation((id: string) => api.delete<boolean>(`/time/entries/${id}`));
/** A timer's time that did not all fit in its day is said where the person sees it (decision 064). */
const tellNotice = (result: StopResult) => {
  if (result.notice) {
    notifications.show({
      id: 'time-timer-notice',
      color: 'orange',
      message: result.notice,
      autoClose: 15_000,
      withCloseButton: true,
      closeButtonProps: { 'aria-label': messages.dismiss },
    });
  }
  return result;
};
export const useStartTimer = () =>
  useTimeMutation((body: StartTimer) => api.post<StopResult>('/time/timer', body).then(tellNotice));
export const useStopTimer = () => useTimeMutation(() => api.post<StopResult>('/time/timer/stop', {}).then(tellNotice));
export const useResetTimer = () => useTimeMutation(() => api.post<Timer>('/time/timer/reset', {}));
export const useSaveAccount = () =>
  useTimeMutation(({ id, ...body }: SaveAccount & { id?: string }) =>
    id ? api.put<Account>(`/time/accounts/${id}`, body, silent) : api.post<Account>('/time/accounts', body, silent),
  );
export const useDeleteAccount = () => useTimeMutation((id: string) => api.delete<boolean>(`/time/accounts/${id}`));
export const useSaveProject = () =>
  useTimeMutation(({ id, body }: { id: string | null; body: CreateProject | UpdateProject }) =>
    id ? api.put<Project>(`/time/projects/${id}`, body, silent) : api.post<Project>('/time/projects', body, silent),
  );
export const useDeleteProject = () => useTimeMutation((id: string) => api.delete<boolean>(`/time/projects/${id}`));
export const useSetCapacity = () =>
  useTimeMutation(({ userId, weeklyMinutes }: { userId: string; weeklyMinutes: number }) =>
    api.put(`/time/capacities/${userId}`, { weeklyMinutes }),
  );

// Real time: the timer and entries follow on every tab and device of the person.
registerRealtimeUpdater('time.timer', (queryClient, timer) => {
  queryClient.setQueryData(timeKeys.timer, timer);
  void queryClient.invalidateQueries({ queryKey: timeKeys.weeks });
});
registerRealtimeUpdater('time.entries', (queryClient) => {
  void queryClient.invalidateQueries({ queryKey: timeKeys.weeks });
  void queryClient.invalidateQueries({ queryKey: timeKeys.reports });
});
// Budgets, projects or accounts changed: the Accounts tab and the entry form's choices reload.
registerRealtimeUpdater('time.projectsChanged', (queryClient) => {
  for (const queryKey of [timeKeys.reports, timeKeys.accounts, timeKeys.loggable, ['time', 'project']]) {
    void queryClient.invalidateQueries({ queryKey });
  }
});
