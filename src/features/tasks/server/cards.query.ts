import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { uuidArray } from '../../../db/sql.ts';
import { type IsoDate, todayUtc } from '../../../shared/dates.ts';
import { OVERDUE, TASK_TYPE } from '../../../shared/tasks.ts';
import type { Card } from '../tasks.schemas.ts';

/**
 * Cards as the API shows them, in the order of `rows`, in one statement whatever their count,
 * none included (no N+1, and a call's statements do not depend on its data): `cardsJson` is
 * the one place that shapes a card.
 */
export const describeCards = async (db: Db, rows: { id: string }[], today: IsoDate = todayUtc()): Promise<Card[]> => {
  const cards = JSON.parse(
    await cardsJson(
      db,
      rows.map((row) => row.id),
      today,
    ),
  ) as Card[];
  const byId = new Map(cards.map((card) => [card.id, card]));
  return rows.flatMap((row) => byId.get(row.id) ?? []);
};

// Cards as JSON text made by PostgreSQL: for the big lists (a board of 5,000 cards) building,
// validating and serialising thousands of objects in Node cost several times what the database
// spends (docs/decisions/014-board-call-performance.md). The board sends the text as it is;
// other calls parse it (`describeCards`). The shown status repeats `shownStatus` of
// src/shared/tasks.ts in SQL; the tests pin both.

/** A value that needs no escaping (uuid, date, code) as a JSON string, or null. */
const jsonString = (value: SQL) => sql`coalesce('"' || ${value} || '"', 'null')`;
/** An instant as JavaScript's `toISOString()` writes it (UTC, milliseconds), or null. */
const jsonInstant = (value: SQL) =>
  jsonString(sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const jsonBoolean = (value: SQL) => sql`case when ${value} then 'true' else 'false' end`;
/** A comma-separated list of uuids (or null) as a JSON array of strings. */
const jsonIds = (value: SQL) => sql`coalesce('["' || ${value} || '"]', '[]')`;

/**
 * One statement giving the cards of `ids` (unknown ids give nothing), ordered by
 * sort and creation, as the JSON text of a `Card[]` (`ZCard`). Each card's lists and counts
 * are LATERAL subqueries on its own id, so the planner reads the link tables by their task_id
 * indexes for the selected cards only (grouping a UNION of whole link tables, then joining,
 * read all of task_meetings however few the cards). Each card is read by its primary key: with
 * `id = any(ids)` PostgreSQL 15 read all of tasks for a few hundred ids; `offset 0` keeps the
 * per-id subquery from being flattened back into that (docs/decisions/029-card-reads-by-key.md).
 */
export const cardsJson = async (db: Db, ids: string[], today: IsoDate = todayUtc()): Promise<string> => {
  const t = (column: string) => sql.raw(`"tasks"."${column}"`);
  const activeGoal = sql`${t('type')} = ${TASK_TYPE.goal} and ${t('status')} not in ('1', '3')`;
  const result = await db.execute(sql`
    select '[' || coalesce(string_agg(concat(
      '{"id":"', ${t('id')},
      '","title":', to_json(${t('title')}),
      ',"type":"', ${t('type')},
      '","status":"', ${t('status')},
      '","shownStatus":"', case when ${activeGoal} and ${t('due_date')} < ${today}::date then ${OVERDUE} else ${t('status')} end,
      '","dueDate":', ${jsonString(t('due_date'))},
      ',"reminder":"', ${t('reminder')},
      '","userId":', ${jsonString(t('user_id'))},
      ',"meetingIds":', ${jsonIds(sql`meetings.meetings`)},
      ',"boardId":', ${jsonString(t('board_id'))},
      ',"taskTypeId":', ${jsonString(t('board_list_id'))},
      ',"members":', ${jsonIds(sql`members.members`)},
      ',"labelIds":', ${jsonIds(sql`labels.labels`)},
      ',"showInTasks":"', ${t('show_in_tasks')},
      '","quarterId":', coalesce(to_json(${t('quarter_id')})::text, 'null'),
      ',"sort":', ${t('sort')},
      ',"isLocked":', ${jsonBoolean(t('is_locked'))},
      ',"repeats":', ${jsonBoolean(sql`${t('series_id')} is not null and exists (select 1 from task_series s where s.id = ${t('series_id')} and s.stopped_at is null)`)},
      ',"completedAt":', ${jsonInstant(t('completed_at'))},
      ',"completedInSessionId":', ${jsonString(t('completed_in_session_id'))},
      ',"sourceTaskId":', ${jsonString(t('source_task_id'))},
      ',"hasDescription":', ${jsonBoolean(sql`coalesce(octet_length(${t('description')}), 0) > 0`)},
      ',"checklist":{"done":', coalesce(progress.done, 0), ',"total":', coalesce(progress.total, 0),
      '},"milestones":{"done":', coalesce(steps.done, 0), ',"total":', coalesce(steps.total, 0),
      ',"next":', coalesce(steps.next, 'null'),
      '},"attachmentCount":', coalesce(files.count, 0),
      ',"createdAt":', ${jsonInstant(t('created_at'))},
      ',"createdBy":', ${jsonString(t('created_by'))},
      ',"changedAt":', ${jsonInstant(t('changed_at'))},
      ',"changedBy":', ${jsonString(t('changed_by'))},
      '}'), ',' order by ${t('sort')}, ${t('created_at')}), '') || ']' as cards
    from (select distinct unnest(${uuidArray(ids)}) as id) selected
    cross join lateral (select * from "tasks" where "tasks"."id" = selected.id offset 0) "tasks"
    left join lateral (
      select string_agg(link.meeting_id::text, '","') as meetings
      from task_meetings link where link.task_id = ${t('id')}
    ) meetings on true
    left join lateral (
      select string_agg(link.user_id::text, '","') as members
      from task_members link where link.task_id = ${t('id')}
    ) members on true
    left join lateral (
      select string_agg(link.label_id::text, '","') as labels
      from task_labels link where link.task_id = ${t('id')}
    ) labels on true
    left join lateral (
      select (count(*) filter (where item.status = '1'))::int as done, count(*)::int as total
      from checklists list join checklist_items item on item.checklist_id = list.id
      where list.task_id = ${t('id')}
    ) progress on true
    left join lateral (
      select (count(*) filter (where m.done_at is not null))::int as done, count(*)::int as total,
        ((array_agg(json_build_object('title', m.title, 'dueDate', m.due_date) order by m.sort, m.created_at)
          filter (where m.done_at is null))[1])::text as next
      from goal_milestones m where m.goal_id = ${t('id')}
    ) steps on true
    left join lateral (
      select count(*)::int as count from attachments where attachments.task_id = ${t('id')}
    ) files on true`);
  return (result as unknown as { rows: { cards: string }[] }).rows[0]!.cards;
};
