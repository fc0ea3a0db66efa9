import { sql } from 'drizzle-orm';
import { uuidArray } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { ADMIN_FLAG } from '../../../shared/constants.ts';

// Who hears of a project's change (decision 057). The workspace room would tell everyone, also
// people who may not see the project (decision 049), so each event goes to the sockets of the
// people allowed, one by one (their member room, which a removal from the workspace empties).
// - `budget`: logged time changed, so only the budget bar moved: the workspace's admins, the
//   project's managers and, while `showToAll` is on, its team;
// - `team`: the project itself changed (settings, tasks, team, deletion): the admins and the
//   whole team, who log time on it (their entry form lists its tasks).

export type ProjectAudience = 'budget' | 'team';

/** The ids of the people who may hear of a change of these projects. One statement. */
export const projectAudience = async (
  ctx: TenantContext,
  projectIds: string[],
  scope: ProjectAudience,
): Promise<string[]> => {
  if (projectIds.length === 0) return [];
  const result = await ctx.db.execute(sql`
    select m.user_id as "userId"
    from time_project_members m
    join time_projects p on p.id = m.project_id
    where m.tenant_id = ${ctx.tenantId} and m.project_id = any(${uuidArray(projectIds)})
      and (${scope === 'team'} or m.manage or p.show_to_all)
    union
    select w.user_id from memberships w
    where w.tenant_id = ${ctx.tenantId} and w.is_admin = ${ADMIN_FLAG.yes} and not w.disabled`);
  return (result as unknown as { rows: { userId: string }[] }).rows.map((row) => row.userId);
};

/**
 * Tells the projects' audience, and `also` (the team a save is writing), that the projects
 * changed: one event per person and project, sent after the transaction commits. Call it before
 * a deletion, while the team is still there to be found.
 */
export const announceProjects = async (
  ctx: TenantContext,
  projectIds: string[],
  scope: ProjectAudience,
  also: Iterable<string> = [],
) => {
  const people = new Set([...(await projectAudience(ctx, projectIds, scope)), ...also]);
  for (const receiverId of people) {
    for (const projectId of new Set(projectIds)) {
      ctx.publish({ tenantId: ctx.tenantId, receiverId, type: 'time.projectsChanged', data: { projectId } });
    }
  }
};
