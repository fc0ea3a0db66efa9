import { sql } from 'drizzle-orm';
import type { TenantContext } from '../../../server/context.ts';

/**
 * Serializes the writes of one person's time on these days, in the write's transaction: two
 * entries sent at once cannot both pass the 24-hour check, nor slip into a week as it is
 * submitted. Days in order, so two writes never wait on each other crosswise.
 */
export const lockPersonDays = async (ctx: TenantContext, userId: string, days: string[]) => {
  for (const day of [...new Set(days)].sort()) {
    await ctx.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`time-day:${ctx.tenantId}:${userId}:${day}`}))`);
  }
};
