import { and, eq } from 'drizzle-orm';
import { scores } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { forbidden, notFound } from '../../../shared/errors.ts';
import {
  canManage,
  findVisibleMeeting,
  isParticipant,
  type MeetingAccess,
} from '../../meetings/server/meetings.access.ts';

// Who may do what on a scorecard (docs/decisions/015): whoever sees the meeting (its leaders
// and members, workspace admins) reads it, adds, edits, clones and reorders scores and enters
// values and notes, as with action items; deleting a score is for its owner, its creator,
// leaders and workspace admins; deleting a meeting date column for leaders and admins.
// Everyone else gets 404: a scorecard of a meeting one cannot see does not exist for them.

export type ScoreRow = typeof scores.$inferSelect;

export const canEditScorecard = (ctx: TenantContext, meeting: MeetingAccess) =>
  ctx.isAdmin || isParticipant(ctx.userId, meeting);

export const canDeleteScore = (ctx: TenantContext, meeting: MeetingAccess, score: ScoreRow) =>
  canManage(ctx, meeting) || score.userId === ctx.userId || score.createdBy === ctx.userId;

/** The meeting (visible to the caller, else 404), checking the caller may edit its scorecard (else 403). */
export const findEditableScorecard = async (ctx: TenantContext, meetingId: string) => {
  const meeting = await findVisibleMeeting(ctx, meetingId);
  if (!canEditScorecard(ctx, meeting)) throw forbidden();
  return meeting;
};

/** A score of the workspace whose meeting the caller may see; 404 otherwise. */
export const findVisibleScore = async (ctx: TenantContext, scoreId: string) => {
  const [score] = await ctx.db
    .select()
    .from(scores)
    .where(and(eq(scores.id, scoreId), eq(scores.tenantId, ctx.tenantId)));
  if (!score) throw notFound();
  const meeting = await findVisibleMeeting(ctx, score.meetingId);
  return { score, meeting };
};
