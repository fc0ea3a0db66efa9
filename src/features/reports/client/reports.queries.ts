import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api.ts';
import { downloadFile } from '../../../client/lib/download.ts';
import { registerRealtimeUpdater } from '../../../client/lib/realtimeCache.ts';
import type { SimpleMeeting } from '../../meetings/meetings.schemas.ts';
import type { DirectoryPage } from '../../people/people.schemas.ts';
import type { ArchiveSearchPage, Report, ReportFormat, Trends, WorkspaceExport } from '../reports.schemas.ts';
import '../reports.events.ts';

export interface ReportWindow {
  dateSince?: string | undefined;
  dateUntil?: string | undefined;
}

export interface ArchiveSearchParams extends ReportWindow {
  q: string;
  meetingId?: string | undefined;
  userId?: string | undefined;
  offset: number;
  limit: number;
}

export const reportsKeys = {
  all: ['reports'] as const,
  meeting: (meetingId: string, window: ReportWindow, memberId: string | undefined) =>
    ['reports', 'meeting', meetingId, window, memberId ?? null] as const,
  user: (userId: string, window: ReportWindow) => ['reports', 'user', userId, window] as const,
  trends: (meetingId: string, window: ReportWindow) => ['reports', 'trends', meetingId, window] as const,
  search: (params: ArchiveSearchParams) => ['reports', 'archives', params] as const,
  exports: ['reports', 'workspace-exports'] as const,
};

/** `?dateSince=…&dateUntil=…` plus extra fields, leaving out the empty ones. */
export const queryString = (fields: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
};

const silent = { silent: true };

export const useMeetingReport = (meetingId: string, window: ReportWindow, memberId?: string) =>
  useQuery({
    queryKey: reportsKeys.meeting(meetingId, window, memberId),
    queryFn: ({ signal }) =>
      api.get<Report>(`/reports/meetings/${meetingId}${queryString({ ...window, memberId })}`, { signal, ...silent }),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useUserReport = (userId: string, window: ReportWindow) =>
  useQuery({
    queryKey: reportsKeys.user(userId, window),
    queryFn: ({ signal }) =>
      api.get<Report>(`/reports/users/${userId}${queryString({ ...window })}`, { signal, ...silent }),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useMeetingTrends = (meetingId: string, window: ReportWindow, enabled = true) =>
  useQuery({
    queryKey: reportsKeys.trends(meetingId, window),
    queryFn: ({ signal }) =>
      api.get<Trends>(`/reports/meetings/${meetingId}/trends${queryString({ ...window })}`, { signal, ...silent }),
    enabled,
    retry: false,
  });

/** Saves a report as CSV or XLSX: the meeting's (with its member) or the user's. */
export const downloadReport = (
  about: { meetingId: string; memberId?: string | undefined } | { userId: string },
  window: ReportWindow,
  format: ReportFormat,
  failedMessage: string,
) => {
  const path =
    'userId' in about
      ? `/reports/users/${about.userId}/export${queryString({ ...window, format })}`
      : `/reports/meetings/${about.meetingId}/export${queryString({ ...window, memberId: about.memberId, format })}`;
  return downloadFile(path, `report.${format}`, failedMessage);
};

export const useArchiveSearch = (params: ArchiveSearchParams) =>
  useQuery({
    queryKey: reportsKeys.search(params),
    queryFn: ({ signal }) =>
      api.get<ArchiveSearchPage>(`/archives/search${queryString({ ...params })}`, { signal, ...silent }),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useWorkspaceExports = (enabled: boolean) =>
  useQuery({
    queryKey: reportsKeys.exports,
    queryFn: ({ signal }) =>
      api.get<{ items: WorkspaceExport[]; total: number; offset: number }>('/workspace-exports?limit=10', {
        signal,
        ...silent,
      }),
    enabled,
  });

export const useStartWorkspaceExport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (passphrase?: string) =>
      api.post<WorkspaceExport>('/workspace-exports', passphrase ? { passphrase } : undefined, silent),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsKeys.exports }),
  });
};

export const downloadWorkspaceExport = (item: WorkspaceExport, failedMessage: string) =>
  downloadFile(`/workspace-exports/${item.id}/download`, item.fileName ?? 'export.zip', failedMessage);

// An export's progress: patched into the list the admin is looking at.
registerRealtimeUpdater('workspace-export.changed', (queryClient, data) => {
  const current = queryClient.getQueryData<{ items: WorkspaceExport[]; total: number; offset: number }>(
    reportsKeys.exports,
  );
  if (current?.items.some((item) => item.id === data.id)) {
    queryClient.setQueryData(reportsKeys.exports, {
      ...current,
      items: current.items.map((item) => (item.id === data.id ? data : item)),
    });
  } else void queryClient.invalidateQueries({ queryKey: reportsKeys.exports });
});

/** The filters' choices: the meetings the caller sees, and the workspace's people (first 200 by first name). */
export const useSearchChoices = () =>
  useQuery({
    queryKey: ['reports', 'search-choices'] as const,
    queryFn: async ({ signal }) => {
      const [meetings, people] = await Promise.all([
        api.get<SimpleMeeting[]>('/meetings/simple', { signal, ...silent }),
        api.get<DirectoryPage>('/directory/users?limit=200', { signal, ...silent }),
      ]);
      return {
        meetings: meetings.map((m) => ({ value: m.id, label: m.title })),
        people: people.users.map((u) => ({ value: u.id, label: `${u.firstName} ${u.lastName}`.trim() })),
      };
    },
    staleTime: 60_000,
  });
