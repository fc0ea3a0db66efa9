import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../client/lib/api.ts';
import type {
  AgendaItem,
  Meeting,
  MeetingFolder,
  MeetingListItem,
  MeetingPage,
  Session,
  ShortcutFile,
  ZCreateMeeting,
} from '../meetings.schemas.ts';
import { type FileFolder, meetingKeys } from './meetings.queries.ts';

// The meetings area's changes: each request and what it changes in the cache. Apart from the
// reads (meetings.queries.ts), which the shell loads on every page.

// Each caller says what failed where the change was made (a form's error, its own toast), so
// the API client shows none.
const silent = { silent: true } as const;

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
