import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { proposalSettings } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertMeetingLeader, canManage, findVisibleMeeting } from '../../meetings/server/meetings.access.ts';
import type {} from '../proposals.events.ts';
import {
  DEFAULT_RULES,
  type ProposalSettings,
  type RuleSettings,
  type SetProposalSettings,
  ZRuleSettings,
} from '../proposals.schemas.ts';

// A meeting's proposal settings (decision 123): the hours before a session they are prepared
// (24 by default) and each rule on or off with its thresholds. A meeting without a row has every
// default; a stored rule that no longer reads (a field added later) falls back to its default.

export const DEFAULT_HOURS_BEFORE = 24;

/** Stored rules over the defaults, rule by rule. */
export const rulesFrom = (stored: unknown): RuleSettings => {
  const rules = { ...DEFAULT_RULES } as Record<keyof RuleSettings, unknown>;
  if (stored && typeof stored === 'object') {
    for (const key of Object.keys(DEFAULT_RULES) as (keyof RuleSettings)[]) {
      const parsed = ZRuleSettings.shape[key].safeParse((stored as Record<string, unknown>)[key]);
      if (parsed.success) rules[key] = parsed.data;
    }
  }
  return rules as RuleSettings;
};

/** The settings of these meetings, defaults for those without a row; one statement. */
export const settingsOf = async (db: Db, tenantId: string, meetingIds: string[]) => {
  const rows =
    meetingIds.length === 0
      ? []
      : await db
          .select()
          .from(proposalSettings)
          .where(and(eq(proposalSettings.tenantId, tenantId), inArray(proposalSettings.meetingId, meetingIds)));
  const byMeeting = new Map(rows.map((row) => [row.meetingId, row]));
  return new Map(
    meetingIds.map((id) => {
      const row = byMeeting.get(id);
      return [id, { hoursBefore: row?.hoursBefore ?? DEFAULT_HOURS_BEFORE, rules: rulesFrom(row?.rules) }];
    }),
  );
};

/** `GET meetings/{id}/proposals/settings`: whoever sees the meeting. */
export const getProposalSettings = async (ctx: TenantContext, meetingId: string): Promise<ProposalSettings> => {
  const meeting = await findVisibleMeeting(ctx, meetingId);
  const settings = (await settingsOf(ctx.db, ctx.tenantId, [meeting.id])).get(meeting.id)!;
  return { ...settings, canEdit: canManage(ctx, meeting) };
};

/** `PUT meetings/{id}/proposals/settings`: leaders and admins; the rules given replace those rules. */
export const setProposalSettings = async (
  ctx: TenantContext,
  meetingId: string,
  input: SetProposalSettings,
): Promise<ProposalSettings> => {
  const meeting = await findVisibleMeeting(ctx, meetingId);
  assertMeetingLeader(ctx, meeting);
  const current = (await settingsOf(ctx.db, ctx.tenantId, [meeting.id])).get(meeting.id)!;
  const next = {
    hoursBefore: input.hoursBefore ?? current.hoursBefore,
    rules: { ...current.rules, ...input.rules } as RuleSettings,
  };
  const values = { ...next, changedAt: new Date(), changedBy: ctx.userId };
  await ctx.db
    .insert(proposalSettings)
    .values({ meetingId: meeting.id, tenantId: ctx.tenantId, ...values })
    .onConflictDoUpdate({ target: proposalSettings.meetingId, set: values });
  ctx.publish({
    tenantId: ctx.tenantId,
    meetingId: meeting.id,
    type: 'proposals.settings.changed',
    data: { meetingId: meeting.id },
  });
  return { ...next, canEdit: true };
};
