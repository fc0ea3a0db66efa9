import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../client/lib/api.ts';
import { registerRealtimeUpdater } from '../../../client/lib/realtimeCache.ts';
import { onRealtimeReconnect } from '../../../client/lib/socket.ts';
import { NOTIFICATION_STATUS, NOTIFICATIONS_PAGE } from '../../../shared/constants.ts';
import type { NotificationPage } from '../notifications.schemas.ts';
import '../notifications.events.ts';

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  list: ['notifications', 'list'] as const,
};

const silent = { silent: true };

/** The bell's count: unseen and sent notifications of this workspace. */
export const useUnreadCount = () => {
  const queryClient = useQueryClient();
  // Notifications written while the socket was down arrived as no event: count again on each
  // reconnection (the first connection follows the first fetch).
  useEffect(
    () => onRealtimeReconnect(() => void queryClient.invalidateQueries({ queryKey: notificationKeys.all })),
    [queryClient],
  );
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) =>
      api.get<{ unread: number }>('/notifications/unread-count', { signal, ...silent }).then((r) => r.unread),
    // Reminders are written by a background job, which has no live event: look again now and then.
    refetchInterval: 5 * 60_000,
  });
};

/** The bell's list, newest first, a page at a time. */
export const useNotifications = (enabled: boolean) =>
  useInfiniteQuery({
    queryKey: notificationKeys.list,
    enabled,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api.get<NotificationPage>(`/notifications?offset=${pageParam}&limit=${NOTIFICATIONS_PAGE.default}`, {
        signal,
        ...silent,
      }),
    getNextPageParam: (last) =>
      last.offset + last.items.length < last.total ? last.offset + last.items.length : undefined,
  });

type ListData = InfiniteData<NotificationPage, number>;

const markAllInList = (data: ListData | undefined): ListData | undefined =>
  data && {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((item) => ({ ...item, status: NOTIFICATION_STATUS.read })),
    })),
  };

/** Marks every notification read (opening the bell, "Mark all read"). */
export const useMarkAllRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.patch<{ changed: number; unread: number }>('/notifications/change-status', {
        status: NOTIFICATION_STATUS.read,
      }),
    onSuccess: (result) => queryClient.setQueryData(notificationKeys.unread, result.unread),
  });
};

/** Shows the list's entries as read, once the user chose "Mark all read". */
export const useShowAllRead = () => {
  const queryClient = useQueryClient();
  return () => queryClient.setQueryData<ListData>(notificationKeys.list, markAllInList);
};

// A new notification for this person: the count rises by one and the list shows it first.
registerRealtimeUpdater('notification.created', (queryClient, notification) => {
  queryClient.setQueryData<number>(notificationKeys.unread, (count) => (count ?? 0) + 1);
  queryClient.setQueryData<ListData>(notificationKeys.list, (data) => {
    if (!data || data.pages.some((page) => page.items.some((item) => item.id === notification.id))) return data;
    const [first, ...rest] = data.pages;
    if (!first) return data;
    return { ...data, pages: [{ ...first, items: [notification, ...first.items], total: first.total + 1 }, ...rest] };
  });
});

// Read in another tab: this tab's count follows.
registerRealtimeUpdater('notification.statusChanged', (queryClient, data) => {
  queryClient.setQueryData(notificationKeys.unread, data.unread);
  void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
});
