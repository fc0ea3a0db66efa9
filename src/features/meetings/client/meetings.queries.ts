import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
  MeetingListItem,
  MeetingPage,
  MeetingTemplate,
  Session,
  ShortcutFile,
  SimpleMeeting,
  ZArchivePage,
  ZCreateMeeting,
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

// --- Changes

/** Applies `change` to the meetings of every cached page of the list. */
const changeCachedMeetings = (
  queryClient: QueryClient,
  change: (meetings: MeetingListItem[]) => MeetingListItem[],
  people: Meeting['administrators'] = [],
) =>
  queryClient.setQueriesData<MeetingPage>({ queryKey: meetingKeys.lists }, (page) =>
    page
      ? {
          ...page,
          items: change(page.items),
          people: { ...page.people, ...Object.fromEntries(people.map((person) => [person.id, person])) },
        }
      : page,
  );

/** Puts a changed meeting everywhere it is cached, so lists and the dashboard agree at once. */
const storeMeeting = (queryClient: QueryClient, meeting: Meeting) => {
  queryClient.setQueryData(meetingKeys.detail(meeting.id), meeting);
  const { administrators, members, ...item } = meeting;
  changeCachedMeetings(queryClient, (items) => items.map((cached) => (cached.id === meeting.id ? item : cached)), [
    ...administrators,
    ...members,
  ]);
};

export type CreateMeetingInput = z.input<typeof ZCreateMeeting>;

/** POST /meetings: the wizard's creation. */
export const useCreateMeeting = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateMeetingInput) => api.post<Meeting>('/meetings', input, silent),
    onSuccess: (meeting) => {
      queryClient.setQueryData(meetingKeys.detail(meeting.id), meeting);
      void queryClient.invalidateQueries({ queryKey: meetingKeys.lists });
      void queryClient.invalidateQueries({ queryKey: meetingKeys.simple });
      void queryClient.invalidateQueries({ queryKey: meetingKeys.next });
    },
  });
};

/** PATCH /meetings/{id}: the meeting form, and the order of leaders and members. */
export const useUpdateMeeting = (options: { silent?: boolean } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: Record<string, unknown> }) =>
      api.patch<Meeting>(`/meetings/${id}`, patch, { silent: options.silent ?? false }),
    onMutate: async ({ id, patch }) => {
      // The order of people changes at once (dragging must not jump back while the call runs).
      const order = patch.administrators ?? patch.members;
      if (!Array.isArray(order)) return undefined;
      await queryClient.cancelQueries({ queryKey: meetingKeys.detail(id) });
      const before = queryClient.getQueryData<Meeting>(meetingKeys.detail(id));
      if (before) {
        const sortBy = (people: Meeting['members'], ids: unknown) =>
          Array.isArray(ids)
            ? ids.map((pid) => people.find((p) => p.id === pid)).filter((p) => p !== undefined)
            : people;
        queryClient.setQueryData<Meeting>(meetingKeys.detail(id), {
          ...before,
          administrators: sortBy(before.administrators, patch.administrators),
          members: sortBy(before.members, patch.members),
        });
      }
      return { before };
    },
    onError: (_error, { id }, context) => {
      if (context?.before) queryClient.setQueryData(meetingKeys.detail(id), context.before);
    },
    onSuccess: (meeting) => {
      storeMeeting(queryClient, meeting);
      void queryClient.invalidateQueries({ queryKey: meetingKeys.simple });
      void queryClient.invalidateQueries({ queryKey: meetingKeys.next });
    },
  });
};

/** DELETE /meetings/{id}: permanent. */
export const useDeleteMeeting = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<boolean>(`/meetings/${id}`, undefined, silent),
    onSuccess: (_done, id) => {
      changeCachedMeetings(queryClient, (items) => items.filter((item) => item.id !== id));
      void queryClient.invalidateQueries({ queryKey: meetingKeys.lists });
      queryClient.removeQueries({ queryKey: meetingKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: meetingKeys.folders });
      void queryClient.invalidateQueries({ queryKey: meetingKeys.simple });
      void queryClient.invalidateQueries({ queryKey: meetingKeys.next });
    },
  });
};

/** PATCH /meetings/{id}/folder: into one of the caller's folders, or out with null (optimistic). */
export const useMoveMeetingToFolder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ meetingId, folderId }: { meetingId: string; folderId: string | null }) =>
      api.patch<Meeting>(`/meetings/${meetingId}/folder`, { folderId }),
    onMutate: async ({ meetingId, folderId }) => {
      await queryClient.cancelQueries({ queryKey: meetingKeys.folders });
      await queryClient.cancelQueries({ queryKey: meetingKeys.lists });
      const folders = queryClient.getQueryData<MeetingFolder[]>(meetingKeys.folders);
      const lists = queryClient.getQueriesData<MeetingPage>({ queryKey: meetingKeys.lists });
      queryClient.setQueryData<MeetingFolder[]>(meetingKeys.folders, (list) =>
        list?.map((folder) => ({
          ...folder,
          meetingIds:
            folder.id === folderId
              ? [...folder.meetingIds.filter((id) => id !== meetingId), meetingId]
              : folder.meetingIds.filter((id) => id !== meetingId),
        })),
      );
      changeCachedMeetings(queryClient, (items) =>
        items.map((item) => (item.id === meetingId ? { ...item, folderId } : item)),
      );
      return { folders, lists };
    },
    onError: (_error, _input, context) => {
      if (!context) return;
      queryClient.setQueryData(meetingKeys.folders, context.folders);
      for (const [key, data] of context.lists) queryClient.setQueryData(key, data);
    },
    onSuccess: (meeting) => storeMeeting(queryClient, meeting),
    onSettled: () => queryClient.invalidateQueries({ queryKey: meetingKeys.folders }),
  });
};

/** PUT /meetings/{id}/agenda-items: the whole agenda in its order. */
export const useSaveAgenda = (meetingId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (agendaItems: Record<string, unknown>[]) =>
      api.put<AgendaItem[]>(`/meetings/${meetingId}/agenda-items`, { agendaItems }, silent),
    onSuccess: (items, sent) => {
      queryClient.setQueryData(meetingKeys.agenda(meetingId), items);
      // The meeting's duration is the sum of the checked items.
      void queryClient.invalidateQueries({ queryKey: meetingKeys.detail(meetingId) });
      // A Meeting Board made with the agenda (decision 056) joins the meeting's boards (the
      // boards feature's key; this tab ignores its own 'board.changed' event).
      if (sent.some((item) => item.newBoardName))
        void queryClient.invalidateQueries({ queryKey: ['boards', 'meeting', meetingId] });
    },
  });
};

export const useCreateMeetingFolder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post<MeetingFolder>('/meeting-folders', { name }, silent),
    onSuccess: (folder) => {
      queryClient.setQueryData<MeetingFolder[]>(meetingKeys.folders, (list) => (list ? [...list, folder] : list));
      void queryClient.invalidateQueries({ queryKey: meetingKeys.folders });
    },
  });
};

/** PATCH /meeting-folders/{id}: rename (silent: the dialog shows the error) or open/close (optimistic). */
export const useUpdateMeetingFolder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: { name?: string; open?: boolean } }) =>
      api.patch<MeetingFolder>(`/meeting-folders/${id}`, patch, { silent: patch.name !== undefined }),
    onMutate: async ({ id, patch }) => {
      if (patch.open === undefined) return undefined;
      await queryClient.cancelQueries({ queryKey: meetingKeys.folders });
      const before = queryClient.getQueryData<MeetingFolder[]>(meetingKeys.folders);
      queryClient.setQueryData<MeetingFolder[]>(meetingKeys.folders, (list) =>
        list?.map((folder) => (folder.id === id ? { ...folder, open: patch.open ?? folder.open } : folder)),
      );
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(meetingKeys.folders, context.before);
    },
    onSuccess: (folder) =>
      queryClient.setQueryData<MeetingFolder[]>(meetingKeys.folders, (list) =>
        list?.map((item) => (item.id === folder.id ? folder : item)),
      ),
  });
};

export const useDeleteMeetingFolder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<boolean>(`/meeting-folders/${id}`, undefined, silent),
    onSuccess: (_done, id) => {
      queryClient.setQueryData<MeetingFolder[]>(meetingKeys.folders, (list) => list?.filter((f) => f.id !== id));
      void queryClient.invalidateQueries({ queryKey: meetingKeys.lists });
    },
  });
};

/** A change to a meeting's Team Files; every folder of it is read again after. */
const useFilesChange = <V, R>(meetingId: string, call: (input: V) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meetingKeys.files(meetingId) }),
  });
};

/** POST /meetings/{id}/file-folders: 409 when the name is taken (the dialog says so). */
export const useCreateFileFolder = (meetingId: string) =>
  useFilesChange(meetingId, (input: { name: string; parentId: string | null }) =>
    api.post<FileFolder>(`/meetings/${meetingId}/file-folders`, input, silent),
  );

/** PATCH /meetings/{id}/file-folders/{folderId}: 409 when a sibling has the name. */
export const useRenameFileFolder = (meetingId: string) =>
  useFilesChange(meetingId, ({ id, name }: { id: string; name: string }) =>
    api.patch<FileFolder>(`/meetings/${meetingId}/file-folders/${id}`, { name }, silent),
  );

/** DELETE /meetings/{id}/file-folders/{folderId}: its subfolders and files go with it. */
export const useDeleteFileFolder = (meetingId: string) =>
  useFilesChange(meetingId, (folderId: string) =>
    api.delete<boolean>(`/meetings/${meetingId}/file-folders/${folderId}`, undefined, silent),
  );

type FileFields = { name: string; externalLink: string; description: string; folderId: string | null };

export const useAddFile = (meetingId: string) =>
  useFilesChange(meetingId, (file: FileFields) =>
    api.post<ShortcutFile[]>(`/meetings/${meetingId}/files`, { files: [file] }, silent),
  );

/** PATCH /meetings/{id}/files/{fileId}: a shortcut's name, link and description. */
export const useUpdateFile = (meetingId: string) =>
  useFilesChange(meetingId, ({ id, ...fields }: Omit<FileFields, 'folderId'> & { id: string }) =>
    api.patch<ShortcutFile>(`/meetings/${meetingId}/files/${id}`, fields, silent),
  );

export const useDeleteFile = (meetingId: string) =>
  useFilesChange(meetingId, (fileId: string) =>
    api.delete<boolean>(`/meetings/${meetingId}/files/${fileId}`, undefined, silent),
  );

/**
 * PATCH /sessions/{id}: a session's note or recording link; an empty value clears it. A note names
 * the version it was typed over; refused (409) because someone changed it, the archives are read
 * again so that their note is the one shown.
 */
export const useUpdateSession = (meetingId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      patch,
    }: {
      id: string;
      patch: { note?: string | null; noteBaseChangedAt?: string | null; link?: string | null };
    }) => api.patch<Session>(`/sessions/${id}`, patch, silent),
    onSettled: () => queryClient.invalidateQueries({ queryKey: meetingKeys.archives(meetingId) }),
  });
};

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
