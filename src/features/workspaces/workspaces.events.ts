import type { Workspace } from '../../shared/self.ts';

/** Real-time payloads of this area. */
export interface WorkspaceEvents {
  'workspace.updated': Pick<Workspace, 'id' | 'name' | 'iconLogo'>;
  /** Someone accepted an invitation: the workspace's people lists refetch. */
  'workspace.memberJoined': { userId: string };
}

// Adds this area's events to the real-time contract (shared/ imports no feature).
declare module '../../shared/realtime.ts' {
  interface RealtimeEventMap extends WorkspaceEvents {}
}
