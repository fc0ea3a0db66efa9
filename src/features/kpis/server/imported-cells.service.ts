import { sql } from 'drizzle-orm';
import { uuidArray } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';

// Values for a score created a moment ago in the same transaction (an import): one statement
// for all its meeting dates. Nothing can refer to a score that new, so no formula is recomputed,
// and the score's own `created` event makes clients read the values with it after the commit.

/** Fills the score's cells on the given sessions with normalised values; other cells stay as they are. */
export const fillNewScoreCells = async (
  ctx: TenantContext,
  scoreId: string,
  values: { sessionId: string; measured: string }[],
) => {
  if (values.length === 0) return;
  const texts = sql`array[${sql.join(
    values.map((value) => sql`${value.measured}`),
    sql`, `,
  )}]::text[]`;
  await ctx.db.execute(sql`
    update score_cells c
    set measured = v.measured, changed_at = now(), changed_by = ${ctx.userId}::uuid
    from unnest(${uuidArray(values.map((value) => value.sessionId))}, ${texts}) as v(session_id, measured)
    where c.score_id = ${scoreId}::uuid and c.tenant_id = ${ctx.tenantId}::uuid and c.session_id = v.session_id`);
};
