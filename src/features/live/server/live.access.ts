import { and, eq } from 'drizzle-orm';
import { sessions } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { conflict, forbidden, notFound } from '../../../shared/errors.ts';
import { isLiveSession } from '../../../shared/live.ts';
import { canManage, findVisibleMeeting, type MeetingAccess } from '../../meetings/server/meetings.access.ts';
import { liveMessages } from '../live.messages.ts';

// Who may do what in a live meeting (document 1 §6): whoever sees the meeting (its leaders and
// members, workspace admins) opens it, joins it, rates themselves and adds guests; the starter,
// a leader or a workspace admin moves the steps, cancels and finishes; a leader or workspace
// admin edits anyone's rating and marks 'Did not attend'. Anyone else gets 404.

export type SessionRow = typeof sessions.$inferSelect;

/** Moves steps, cancels and finishes: the starter, a leader, a workspace admin. */
export const canManageLive = (
  ctx: Pick<TenantContext, 'userId' | 'isAdmin'>,
  session: SessionRow,
  meeting: MeetingAccess,
) => canManage(ctx, meeting) || (session.startedBy !== null && session.startedBy === ctx.userId);

/** Edits anyone's recap row and marks 'Did not attend': a meeting administrator (leader) or a workspace admin. */
export const canEditRecap = canManage;

/** A session of a meeting the caller may see, with that meeting's people; 404 otherwise. */
export const findVisibleSession = async (ctx: TenantContext, sessionId: string) => {
  const [session] = await ctx.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.tenantId, ctx.tenantId)));
  if (!session) throw notFound();
  const meeting = await findVisibleMeeting(ctx, session.meetingId);
  return { session, meeting };
};

/** The same, for a session under way; 409 when it is not live (any more). */
export const findLiveSession = async (ctx: TenantContext, sessionId: string) => {
  const found = await findVisibleSession(ctx, sessionId);
  if (!isLiveSession(found.session)) throw conflict(liveMessages.liveNotLive);
  return found;
};

/** A live session the caller manages (403 otherwise). */
export const findManagedLiveSession = async (ctx: TenantContext, sessionId: string) => {
  const found = await findLiveSession(ctx, sessionId);
  if (!canManageLive(ctx, found.session, found.meeting)) throw forbidden();
  return found;
};
