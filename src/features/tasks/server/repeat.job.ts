import { sql } from 'drizzle-orm';
import { taskSeries } from '../../../db/schema/index.ts';
import { anyOf } from '../../../db/sql.ts';
import { inJobTransaction, type JobDeps } from '../../../server/jobs/jobTransaction.ts';
import { followingDate } from '../tasks.repeat.ts';
import { createOccurrence, ruleOf } from './repeat.occurrences.ts';

// The hourly job of series that advance when a due date passes: once the latest occurrence's
// due date is behind the owner's today, the next one is made. Several servers may run it at
// once: the unique (series, date) lets one of them make each occurrence and the others skip it.

type Due = { id: string; tenant_id: string; series_date: string; today: string };

/** Series per transaction: a failure costs a batch, and a long run does not hold one transaction open. */
const BATCH = 200;

/** Makes the occurrences that are due now; returns how many were made. */
export const makeDueOccurrences = async (deps: JobDeps, now = new Date()) => {
  const result = await deps.db.execute(sql`
    select s.id, s.tenant_id, latest.series_date::text as series_date,
      (${now.toISOString()}::timestamptz at time zone coalesce(u.timezone, 'UTC'))::date::text as today
    from task_series s
    cross join lateral (
      select t.series_date, coalesce(t.due_date, t.series_date) as due
      from tasks t where t.series_id = s.id order by t.series_date desc limit 1
    ) latest
    left join users u on u.id = (s.template ->> 'userId')::uuid
    where s.stopped_at is null and s.advance = 'due'
      and (s.last_on is null or latest.series_date < s.last_on)
      and latest.due < (${now.toISOString()}::timestamptz at time zone coalesce(u.timezone, 'UTC'))::date
    order by s.id`);
  const due = (result as unknown as { rows: Due[] }).rows;
  let made = 0;
  for (let start = 0; start < due.length; start += BATCH) {
    const batch = due.slice(start, start + BATCH);
    made += await inJobTransaction(deps, async (ctx) => {
      const rows = await ctx.db
        .select()
        .from(taskSeries)
        .where(
          anyOf(
            taskSeries.id,
            batch.map((d) => d.id),
          ),
        );
      const byId = new Map(rows.map((row) => [row.id, row]));
      const cache = new Map<string, Promise<unknown>>();
      let count = 0;
      for (const { id, tenant_id, series_date, today } of batch) {
        const series = byId.get(id);
        if (!series || series.stoppedAt) continue;
        const date = followingDate(ruleOf(series), series.startsOn, series_date, today, series.lastOn);
        if (date && (await createOccurrence({ ...ctx, tenantId: tenant_id }, series, date, cache))) count++;
      }
      return count;
    });
  }
  return made;
};
