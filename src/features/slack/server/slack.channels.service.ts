import { and, eq } from 'drizzle-orm';
import { slackInstallations, slackMeetingChannels } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { SLACK_CHANNEL_PAGE } from '../../../shared/constants.ts';
import { AppError, badRequest } from '../../../shared/errors.ts';
import { assertMeetingLeader, canManage, findVisibleMeeting } from '../../meetings/server/meetings.access.ts';
import { slackMessages } from '../slack.messages.ts';
import type { MeetingSlack, SaveMeetingSlack, SlackChannelPage } from '../slack.schemas.ts';
import { slackErrorOf } from './slack.api.ts';
import { findInstallation, type SlackDeps } from './slack.install.service.ts';

// A meeting's recap channel (decision 051): its leaders and the workspace's admins choose one of
// the connected Slack team's channels; the recap of each archived session is posted there.

const notConnected = () => new AppError('conflict', slackMessages.slackNotConnected);

/** Slack said no (or could not be reached): a 409 naming Slack's reason, never a 500. */
const slackRefused = (error: unknown) => new AppError('conflict', slackMessages.slackCallFailed(slackErrorOf(error)));

/** `GET meetings/{id}/slack`: any participant sees where the recap goes. One statement after the access check. */
export const getMeetingSlack = async (
  ctx: TenantContext,
  deps: Pick<SlackDeps, 'config'>,
  meetingId: string,
): Promise<MeetingSlack> => {
  const meeting = await findVisibleMeeting(ctx, meetingId);
  const [row] = await ctx.db
    .select({
      teamId: slackInstallations.teamId,
      channelId: slackMeetingChannels.channelId,
      channelName: slackMeetingChannels.channelName,
    })
    .from(slackInstallations)
    .leftJoin(slackMeetingChannels, eq(slackMeetingChannels.meetingId, meetingId))
    .where(eq(slackInstallations.tenantId, ctx.tenantId));
  return {
    configured: deps.config !== null,
    connected: !!row,
    channel: row?.channelId ? { id: row.channelId, name: row.channelName! } : null,
    canManage: canManage(ctx, meeting),
  };
};

/** The connection of a meeting someone manages: 404/403 by the meeting's rules, 409 when not connected. */
const managedConnection = async (ctx: TenantContext, deps: SlackDeps, meetingId: string) => {
  const meeting = await findVisibleMeeting(ctx, meetingId);
  assertMeetingLeader(ctx, meeting);
  const installation = await findInstallation(ctx.db, deps.keyring, { tenantId: ctx.tenantId });
  if (!installation || !deps.api) throw notConnected();
  return { installation, api: deps.api };
};

/** `GET meetings/{id}/slack/channels`: one page of the team's channels (conversations.list), for the picker. */
export const listChannels = async (
  ctx: TenantContext,
  deps: SlackDeps,
  meetingId: string,
  cursor: string | undefined,
): Promise<SlackChannelPage> => {
  const { installation, api } = await managedConnection(ctx, deps, meetingId);
  try {
    const page = await api.conversations.list({
      token: installation.token,
      types: 'public_channel',
      exclude_archived: true,
      limit: SLACK_CHANNEL_PAGE,
      ...(cursor ? { cursor } : {}),
    });
    return {
      items: (page.channels ?? []).flatMap((channel) =>
        channel.id && channel.name
          ? [{ id: channel.id, name: channel.name, isPrivate: !!channel.is_private, isMember: !!channel.is_member }]
          : [],
      ),
      nextCursor: page.response_metadata?.next_cursor || null,
    };
  } catch (error) {
    if (slackErrorOf(error) === 'invalid_cursor') throw badRequest({ cursor: slackMessages.slackBadCursor });
    throw slackRefused(error);
  }
};

/**
 * `PUT meetings/{id}/slack`: the recap channel, checked with Slack (conversations.info) so that
 * its name is Slack's; null stops the recaps. One write.
 */
export const saveMeetingSlack = async (
  ctx: TenantContext,
  deps: SlackDeps,
  meetingId: string,
  input: SaveMeetingSlack,
): Promise<MeetingSlack> => {
  const { installation, api } = await managedConnection(ctx, deps, meetingId);
  if (input.channelId === null) {
    await ctx.db
      .delete(slackMeetingChannels)
      .where(and(eq(slackMeetingChannels.meetingId, meetingId), eq(slackMeetingChannels.tenantId, ctx.tenantId)));
  } else {
    let name: string;
    try {
      const info = await api.conversations.info({ token: installation.token, channel: input.channelId });
      name = info.channel?.name ?? input.channelId;
    } catch (error) {
      if (slackErrorOf(error) === 'channel_not_found')
        throw badRequest({ channelId: slackMessages.slackChannelNotFound }, slackMessages.slackChannelNotFound);
      throw slackRefused(error);
    }
    const row = { channelId: input.channelId, channelName: name, changedBy: ctx.userId, changedAt: new Date() };
    await ctx.db
      .insert(slackMeetingChannels)
      .values({ meetingId, tenantId: ctx.tenantId, ...row })
      .onConflictDoUpdate({ target: slackMeetingChannels.meetingId, set: row });
  }
  ctx.publish({ tenantId: ctx.tenantId, meetingId, type: 'slack.meetingChanged', data: { meetingId } });
  return getMeetingSlack(ctx, deps, meetingId);
};
