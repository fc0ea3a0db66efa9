import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { z } from 'zod';
import { api } from '../../../client/lib/api.ts';
import { registerRealtimeUpdater } from '../../../client/lib/realtimeCache.ts';
import { useSelf } from '../../../client/lib/self.ts';
import { connectRealtime } from '../../../client/lib/socket.ts';
import type {
  AgendaItem,
  Meeting,
  MeetingFolder,
  MeetingPage,
  MeetingTemplate,
  SimpleMeeting,
  ZArchivePage,
  ZFileFolder,
  ZFileFolderContents,
} from '../meetings.schemas.ts';

// Server state of the meetings area: one key factory, the hooks the pages use, and how the
// real-time events of the area change the cache (ids only arrive, so queries are refetched).

export type ArchivePage = z.infer<typeof ZArchivePage>;
export type FileFolder = z.infer<typeof ZFileFolder>;
/** A Team Files folder's contents; the top level is a folder with no id and no name. */
export type FolderContents = Omit<z.infer<typeof ZFileFolderContents>, 'id' | 'name' | 'parentId'> &
  Partial<Pick<z.infer<typeof ZFileFolderContents>, 'id' | 'name' | 'parentId'>>;
export interface NextMeeting {
  meetingId: string;
  title: string;
  session: { id: string; sessionDate: string; startsAt: string; startedAt: string | null; finishedAt: string | null };
}
/** Whose meetings a list shows: the caller's, or (workspace admins) the whole workspace's. */
export type ListScope = 'mine' | 'all';

export const ARCHIVES_PER_PAGE = 10;

export const meetingKeys = {
  all: ['meetings'] as const,
  lists: ['meetings', 'list'] as const,
  list: (scope: ListScope, params: MeetingListParams) => ['meetings', 'list', scope, params] as const,
  simple: ['meetings', 'simple'] as const,
  simpleOf: (mine: boolean) => ['meetings', 'simple', mine ? 'mine' : 'visible'] as const,
  details: ['meetings', 'detail'] as const,
  detail: (id: string) => ['meetings', 'detail', id] as const,
  agenda: (id: string) => ['meetings', 'agenda', id] as const,
  next: ['meetings', 'next'] as const,
  templates: ['meetings', 'templates'] as const,
  folders: ['meetings', 'folders'] as const,
  files: (meetingId: string) => ['meetings', 'files', meetingId] as const,
  fileFolder: (meetingId: string, folderId: string | null) =>
    ['meetings', 'files', meetingId, folderId ?? 'top'] as const,
  archives: (meetingId: string) => ['meetings', 'archives', meetingId] as const,
  archivePage: (meetingId: string, page: number) => ['meetings', 'archives', meetingId, page] as const,
};

// Reads are silent: each page area shows its own error state with the server's message
// (document 1 §2), so a toast would say it twice.
const silent = { silent: true } as const;

/** The signed-in user's time zone and admin flag, which every meetings screen needs. */
export const useViewer = () => {
  const self = useSelf().data;
  return {
    userId: self?.user.id ?? '',
    timezone: self?.user.timezone ?? 'UTC',
    isAdmin: self?.isAdmin === '1',
  };
};

export interface MeetingListParams {
  kind: 'meetings' | 'accounts';
  sort: 'asc' | 'desc';
  search: string;
  offset: number;
  limit: number;
}

/**
 * GET /meetings (the caller's) or GET /admin/meetings (every meeting, workspace admins): one
 * page of the list, paged on the server; the page shown stays while the next one loads.
 */
export const useMeetingPage = (scope: ListScope, params: MeetingListParams) =>
  useQuery({
    queryKey: meetingKeys.list(scope, params),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        kind: params.kind,
        sort: params.sort,
        offset: String(params.offset),
        limit: String(params.limit),
      });
      if (params.search) query.set('search', params.search);
      return api.get<MeetingPage>(`${scope === 'all' ? '/admin/meetings' : '/meetings'}?${query}`, {
        signal,
        ...silent,
      });
    },
    placeholderData: (previous) => previous,
    select: withPeople,
  });

/** The page's meetings with their leaders and members (the page sends each person once, by id). */
const withPeople = (page: MeetingPage) => {
  const named = (ids: string[]) => ids.flatMap((id) => page.people[id] ?? []);
  return {
    ...page,
    items: page.items.map(
      (item): Meeting => ({ ...item, administrators: named(item.administratorIds), members: named(item.shareWithIds) }),
    ),
  };
};

/**
 * Id, title, type and colour of the meetings the caller may see (the wizard's clone picker),
 * or with `mine` only those they lead or attend (the sidebar, the pickers of their own).
 */
export const useSimpleMeetings = (enabled = true, mine = false) =>
  useQuery({
    queryKey: meetingKeys.simpleOf(mine),
    queryFn: ({ signal }) =>
      api.get<SimpleMeeting[]>(`/meetings/simple${mine ? '?mine=true' : ''}`, { signal, ...silent }),
    enabled,
  });

export const meetingQuery = (id: string) =>
  queryOptions({
    queryKey: meetingKeys.detail(id),
    queryFn: ({ signal }) => api.get<Meeting>(`/meetings/${id}`, { signal, ...silent }),
  });

export const useMeeting = (id: string, enabled = true) => useQuery({ ...meetingQuery(id), enabled });

export const useAgenda = (meetingId: string) =>
  useQuery({
    queryKey: meetingKeys.agenda(meetingId),
    queryFn: ({ signal }) => api.get<AgendaItem[]>(`/meetings/${meetingId}/agenda-items`, { signal, ...silent }),
  });

export const useMeetingTemplates = (enabled = true) =>
  useQuery({
    queryKey: meetingKeys.templates,
    queryFn: ({ signal }) => api.get<MeetingTemplate[]>('/meeting-templates', { signal, ...silent }),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });

/** The top bar's next meeting; refetched now and then, since time moves it on. */
export const useNextMeeting = () =>
  useQuery({
    queryKey: meetingKeys.next,
    queryFn: ({ signal }) => api.get<NextMeeting | null>('/meetings/next', { signal, ...silent }),
    refetchInterval: 5 * 60_000,
  });

export const useMeetingFolders = () =>
  useQuery({
    queryKey: meetingKeys.folders,
    queryFn: ({ signal }) => api.get<MeetingFolder[]>('/meeting-folders', { signal, ...silent }),
  });

/** A Team Files folder's subfolders and files; `null` is the top level. */
export const useFileFolder = (meetingId: string, folderId: string | null, enabled = true) =>
  useQuery({
    queryKey: meetingKeys.fileFolder(meetingId, folderId),
    queryFn: ({ signal }) =>
      api.get<FolderContents>(
        folderId ? `/meetings/${meetingId}/file-folders/${folderId}` : `/meetings/${meetingId}/file-folders`,
        { signal, ...silent },
      ),
    enabled,
  });

export const useArchives = (meetingId: string, page: number) =>
  useQuery({
    queryKey: meetingKeys.archivePage(meetingId, page),
    queryFn: ({ signal }) =>
      api.get<ArchivePage>(`/meetings/${meetingId}/archives?page=${page}&perPage=${ARCHIVES_PER_PAGE}`, {
        signal,
        ...silent,
      }),
    placeholderData: (previous) => previous,
  });

// --- Real time

/**
 * Joins the meeting's live channel (acc-{tenantId}-{meetingId}) while a page about it is
 * open, so its 'session.changed' events arrive; joins again after a reconnection.
 */
/**
 * Joins the meeting's real-time room while mounted (again after each reconnection). `onJoined`
 * runs once the server has let the socket in: what the page read before that moment may have
 * missed an event, so a page that lives on events refetches there.
 */
export const useMeetingRoom = (meetingId: string, onJoined?: () => void) => {
  const joined = useRef(onJoined);
  joined.current = onJoined;
  useEffect(() => {
    let cancelled = false;
    let leave = () => {};
    void connectRealtime().then((socket) => {
      if (!socket || cancelled) return;
      const join = () =>
        socket.emit('meeting:join', meetingId, (answer?: { ok?: boolean }) => {
          if (answer?.ok && !cancelled) joined.current?.();
        });
      if (socket.connected) join();
      socket.on('connect', join);
      leave = () => {
        socket.off('connect', join);
        if (socket.connected) socket.emit('meeting:leave', meetingId);
      };
    });
    return () => {
      cancelled = true;
      leave();
    };
  }, [meetingId]);
};

// Someone else created, changed, deleted or moved a meeting: refetch what may show it. A
// deleted meeting's dashboard then gets a 404 and says the meeting is gone.
registerRealtimeUpdater('meeting.changed', (queryClient, data) => {
  void queryClient.invalidateQueries({ queryKey: meetingKeys.lists });
  void queryClient.invalidateQueries({ queryKey: meetingKeys.simple });
  void queryClient.invalidateQueries({ queryKey: meetingKeys.next });
  void queryClient.invalidateQueries({ queryKey: meetingKeys.detail(data.id) });
  void queryClient.invalidateQueries({ queryKey: meetingKeys.agenda(data.id) });
  if (data.action === 'deleted') void queryClient.invalidateQueries({ queryKey: meetingKeys.folders });
});

// A session (meeting date) changed: its note or link, or it started or ended.
registerRealtimeUpdater('session.changed', (queryClient, data) => {
  void queryClient.invalidateQueries({ queryKey: meetingKeys.archives(data.meetingId) });
  void queryClient.invalidateQueries({ queryKey: meetingKeys.detail(data.meetingId) });
  void queryClient.invalidateQueries({ queryKey: meetingKeys.next });
});
