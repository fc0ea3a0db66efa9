// The slack area's user-facing texts; texts used by two areas or more are in src/shared/messages.ts.
export const slackMessages = {
  // Slack (decision 051)
  slackNotConfigured: "Slack isn't configured on this server.",
  slackNotConnected: 'This workspace is not connected to Slack.',
  slackCallFailed: (code: string) => `Slack refused the request (${code}).`,
  slackBadCursor: 'This page of channels is no longer available: start again from the first page.',
  slackChannelInvalid: 'Choose a Slack channel',
  slackChannelNotFound: 'Slack has no such channel, or the Cadence app cannot see it.',
  slackStateInvalid: 'This Slack link is not valid. Start again from Administration → Integrations.',
  slackStateForged: 'This Slack link was not made by Cadence. Start again from Administration → Integrations.',
  slackStateExpired:
    'This Slack link has expired (it works for 10 minutes). Start again from Administration → Integrations.',
  slackStateUsed: 'This Slack link was already used. Start again from Administration → Integrations.',
  slackStateNotAdmin: 'Only an administrator of the workspace can connect Slack.',
  slackCodeMissing: "Slack's answer has no code. Start again from Administration → Integrations.",
  slackTeamTaken: (team: string) => `The Slack workspace ${team} is already connected to another Cadence workspace.`,
  slackConnectRefused: 'Slack was not connected',
  slackBackToAdministration: 'Back to Administration',
  slackSignatureInvalid: 'The request is not signed by Slack.',
  slackTimestampStale: "The request's timestamp is more than 5 minutes away.",
  slackReplay: 'This request was already received.',
  slackTeamNotConnected:
    'This Slack workspace is not connected to Cadence. An administrator connects it in Cadence: Administration → Integrations.',
  slackCommandHelp: (command: string) =>
    `Create a task in one of your meetings:\n• \`${command} issue <meeting> <title>\` adds an issue\n• \`${command} todo <meeting> <title>\` adds a to-do\nWrite the meeting's title in "double quotes" when the title could be read otherwise.`,
  slackProfileUnreadable: (code: string) => `Cadence could not read your Slack profile (${code}).`,
  slackNoEmail: 'Your Slack profile shows no email address, and Cadence matches people by email.',
  slackNoMember: (email: string, team: string) =>
    `No member of the Cadence workspace connected to ${team} has the email ${email}.`,
  slackNoMeeting: (command: string) =>
    `None of your meetings matches. Write \`${command} issue <meeting> <title>\` or \`${command} todo <meeting> <title>\` with the meeting's title as in Cadence.`,
  slackTitleInvalid: 'The title must be 1 to 500 characters long.',
  slackIssueWord: 'Issue',
  slackTodoWord: 'To-do',
  slackTaskCreated: (kind: string, title: string, meeting: string, link: string) =>
    `${kind} “${title}” added to ${meeting}. ${link}`,
  slackOpenInCadence: 'Open in Cadence',
  slackRecapTitle: (meeting: string, date: string) => `Recap of ${meeting}, ${date}`,
  slackOpenArchive: 'Open the archive',
  slackIntegrations: 'Integrations',
  slackIntro:
    'Connect a Slack workspace: people who turn Slack notifications on in their profile get them as direct messages, a meeting can post its recap to a channel, and /cadence adds issues and to-dos from Slack.',
  slackNotConfiguredHint:
    "Slack isn't configured on this server. Whoever runs Cadence sets SLACK_CLIENT_ID, SLACK_CLIENT_SECRET and SLACK_SIGNING_SECRET (see the README).",
  slackConnect: 'Connect Slack',
  slackConnectedTo: (team: string) => `Connected to the Slack workspace ${team}`,
  slackConnectedSince: (date: string) => `Connected on ${date}`,
  slackDisconnect: 'Disconnect',
  slackDisconnectTitle: 'Disconnect Slack?',
  slackDisconnectWarning:
    'Cadence stops sending notifications and recaps to Slack, and /cadence stops working. Meetings forget their recap channel. The app stays in Slack until it is removed there.',
  slackDisconnected: 'Slack has been disconnected.',
  slackConnectedToast: 'Slack has been connected.',
  slackCancelledToast: 'Connecting Slack was cancelled.',
  slackFailedToast: 'Slack could not be connected. Try again.',
  slackLoadFailed: 'The Slack connection could not be loaded',
  slackRecapChannel: 'Slack recap channel',
  slackRecapChannelHint:
    'The recap of each finished meeting is posted to this channel. Invite the Cadence app to it first.',
  slackNoRecapChannel: 'No channel',
  slackMoreChannels: 'Load more channels',
  slackNotMember: (name: string) => `#${name} (invite the app first)`,
  slackRecapSaved: 'The recap channel has been saved.',
  slackRecapNotConnected: 'Connect Slack in Administration → Integrations to post recaps to a channel.',
  slackChannelsFailed: 'The Slack channels could not be loaded',
  slackChangeChannel: 'Change channel',
  slackChannelLabel: 'Channel',
} as const;
