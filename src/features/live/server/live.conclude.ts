import { and, asc, count, eq, gte, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  cascadingMessages,
  meetingPeople,
  meetings,
  memberships,
  tasks,
  userGroupMembers,
  userGroups,
  users,
} from '../../../db/schema/index.ts';
import { anyOf, uuidArray } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import { badRequest, conflict, notFound } from '../../../shared/errors.ts';
import { archivePath } from '../../../shared/live.ts';
import { TASK_TYPE } from '../../../shared/tasks.ts';
import { findVisibleMeeting, type MeetingAccess } from '../../meetings/server/meetings.access.ts';
import { notifyMany } from '../../notifications/server/notifications.service.ts';
import { ofMeeting } from '../../tasks/server/task-lists.service.ts';
import { liveMessages } from '../live.messages.ts';
import {
  type ArchivedCascadingMessage,
  CASCADING_MESSAGES_MAX,
  type CascadingMessage,
  type RecapItem,
  type RecapItems,
  type SaveCascadingMessage,
} from '../live.schemas.ts';
import { findManagedLiveSession, findVisibleSession, type SessionRow } from './live.access.ts';

// The meeting's conclude (decision 081): the Recap step reads back the to-dos made or
// re-assigned and the headlines turned into issues while the session was live; the Cascading
// Messages step collects what to tell whom, sent to each audience when the session is finished.
// "In this session" is the session's live window: from its start (to its finish), compared with
// when a card was made and when its owner, type or status last changed (decision 080).

const nameOf = (first: string | null, last: string | null) => (first === null ? null : `${first} ${last ?? ''}`.trim());

/** Cards of the meeting touched since `since` (made, or owner, type or status changed), with their headline. */
const touchedCards = async (ctx: TenantContext, meetingId: string, since: Date, until: Date | null) => {
  const source = alias(tasks, 'source');
  const rows = await ctx.db
    .select({
      id: tasks.id,
      title: tasks.title,
      type: tasks.type,
      status: tasks.status,
      dueDate: tasks.dueDate,
      userId: tasks.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      createdAt: tasks.createdAt,
      ownerChangedAt: tasks.ownerChangedAt,
      typeChangedAt: tasks.typeChangedAt,
      statusChangedAt: tasks.statusChangedAt,
      sourceType: source.type,
      sourceTitle: source.title,
    })
    .from(tasks)
    .leftJoin(users, eq(users.id, tasks.userId))
    .leftJoin(source, eq(source.id, tasks.sourceTaskId))
    .where(
      and(
        eq(tasks.tenantId, ctx.tenantId),
        ofMeeting(ctx, meetingId),
        or(
          gte(tasks.createdAt, since),
          gte(tasks.ownerChangedAt, since),
          gte(tasks.typeChangedAt, since),
          gte(tasks.statusChangedAt, since),
        ),
      ),
    )
    .orderBy(sql`${tasks.dueDate} asc nulls last`, asc(tasks.title), asc(tasks.id))
    .limit(1000);
  const within = (at: Date | null) => at !== null && at >= since && (until === null || at <= until);
  return rows.map((row) => ({
    ...row,
    ownerName: nameOf(row.firstName, row.lastName),
    made: within(row.createdAt),
    reassigned: !within(row.createdAt) && row.createdAt < since && within(row.ownerChangedAt),
    typeChanged: within(row.typeChangedAt),
    statusChanged: within(row.statusChangedAt),
  }));
};
type Touched = Awaited<ReturnType<typeof touchedCards>>[number];

const toRecapItem = (row: Touched): RecapItem => ({
  id: row.id,
  title: row.title,
  userId: row.userId,
  ownerName: row.ownerName,
  dueDate: row.dueDate,
  status: row.status,
  reassigned: row.reassigned,
  headlineTitle: row.sourceType === TASK_TYPE.headline ? row.sourceTitle : null,
});

/** What the session made, by kind: the Recap step's lists and the archive's. */
export const concludeLists = async (ctx: TenantContext, meetingId: string, since: Date, until: Date | null) => {
  const rows = await touchedCards(ctx, meetingId, since, until);
  return {
    todos: rows.filter((row) => row.type === TASK_TYPE.todo && (row.made || row.reassigned)),
    headlineIssues: rows.filter(
      (row) => row.type === TASK_TYPE.issue && row.made && row.sourceType === TASK_TYPE.headline,
    ),
    backburnerIssues: rows.filter((row) => row.type === TASK_TYPE.backburner && row.typeChanged),
    goalsChanged: rows.filter((row) => row.type === TASK_TYPE.goal && row.statusChanged && !row.made),
  };
};

/** `GET sessions/{id}/recap-items`: the to-dos and issues the Recap step reads back; empty before a start. */
export const listRecapItems = async (ctx: TenantContext, sessionId: string): Promise<RecapItems> => {
  const { session } = await findVisibleSession(ctx, sessionId);
  if (!session.startedAt) return { todos: [], headlineIssues: [] };
  const lists = await concludeLists(ctx, session.meetingId, session.startedAt, session.finishedAt);
  return { todos: lists.todos.map(toRecapItem), headlineIssues: lists.headlineIssues.map(toRecapItem) };
};

// --- Cascading messages

const selectMessages = (ctx: TenantContext) =>
  ctx.db
    .select({
      id: cascadingMessages.id,
      sessionId: cascadingMessages.sessionId,
      text: cascadingMessages.text,
      audience: cascadingMessages.audience,
      audienceMeetingId: cascadingMessages.audienceMeetingId,
      audienceGroupId: cascadingMessages.audienceGroupId,
      meetingTitle: meetings.title,
      groupName: userGroups.name,
      sentAt: cascadingMessages.sentAt,
      recipientCount: cascadingMessages.recipientCount,
      changedAt: cascadingMessages.changedAt,
      changedBy: cascadingMessages.changedBy,
    })
    .from(cascadingMessages)
    .leftJoin(meetings, eq(meetings.id, cascadingMessages.audienceMeetingId))
    .leftJoin(userGroups, eq(userGroups.id, cascadingMessages.audienceGroupId));
type MessageRow = Awaited<ReturnType<ReturnType<typeof selectMessages>['where']>>[number];

const toMessage = (row: MessageRow): CascadingMessage => ({
  id: row.id,
  sessionId: row.sessionId,
  text: row.text,
  audience: row.audience as CascadingMessage['audience'],
  audienceMeetingId: row.audienceMeetingId,
  audienceGroupId: row.audienceGroupId,
  audienceName: row.audience === 'meeting' ? row.meetingTitle : row.audience === 'group' ? row.groupName : null,
  sentAt: row.sentAt?.toISOString() ?? null,
  changedAt: row.changedAt.toISOString(),
  changedBy: row.changedBy,
});

const sessionMessages = (ctx: TenantContext, sessionId: string) =>
  selectMessages(ctx)
    .where(and(eq(cascadingMessages.sessionId, sessionId), eq(cascadingMessages.tenantId, ctx.tenantId)))
    .orderBy(asc(cascadingMessages.createdAt), asc(cascadingMessages.id));

/** `GET sessions/{id}/cascading-messages`: the session's messages, oldest first. */
export const listCascadingMessages = async (ctx: TenantContext, sessionId: string): Promise<CascadingMessage[]> => {
  const { session } = await findVisibleSession(ctx, sessionId);
  return (await sessionMessages(ctx, session.id)).map(toMessage);
};

/** The audience must be the workspace's: a meeting the caller sees, a group of the workspace (404 otherwise). */
const checkAudience = async (ctx: TenantContext, input: SaveCascadingMessage) => {
  if (input.audienceMeetingId) await findVisibleMeeting(ctx, input.audienceMeetingId);
  if (input.audienceGroupId) await assertInWorkspace(ctx.db, ctx.tenantId, { groups: [input.audienceGroupId] });
};

const publishMessages = (ctx: TenantContext, session: SessionRow) =>
  ctx.publish({
    tenantId: ctx.tenantId,
    meetingId: session.meetingId,
    type: 'live.cascading.changed',
    data: { sessionId: session.id, meetingId: session.meetingId },
  });

const readMessage = async (ctx: TenantContext, id: string) => {
  const [row] = await selectMessages(ctx).where(eq(cascadingMessages.id, id));
  return toMessage(row!);
};

/** `POST sessions/{id}/cascading-messages`: by whoever runs the meeting (403 otherwise). */
export const createCascadingMessage = async (ctx: TenantContext, sessionId: string, input: SaveCascadingMessage) => {
  const { session } = await findManagedLiveSession(ctx, sessionId);
  await checkAudience(ctx, input);
  // One at a time per session, so that two adds cannot pass the limit together.
  await ctx.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`cascading:${session.id}`}))`);
  const [made] = await ctx.db
    .select({ n: count() })
    .from(cascadingMessages)
    .where(eq(cascadingMessages.sessionId, session.id));
  if ((made?.n ?? 0) >= CASCADING_MESSAGES_MAX) {
    const full = liveMessages.cascadingTooMany(CASCADING_MESSAGES_MAX);
    throw badRequest({ text: full }, full);
  }
  const [row] = await ctx.db
    .insert(cascadingMessages)
    .values({
      ...input,
      tenantId: ctx.tenantId,
      sessionId: session.id,
      meetingId: session.meetingId,
      createdBy: ctx.userId,
      changedBy: ctx.userId,
    })
    .returning({ id: cascadingMessages.id });
  publishMessages(ctx, session);
  return readMessage(ctx, row!.id);
};

/** A message of this session, not sent yet (409 once sent: it cannot be taken back). */
const findOpenMessage = async (ctx: TenantContext, session: SessionRow, messageId: string) => {
  const [row] = await ctx.db
    .select({
      id: cascadingMessages.id,
      sentAt: cascadingMessages.sentAt,
      audienceMeetingId: cascadingMessages.audienceMeetingId,
      audienceGroupId: cascadingMessages.audienceGroupId,
    })
    .from(cascadingMessages)
    .where(
      and(
        eq(cascadingMessages.id, messageId),
        eq(cascadingMessages.sessionId, session.id),
        eq(cascadingMessages.tenantId, ctx.tenantId),
      ),
    );
  if (!row) throw notFound();
  if (row.sentAt) throw conflict(liveMessages.cascadingSent);
  return row;
};

/** `PUT sessions/{id}/cascading-messages/{messageId}`: its text and audience. */
export const updateCascadingMessage = async (
  ctx: TenantContext,
  sessionId: string,
  messageId: string,
  input: SaveCascadingMessage,
) => {
  const { session } = await findManagedLiveSession(ctx, sessionId);
  const found = await findOpenMessage(ctx, session, messageId);
  // An audience kept as it was stays, even one the caller does not see.
  await checkAudience(ctx, {
    ...input,
    audienceMeetingId: input.audienceMeetingId === found.audienceMeetingId ? null : input.audienceMeetingId,
    audienceGroupId: input.audienceGroupId === found.audienceGroupId ? null : input.audienceGroupId,
  });
  await ctx.db
    .update(cascadingMessages)
    .set({ ...input, changedAt: new Date(), changedBy: ctx.userId })
    .where(eq(cascadingMessages.id, found.id));
  publishMessages(ctx, session);
  return readMessage(ctx, found.id);
};

/** `DELETE sessions/{id}/cascading-messages/{messageId}`. */
export const deleteCascadingMessage = async (ctx: TenantContext, sessionId: string, messageId: string) => {
  const { session } = await findManagedLiveSession(ctx, sessionId);
  const found = await findOpenMessage(ctx, session, messageId);
  await ctx.db.delete(cascadingMessages).where(eq(cascadingMessages.id, found.id));
  publishMessages(ctx, session);
  return true;
};

/** A cancelled session's messages not sent yet go with it (its attendance and ratings go too). */
export const dropUnsentMessages = async (ctx: TenantContext, sessionId: string) => {
  await ctx.db
    .delete(cascadingMessages)
    .where(and(eq(cascadingMessages.sessionId, sessionId), isNull(cascadingMessages.sentAt)));
};

/** The enabled, not deleted people of the workspace among `userIds` (all of them with `everyone`). */
const audiencePeople = async (ctx: TenantContext, rows: MessageRow[]) => {
  const meetingIds = [...new Set(rows.flatMap((row) => (row.audienceMeetingId ? [row.audienceMeetingId] : [])))];
  const groupIds = [...new Set(rows.flatMap((row) => (row.audienceGroupId ? [row.audienceGroupId] : [])))];
  const everyone = rows.some((row) => row.audience === 'everyone');
  const enabled = and(eq(memberships.tenantId, ctx.tenantId), eq(memberships.disabled, false), isNull(users.deletedAt));
  const ofMeetings =
    meetingIds.length === 0
      ? []
      : await ctx.db
          .select({ key: meetingPeople.meetingId, userId: meetingPeople.userId })
          .from(meetingPeople)
          .innerJoin(memberships, eq(memberships.userId, meetingPeople.userId))
          .innerJoin(users, eq(users.id, meetingPeople.userId))
          .where(and(anyOf(meetingPeople.meetingId, meetingIds), enabled));
  const ofGroups =
    groupIds.length === 0
      ? []
      : await ctx.db
          .select({ key: userGroupMembers.groupId, userId: userGroupMembers.userId })
          .from(userGroupMembers)
          .innerJoin(memberships, eq(memberships.userId, userGroupMembers.userId))
          .innerJoin(users, eq(users.id, userGroupMembers.userId))
          .where(and(anyOf(userGroupMembers.groupId, groupIds), eq(userGroupMembers.tenantId, ctx.tenantId), enabled));
  const all = everyone
    ? await ctx.db
        .select({ userId: memberships.userId })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(enabled)
    : [];
  const byKey = new Map<string, string[]>();
  for (const row of [...ofMeetings, ...ofGroups]) byKey.set(row.key, [...(byKey.get(row.key) ?? []), row.userId]);
  return (row: MessageRow): string[] =>
    row.audience === 'everyone'
      ? all.map((person) => person.userId)
      : (byKey.get(row.audienceMeetingId ?? row.audienceGroupId ?? '') ?? []);
};

/**
 * Sends the session's messages not sent yet, when it is finished: each as a notification (with its
 * e-mail copy as the receiver's settings say) to its audience's people. People of the session's
 * meeting get a link to its archive; others, who cannot open it, to their home. Answers every
 * message of the session as the archive keeps it.
 */
export const sendCascadingMessages = async (
  ctx: TenantContext,
  session: SessionRow,
  meeting: { title: string; access: MeetingAccess },
): Promise<ArchivedCascadingMessage[]> => {
  const rows = await sessionMessages(ctx, session.id);
  const unsent = rows.filter((row) => row.sentAt === null);
  const counts = new Map<string, number>();
  if (unsent.length > 0) {
    const peopleOf = await audiencePeople(ctx, unsent);
    const insiders = new Set([...meeting.access.leaderIds, ...meeting.access.memberIds]);
    const drafts = unsent.flatMap((row) => {
      const people = [...new Set(peopleOf(row))];
      counts.set(row.id, people.length);
      const draft = {
        kind: 'cascadingMessage' as const,
        tenantId: ctx.tenantId,
        message: () => liveMessages.cascadingNotification(meeting.title, row.text),
        meetingId: session.meetingId,
      };
      return [
        { ...draft, link: archivePath(session.id), receiverIds: people.filter((id) => insiders.has(id)) },
        { ...draft, link: '/home', receiverIds: people.filter((id) => !insiders.has(id)) },
      ];
    });
    await notifyMany(ctx, drafts);
    // Every message marked sent with its count in one statement.
    const ids = unsent.map((row) => row.id);
    await ctx.db.execute(sql`
      update cascading_messages set sent_at = now(), recipient_count = sent.n
      from unnest(${uuidArray(ids)}, ${sql.param(ids.map((id) => counts.get(id) ?? 0))}::int[]) as sent(id, n)
      where cascading_messages.id = sent.id`);
  }
  return rows.map((row) => ({
    text: row.text,
    audience: row.audience as ArchivedCascadingMessage['audience'],
    audienceName:
      row.audience === 'meeting'
        ? (row.meetingTitle ?? liveMessages.cascadingAudienceGone)
        : row.audience === 'group'
          ? (row.groupName ?? liveMessages.cascadingAudienceGone)
          : null,
    recipients: counts.get(row.id) ?? row.recipientCount ?? 0,
  }));
};

/** An audience as the recap mail and archive name it. */
export const audienceLabel = (message: Pick<ArchivedCascadingMessage, 'audience' | 'audienceName'>) =>
  message.audience === 'everyone' ? liveMessages.cascadingEveryone : (message.audienceName ?? liveMessages.liveNobody);
