import { sql } from 'drizzle-orm';
import { inJobTransaction, type JobDeps } from '../../../server/jobs/jobTransaction.ts';
import { prepareMeeting } from './proposals.service.ts';
import { DEFAULT_HOURS_BEFORE } from './proposals.settings.ts';

// The hourly preparation (decision 123): each session starting within its meeting's window
// (24 hours by default) gets its meeting's proposals prepared once. The session is claimed with
// `insert … on conflict do nothing` in the same transaction that prepares it, so two servers
// never prepare it twice, and a meeting that fails does not hold back the others.

interface Due {
  session_id: string;
  tenant_id: string;
  meeting_id: string;
  title: string;
}

/** Prepares the proposals of the sessions due at `now`; returns how many meetings it prepared. */
export const prepareProposalsBeforeSessions = async (deps: JobDeps, now = new Date()) => {
  const at = now.toISOString();
  const result = await deps.db.execute(sql`
    select s.id as session_id, s.tenant_id, s.meeting_id, m.title
    from sessions s
    join meetings m on m.id = s.meeting_id and m.tenant_id = s.tenant_id
    left join proposal_settings ps on ps.meeting_id = s.meeting_id
    where s.finished_at is null and s.started_at is null
      and s.starts_at > ${at}::timestamptz
      and s.starts_at <= ${at}::timestamptz + make_interval(hours => coalesce(ps.hours_before, ${DEFAULT_HOURS_BEFORE}))
      and not exists (select 1 from proposal_preparations p where p.session_id = s.id)`);
  const due = (result as unknown as { rows: Due[] }).rows;
  let prepared = 0;
  let failed: unknown = null;
  for (const session of due) {
    try {
      const done = await inJobTransaction(deps, async (ctx) => {
        const claimed = await ctx.db.execute(sql`
          insert into proposal_preparations (session_id, tenant_id, meeting_id)
          values (${session.session_id}, ${session.tenant_id}, ${session.meeting_id})
          on conflict do nothing returning session_id`);
        if ((claimed as unknown as { rows: unknown[] }).rows.length === 0) return false;
        await prepareMeeting(ctx, { id: session.meeting_id, tenantId: session.tenant_id, title: session.title }, now);
        return true;
      });
      if (done) prepared += 1;
    } catch (error) {
      // The others still run; the scheduler logs the first failure (the session is tried again next hour).
      failed ??= error;
    }
  }
  if (failed) throw failed;
  return prepared;
};
