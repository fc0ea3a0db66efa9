import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { taskMembers, tasks, users } from '../../../db/schema/index.ts';
import { anyOf } from '../../../db/sql.ts';
import type { Mailer } from '../../../server/mail/mailer.ts';
import { NOTIFICATION_STATUS } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import { REMINDERS, reminderPeriod } from '../../../shared/tasks.ts';
import { type AddressedDraft, notifyMany } from '../../notifications/server/notifications.service.ts';

// Reminders (none / every day / every week / every month, document 2 §4): a scheduled job mails
// the owner and members of each active card once per period. Claiming the period with a
// conditional update makes the job idempotent, also when several servers run it.

const describeDue = (dueDate: string | null) => (dueDate ? `Due: ${dueDate}` : 'No due date');

/** Sends the reminders due at `now`; returns how many cards were reminded. */
export const sendTaskReminders = async (db: Db, mailer: Mailer, now = new Date(), publicUrl = '') => {
  const deliveries: (() => Promise<void>)[] = [];
  let reminded = 0;
  await db.transaction(async (tx) => {
    for (const reminder of REMINDERS) {
      const period = reminderPeriod(reminder, now);
      if (!period) continue;
      const claimed = await tx
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
      const ids = claimed.map((t) => t.id);
      const people = await tx
        .select({ taskId: taskMembers.taskId, userId: users.id, email: users.email, firstName: users.firstName })
        .from(taskMembers)
        .innerJoin(users, eq(users.id, taskMembers.userId))
        .where(and(anyOf(taskMembers.taskId, ids), isNull(users.deletedAt)));
      const owners = await tx
        .select({ id: users.id, email: users.email, firstName: users.firstName })
        .from(users)
        .where(
          and(
            anyOf(
              users.id,
              claimed.flatMap((t) => (t.userId ? [t.userId] : [])),
            ),
            isNull(users.deletedAt),
          ),
        );
      // The bell shows the reminders too; their e-mail copies went out, so they are 'sent' (decision 033).
      const drafts: AddressedDraft[] = claimed.map((task) => ({
        tenantId: task.tenantId,
        receiverIds: [task.userId, ...people.filter((p) => p.taskId === task.id).map((p) => p.userId)],
        kind: 'reminder',
        message: () => messages.notificationReminder(task.title, task.dueDate),
        link: `/home/${task.id}`,
        taskId: task.id,
        status: NOTIFICATION_STATUS.sent,
      }));
      await notifyMany({ db: tx, userId: null }, drafts);
      for (const task of claimed) {
        const to = new Map<string, string>();
        for (const p of people) if (p.taskId === task.id) to.set(p.email, p.firstName);
        const owner = owners.find((o) => o.id === task.userId);
        if (owner) to.set(owner.email, owner.firstName);
        for (const [email, firstName] of to) {
          deliveries.push(
            await mailer.enqueue(tx, {
              to: email,
              subject: `Reminder: ${task.title}`,
              text: `Hi ${firstName},\n\nThis is your reminder for the action item "${task.title}".\n${describeDue(task.dueDate)}\n\n${publicUrl}/home/${task.id}\n`,
            }),
          );
        }
      }
    }
  });
  for (const deliver of deliveries) void deliver();
  return reminded;
};
