import type { TenantContext } from '../../../server/context.ts';
import { notificationsMessages } from '../notifications.messages.ts';
import { notify } from './notifications.service.ts';

// The meeting and workspace notifications (decision 033). They live here, not in the meetings,
// live or workspaces features, so that each of those only makes one call. Callers pass the
// names they already hold, so nothing is read twice.

/** A meeting they belong to started: a Join link to the live meeting. */
export const notifyMeetingStarted = async (
  ctx: TenantContext,
  meeting: { id: string; title: string },
  sessionId: string,
  people: string[],
) => {
  await notify(ctx, people, {
    kind: 'meetingStarted',
    message: (who) => notificationsMessages.notificationMeetingStarted(who, meeting.title),
    link: `/live-meeting/${meeting.id}/${sessionId}`,
    meetingId: meeting.id,
  });
};

/** People who were not leaders or members of the meeting before and are now. */
export const notifyMeetingAdded = async (
  ctx: TenantContext,
  meeting: { id: string; title: string },
  before: string[],
  after: string[],
) => {
  const added = after.filter((userId) => !before.includes(userId));
  if (added.length === 0) return;
  await notify(ctx, added, {
    kind: 'meetingAdded',
    message: (who) => notificationsMessages.notificationMeetingAdded(who, meeting.title),
    link: `/meeting-dashboard/${meeting.id}`,
    meetingId: meeting.id,
  });
};

/** Someone was added to the workspace by an admin (a new account; existing ones accept an invitation). */
export const notifyWorkspaceAdded = async (
  ctx: TenantContext,
  userId: string,
  names: { inviter: string; workspace: string },
) => {
  await notify(ctx, [userId], {
    kind: 'workspaceAdded',
    message: () => notificationsMessages.notificationWorkspaceAdded(names.inviter.trim(), names.workspace),
    link: '/home',
    // The new account's invitation mail (choose a password) already tells them: no second mail.
    mail: false,
  });
};
