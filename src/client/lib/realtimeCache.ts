import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { RealtimeEventMap, RealtimeEventType, RealtimeMessage } from '../../shared/realtime.ts';
import { showInfo } from '../ui/toast.ts';
import { connectRealtime, disconnectRealtime, onAnyRealtime, onRealtimeReconnect } from './socket.ts';

// Each feature says, in its <area>.queries.ts, how an event changes its part of the React Query
// cache (setQueryData for small patches, invalidateQueries otherwise). Features register when
// their module loads; events for a feature that was never loaded touch no cached data anyway.

export type RealtimeCacheUpdater<K extends RealtimeEventType> = (
  queryClient: QueryClient,
  data: RealtimeEventMap[K],
  message: RealtimeMessage<K>,
) => void;

type AnyUpdater = (queryClient: QueryClient, data: unknown, message: RealtimeMessage) => void;

const updaters = new Map<RealtimeEventType, Set<AnyUpdater>>();

/** Registers how events of `type` update the cache; returns the unregister function. */
export const registerRealtimeUpdater = <K extends RealtimeEventType>(
  type: K,
  updater: RealtimeCacheUpdater<K>,
): (() => void) => {
  const anyUpdater = updater as unknown as AnyUpdater;
  let set = updaters.get(type);
  if (!set) {
    set = new Set();
    updaters.set(type, set);
  }
  set.add(anyUpdater);
  return () => {
    set.delete(anyUpdater);
  };
};

// document 1 §1: the event 'my-event' shows its message.
registerRealtimeUpdater('my-event', (_queryClient, data) => {
  showInfo(data.message);
});

/**
 * Opens the real-time connection for the session's workspace and applies its events to the
 * query cache. The server joins a socket to its workspace's room when it connects, so another
 * workspace (or none, while the user picks one) means another connection (or none). Back after
 * a lost connection (a restart, a crash, a network change), the events sent meanwhile are gone:
 * everything cached is read again (the cache holds this workspace only; what is on screen now,
 * the rest when next shown), the open meeting's too, whose room the page joins again itself.
 */
export const useRealtimeCache = (tenantId: string | null): void => {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!tenantId) return;
    void connectRealtime();
    const unsubscribe = onAnyRealtime((message) => {
      for (const updater of updaters.get(message.type) ?? []) updater(queryClient, message.data, message);
    });
    const unsubscribeReconnect = onRealtimeReconnect(() => void queryClient.invalidateQueries());
    return () => {
      unsubscribe();
      unsubscribeReconnect();
      disconnectRealtime();
    };
  }, [queryClient, tenantId]);
};
