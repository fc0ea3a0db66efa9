import { z } from 'zod';
import { slackMessages } from './slack.messages.ts';

// Slack (decision 051): the workspace's connection, a meeting's recap channel, and
// the slash command's form as Slack sends it.

/** `GET slack`: whether this server has a Slack app, and the workspace's connection. */
export const ZSlackStatus = z
  .object({
    /** False: SLACK_CLIENT_ID/SECRET/SIGNING_SECRET are not set on this server (not an error). */
    configured: z.boolean(),
    connected: z.boolean(),
    teamId: z.string().nullable(),
    teamName: z.string().nullable(),
    installedAt: z.string().nullable(),
  })
  .meta({ id: 'SlackStatus' });
export type SlackStatus = z.infer<typeof ZSlackStatus>;

/** `POST slack/install`: Slack's authorize page for this workspace, with a signed single-use state. */
export const ZSlackInstall = z.object({ url: z.string() }).meta({ id: 'SlackInstall' });

/** The redirect Slack makes to `GET slack/callback`. */
export const ZSlackCallbackQuery = z.object({
  code: z.string().max(500).optional(),
  state: z.string().max(1000).optional(),
  error: z.string().max(200).optional(),
});

/** A Slack channel id: C… (public), G… (private), as Slack writes them. */
const ZChannelId = z.string().regex(/^[CG][A-Z0-9]{2,30}$/, { error: slackMessages.slackChannelInvalid });

export const ZSlackChannel = z
  .object({
    id: z.string(),
    name: z.string(),
    isPrivate: z.boolean(),
    /** The app was invited: it may post there. */
    isMember: z.boolean(),
  })
  .meta({ id: 'SlackChannel' });
export type SlackChannel = z.infer<typeof ZSlackChannel>;

/** `GET meetings/{id}/slack/channels`: one page of Slack's channel list. */
export const ZSlackChannelPage = z
  .object({
    items: z.array(ZSlackChannel),
    /** Give it back as `cursor` for the next page; null at the end. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'SlackChannelPage' });
export type SlackChannelPage = z.infer<typeof ZSlackChannelPage>;

export const ZSlackChannelQuery = z.object({ cursor: z.string().max(500).optional() });

/** `GET meetings/{id}/slack`: the recap channel and whether the caller may change it. */
export const ZMeetingSlack = z
  .object({
    /** This server has a Slack app (SLACK_* set). */
    configured: z.boolean(),
    connected: z.boolean(),
    channel: z.object({ id: z.string(), name: z.string() }).nullable(),
    canManage: z.boolean(),
  })
  .meta({ id: 'MeetingSlack' });
export type MeetingSlack = z.infer<typeof ZMeetingSlack>;

/** `PUT meetings/{id}/slack`: the recap channel; null stops posting recaps. */
export const ZSaveMeetingSlack = z.object({ channelId: ZChannelId.nullable() });
export type SaveMeetingSlack = z.infer<typeof ZSaveMeetingSlack>;

/** The slash command's form fields (application/x-www-form-urlencoded: team_id, user_id, …), those Cadence reads. */
export const ZSlashCommand = z.object({
  teamId: z.string().max(50),
  userId: z.string().max(50),
  command: z.string().max(100),
  text: z.string().max(4000).default(''),
});
export type SlashCommand = z.infer<typeof ZSlashCommand>;

/** The answer Slack shows the person who typed the command (only to them: ephemeral). */
export const ZSlashAnswer = z.object({
  response_type: z.literal('ephemeral'),
  text: z.string(),
});
export type SlashAnswer = z.infer<typeof ZSlashAnswer>;
