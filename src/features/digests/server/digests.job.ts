import { sql } from 'drizzle-orm';
import { uuidArray } from '../../../db/sql.ts';
import { inJobTransaction, type JobDeps } from '../../../server/jobs/jobTransaction.ts';
import { emptyKpisOf } from '../../kpis/server/empty-kpis.ts';
import { notificationMail } from '../../notifications/server/notifications.mails.ts';
import { type AddressedDraft, notifyMany } from '../../notifications/server/notifications.service.ts';
import { goalsNotUpdatedSince, todosDueBy } from '../../tasks/server/before-meeting.ts';
import { digestsMessages } from '../digests.messages.ts';
import { DIGEST_DEFAULT_HOURS, DIGEST_HOURS_MAX } from '../digests.schemas.ts';

// The before-meeting digest (decision 125). An hourly job takes each meeting date starting within
// its meeting's window (`now < startsAt ≤ now + N hours`; N from the meeting's setting, 24 when it
// has none) that has not started, and gives each person of the meeting one notification listing
// what they still owe it: their empty KPIs (unless the meeting's scorecard nudge is on: it tells
// them), their open to-dos due by the date, their active goals whose status has not changed for a
// week. What counts as each is the owning feature's rule (kpis, tasks). A person with nothing gets
// nothing. Each (date, person) is claimed with `insert … on conflict do nothing` in the same
// transaction that notifies, so later runs and other servers never send it twice.

/** A goal counts as not updated when its status has not changed for this long. */
const STALE_MS = 7 * 24 * 3600 * 1000;

type DueSession = {
  session_id: string;
  tenant_id: string;
  meeting_id: string;
  meeting_title: string;
  session_date: string;
};

type Person = { meeting_id: string; user_id: string };

/** 'Jan 12': a date as the digest names it. */
const shortDate = (isoDate: string) =>
  new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

interface Owed {
  kpis: { id: string; title: string }[];
  todos: { id: string; title: string; dueDate: string }[];
  goals: { id: string; title: string }[];
}

/** Sends the digests due at `now`; returns how many people got one. */
export const sendMeetingDigests = (deps: JobDeps, now = new Date()) =>
  inJobTransaction(deps, async (ctx) => {
    const at = now.toISOString();
    // Each meeting's next dates within the longest window, through its unfinished-sessions index.
    const due = (
      (await ctx.db.execute(sql`
        select s.id as session_id, m.tenant_id, m.id as meeting_id, m.title as meeting_title,
            s.session_date::text as session_date
          from meetings m
          left join digest_settings d on d.meeting_id = m.id
          join lateral (
            select s.id, s.session_date, s.starts_at from sessions s
              where s.meeting_id = m.id and s.finished_at is null and s.started_at is null
                and s.starts_at > ${at}::timestamptz
                and s.starts_at <= ${at}::timestamptz + make_interval(hours => ${DIGEST_HOURS_MAX})
          ) s on s.starts_at <= ${at}::timestamptz
            + make_interval(hours => coalesce(d.hours_before, ${DIGEST_DEFAULT_HOURS}))
          where d.meeting_id is null or d.hours_before is not null`)) as unknown as { rows: DueSession[] }
    ).rows;
    if (due.length === 0) return 0;
    const meetingIds = [...new Set(due.map((s) => s.meeting_id))];
    // One after another: they share the transaction's connection.
    const kpis = await emptyKpisOf(
      ctx.db,
      due.map((s) => s.session_id),
      { exceptNudged: true },
    );
    const todos = await todosDueBy(
      ctx.db,
      due.map((s) => ({ meetingId: s.meeting_id, date: s.session_date })),
    );
    const goals = await goalsNotUpdatedSince(ctx.db, meetingIds, new Date(now.getTime() - STALE_MS));
    const people = await ctx.db.execute(sql`
      select meeting_id, user_id from meeting_people where meeting_id = any(${uuidArray(meetingIds)})`);
    // What each person of each date owes, keyed by session and person; only the meeting's people.
    const inMeeting = new Set(
      (people as unknown as { rows: Person[] }).rows.map((p) => `${p.meeting_id}:${p.user_id}`),
    );
    const owed = new Map<string, Owed>();
    const entry = (sessionId: string, userId: string) => {
      const key = `${sessionId}:${userId}`;
      const found = owed.get(key) ?? { kpis: [], todos: [], goals: [] };
      owed.set(key, found);
      return found;
    };
    const sessionById = new Map(due.map((s) => [s.session_id, s]));
    const sessionsOf = new Map<string, DueSession[]>();
    for (const session of due)
      sessionsOf.set(session.meeting_id, [...(sessionsOf.get(session.meeting_id) ?? []), session]);
    for (const kpi of kpis) {
      const session = sessionById.get(kpi.sessionId)!;
      if (inMeeting.has(`${session.meeting_id}:${kpi.userId}`))
        entry(kpi.sessionId, kpi.userId).kpis.push({ id: kpi.scoreId, title: kpi.title });
    }
    const sessionOf = new Map(due.map((s) => [`${s.meeting_id}:${s.session_date}`, s.session_id]));
    for (const todo of todos) {
      const sessionId = sessionOf.get(`${todo.meetingId}:${todo.date}`);
      if (sessionId && inMeeting.has(`${todo.meetingId}:${todo.userId}`))
        entry(sessionId, todo.userId).todos.push(todo);
    }
    // A goal is owed to each of its meeting's dates in the window (usually one).
    for (const goal of goals) {
      if (!inMeeting.has(`${goal.meetingId}:${goal.userId}`)) continue;
      for (const session of sessionsOf.get(goal.meetingId) ?? [])
        entry(session.session_id, goal.userId).goals.push(goal);
    }
    if (owed.size === 0) return 0;
    const keys = [...owed.keys()].map((key) => key.split(':') as [string, string]);
    const claimed = (
      (await ctx.db.execute(sql`
        insert into digests_sent (session_id, user_id, tenant_id)
          select k.session_id, k.user_id, s.tenant_id
            from unnest(${uuidArray(keys.map(([s]) => s))}, ${uuidArray(keys.map(([, u]) => u))})
              as k(session_id, user_id)
            join sessions s on s.id = k.session_id
          on conflict do nothing
          returning session_id, user_id`)) as unknown as { rows: { session_id: string; user_id: string }[] }
    ).rows;
    if (claimed.length === 0) return 0;
    const drafts: AddressedDraft[] = claimed.map(({ session_id, user_id }) => {
      const session = sessionById.get(session_id)!;
      const items = owed.get(`${session_id}:${user_id}`)!;
      const dashboard = `/meeting-dashboard/${session.meeting_id}`;
      const titles = {
        kpis: items.kpis.map((k) => k.title),
        todos: items.todos.map((t) => t.title),
        goals: items.goals.map((g) => g.title),
      };
      const date = shortDate(session.session_date);
      return {
        tenantId: session.tenant_id,
        receiverIds: [user_id],
        kind: 'meetingDigest',
        message: () => digestsMessages.notification(session.meeting_title, date, titles),
        link: dashboard,
        meetingId: session.meeting_id,
        details: [
          ...items.kpis.map((k) => ({ label: digestsMessages.kpiItem(k.title), link: dashboard })),
          ...items.todos.map((t) => ({
            label: digestsMessages.todoItem(t.title, shortDate(t.dueDate)),
            link: `/home/${t.id}`,
          })),
          ...items.goals.map((g) => ({ label: digestsMessages.goalItem(g.title), link: `/home/${g.id}` })),
        ],
        mail: notificationMail(digestsMessages.mailText(session.meeting_title, date, titles), ctx.publicUrl, dashboard),
      };
    });
    await notifyMany(ctx, drafts);
    return claimed.length;
  });
