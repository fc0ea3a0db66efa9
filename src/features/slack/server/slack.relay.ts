import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  memberships,
  sessionArchives,
  slackInstallations,
  slackMeetingChannels,
  users,
  vaultKeys,
} from '../../../db/schema/index.ts';
import type { PendingEvent } from '../../../server/context.ts';
import type { Realtime } from '../../../server/realtime/io.ts';
import type { VaultKeyring } from '../../../server/secrets.ts';
import { archivePath } from '../../../shared/live.ts';
import { messages } from '../../../shared/messages.ts';
import type { MeetingArchive } from '../../live/live.schemas.ts';
import { mailDate } from '../../live/server/live.mails.ts';
import type { Notification } from '../../notifications/notifications.schemas.ts';
import { EMAIL_SWITCH } from '../../notifications/server/notifications.service.ts';
import { notificationPreferencesOf } from '../../notifications/server/preferences.service.ts';
import { slackMessages } from '../slack.messages.ts';
import { type SlackApi, slackErrorOf, slackEscape, slackLink } from './slack.api.ts';
import { installationColumns, openInstallation } from './slack.install.service.ts';

// What goes to Slack by itself (decision 051), after the change committed and off the request
// path: the relay listens to the events the server publishes (notifications and features import
// nothing of Slack) and works through them one at a time. A failure is logged, never thrown.
// - notification.created: a direct message to its receiver, when they turned Slack notifications
//   on (and that kind, as for e-mail), matched to a Slack user by e-mail (users.lookupByEmail).
// - live.ended (not cancelled): the archived session's recap, to the meeting's recap channel.

export interface SlackRelay {
  /** Resolves once everything handed to the relay so far has been sent (or has failed). */
  idle(): Promise<void>;
}

interface RelayDeps {
  db: Db;
  api: SlackApi;
  keyring: VaultKeyring;
  publicUrl: string;
  log: (err: unknown, what: string) => void;
}

/** A notification's receiver, if Slack should tell them: their e-mail and the workspace's token. */
const dmTarget = async (deps: RelayDeps, notification: Notification, tenantId: string) => {
  const [row] = await deps.db
    .select({ ...installationColumns, email: users.email })
    .from(slackInstallations)
    .innerJoin(vaultKeys, eq(vaultKeys.tenantId, slackInstallations.tenantId))
    .innerJoin(memberships, eq(memberships.tenantId, slackInstallations.tenantId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(slackInstallations.tenantId, tenantId),
        eq(memberships.userId, notification.receiverId),
        eq(memberships.disabled, false),
        isNull(users.deletedAt),
      ),
    );
  if (!row) return null;
  const switches = (await notificationPreferencesOf(deps.db, [notification.receiverId])).get(notification.receiverId)!;
  if (!switches.enableSlackNotification || !switches[EMAIL_SWITCH[notification.kind]]) return null;
  return { email: row.email, token: openInstallation(deps.keyring, row).token };
};

const sendDm = async (deps: RelayDeps, notification: Notification, tenantId: string) => {
  const target = await dmTarget(deps, notification, tenantId);
  if (!target) return;
  const found = await deps.api.users.lookupByEmail({ token: target.token, email: target.email });
  if (!found.user?.id) return;
  await deps.api.chat.postMessage({
    token: target.token,
    channel: found.user.id,
    text: [
      slackEscape(notification.message),
      // The items it lists (a before-meeting digest's), each a link of its own.
      ...(notification.details ?? []).map(
        (detail) => `• ${slackLink(`${deps.publicUrl}${detail.link}`, detail.label)}`,
      ),
      slackLink(`${deps.publicUrl}${notification.link}`, slackMessages.slackOpenInCadence),
    ].join('\n'),
    unfurl_links: false,
  });
};

/** Names of the people of some archive groups, joined. */
const names = (people: { fullName: string }[]) => people.map((p) => p.fullName).join(', ') || '–';

const itemLines = (groups: MeetingArchive['todosCreated']) =>
  groups.flatMap((group) => group.items.map((item) => `• ${slackEscape(item.title)} (${slackEscape(group.fullName)})`));

/** The recap in Slack's mrkdwn: title and date, attendance, rating, to-dos made, issues solved, the archive. */
export const recapText = (archive: MeetingArchive, publicUrl: string) => {
  const todos = itemLines(archive.todosCreated);
  const solved = itemLines(archive.issuesSolved);
  return [
    `*${slackEscape(slackMessages.slackRecapTitle(archive.meetingTitle, mailDate(archive.meetingDate)))}* (${archive.meetingDuration} min)`,
    `${messages.archiveAttendees}: ${slackEscape(names([...archive.attendeesAdmins, ...archive.attendeesMembers]))}`,
    `${messages.archiveNotAttended}: ${slackEscape(names(archive.notAttended))}`,
    messages.recapAverage(archive.avgScore),
    ...(todos.length ? [`*${messages.recapTodosCreated}*`, ...todos] : []),
    ...(solved.length ? [`*${messages.recapIssuesSolved}*`, ...solved] : []),
    slackLink(`${publicUrl}${archivePath(archive.sessionId)}`, slackMessages.slackOpenArchive),
  ].join('\n');
};

const postRecap = async (deps: RelayDeps, event: { sessionId: string; meetingId: string }, tenantId: string) => {
  const [row] = await deps.db
    .select({
      ...installationColumns,
      channelId: slackMeetingChannels.channelId,
      snapshot: sessionArchives.snapshot,
    })
    .from(slackMeetingChannels)
    .innerJoin(slackInstallations, eq(slackInstallations.tenantId, slackMeetingChannels.tenantId))
    .innerJoin(vaultKeys, eq(vaultKeys.tenantId, slackInstallations.tenantId))
    .innerJoin(sessionArchives, eq(sessionArchives.sessionId, event.sessionId))
    .where(
      and(
        eq(slackMeetingChannels.meetingId, event.meetingId),
        eq(slackMeetingChannels.tenantId, tenantId),
        eq(sessionArchives.tenantId, tenantId),
      ),
    );
  if (!row) return;
  const archive = row.snapshot as MeetingArchive;
  await deps.api.chat.postMessage({
    token: openInstallation(deps.keyring, row).token,
    channel: row.channelId,
    text: recapText(archive, deps.publicUrl),
    unfurl_links: false,
  });
};

/** Listens to the published events; returns a handle for tests to wait for the sends. */
export const startSlackRelay = (realtime: Realtime, deps: RelayDeps): SlackRelay => {
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (what: string, work: () => Promise<void>) => {
    queue = queue.then(work).catch((err) => deps.log(err, `slack ${what} (${slackErrorOf(err)})`));
  };
  realtime.onPublished((event: PendingEvent) => {
    if (event.type === 'notification.created') {
      const notification = event.data as Notification;
      enqueue('direct message', () => sendDm(deps, notification, event.tenantId));
    } else if (event.type === 'live.ended') {
      const ended = event.data as { sessionId: string; meetingId: string; cancelled: boolean };
      if (!ended.cancelled) enqueue('meeting recap', () => postRecap(deps, ended, event.tenantId));
    }
  });
  return { idle: () => queue };
};
