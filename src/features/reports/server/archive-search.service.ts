import { and, eq, sql } from 'drizzle-orm';
import { memberships } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { notFound } from '../../../shared/errors.ts';
import { findVisibleMeeting } from '../../meetings/server/meetings.access.ts';
import type { ArchiveSearchPage, ArchiveSearchQuery } from '../reports.schemas.ts';

// The searchable archive (decision 055): every held session's archive of the meetings
// the caller may see (their own; all for admins), matched with PostgreSQL full text on the
// archive's generated document and the session's note, filtered by meeting, date range and
// person (who attended), best match first. Two statements at most (a count past the end).

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The archive's lists whose titles the excerpt shows (the same the search document reads). */
const EXCERPT_PATHS = [
  '$.issuesSolved[*].items[*].title',
  '$.todosCreated[*].items[*].title',
  '$.issuesCreated[*].items[*].title',
  '$.headlines[*].items[*].title',
  '$.goalsCreated[*].items[*].title',
  '$.goalsFinished[*].items[*].title',
  '$.completedActionItems[*].items[*].title',
  '$.scores[*].note',
];

/** Every text of an archive, for the excerpt around the match: the note, then the lists' titles. */
const archiveText = sql`concat_ws(' · ', nullif(s.note, ''), nullif(array_to_string(array(
  select jsonb_array_elements_text(${sql.raw(
    EXCERPT_PATHS.map((path) => `coalesce(jsonb_path_query_array(a.snapshot, '${path}'), '[]'::jsonb)`).join(' || '),
  )})), ' · '), ''))`;

export const searchArchives = async (ctx: TenantContext, query: ArchiveSearchQuery): Promise<ArchiveSearchPage> => {
  if (query.meetingId) await findVisibleMeeting(ctx, query.meetingId);
  if (query.userId) {
    const [member] = await ctx.db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.tenantId, ctx.tenantId), eq(memberships.userId, query.userId)));
    if (!member) throw notFound();
  }
  const text = query.q;
  const matching = text
    ? sql`(a.search @@ q.query or (s.finished_at is not null and to_tsvector('english'::regconfig, coalesce(s.note, '')) @@ q.query))`
    : sql`true`;
  const rank = text
    ? sql`ts_rank(a.search, q.query) + ts_rank(to_tsvector('english'::regconfig, coalesce(s.note, '')), q.query)`
    : sql`0`;
  const visible = ctx.isAdmin
    ? sql`true`
    : sql`a.meeting_id in (select mp.meeting_id from meeting_people mp where mp.user_id = ${ctx.userId})`;
  const rows = rowsOf<{
    id: string;
    meeting_id: string;
    meeting_title: string;
    meeting_date: string;
    avg_score: number | null;
    note: string | null;
    excerpt: string;
    total: string;
  }>(
    await ctx.db.execute(sql`
      with q as (select websearch_to_tsquery('english'::regconfig, ${text}) as query),
      hits as (
        select a.session_id, ${rank} as rank, s.session_date, count(*) over () as total
        from session_archives a
        join sessions s on s.id = a.session_id
        cross join q
        where a.tenant_id = ${ctx.tenantId} and ${visible} and ${matching}
          ${query.meetingId ? sql`and a.meeting_id = ${query.meetingId}` : sql``}
          ${query.dateSince ? sql`and s.session_date >= ${query.dateSince}::date` : sql``}
          ${query.dateUntil ? sql`and s.session_date <= ${query.dateUntil}::date` : sql``}
          ${
            query.userId
              ? sql`and exists (select 1 from session_attendees sa where sa.session_id = a.session_id
                  and sa.user_id = ${query.userId} and not sa.not_attended and (sa.joined_at is not null or sa.score is not null))`
              : sql``
          }
        order by rank desc, s.session_date desc, a.session_id
        limit ${query.limit} offset ${query.offset}
      )
      select s.id, a.meeting_id, m.title as meeting_title, s.session_date::text as meeting_date, a.avg_score, s.note,
        ${
          text
            ? sql`ts_headline('english'::regconfig, ${archiveText}, q.query, 'StartSel=«, StopSel=», MaxWords=24, MinWords=8, MaxFragments=2, FragmentDelimiter=" … "')`
            : sql`left(${archiveText}, 160)`
        } as excerpt,
        hits.total
      from hits
      join session_archives a on a.session_id = hits.session_id
      join sessions s on s.id = hits.session_id
      join meetings m on m.id = a.meeting_id
      cross join q
      order by hits.rank desc, hits.session_date desc, hits.session_id`),
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && query.offset > 0) {
    // Past the end: the page is empty and the window count with it; count again without the page.
    const again = await searchArchives(ctx, { ...query, offset: 0, limit: 1 });
    total = again.total;
  }
  return {
    items: rows.map((row) => ({
      id: row.id,
      meetingId: row.meeting_id,
      meetingTitle: row.meeting_title,
      meetingDate: row.meeting_date,
      avgScore: row.avg_score === null ? null : Number(row.avg_score),
      note: row.note,
      excerpt: row.excerpt,
    })),
    total,
    offset: query.offset,
  };
};
