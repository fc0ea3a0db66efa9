import type { Workspace } from './workspaces.schemas.ts';

/** Real-time payloads of this area (registered in src/shared/realtime.ts). */
export interface WorkspaceEvents {
  'workspace.updated': Pick<Workspace, 'id' | 'name' | 'iconLogo'>;
  /** Someone accepted an invitation: the workspace's people lists refetch. */
  'workspace.memberJoined': { userId: string };
}
