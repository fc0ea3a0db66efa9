import { and, eq } from 'drizzle-orm';
import { digestSettings } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertMeetingLeader, canManage, findVisibleMeeting } from '../../meetings/server/meetings.access.ts';
import type {} from '../digests.events.ts';
import { DIGEST_DEFAULT_HOURS, type DigestSetting, type SetDigestSetting } from '../digests.schemas.ts';

// The before-meeting digest's setting (decision 125): on by default (24 hours before), so a
// meeting without a row sends it; a row says another number of hours, or off (null).

/** `GET /meetings/{id}/digest`: whoever sees the meeting reads it. */
export const getDigestSetting = async (ctx: TenantContext, meetingId: string): Promise<DigestSetting> => {
  const meeting = await findVisibleMeeting(ctx, meetingId);
  const [row] = await ctx.db
    .select({ hoursBefore: digestSettings.hoursBefore })
    .from(digestSettings)
    .where(and(eq(digestSettings.meetingId, meeting.id), eq(digestSettings.tenantId, ctx.tenantId)));
  return { hoursBefore: row ? row.hoursBefore : DIGEST_DEFAULT_HOURS, canEdit: canManage(ctx, meeting) };
};

/** `PUT /meetings/{id}/digest`: the meeting's leaders and workspace admins; null turns it off. */
export const setDigestSetting = async (
  ctx: TenantContext,
  meetingId: string,
  input: SetDigestSetting,
): Promise<DigestSetting> => {
  const meeting = await findVisibleMeeting(ctx, meetingId);
  assertMeetingLeader(ctx, meeting);
  const values = { hoursBefore: input.hoursBefore, changedAt: new Date(), changedBy: ctx.userId };
  await ctx.db
    .insert(digestSettings)
    .values({ meetingId: meeting.id, tenantId: ctx.tenantId, ...values })
    .onConflictDoUpdate({ target: digestSettings.meetingId, set: values });
  ctx.publish({
    tenantId: ctx.tenantId,
    meetingId: meeting.id,
    type: 'digest.setting.changed',
    data: { meetingId: meeting.id, hoursBefore: input.hoursBefore },
  });
  return { hoursBefore: input.hoursBefore, canEdit: true };
};
