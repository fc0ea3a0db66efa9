import { sql } from 'drizzle-orm';
import { inJobTransaction, type JobDeps } from '../../../server/jobs/jobTransaction.ts';
import { notifyMany } from '../../notifications/server/notifications.service.ts';
import { tasksMessages } from '../tasks.messages.ts';

// A milestone due tomorrow: its owner is told once, on the day before in their own time zone
// (the hourly job finds the day as it starts there). Claiming with a conditional update of
// `reminded_for` makes it exactly once, also with several servers; a milestone moved to another
// date is told again for the new one. Open milestones of open goals only.

type Claimed = {
  id: string;
  tenant_id: string;
  title: string;
  owner_id: string;
  due_date: string;
  goal_id: string;
  goal_title: string;
};

/** Tells the owners of the milestones due tomorrow (their time); returns how many were told. */
export const remindMilestonesDue = (deps: JobDeps, now = new Date()) =>
  inJobTransaction(deps, async (ctx) => {
    const result = await ctx.db.execute(sql`
      update goal_milestones gm set reminded_for = gm.due_date
        from users u, tasks t
        where u.id = gm.owner_id and t.id = gm.goal_id
          and gm.done_at is null and gm.due_date is not null
          and gm.reminded_for is distinct from gm.due_date
          and gm.due_date = (${now.toISOString()}::timestamptz at time zone u.timezone)::date + 1
          and t.status not in ('1', '3')
        returning gm.id, gm.tenant_id, gm.title, gm.owner_id, gm.due_date::text as due_date,
          t.id as goal_id, t.title as goal_title`);
    const claimed = (result as unknown as { rows: Claimed[] }).rows;
    if (claimed.length === 0) return 0;
    await notifyMany(
      ctx,
      claimed.map((m) => ({
        tenantId: m.tenant_id,
        receiverIds: [m.owner_id],
        kind: 'milestoneDue' as const,
        message: () => tasksMessages.notificationMilestoneDue(m.title, m.goal_title),
        link: `/home/${m.goal_id}`,
        taskId: m.goal_id,
      })),
    );
    return claimed.length;
  });
