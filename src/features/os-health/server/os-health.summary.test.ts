import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { type HealthCast, healthHistory } from '../../../../test/os-health-fixtures.ts';
import { inServiceTransaction } from '../../../../test/service-context.ts';
import { scaled } from '../../../../test/slow.ts';
import { createCardsInBulk } from '../../tasks/server/tasks.bulk.ts';
import { HEALTH_ON_TIME_MINUTES, type Health, type HealthQuarter } from '../os-health.schemas.ts';

// The session figures are read from `session_health`, which triggers keep (decision 128). After
// each kind of write the figures change at once, and every row equals what the sessions, ratings,
// cells, KPIs and issues add up to when counted from scratch by the rules of decision 124.

let app: FastifyInstance;
let cast: HealthCast;
beforeAll(async () => {
  app = await testApp();
  cast = await healthHistory(app);
}, scaled(120_000));
afterAll(() => app.close());

interface SummaryRow {
  session_id: string;
  started_on_its_date: boolean;
  rating_sum: number;
  rating_count: number;
  issues_solved: number;
  solved_ages: number[];
  cells: number;
  cells_on_time: number;
}
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The workspace's rows as kept, and as counted from the sessions now. */
const summaryOf = async (tenantId: string) => {
  const kept = rowsOf<SummaryRow>(
    await app.database.db.execute(sql`
      select session_id, started_on_its_date, rating_sum, rating_count, issues_solved, solved_ages, cells, cells_on_time
      from session_health where tenant_id = ${tenantId} order by session_id`),
  );
  const counted = rowsOf<SummaryRow>(
    await app.database.db.execute(sql`
      select s.id as session_id,
        coalesce((s.started_at at time zone m.timezone)::date = s.session_date, false) as started_on_its_date,
        coalesce((select sum(a.score) from session_attendees a
          where a.session_id = s.id and s.started_at is not null and a.score is not null and not a.not_attended), 0)::int as rating_sum,
        (select count(*) from session_attendees a
          where a.session_id = s.id and s.started_at is not null and a.score is not null and not a.not_attended)::int as rating_count,
        (select count(*) from tasks t where t.completed_in_session_id = s.id and s.started_at is not null
          and t.type = '2' and t.status = '1' and t.completed_at is not null)::int as issues_solved,
        coalesce((select array_agg((t.completed_at at time zone 'UTC')::date - (t.created_at at time zone 'UTC')::date order by 1)
          from tasks t where t.completed_in_session_id = s.id and s.started_at is not null
          and t.type = '2' and t.status = '1' and t.completed_at is not null), '{}') as solved_ages,
        (select count(*) from score_cells c join scores sc on sc.id = c.score_id
          where c.session_id = s.id and s.started_at is not null and sc.frequency = 'weekly' and sc.formula is null
            and sc.created_at <= s.starts_at and s.id not in (select session_id from kpi_removed_sessions))::int as cells,
        (select count(*) from score_cells c join scores sc on sc.id = c.score_id
          where c.session_id = s.id and s.started_at is not null and sc.frequency = 'weekly' and sc.formula is null
            and sc.created_at <= s.starts_at and s.id not in (select session_id from kpi_removed_sessions)
            and c.measured is not null and c.changed_at <= s.started_at)::int as cells_on_time
      from sessions s join meetings m on m.id = s.meeting_id
      where s.tenant_id = ${tenantId} order by s.id`),
  );
  return { kept, counted };
};

/** The workspace's days as kept, and as summed from its sessions' rows now. */
const daysOf = async (tenantId: string) => {
  const columns = sql.raw(`session_date::text, scheduled, on_schedule, held, held_scheduled, on_time, rating_sum,
    rating_count, issues_solved, solved_ages, cells, cells_on_time`);
  const kept = rowsOf(
    await app.database.db.execute(sql`select ${columns} from session_health_days where tenant_id = ${tenantId}
      order by session_date`),
  );
  const counted = rowsOf(
    await app.database.db.execute(sql`select ${columns} from (
      select h.session_date, (count(*) filter (where not h.unscheduled))::int as scheduled,
        (count(*) filter (where not h.unscheduled and h.started_on_its_date))::int as on_schedule,
        (count(*) filter (where h.started_at is not null))::int as held,
        (count(*) filter (where not h.unscheduled and h.started_at is not null))::int as held_scheduled,
        (count(*) filter (where not h.unscheduled and h.started_at is not null
          and h.started_at <= h.starts_at + make_interval(mins => ${HEALTH_ON_TIME_MINUTES})))::int as on_time,
        sum(h.rating_sum)::int as rating_sum, sum(h.rating_count)::int as rating_count,
        sum(h.issues_solved)::int as issues_solved,
        coalesce((select array_agg(x order by x) from session_health h2 cross join unnest(h2.solved_ages) as x
          where h2.tenant_id = ${tenantId} and h2.session_date = h.session_date), '{}') as solved_ages,
        sum(h.cells)::int as cells, sum(h.cells_on_time)::int as cells_on_time
      from session_health h where h.tenant_id = ${tenantId} group by h.session_date) d
      order by session_date`),
  );
  return { kept, counted };
};

const expectInStep = async () => {
  const { kept, counted } = await summaryOf(cast.tenantId);
  expect(kept.length).toBeGreaterThan(0);
  expect(kept).toEqual(counted);
  const days = await daysOf(cast.tenantId);
  expect(days.kept.length).toBeGreaterThan(0);
  expect(days.kept).toEqual(days.counted);
};

const Q1 = 'until=2025-Q1&quarters=1';
const figuresOf = async (who: HealthCast['ada'], query: string) => {
  const answer = await who.api.get<Health>(`/os-health?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result.quarters.at(-1) as HealthQuarter;
};
const ofA = () => figuresOf(cast.ada, `meetingId=${cast.meetingA}&${Q1}`);
const db = () => app.database.db;

describe('the maintained summary of each session', () => {
  it('holds what the history adds up to', async () => {
    await expectInStep();
  });

  it('a new rating, and someone marked as not attending, show at once', async () => {
    const before = await ofA();
    // Ratings are given while the session is live: s3 is open again for it, then finished.
    const live = (finishedAt: string | null) =>
      db().execute(sql`update sessions set finished_at = ${finishedAt} where id = ${cast.sessionIds.s3}`);
    await live(null);
    const rated = await cast.ada.api.patch(`/sessions/${cast.sessionIds.s3}/ratings/${cast.lee.userId}`, { score: 10 });
    expect(rated.status, JSON.stringify(rated.body)).toBe(200);
    const after = await ofA();
    expect(after.ratingCount).toBe(before.ratingCount + 1);
    // 86 + 10 over 12.
    expect(after.ratingAverage).toBe(8);
    const marked = await cast.ada.api.patch(`/sessions/${cast.sessionIds.s3}/attendees/${cast.lee.userId}`, {
      notAttended: true,
    });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect((await ofA()).ratingCount).toBe(before.ratingCount);
    await live('2025-01-20T10:30:00Z');
    await expectInStep();
  });

  it('an issue solved in the room, and one no longer solved, show at once', async () => {
    const before = await ofA();
    // As solving in the room writes it: i6 (made 2024-10-01) done in s9 on 2025-03-03, 153 days old.
    await db().execute(sql`update tasks set status = '1', completed_at = '2025-03-03T09:30:00Z',
      completed_in_session_id = ${cast.sessionIds.s9} where id = ${cast.taskIds.i6}`);
    const solved = await ofA();
    expect(solved.issuesSolved).toBe(before.issuesSolved + 1);
    // Ages 4 23 24 30 75 153: median 27.
    expect(solved.issuesMedianAgeDays).toBe(27);
    await db().execute(sql`update tasks set status = '0' where id = ${cast.taskIds.i6}`);
    const reopened = await ofA();
    expect(reopened.issuesSolved).toBe(before.issuesSolved);
    expect(reopened.issuesMedianAgeDays).toBe(24);
    await expectInStep();
  });

  it('a value entered or corrected, a KPI’s rules and a date taken off the scorecard show at once', async () => {
    const before = await ofA();
    const [k1] = rowsOf<{ id: string }>(
      await db().execute(sql`select id from scores where meeting_id = ${cast.meetingA} and title = 'k1'`),
    );
    // s1's value was in the day before; corrected now, it is late.
    const saved = await cast.ada.api.put(`/scores/${k1!.id}/cells/${cast.sessionIds.s1}`, { measured: '13' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const corrected = await ofA();
    expect(corrected.kpiCells).toBe(before.kpiCells);
    expect(corrected.kpiCellsOnTime).toBe(before.kpiCellsOnTime - 1);
    // s9 (k1 and k2 late) taken off the scorecard: its two cells no longer count.
    const removed = await cast.ada.api.delete(`/meetings/${cast.meetingA}/kpis/sessions/${cast.sessionIds.s9}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const off = await ofA();
    expect(off.kpiCells).toBe(before.kpiCells - 2);
    expect(off.kpiCellsOnTime).toBe(corrected.kpiCellsOnTime);
    // k3 made weekly: its early value on s1 counts.
    await db().execute(
      sql`update scores set frequency = 'weekly' where meeting_id = ${cast.meetingA} and title = 'k3'`,
    );
    const weekly = await ofA();
    expect(weekly.kpiCells).toBe(off.kpiCells + 1);
    expect(weekly.kpiCellsOnTime).toBe(off.kpiCellsOnTime + 1);
    await db().execute(
      sql`update scores set frequency = 'monthly' where meeting_id = ${cast.meetingA} and title = 'k3'`,
    );
    expect((await ofA()).kpiCells).toBe(off.kpiCells);
    await expectInStep();
  });

  it('a session started late, and a meeting’s time zone, show at once', async () => {
    const before = await ofA();
    // As starting the meeting writes it: s13 (Mar 31, due 09:00) started 20 minutes late.
    await db().execute(sql`update sessions set started_at = '2025-03-31T09:20:00Z' where id = ${cast.sessionIds.s13}`);
    const started = await ofA();
    expect(started.sessionsHeld).toBe(before.sessionsHeld + 1);
    expect(started.sessionsHeldScheduled).toBe(before.sessionsHeldScheduled + 1);
    expect(started.sessionsStartedOnTime).toBe(before.sessionsStartedOnTime);
    expect(started.sessionsHeldOnSchedule).toBe(before.sessionsHeldOnSchedule + 1);
    // B's one session started at 09:00 UTC: the evening before in Honolulu, so not on its date.
    const rob = () => figuresOf(cast.rob, Q1);
    expect((await rob()).heldPct).toBe(100);
    await db().execute(sql`update meetings set timezone = 'Pacific/Honolulu' where id = ${cast.meetingB}`);
    expect((await rob()).heldPct).toBe(0);
    await expectInStep();
    await db().execute(sql`update meetings set timezone = 'UTC' where id = ${cast.meetingB}`);
    expect((await rob()).heldPct).toBe(100);
  });

  it('a to-do done and to-dos made in bulk show at once', async () => {
    const before = await ofA();
    // t3 (due Feb 7, open) marked done on its day, as the card's save writes it.
    await db().execute(
      sql`update tasks set status = '1', completed_at = '2025-02-07T12:00:00Z' where id = ${cast.taskIds.t3}`,
    );
    expect((await ofA()).todosDoneWhenDue).toBe(before.todosDoneWhenDue + 1);
    await inServiceTransaction(app, cast.ada, (ctx) =>
      createCardsInBulk(ctx, {
        meetingId: cast.meetingA,
        type: '4',
        cards: [
          { title: 'bulk 1', dueDate: '2025-03-14', userId: cast.ada.userId },
          { title: 'bulk 2', dueDate: '2025-03-14', userId: cast.ada.userId },
        ],
      }),
    );
    expect((await ofA()).todosDue).toBe(before.todosDue + 2);
    await expectInStep();
  });

  it('the workspace counts a session of today from its own row, and one started late at once', async () => {
    const now = () => figuresOf(cast.ada, 'quarters=1');
    const before = await now();
    const today = new Date().toISOString().slice(0, 10);
    // Due an hour ago, started 20 minutes late and finished: held and scheduled, not on time.
    const [made] = rowsOf<{ id: string }>(
      await db().execute(sql`insert into sessions (tenant_id, meeting_id, session_date, starts_at, started_at, finished_at)
        values (${cast.tenantId}, ${cast.meetingA}, ${today}, now() - interval '1 hour', now() - interval '40 minutes',
          now() - interval '10 minutes')
        returning id`),
    );
    const after = await now();
    expect(after.sessionsHeld).toBe(before.sessionsHeld + 1);
    expect(after.sessionsHeldScheduled).toBe(before.sessionsHeldScheduled + 1);
    expect(after.sessionsStartedOnTime).toBe(before.sessionsStartedOnTime);
    await db().execute(sql`delete from sessions where id = ${made!.id}`);
    expect(await now()).toEqual(before);
    await expectInStep();
  });

  it('a session deleted takes its counts with it', async () => {
    const before = await ofA();
    // The unscheduled Wednesday (held, i4 solved in it, k1 and k2 cells): cancelled as a whole.
    await db().execute(sql`delete from sessions where id = ${cast.sessionIds.u}`);
    const after = await ofA();
    expect(after.sessionsHeld).toBe(before.sessionsHeld - 1);
    expect(after.issuesSolved).toBe(before.issuesSolved - 1);
    expect(after.kpiCells).toBe(before.kpiCells - 2);
    const [left] = rowsOf<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from session_health where session_id = ${cast.sessionIds.u}`),
    );
    expect(left!.n).toBe(0);
    await expectInStep();
  });
});

// The whole workspace's goals and to-dos are read from `task_health` (decision 134): per kind,
// due date and named quarter, those a meeting links or whose board a meeting shows.

interface TaskSummaryRow {
  type: string;
  due_date: string | null;
  quarter_id: string | null;
  total: number;
  done: number;
}

const NAMED_QUARTER = sql.raw(`t.type = '1' and t.quarter_id ~ '^[0-9]{4}-Q[1-4]$'`);

const taskSummaryOf = async (tenantId: string) => {
  const kept = rowsOf<TaskSummaryRow>(
    await db().execute(sql`
      select type, due_date::text, quarter_id, total, done from task_health where tenant_id = ${tenantId}
      order by type, due_date nulls first, quarter_id nulls first`),
  );
  const counted = rowsOf<TaskSummaryRow>(
    await db().execute(sql`
      select t.type, case when ${NAMED_QUARTER} then null else t.due_date::text end as due_date,
        case when ${NAMED_QUARTER} then t.quarter_id end as quarter_id, count(*)::int as total,
        (count(*) filter (where t.status = '1' and (t.type = '1' or (t.completed_at is not null
          and (t.completed_at at time zone coalesce(u.timezone, 'UTC'))::date <= t.due_date))))::int as done
      from tasks t left join users u on u.id = t.user_id
      where t.tenant_id = ${tenantId} and t.type in ('1', '4') and (${NAMED_QUARTER} or t.due_date is not null)
        and (t.id in (select tm.task_id from task_meetings tm join meetings mm on mm.id = tm.meeting_id
            where mm.tenant_id = ${tenantId})
          or t.board_id in (select bm.board_id from board_meetings bm join meetings mm on mm.id = bm.meeting_id
            where mm.tenant_id = ${tenantId}))
      group by 1, 2, 3 order by 1, 2 nulls first, 3 nulls first`),
  );
  return { kept, counted };
};

const tasksInStep = async () => {
  const { kept, counted } = await taskSummaryOf(cast.tenantId);
  expect(kept.length).toBeGreaterThan(0);
  expect(kept).toEqual(counted);
};

/** The workspace's figures, as its admin reads them. */
const ofWorkspace = () => figuresOf(cast.ada, Q1);

describe('the maintained summary of the goals and to-dos', () => {
  it('holds what the workspace’s goals and to-dos add up to', async () => {
    await tasksInStep();
  });

  it('a goal linked to a meeting and unlinked, and a board no longer shown, count at once', async () => {
    const before = await ofWorkspace();
    // gx (Q1, open) belongs to no meeting: linked to B, it counts.
    await db().execute(
      sql`insert into task_meetings (task_id, meeting_id) values (${cast.taskIds.gx}, ${cast.meetingB})`,
    );
    const linked = await ofWorkspace();
    expect(linked.goalsTotal).toBe(before.goalsTotal + 1);
    expect(linked.goalsDone).toBe(before.goalsDone);
    await tasksInStep();
    await db().execute(sql`delete from task_meetings where task_id = ${cast.taskIds.gx}`);
    expect((await ofWorkspace()).goalsTotal).toBe(before.goalsTotal);
    // g7 (Q1, done) is held only by A's board.
    const [board] = rowsOf<{ board_id: string }>(
      await db().execute(sql`select board_id from board_meetings where meeting_id = ${cast.meetingA}`),
    );
    await db().execute(sql`delete from board_meetings where board_id = ${board!.board_id}`);
    const unshown = await ofWorkspace();
    expect(unshown.goalsTotal).toBe(before.goalsTotal - 1);
    expect(unshown.goalsDone).toBe(before.goalsDone - 1);
    await db().execute(
      sql`insert into board_meetings (board_id, meeting_id) values (${board!.board_id}, ${cast.meetingA})`,
    );
    expect(await ofWorkspace()).toEqual(before);
    await tasksInStep();
  });

  it('an owner’s time zone decides whether a to-do was done when due, at once', async () => {
    const before = await ofWorkspace();
    // t5, due Mar 7, done at 03:00 UTC on Mar 8: still Mar 7 in New York, a day late in UTC.
    const zone = (timezone: string) =>
      db().execute(sql`update users set timezone = ${timezone} where id = ${cast.lee.userId}`);
    await zone('UTC');
    expect((await ofWorkspace()).todosDoneWhenDue).toBe(before.todosDoneWhenDue - 1);
    await tasksInStep();
    await zone('America/New_York');
    expect((await ofWorkspace()).todosDoneWhenDue).toBe(before.todosDoneWhenDue);
  });

  it('to-dos made in bulk count once their transaction commits; a rolled-back one changes nothing', async () => {
    const before = await ofWorkspace();
    const bulk = (titles: string[]) =>
      inServiceTransaction(app, cast.ada, (ctx) =>
        createCardsInBulk(ctx, {
          meetingId: cast.meetingA,
          type: '4',
          cards: titles.map((title) => ({ title, dueDate: '2025-03-13', userId: cast.ada.userId })),
        }),
      );
    await bulk(['summary bulk 1', 'summary bulk 2', 'summary bulk 3']);
    expect((await ofWorkspace()).todosDue).toBe(before.todosDue + 3);
    await expect(
      inServiceTransaction(app, cast.ada, async (ctx) => {
        await createCardsInBulk(ctx, {
          meetingId: cast.meetingA,
          type: '4',
          cards: [{ title: 'never made', dueDate: '2025-03-13', userId: cast.ada.userId }],
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await ofWorkspace()).todosDue).toBe(before.todosDue + 3);
    const [left] = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from task_health_dirty`));
    expect(left!.n).toBe(0);
    await tasksInStep();
  });

  it.runIf(process.env.DATABASE_URL)('two transactions adding to-dos on the same day at once both count', async () => {
    const before = await ofWorkspace();
    const added = (title: string, wait: Promise<unknown>) =>
      inServiceTransaction(app, cast.ada, async (ctx) => {
        await createCardsInBulk(ctx, {
          meetingId: cast.meetingA,
          type: '4',
          cards: [{ title, dueDate: '2025-03-12', userId: cast.ada.userId }],
        });
        await wait;
      });
    // Both write before either commits; each one's recount must see the other's.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = added('at once 1', gate);
    const second = added('at once 2', gate);
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await Promise.all([first, second]);
    expect((await ofWorkspace()).todosDue).toBe(before.todosDue + 2);
    await tasksInStep();
  });

  it('a goal moved to another quarter, a to-do deleted and a meeting deleted count at once', async () => {
    const before = await ofWorkspace();
    // g2 (Q1, open) moved to Q2.
    await db().execute(sql`update tasks set quarter_id = '2025-Q2' where id = ${cast.taskIds.g2}`);
    const moved = await ofWorkspace();
    expect(moved.goalsTotal).toBe(before.goalsTotal - 1);
    expect(moved.goalsDone).toBe(before.goalsDone);
    // t6 (due Mar 21, done the day before).
    await db().execute(sql`delete from tasks where id = ${cast.taskIds.t6}`);
    const deleted = await ofWorkspace();
    expect(deleted.todosDue).toBe(before.todosDue - 1);
    expect(deleted.todosDoneWhenDue).toBe(before.todosDoneWhenDue - 1);
    await tasksInStep();
    // Meeting B goes, and with it gb (Q1, done) and t9 (late); g1 stays with A.
    await db().execute(sql`delete from meetings where id = ${cast.meetingB}`);
    const gone = await ofWorkspace();
    expect(gone.goalsTotal).toBe(moved.goalsTotal - 1);
    expect(gone.goalsDone).toBe(moved.goalsDone - 1);
    expect(gone.todosDue).toBe(deleted.todosDue - 1);
    expect(gone.todosDoneWhenDue).toBe(deleted.todosDoneWhenDue);
    await tasksInStep();
  });
});
