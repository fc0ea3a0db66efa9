import { and, eq, sql } from 'drizzle-orm';
import { kpiReminderSettings } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { inJobTransaction, type JobDeps } from '../../../server/jobs/jobTransaction.ts';
import { assertMeetingLeader, canManage, findVisibleMeeting } from '../../meetings/server/meetings.access.ts';
import { notifyMany } from '../../notifications/server/notifications.service.ts';
import type {} from '../kpi-reminders.events.ts';
import { kpiReminderMessages } from '../kpi-reminders.messages.ts';
import type { KpiReminder, SetKpiReminder } from '../kpi-reminders.schemas.ts';
import { EMPTY_KPI_CONDITION, EMPTY_KPI_JOINS } from './empty-kpis.ts';

// The scorecard nudge (decision 120): a meeting may remind the owners of KPIs still empty for
// its next meeting date, some hours before it starts. An hourly job finds the dates starting
// within their meeting's window and tells each owner once per date, with the list. The record of
// reminders sent is claimed with `insert … on conflict do nothing` in the same statement that
// finds them, so two servers running the job at once never tell anyone twice.

/** `GET /meetings/{id}/kpis/reminder`: whoever sees the meeting reads it. */
export const getKpiReminder = async (ctx: TenantContext, meetingId: string): Promise<KpiReminder> => {
  const meeting = await findVisibleMeeting(ctx, meetingId);
  const [row] = await ctx.db
    .select({ hoursBefore: kpiReminderSettings.hoursBefore })
    .from(kpiReminderSettings)
    .where(and(eq(kpiReminderSettings.meetingId, meeting.id), eq(kpiReminderSettings.tenantId, ctx.tenantId)));
  return { hoursBefore: row?.hoursBefore ?? null, canEdit: canManage(ctx, meeting) };
};

/** `PUT /meetings/{id}/kpis/reminder`: the meeting's leaders and workspace admins; null turns it off. */
export const setKpiReminder = async (
  ctx: TenantContext,
  meetingId: string,
  input: SetKpiReminder,
): Promise<KpiReminder> => {
  const meeting = await findVisibleMeeting(ctx, meetingId);
  assertMeetingLeader(ctx, meeting);
  if (input.hoursBefore === null) {
    await ctx.db
      .delete(kpiReminderSettings)
      .where(and(eq(kpiReminderSettings.meetingId, meeting.id), eq(kpiReminderSettings.tenantId, ctx.tenantId)));
  } else {
    const values = { hoursBefore: input.hoursBefore, changedAt: new Date(), changedBy: ctx.userId };
    await ctx.db
      .insert(kpiReminderSettings)
      .values({ meetingId: meeting.id, tenantId: ctx.tenantId, ...values })
      .onConflictDoUpdate({ target: kpiReminderSettings.meetingId, set: values });
  }
  ctx.publish({
    tenantId: ctx.tenantId,
    meetingId: meeting.id,
    type: 'kpi.reminder.changed',
    data: { meetingId: meeting.id, hoursBefore: input.hoursBefore },
  });
  return { hoursBefore: input.hoursBefore, canEdit: true };
};

type Claimed = {
  session_id: string;
  tenant_id: string;
  meeting_id: string;
  meeting_title: string;
  session_date: string;
  user_id: string;
  titles: string[];
};

/** 'Jan 12': a meeting date as the reminder names it. */
const shortDate = (isoDate: string) =>
  new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * Reminds the owners of empty KPIs of the meeting dates starting within their meeting's window
 * at `now` (not yet started, not taken off the scorecard): weekly KPIs that are entered (a formula
 * is computed), whose owner can see the meeting. Returns how many people were reminded.
 */
export const remindEmptyKpis = (deps: JobDeps, now = new Date()) =>
  inJobTransaction(deps, async (ctx) => {
    const at = now.toISOString();
    const result = await ctx.db.execute(sql`
      with due as (
        select s.id as session_id, s.tenant_id, s.meeting_id, m.title as meeting_title,
          s.session_date::text as session_date, sc.user_id,
          json_agg(sc.title order by sc.sort, sc.created_at) as titles
        from kpi_reminder_settings r
        join meetings m on m.id = r.meeting_id and m.tenant_id = r.tenant_id
        join sessions s on s.meeting_id = r.meeting_id
          and s.starts_at > ${at}::timestamptz
          and s.starts_at <= ${at}::timestamptz + make_interval(hours => r.hours_before)
          and s.started_at is null and s.finished_at is null
        ${EMPTY_KPI_JOINS}
        where ${EMPTY_KPI_CONDITION}
          and (exists (select 1 from meeting_people mp where mp.meeting_id = r.meeting_id and mp.user_id = sc.user_id)
            or exists (select 1 from memberships ms where ms.tenant_id = r.tenant_id and ms.user_id = sc.user_id
              and ms.is_admin = '1'))
        group by s.id, s.tenant_id, s.meeting_id, m.title, s.session_date, sc.user_id
      ), claimed as (
        insert into kpi_reminders_sent (session_id, user_id, tenant_id)
        select session_id, user_id, tenant_id from due
        on conflict do nothing
        returning session_id, user_id
      )
      select due.* from due join claimed using (session_id, user_id)`);
    const claimed = (result as unknown as { rows: Claimed[] }).rows;
    if (claimed.length === 0) return 0;
    await notifyMany(
      ctx,
      claimed.map((row) => {
        const titles = typeof row.titles === 'string' ? (JSON.parse(row.titles) as string[]) : row.titles;
        return {
          tenantId: row.tenant_id,
          receiverIds: [row.user_id],
          kind: 'kpiReminder' as const,
          message: () =>
            kpiReminderMessages.notification(titles.length, row.meeting_title, shortDate(row.session_date), titles),
          link: `/meeting-dashboard/${row.meeting_id}`,
          meetingId: row.meeting_id,
        };
      }),
    );
    return claimed.length;
  });
