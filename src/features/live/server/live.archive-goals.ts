import { sql } from 'drizzle-orm';
import { uuidArray } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { TASK_TYPE } from '../../../shared/tasks.ts';
import { liveMessages } from '../live.messages.ts';
import { ARCHIVE_GOALS_MAX, type ArchivedGoal } from '../live.schemas.ts';
import type { SessionRow } from './live.access.ts';

// The goals a held session reviewed, as the archive keeps them: the meeting's goals open at the
// finish and those finished during the session, in the order of its goals list, each with its
// milestones (done or not, owner's name and due date as they were). Two statements whatever the
// number of goals: the goals, then every milestone of them.

type GoalRow = {
  id: string;
  title: string;
  status: string;
  due_date: string | null;
  first_name: string | null;
  last_name: string | null;
  total: number;
};
type MilestoneRow = {
  goal_id: string;
  title: string;
  done: boolean;
  first_name: string | null;
  last_name: string | null;
  due_date: string | null;
};

const nameOf = (first: string | null, last: string | null) => (first === null ? null : `${first} ${last ?? ''}`.trim());

export const archivedGoals = async (
  ctx: TenantContext,
  session: SessionRow,
  startedAt: Date,
): Promise<{ goals: ArchivedGoal[]; goalsTotal: number }> => {
  // The meeting's items as its lists hold them: linked to it or on one of its boards.
  const goals = (await ctx.db.execute(sql`
    select t.id, t.title, t.status, t.due_date::text as due_date, u.first_name, u.last_name, count(*) over ()::int as total
      from tasks t left join users u on u.id = t.user_id
      where t.tenant_id = ${ctx.tenantId} and t.type = ${TASK_TYPE.goal}
        and (t.id = any(array(select tm.task_id from task_meetings tm where tm.meeting_id = ${session.meetingId}))
          or t.board_id = any(array(select bm.board_id from board_meetings bm where bm.meeting_id = ${session.meetingId})))
        and (t.status not in ('1', '3') or t.completed_in_session_id = ${session.id} or t.completed_at >= ${startedAt.toISOString()}::timestamptz)
      order by t.sort, t.created_at desc, t.id
      limit ${ARCHIVE_GOALS_MAX}`)) as unknown as { rows: GoalRow[] };
  if (goals.rows.length === 0) return { goals: [], goalsTotal: 0 };
  const steps = (await ctx.db.execute(sql`
    select m.goal_id, m.title, m.done_at is not null as done, m.due_date::text as due_date, u.first_name, u.last_name
      from goal_milestones m left join users u on u.id = m.owner_id
      where m.goal_id = any(${uuidArray(goals.rows.map((g) => g.id))}) and m.tenant_id = ${ctx.tenantId}
      order by m.goal_id, m.sort, m.created_at`)) as unknown as { rows: MilestoneRow[] };
  const byGoal = new Map<string, MilestoneRow[]>();
  for (const row of steps.rows) byGoal.set(row.goal_id, [...(byGoal.get(row.goal_id) ?? []), row]);
  return {
    goals: goals.rows.map((goal) => ({
      id: goal.id,
      title: goal.title,
      fullName: nameOf(goal.first_name, goal.last_name) ?? liveMessages.liveNobody,
      status: goal.status,
      dueDate: goal.due_date,
      milestones: (byGoal.get(goal.id) ?? []).map((m) => ({
        title: m.title,
        done: m.done,
        ownerName: nameOf(m.first_name, m.last_name),
        dueDate: m.due_date,
      })),
    })),
    goalsTotal: goals.rows[0]!.total,
  };
};
