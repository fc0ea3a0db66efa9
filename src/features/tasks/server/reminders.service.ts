import { and, eq, sql } from 'drizzle-orm';
import { taskMembers, tasks } from '../../../db/schema/index.ts';
import { anyOf } from '../../../db/sql.ts';
import { inJobTransaction, type JobDeps } from '../../../server/jobs/jobTransaction.ts';
import { REMINDERS, reminderPeriod } from '../../../shared/tasks.ts';
import { type AddressedDraft, notifyMany } from '../../notifications/server/notifications.service.ts';
import { tasksMessages } from '../tasks.messages.ts';

// Reminders (none / every day / every week / every month, document 2 §4): a scheduled job tells
// the owner and members of each active card once per period, in the bell (live) and by mail when
// their switches want reminders mailed (decision 042). Claiming the period with a conditional
// update makes the job idempotent, also when several servers run it.

const describeDue = (dueDate: string | null) => (dueDate ? `Due: ${dueDate}` : 'No due date');

/** Sends the reminders due at `now`; returns how many cards were reminded. */
export const sendTaskReminders = (deps: JobDeps, now = new Date()) =>
  inJobTransaction(deps, async (ctx) => {
    let reminded = 0;
    for (const reminder of REMINDERS) {
      const period = reminderPeriod(reminder, now);
      if (!period) continue;
      const claimed = await ctx.db
        .update(tasks)
        .set({ reminderSentFor: period })
        .where(
          and(
            eq(tasks.reminder, reminder),
            sql`not (${tasks.status} = '1' or (${tasks.type} = '1' and ${tasks.status} = '3'))`,
            sql`${tasks.reminderSentFor} is distinct from ${period}`,
          ),
        )
        .returning({
          id: tasks.id,
          tenantId: tasks.tenantId,
          title: tasks.title,
          dueDate: tasks.dueDate,
          userId: tasks.userId,
        });
      if (claimed.length === 0) continue;
      reminded += claimed.length;
      const members = await ctx.db
        .select({ taskId: taskMembers.taskId, userId: taskMembers.userId })
        .from(taskMembers)
        .where(
          anyOf(
            taskMembers.taskId,
            claimed.map((t) => t.id),
          ),
        );
      const membersOf = new Map<string, string[]>();
      for (const m of members) {
        const list = membersOf.get(m.taskId);
        if (list) list.push(m.userId);
        else membersOf.set(m.taskId, [m.userId]);
      }
      const drafts: AddressedDraft[] = claimed.map((task) => ({
        tenantId: task.tenantId,
        receiverIds: [task.userId, ...(membersOf.get(task.id) ?? [])],
        kind: 'reminder',
        message: () => tasksMessages.notificationReminder(task.title, task.dueDate),
        link: `/home/${task.id}`,
        taskId: task.id,
        mail: {
          template: 'task-reminder',
          values: (firstName) => ({
            firstName,
            itemTitle: task.title,
            due: describeDue(task.dueDate),
            link: `${ctx.publicUrl}/home/${task.id}`,
          }),
        },
      }));
      await notifyMany(ctx, drafts);
    }
    return reminded;
  });
