import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../client/lib/api.ts';
import { registerRealtimeUpdater } from '../../../client/lib/realtimeCache.ts';
import type {} from '../../meetings/meetings.events.ts';
import type {} from '../../quarters/quarters.events.ts';
import type {} from '../../tasks/tasks.events.ts';
import type { CalendarEvents } from '../calendar.schemas.ts';

export interface CalendarWindow {
  start: string;
  end: string;
  meetingId?: string;
  userIds: string[];
  /** Items a day (the server counts the rest). */
  perDay: number;
  /** The zone the calendar shows (the viewer's): the server counts a session in its day there. */
  timeZone: string;
  search: string;
}

export const calendarKeys = {
  all: ['calendar'] as const,
  window: (w: CalendarWindow) =>
    ['calendar', w.start, w.end, w.meetingId ?? null, w.userIds.join(','), w.perDay, w.timeZone, w.search] as const,
};

/** The events of the shown window; the previous window's stay on screen while the next one loads. */
export const useCalendarEvents = (window: CalendarWindow | null) =>
  useQuery({
    queryKey: window ? calendarKeys.window(window) : calendarKeys.all,
    enabled: window !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      const w = window!;
      const params = new URLSearchParams({
        start: w.start,
        end: w.end,
        perDay: String(w.perDay),
        timeZone: w.timeZone,
      });
      if (w.search) params.set('search', w.search);
      if (w.meetingId) params.set('meetingId', w.meetingId);
      if (w.userIds.length > 0) params.set('userIds', w.userIds.join(','));
      return api.get<CalendarEvents>(`/calendar/events?${params}`, { signal, silent: true });
    },
  });

// Cards, meetings, sessions and the workspace's quarters change what the calendar shows.
const refresh = (queryClient: Parameters<Parameters<typeof registerRealtimeUpdater>[1]>[0]) =>
  void queryClient.invalidateQueries({ queryKey: calendarKeys.all });
registerRealtimeUpdater('task.changed', refresh);
registerRealtimeUpdater('meeting.changed', refresh);
registerRealtimeUpdater('session.changed', refresh);
registerRealtimeUpdater('quarters.changed', refresh);
