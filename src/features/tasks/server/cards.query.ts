import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { tasks } from '../../../db/schema/index.ts';
import { anyOf } from '../../../db/sql.ts';
import type { IsoDate } from '../../../shared/dates.ts';
import { OVERDUE, TASK_TYPE } from '../../../shared/tasks.ts';
import type { Card } from '../tasks.schemas.ts';

export const todayUtc = (): IsoDate => new Date().toISOString().slice(0, 10);

/**
 * Cards as the API shows them, in the order of `rows`, in one statement whatever their count,
 * none included (no N+1, and a call's statements do not depend on its data): `cardsJson` is
 * the one place that shapes a card.
 */
export const describeCards = async (db: Db, rows: { id: string }[], today: IsoDate = todayUtc()): Promise<Card[]> => {
  const cards = JSON.parse(
    await cardsJson(
      db,
      anyOf(
        tasks.id,
        rows.map((row) => row.id),
      ),
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
 * One statement giving the cards that `where` selects (a condition on `tasks`), ordered by
 * sort and creation, as the JSON text of a `Card[]` (`ZCard`). The per-card lists and counts
 * are grouped once for all cards, not per card.
 */
export const cardsJson = async (db: Db, where: SQL, today: IsoDate = todayUtc()): Promise<string> => {
  const t = (column: string) => sql.raw(`"tasks"."${column}"`);
  const selected = sql`(select "tasks"."id" from "tasks" where ${where})`;
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
      ',"meetingIds":', ${jsonIds(sql`related.meetings`)},
      ',"boardId":', ${jsonString(t('board_id'))},
      ',"taskTypeId":', ${jsonString(t('board_list_id'))},
      ',"members":', ${jsonIds(sql`related.members`)},
      ',"labelIds":', ${jsonIds(sql`related.labels`)},
      ',"showInTasks":"', ${t('show_in_tasks')},
      '","quarterId":', coalesce(to_json(${t('quarter_id')})::text, 'null'),
      ',"sort":', ${t('sort')},
      ',"isLocked":', ${jsonBoolean(t('is_locked'))},
      ',"completedAt":', ${jsonInstant(t('completed_at'))},
      ',"hasDescription":', ${jsonBoolean(sql`coalesce(octet_length(${t('description')}), 0) > 0`)},
      ',"checklist":{"done":', coalesce(progress.done, 0), ',"total":', coalesce(progress.total, 0),
      '},"attachmentCount":', coalesce(files.count, 0),
      ',"createdAt":', ${jsonInstant(t('created_at'))},
      ',"createdBy":', ${jsonString(t('created_by'))},
      ',"changedAt":', ${jsonInstant(t('changed_at'))},
      ',"changedBy":', ${jsonString(t('changed_by'))},
      '}'), ',' order by ${t('sort')}, ${t('created_at')}), '') || ']' as cards
    from "tasks"
    left join (
      select link.task_id,
        string_agg(link.id::text, '","') filter (where link.kind = 1) as meetings,
        string_agg(link.id::text, '","') filter (where link.kind = 2) as members,
        string_agg(link.id::text, '","') filter (where link.kind = 3) as labels
      from (
        select task_id, 1 as kind, meeting_id as id from task_meetings
        union all select task_id, 2, user_id from task_members
        union all select task_id, 3, label_id from task_labels
      ) link
      where link.task_id in ${selected}
      group by link.task_id
    ) related on related.task_id = ${t('id')}
    left join (
      select list.task_id, (count(*) filter (where item.status = '1'))::int as done, count(*)::int as total
      from checklists list join checklist_items item on item.checklist_id = list.id
      where list.task_id in ${selected}
      group by list.task_id
    ) progress on progress.task_id = ${t('id')}
    left join (
      select task_id, count(*)::int as count from attachments where task_id in ${selected} group by task_id
    ) files on files.task_id = ${t('id')}
    where ${where}`);
  return (result as unknown as { rows: { cards: string }[] }).rows[0]!.cards;
};
