import { sql } from 'drizzle-orm';
import { inJobTransaction, type JobDeps } from '../../../server/jobs/jobTransaction.ts';
import { notifyMany } from '../../notifications/server/notifications.service.ts';
import { peopleToolsMessages } from '../people-tools.messages.ts';

// A conversation held tomorrow (in each side's own time zone) whose form that side has not
// submitted: that side is reminded once, by the hourly job. The reminder's own notification is the
// record that it was sent; a lock for the transaction keeps two servers running the job at once
// from both sending it.

type Due = { id: string; tenant_id: string; kind: 'quarterly' | 'annual'; period: string; user_id: string };

/** Reminds each side of tomorrow's conversations whose form is not in yet; returns how many were told. */
export const remindConversationsDue = (deps: JobDeps, now = new Date()) =>
  inJobTransaction(deps, async (ctx) => {
    await ctx.db.execute(sql`select pg_advisory_xact_lock(hashtext('cadence.conversation-reminders'))`);
    const at = now.toISOString();
    const result = await ctx.db.execute(sql`
      select c.id, c.tenant_id, c.kind, c.period, u.id as user_id
      from conversations c
      join one_on_one_pairs p on p.id = c.pair_id
      join users u on u.id = p.manager_id or u.id = p.report_id
      where c.held_on between ${at}::timestamptz::date - 2 and ${at}::timestamptz::date + 3
        and c.held_on = (${at}::timestamptz at time zone u.timezone)::date + 1
        and not exists (select 1 from conversation_forms f
          where f.conversation_id = c.id and f.user_id = u.id and f.submitted_at is not null)
        and not exists (select 1 from notifications n
          where n.receiver_id = u.id and n.tenant_id = c.tenant_id and n.kind = 'conversationDue'
            and n.link = '/conversations/' || c.id)`);
    const due = (result as unknown as { rows: Due[] }).rows;
    if (due.length === 0) return 0;
    const told = await notifyMany(
      ctx,
      due.map((row) => ({
        tenantId: row.tenant_id,
        receiverIds: [row.user_id],
        kind: 'conversationDue' as const,
        message: () => peopleToolsMessages.notificationConversationDue(row.kind, row.period),
        link: `/conversations/${row.id}`,
      })),
    );
    return told.length;
  });
