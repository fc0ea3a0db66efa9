import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, type ApiOptions, api, sendForm } from '../../../client/lib/api.ts';
import { cardKeys, refreshBoardCounts, refreshCardLists, storeCard } from '../../../client/lib/cards.ts';
import { clientId } from '../../../client/lib/clientId.ts';
import { getToken } from '../../../client/lib/session.ts';
import { connectRealtime } from '../../../client/lib/socket.ts';
import { CLIENT_ID_HEADER } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import type { Activity, Attachment, MoveTask, ShareLink, Task, TaskPreview } from '../../tasks/tasks.schemas.ts';
import type { Board, BoardList, Label } from '../boards.schemas.ts';
import { withCards } from './boards.format.ts';
import { boardKeys, patchBoardViews } from './boards.queries.ts';

// Server state of the card dialog's panels (watchers, activity, attachments, share link, move
// and copy) and of the public share page. Every key of a card sits under cardKeys.detail(id),
// so the 'task.changed' updater in client/lib/cards.ts (which invalidates that prefix) refetches
// all of them when someone else changes the card, its checklists, comments or attachments.

export const cardPanelKeys = {
  activities: (taskId: string) => [...cardKeys.detail(taskId), 'activities'] as const,
  attachments: (taskId: string) => [...cardKeys.detail(taskId), 'attachments'] as const,
  share: (taskId: string) => [...cardKeys.detail(taskId), 'share'] as const,
  attachmentBlob: (attachmentId: string) => ['attachment-blob', attachmentId] as const,
  boardLabels: (boardId: string) => ['boards', 'labels', boardId] as const,
  boardLists: (boardId: string) => ['boards', 'lists', boardId] as const,
  meetingBoards: (meetingId: string) => ['boards', 'meeting', meetingId] as const,
  preview: (token: string) => ['task-preview', token] as const,
};

const silent = { silent: true } as const;

const storeTask = (queryClient: QueryClient, task: Task) => {
  storeCard(queryClient, task);
  if (task.boardId) void queryClient.invalidateQueries({ queryKey: boardKeys.board(task.boardId) });
  refreshCardLists(queryClient);
};

/** Refreshes the card (e.g. its `shared` flag) and the board views that show its counts. */
const refreshCard = (queryClient: QueryClient, task: Pick<Task, 'id' | 'boardId'>) => {
  void queryClient.invalidateQueries({ queryKey: cardKeys.detail(task.id), exact: true });
  if (task.boardId) void queryClient.invalidateQueries({ queryKey: boardKeys.board(task.boardId) });
};

// Watchers

/** POST / DELETE tasks/{id}/watchers: adds and removes the difference to `next`. */
export const useSetWatchers = (task: Pick<Task, 'id' | 'watchers'>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (next: string[]) => {
      const added = next.filter((id) => !task.watchers.includes(id));
      const removed = task.watchers.filter((id) => !next.includes(id));
      let watchers = task.watchers;
      if (added.length) watchers = await api.post<string[]>(`/tasks/${task.id}/watchers`, { userIds: added }, silent);
      if (removed.length)
        watchers = await api.delete<string[]>(`/tasks/${task.id}/watchers`, { userIds: removed }, silent);
      return watchers;
    },
    onSuccess: (watchers) => {
      queryClient.setQueryData<Task>(cardKeys.detail(task.id), (card) => (card ? { ...card, watchers } : card));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cardKeys.detail(task.id), exact: true }),
  });
};

// Activity (comments)

export const useActivities = (taskId: string) =>
  useQuery({
    queryKey: cardPanelKeys.activities(taskId),
    queryFn: ({ signal }) => api.get<Activity[]>(`/tasks/${taskId}/activities`, { signal, ...silent }),
  });

type ActivityCall =
  | { kind: 'add'; description: string }
  | { kind: 'edit'; id: string; description: string }
  | { kind: 'delete'; id: string };

export const useActivityChange = (taskId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (call: ActivityCall): Promise<unknown> => {
      switch (call.kind) {
        case 'add':
          return api.post<Activity>('/activities', { taskId, description: call.description }, silent);
        case 'edit':
          return api.put<Activity>(`/activities/${call.id}`, { description: call.description }, silent);
        case 'delete':
          return api.delete<boolean>(`/activities/${call.id}`, undefined, silent);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cardPanelKeys.activities(taskId) }),
  });
};

// Attachments

export const useAttachments = (taskId: string) =>
  useQuery({
    queryKey: cardPanelKeys.attachments(taskId),
    queryFn: ({ signal }) => api.get<Attachment[]>(`/tasks/${taskId}/attachments`, { signal, ...silent }),
  });

export const ATTACHMENT_LIMIT_MB = 10;

/**
 * POST tasks/{id}/attachments as multipart (field `file`), without a toast: failures are
 * ApiError with the server's message ("The file is too large…", "The file’s content does not
 * match…"); a 413 without one (a proxy's limit) says the size limit.
 */
export const uploadAttachment = (taskId: string, file: File, options: ApiOptions = {}): Promise<Attachment> =>
  sendForm<Attachment>('POST', `/tasks/${taskId}/attachments`, file, {
    silent: true,
    tooLargeMessage: messages.fileTooLarge(ATTACHMENT_LIMIT_MB),
    ...options,
  });

export const useUploadAttachment = (task: Pick<Task, 'id' | 'boardId'>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadAttachment(task.id, file),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: cardPanelKeys.attachments(task.id) });
      refreshCard(queryClient, task);
    },
  });
};

export const useDeleteAttachment = (task: Pick<Task, 'id' | 'boardId'>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attachmentId: string) => api.delete<boolean>(`/attachments/${attachmentId}`, undefined, silent),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: cardPanelKeys.attachments(task.id) });
      refreshCard(queryClient, task);
    },
  });
};

/** The attached file's bytes, fetched with the session's token (the file route needs it). */
export const fetchAttachmentBlob = async (attachment: Pick<Attachment, 'url'>, signal?: AbortSignal) => {
  const headers: Record<string, string> = { [CLIENT_ID_HEADER]: clientId };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(attachment.url, { headers, signal });
  if (!response.ok) throw new ApiError(response.status, messages.apiHttpError(response.status), undefined);
  return response.blob();
};

/** An object URL of an image attachment for <img>, revoked when no longer used. */
export const useAttachmentImage = (attachment: Attachment, enabled: boolean) => {
  const query = useQuery({
    queryKey: cardPanelKeys.attachmentBlob(attachment.id),
    queryFn: async ({ signal }) => URL.createObjectURL(await fetchAttachmentBlob(attachment, signal)),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });
  return query;
};

/** Saves the file under its name through a temporary link. */
export const downloadAttachment = async (attachment: Attachment) => {
  const blob = await fetchAttachmentBlob(attachment);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = attachment.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

// Share link

export const useShareLink = (taskId: string, enabled: boolean) =>
  useQuery({
    queryKey: cardPanelKeys.share(taskId),
    queryFn: ({ signal }) => api.get<ShareLink | null>(`/tasks/${taskId}/share`, { signal, ...silent }),
    enabled,
  });

export const useShareChange = (task: Pick<Task, 'id' | 'boardId'>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'share' | 'revoke') =>
      action === 'share'
        ? api.post<ShareLink>(`/tasks/${task.id}/share`, undefined, silent)
        : api.delete<boolean>(`/tasks/${task.id}/share`, undefined, silent).then(() => null),
    onSuccess: (link) => {
      queryClient.setQueryData(cardPanelKeys.share(task.id), link);
      queryClient.setQueryData<Task>(cardKeys.detail(task.id), (card) => (card ? { ...card, shared: !!link } : card));
    },
  });
};

/** GET task-preview/{token}: the public page (no session needed). */
export const useTaskPreview = (token: string) =>
  useQuery({
    queryKey: cardPanelKeys.preview(token),
    queryFn: ({ signal }) => api.get<TaskPreview>(`/task-preview/${encodeURIComponent(token)}`, { signal, ...silent }),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

// Move and copy

export const useMeetingBoardOptions = (meetingId: string | null) =>
  useQuery({
    queryKey: cardPanelKeys.meetingBoards(meetingId ?? ''),
    queryFn: ({ signal }) => api.get<Board[]>(`/meetings/${meetingId}/boards`, { signal, ...silent }),
    enabled: meetingId !== null,
  });

export const useBoardLists = (boardId: string | null) =>
  useQuery({
    queryKey: cardPanelKeys.boardLists(boardId ?? ''),
    queryFn: ({ signal }) => api.get<BoardList[]>(`/boards/${boardId}/task-types`, { signal, ...silent }),
    enabled: boardId !== null,
  });

/** POST tasks/{id}/move-check: the question a move or copy to `target` would ask, or null. */
export const fetchMoveQuestion = (taskId: string, target: MoveTask) =>
  api.post<{ confirm: string | null }>(`/tasks/${taskId}/move-check`, target, silent);

/** POST tasks/{id}/move or /copy; 409 with `Meeting members` asks for `confirm: true`. */
export const useMoveOrCopy = (task: Pick<Task, 'id' | 'boardId'>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, target }: { kind: 'move' | 'copy'; target: MoveTask }) =>
      api.post<Task>(`/tasks/${task.id}/${kind}`, target, silent),
    onSuccess: (result, { kind }) => {
      refreshBoardCounts(queryClient);
      if (kind === 'move') {
        // It may have left the board on screen.
        if (task.boardId && task.boardId !== result.boardId)
          patchBoardViews(queryClient, task.boardId, (detail) => withCards(detail, { removedIds: [task.id] }));
        if (task.boardId) void queryClient.invalidateQueries({ queryKey: boardKeys.board(task.boardId) });
        storeTask(queryClient, result);
      } else {
        if (result.boardId) void queryClient.invalidateQueries({ queryKey: boardKeys.board(result.boardId) });
        refreshCardLists(queryClient);
      }
    },
  });
};

// Labels and people for a card opened outside a board (/home/{taskId})

export const useBoardLabels = (boardId: string | null) =>
  useQuery({
    queryKey: cardPanelKeys.boardLabels(boardId ?? ''),
    queryFn: ({ signal }) => api.get<Label[]>(`/labels?boardId=${boardId}`, { signal, ...silent }),
    enabled: boardId !== null,
  });

/** Joins the meeting rooms of a card opened outside its meeting's dashboard, so its events arrive. */
export const useMeetingRooms = (meetingIds: string[]) => {
  const key = meetingIds.join(',');
  useEffect(() => {
    const ids = key ? key.split(',') : [];
    if (!ids.length) return;
    let cancelled = false;
    let leave = () => {};
    void connectRealtime().then((socket) => {
      if (!socket || cancelled) return;
      const join = () => {
        for (const id of ids) socket.emit('meeting:join', id, () => {});
      };
      if (socket.connected) join();
      socket.on('connect', join);
      leave = () => {
        socket.off('connect', join);
        if (socket.connected) for (const id of ids) socket.emit('meeting:leave', id);
      };
    });
    return () => {
      cancelled = true;
      leave();
    };
  }, [key]);
};
