import { eq } from 'drizzle-orm';
import { meetings, tenants } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { messages } from '../../../shared/messages.ts';
import { notify } from './notifications.service.ts';

// The meeting and workspace notifications (decision 033). They live here, not in the meetings,
// live or workspaces features, so that each of those only makes one call.

const meetingTitle = async (ctx: TenantContext, meetingId: string) => {
  const [row] = await ctx.db.select({ title: meetings.title }).from(meetings).where(eq(meetings.id, meetingId));
  return row?.title ?? '';
};

/** A meeting they belong to started: a Join link to the live meeting. */
export const notifyMeetingStarted = async (
  ctx: TenantContext,
  meetingId: string,
  sessionId: string,
  people: string[],
) => {
  const title = await meetingTitle(ctx, meetingId);
  await notify(ctx, people, {
    kind: 'meetingStarted',
    message: (who) => messages.notificationMeetingStarted(who, title),
    link: `/live-meeting/${meetingId}/${sessionId}`,
    meetingId,
  });
};

/** People who were not leaders or members of the meeting before and are now. */
export const notifyMeetingAdded = async (ctx: TenantContext, meetingId: string, before: string[], after: string[]) => {
  const added = after.filter((userId) => !before.includes(userId));
  if (added.length === 0) return;
  const title = await meetingTitle(ctx, meetingId);
  await notify(ctx, added, {
    kind: 'meetingAdded',
    message: (who) => messages.notificationMeetingAdded(who, title),
    link: `/meeting-dashboard/${meetingId}`,
    meetingId,
  });
};

/** Someone was added to the workspace by an admin (a new account; existing ones accept an invitation). */
export const notifyWorkspaceAdded = async (ctx: TenantContext, userId: string) => {
  const [workspace] = await ctx.db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, ctx.tenantId));
  await notify(ctx, [userId], {
    kind: 'workspaceAdded',
    message: (who) => messages.notificationWorkspaceAdded(who, workspace?.name ?? ''),
    link: '/home',
  });
};
