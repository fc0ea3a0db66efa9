import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { uuidArray } from '../../../db/sql.ts';

// "A KPI still empty for a meeting date", for the scorecard nudge (decision 120) and the
// before-meeting digest (decision 125): weekly, entered (formula KPIs are computed), no value in
// the date's cell, the date still on the scorecard.

export interface EmptyKpi {
  sessionId: string;
  userId: string;
  scoreId: string;
  title: string;
}

/**
 * The rule in SQL, for a session `s`: its meeting's scores `sc` and their cells `c` (the joins),
 * and which of them are empty (the condition). One text for the nudge and the digest.
 */
export const EMPTY_KPI_JOINS =
  sql.raw(`join scores sc on sc.meeting_id = s.meeting_id and sc.frequency = 'weekly' and sc.formula is null
      left join score_cells c on c.score_id = sc.id and c.session_id = s.id`);
export const EMPTY_KPI_CONDITION = sql.raw(
  'c.measured is null and not exists (select 1 from kpi_removed_sessions k where k.session_id = s.id)',
);

/**
 * The empty KPIs of the meeting dates, by owner, in scorecard order (one statement). With
 * `exceptNudged`, meetings whose scorecard nudge is on are left out: the nudge tells those owners.
 */
export const emptyKpisOf = async (
  db: Db,
  sessionIds: string[],
  { exceptNudged }: { exceptNudged: boolean },
): Promise<EmptyKpi[]> => {
  if (sessionIds.length === 0) return [];
  const result = await db.execute(sql`
    select s.id as "sessionId", sc.user_id as "userId", sc.id as "scoreId", sc.title
      from sessions s
      ${EMPTY_KPI_JOINS}
      where s.id = any(${uuidArray(sessionIds)}) and ${EMPTY_KPI_CONDITION}
        and (not ${exceptNudged} or not exists (select 1 from kpi_reminder_settings r where r.meeting_id = s.meeting_id))
      order by s.id, sc.user_id, sc.sort, sc.created_at`);
  return (result as unknown as { rows: EmptyKpi[] }).rows;
};
