import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { uuidArray } from '../../../db/sql.ts';

// What a meeting's people still owe it, as the action items define it, for readers outside the
// tasks (the before-meeting digest, decision 125): open to-dos due by the meeting date, and active
// goals (neither Done nor Incomplete, shared/tasks.ts `isActive`) whose status has not changed
// since a moment. Both belong to the meeting (task_meetings) and are named by their owner.

/** A meeting date, as the readers ask: its meeting and its calendar date. */
export interface MeetingDate {
  meetingId: string;
  date: string;
}

export interface DueTodo {
  meetingId: string;
  /** The meeting date it is due by. */
  date: string;
  userId: string;
  id: string;
  title: string;
  dueDate: string;
}

export interface StaleGoal {
  meetingId: string;
  userId: string;
  id: string;
  title: string;
}

/**
 * The meetings' open to-dos due on or before each one's date (overdue ones too), by owner,
 * earliest due first (one statement).
 */
export const todosDueBy = async (db: Db, dates: MeetingDate[]): Promise<DueTodo[]> => {
  if (dates.length === 0) return [];
  const result = await db.execute(sql`
    select d.meeting_id as "meetingId", d.until::text as "date", t.user_id as "userId", t.id, t.title, t.due_date::text as "dueDate"
      from unnest(${uuidArray(dates.map((d) => d.meetingId))}, ${sql.param(dates.map((d) => d.date))}::date[])
        as d(meeting_id, until)
      join task_meetings tm on tm.meeting_id = d.meeting_id
      join tasks t on t.id = tm.task_id
      where t.type = '4' and t.status <> '1' and t.due_date <= d.until and t.user_id is not null
      order by d.meeting_id, t.user_id, t.due_date, lower(t.title), t.id`);
  return (result as unknown as { rows: DueTodo[] }).rows;
};

/**
 * The meetings' active goals whose status was last set (or, never changed, the goal made) before
 * `since`, by owner (one statement).
 */
export const goalsNotUpdatedSince = async (db: Db, meetingIds: string[], since: Date): Promise<StaleGoal[]> => {
  if (meetingIds.length === 0) return [];
  const result = await db.execute(sql`
    select tm.meeting_id as "meetingId", t.user_id as "userId", t.id, t.title
      from task_meetings tm
      join tasks t on t.id = tm.task_id
      where tm.meeting_id = any(${uuidArray(meetingIds)})
        and t.type = '1' and t.status not in ('1', '3') and t.user_id is not null
        and coalesce(t.status_changed_at, t.created_at) < ${since.toISOString()}::timestamptz
      order by tm.meeting_id, t.user_id, t.sort, lower(t.title), t.id`);
  return (result as unknown as { rows: StaleGoal[] }).rows;
};
