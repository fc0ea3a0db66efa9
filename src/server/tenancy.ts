import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  agencyCategories,
  agencyColumns,
  agencyItems,
  agencyQuestions,
  agendaItems,
  annuals,
  apiTokens,
  boardLists,
  boards,
  checklists,
  fileFolders,
  goalMilestones,
  labels,
  meetingFolders,
  meetings,
  memberships,
  orgChartSeats,
  scores,
  sessions,
  tasks,
  timeAccounts,
  timeEntries,
  timeProjects,
  timeProjectTasks,
  userGroups,
  users,
  vaultFolders,
  visionSections,
  visionTemplates,
} from '../db/schema/index.ts';
import { anyOf } from '../db/sql.ts';
import { notFound } from '../shared/errors.ts';

// The one rule for ids a request names in its body (docs/decisions/023): each must be a row
// of the caller's workspace, or the call is 404 as for a missing record, before anything is
// written. Feature rules (who may see a meeting, who may be assigned) come after it.

/** Ids a request refers to, by kind; null and undefined entries (an optional field) are skipped. */
export type Ids = readonly (string | null | undefined)[];

/** Workspace-owned tables, by the kind of reference a body makes to them. */
const TABLES = {
  meetings,
  sessions,
  agendaItems,
  meetingFolders,
  fileFolders,
  boards,
  lists: boardLists,
  labels,
  tasks,
  checklists,
  milestones: goalMilestones,
  scores,
  groups: userGroups,
  // Org chart and vision board
  seats: orgChartSeats,
  visionTemplates,
  visionSections,
  // Time tracking
  timeAccounts,
  timeProjects,
  timeProjectTasks,
  timeEntries,
  // administration: a year's periods (the Quarters page's records)
  annuals,
  // Password vault
  vaultFolders,
  // API tokens (decision 093)
  apiTokens,
} as const;

/**
 * Agency tools (decision 052): content the product ships (no workspace, not retired)
 * or the workspace's own; another workspace's own content is 404 like any foreign row.
 */
const SHARED_TABLES = { agencyCategories, agencyItems, agencyColumns, agencyQuestions } as const;

export type WorkspaceRefs = { [K in keyof typeof TABLES | keyof typeof SHARED_TABLES]?: Ids } & {
  /** People: enabled members of the workspace (membership not disabled, account not deleted). */
  users?: Ids;
};

const uniqueIds = (ids: Ids | undefined) => [
  ...new Set((ids ?? []).filter((id): id is string => typeof id === 'string')),
];

/** `count(*)` of the given ids found in the workspace, for one kind. */
const countOf = (tenantId: string, kind: keyof WorkspaceRefs, ids: string[]): SQL => {
  if (kind === 'users') {
    return sql`(select count(*) from ${memberships} inner join ${users} on ${users.id} = ${memberships.userId}
      where ${and(
        eq(memberships.tenantId, tenantId),
        eq(memberships.disabled, false),
        isNull(users.deletedAt),
        anyOf(memberships.userId, ids),
      )})`;
  }
  if (kind in SHARED_TABLES) {
    const shared = SHARED_TABLES[kind as keyof typeof SHARED_TABLES];
    return sql`(select count(*) from ${shared} where ${anyOf(shared.id, ids)} and (${shared.tenantId} = ${tenantId}
      or (${shared.tenantId} is null and not ${shared.retired})))`;
  }
  const table = TABLES[kind as keyof typeof TABLES];
  return sql`(select count(*) from ${table} where ${and(eq(table.tenantId, tenantId), anyOf(table.id, ids))})`;
};

/**
 * Throws 404 unless every id given belongs to the workspace `tenantId`. All kinds are checked
 * in ONE statement (a count per kind); nothing is queried when no id is given.
 */
export const assertInWorkspace = async (db: Db, tenantId: string, refs: WorkspaceRefs): Promise<void> => {
  const wanted = Object.entries(refs)
    .map(([kind, ids]) => ({ kind: kind as keyof WorkspaceRefs, ids: uniqueIds(ids) }))
    .filter((entry) => entry.ids.length > 0);
  if (wanted.length === 0) return;
  const columns = sql.join(
    wanted.map(({ kind, ids }, index) => sql`${countOf(tenantId, kind, ids)}::int as ${sql.identifier(`n${index}`)}`),
    sql`, `,
  );
  const result = await db.execute(sql`select ${columns}`);
  const [row] = (result as unknown as { rows: Record<string, number>[] }).rows;
  if (wanted.some(({ ids }, index) => Number(row?.[`n${index}`]) !== ids.length)) throw notFound();
};
