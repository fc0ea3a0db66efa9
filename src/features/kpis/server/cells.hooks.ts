import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { uuidArray } from '../../../db/sql.ts';

// The scorecard's side of the meeting's sessions (document 1 §4): a new meeting date gets an
// empty cell for every weekly score of the meeting (monthly and quarterly ones have periods).
// One statement whatever the number of scores and dates. Deleting a session needs nothing here: its cells go with it (foreign key cascade).

/** Empty cells for every score of the meeting on the given sessions (ids of that meeting). */
export const addCellsForSessions = async (db: Db, meetingId: string, sessionIds: string[]) => {
  if (sessionIds.length === 0) return;
  await db.execute(sql`
    insert into score_cells (tenant_id, score_id, session_id)
    select sc.tenant_id, sc.id, s.id
    from scores sc
    join sessions s on s.meeting_id = sc.meeting_id and s.tenant_id = sc.tenant_id
    where sc.meeting_id = ${meetingId}::uuid and s.id = any(${uuidArray(sessionIds)}) and sc.frequency = 'weekly'
    order by s.starts_at, sc.sort
    on conflict do nothing`);
};

/** Empty cells for a new score on every meeting date still on the scorecard, in date order. */
export const addCellsForScore = async (db: Db, scoreId: string) => {
  await db.execute(sql`
    insert into score_cells (tenant_id, score_id, session_id)
    select sc.tenant_id, sc.id, s.id
    from scores sc
    join sessions s on s.meeting_id = sc.meeting_id and s.tenant_id = sc.tenant_id
    where sc.id = ${scoreId}::uuid
      and not exists (select 1 from kpi_removed_sessions r where r.session_id = s.id)
    order by s.starts_at
    on conflict do nothing`);
};
