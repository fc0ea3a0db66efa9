/** Real-time payloads of this area: the directory and group lists refetch on them. */
export interface PeopleEvents {
  /** A person of the workspace was added, edited, disabled or enabled, or changed their photo. */
  'people.changed': {
    userId: string;
    /** Set when the person joined the workspace or was just disabled in it (others may act on it). */
    action?: 'added' | 'disabled';
  };
  /** A group was created, renamed, deleted or its people changed. */
  'groups.changed': { groupId: string };
}

// Adds this area's events to the real-time contract (shared/ imports no feature).
declare module '../../shared/realtime.ts' {
  interface RealtimeEventMap extends PeopleEvents {}
}
