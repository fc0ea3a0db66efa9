import { and, asc, count, desc, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import {
  agendaItems,
  meetingFolderEntries,
  meetingFolders,
  meetingPeople,
  meetings,
  users,
} from '../../../db/schema/index.ts';
import { anyOf, containsPattern, pageTotal, windowTotal } from '../../../db/sql.ts';
import type { Actor, TenantContext } from '../../../server/context.ts';
import { lifecycle } from '../../../server/lifecycle.ts';
import { personSummary, personSummaryColumns } from '../../../server/people.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import { zonedTimeToUtc } from '../../../shared/dates.ts';
import { badRequest, forbidden, notFound } from '../../../shared/errors.ts';
import { isLiveSession } from '../../../shared/live.ts';
import { messages } from '../../../shared/messages.ts';
import type { PersonSummary } from '../../../shared/person.ts';
import { resolveTimezone } from '../../../shared/timezones.ts';
import { notifyMeetingAdded } from '../../notifications/server/meetings.notify.ts';
import { meetingsMessages } from '../meetings.messages.ts';
import { intervalOf, type RepeatUnit } from '../meetings.recurrence.ts';
import type {
  CreateMeeting,
  Meeting,
  MeetingListQuery,
  MeetingPage,
  MeetingType,
  UpdateMeeting,
} from '../meetings.schemas.ts';
import { DEFAULT_AGENDA, MEETING_TEMPLATES } from '../meetings.templates.ts';
import { type AgendaSeed, replaceAgenda } from './agenda.service.ts';
import { meetingImageToStore, meetingImageUrl } from './meeting-image.ts';
import { assertMeetingLeader, canManage, findVisibleMeeting, participates } from './meetings.access.ts';
import { nextAndLastSessions, syncSessions, type toSessionSummary } from './sessions.service.ts';

type MeetingRow = typeof meetings.$inferSelect;

/** A meeting's columns as answers use them: the image as its address (decision 039). */
const meetingColumns = { ...getTableColumns(meetings), image: meetingImageUrl };

/**
 * Meetings as the API shows them, built in a fixed number of statements whatever their count:
 * the rows, their people, their next and last sessions, their durations and the caller's folders.
 */
const describeMeetings = async (ctx: TenantContext, rows: MeetingRow[]): Promise<Meeting[]> => {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const people = await ctx.db
    .select({
      meetingId: meetingPeople.meetingId,
      role: meetingPeople.role,
      person: personSummaryColumns,
    })
    .from(meetingPeople)
    .innerJoin(users, eq(users.id, meetingPeople.userId))
    .where(anyOf(meetingPeople.meetingId, ids))
    .orderBy(asc(meetingPeople.sort), asc(users.firstName));
  const durations = await ctx.db
    .select({ meetingId: agendaItems.meetingId, minutes: sql<number>`coalesce(sum(${agendaItems.duration}), 0)::int` })
    .from(agendaItems)
    .where(and(anyOf(agendaItems.meetingId, ids), eq(agendaItems.checked, true)))
    .groupBy(agendaItems.meetingId);
  const folders = await ctx.db
    .select({ meetingId: meetingFolderEntries.meetingId, folderId: meetingFolderEntries.folderId })
    .from(meetingFolderEntries)
    .where(and(eq(meetingFolderEntries.userId, ctx.userId), anyOf(meetingFolderEntries.meetingId, ids)));
  const { next, last } = await nextAndLastSessions(ctx.db, ids);

  const minutesOf = new Map(durations.map((d) => [d.meetingId, d.minutes]));
  const folderOf = new Map(folders.map((f) => [f.meetingId, f.folderId]));
  return rows.map((row) => {
    const mine = people.filter((p) => p.meetingId === row.id);
    const summary = (role: string): PersonSummary[] =>
      mine.filter((p) => p.role === role).map((p) => personSummary(p.person));
    const administrators = summary('leader');
    const members = summary('member');
    const access = {
      id: row.id,
      tenantId: row.tenantId,
      leaderIds: administrators.map((p) => p.id),
      memberIds: members.map((p) => p.id),
    };
    const isLeaderHere = access.leaderIds.includes(ctx.userId);
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      type: row.type as MeetingType,
      color: row.color,
      image: row.image,
      location: row.location,
      sharepointUrl: row.sharepointUrl,
      facebookGroupUrl: row.facebookGroupUrl,
      fileDriveUrl: row.fileDriveUrl,
      startDate: row.startDate,
      startTime: row.startTime,
      timezone: row.timezone,
      startTimeUtc: zonedTimeToUtc(row.startDate, row.startTime, row.timezone).toISOString().slice(11, 16),
      interval: intervalOf(row.repeatEvery, row.repeatType),
      repeatEvery: row.repeatEvery,
      repeatType: row.repeatType as RepeatUnit | null,
      noOfCycles: row.noOfCycles,
      endDate: row.endDate,
      administratorIds: access.leaderIds,
      shareWithIds: access.memberIds,
      administrators,
      members,
      duration: minutesOf.get(row.id) ?? 0,
      nextSession: next.get(row.id) ?? null,
      lastSession: last.get(row.id) ?? null,
      folderId: folderOf.get(row.id) ?? null,
      createdBy: row.createdBy,
      changedAt: row.changedAt.toISOString(),
      permissions: {
        canEdit: canManage(ctx, access),
        isParticipant: isLeaderHere || access.memberIds.includes(ctx.userId),
        isLeader: isLeaderHere,
      },
    };
  });
};

/**
 * The meetings list, by title. `all` is the admins' view of every meeting in the workspace
 * (`GET admin/meetings`); otherwise the meetings the caller leads or attends.
 */
/**
 * A page of the meetings the caller leads or attends, or (`all`, admins) of the workspace's,
 * by title; `total` counts them all under the same filters (decision 039).
 */
export const listMeetings = async (
  ctx: TenantContext,
  query: MeetingListQuery,
  options: { all?: boolean } = {},
): Promise<MeetingPage> => {
  if (options.all && !ctx.isAdmin) throw forbidden();
  const title = sql`lower(${meetings.title})`;
  const where = and(
    eq(meetings.tenantId, ctx.tenantId),
    query.type ? eq(meetings.type, query.type) : undefined,
    query.kind === 'accounts' ? eq(meetings.type, 'account') : undefined,
    query.kind === 'meetings' ? ne(meetings.type, 'account') : undefined,
    query.search ? sql`${meetings.title} ilike ${containsPattern(query.search)}` : undefined,
    options.all ? undefined : participates(ctx.db, ctx.userId),
  );
  const rows = await ctx.db
    .select({ meeting: meetingColumns, total: windowTotal() })
    .from(meetings)
    .where(where)
    .orderBy(query.sort === 'desc' ? desc(title) : asc(title), asc(meetings.id))
    .limit(query.limit)
    .offset(query.offset);
  const described = await describeMeetings(
    ctx,
    rows.map((row) => row.meeting),
  );
  const people: MeetingPage['people'] = {};
  const items = described.map(({ administrators, members, ...item }) => {
    for (const person of [...administrators, ...members]) people[person.id] = person;
    return item;
  });
  const total = await pageTotal(
    rows,
    query.offset,
    async () => (await ctx.db.select({ n: count() }).from(meetings).where(where))[0]?.n ?? 0,
  );
  return { items, people, total, offset: query.offset };
};

/**
 * Id, title, type and colour of the meetings the caller may see (the spec's getMeetingsSimple):
 * an admin sees every meeting unless `mine` (the sidebar) asks for their own.
 */
export const listMeetingsSimple = async (ctx: TenantContext, options: { mine?: boolean } = {}) =>
  ctx.db
    .select({
      id: meetings.id,
      title: meetings.title,
      type: meetings.type,
      color: meetings.color,
      image: meetingColumns.image,
    })
    .from(meetings)
    .where(
      and(
        eq(meetings.tenantId, ctx.tenantId),
        ctx.isAdmin && !options.mine ? undefined : participates(ctx.db, ctx.userId),
      ),
    )
    .orderBy(sql`lower(${meetings.title})`, asc(meetings.id));

export const getMeeting = async (ctx: TenantContext, id: string): Promise<Meeting> => {
  await findVisibleMeeting(ctx, id);
  const [row] = await ctx.db.select(meetingColumns).from(meetings).where(eq(meetings.id, id));
  const [meeting] = await describeMeetings(ctx, [row!]);
  return meeting!;
};

const replacePeople = async (ctx: TenantContext, meetingId: string, role: 'leader' | 'member', ids: string[]) => {
  await ctx.db.delete(meetingPeople).where(and(eq(meetingPeople.meetingId, meetingId), eq(meetingPeople.role, role)));
  const unique = [...new Set(ids)];
  if (unique.length > 0) {
    await ctx.db.insert(meetingPeople).values(unique.map((userId, sort) => ({ meetingId, userId, role, sort })));
  }
};

/** Repeat fields as stored: a rule that repeats needs a unit; one that does not has none. */
const normaliseRule = (rule: {
  startDate: string;
  repeatEvery: number;
  repeatType: RepeatUnit | null;
  endDate: string | null;
}) => {
  if (rule.repeatEvery > 0 && !rule.repeatType) throw badRequest({ repeatType: messages.required });
  if (rule.endDate && rule.endDate < rule.startDate) throw badRequest({ endDate: meetingsMessages.endBeforeStart });
  return rule.repeatEvery > 0 ? rule.repeatType : null;
};

const publishMeeting = (ctx: TenantContext, id: string, action: 'created' | 'updated' | 'deleted') =>
  ctx.publish({ tenantId: ctx.tenantId, type: 'meeting.changed', data: { id, action } });

/** The wizard's creation: the default agenda, a template's, or a copy of another meeting. */
export const createMeeting = async (ctx: TenantContext, input: CreateMeeting): Promise<Meeting> => {
  // New people must be enabled members of the workspace; a clone's people come from its source.
  await assertInWorkspace(ctx.db, ctx.tenantId, {
    meetings: [input.sourceMeetingId],
    users: [...input.administrators, ...input.members],
  });
  let leaders = input.administrators;
  let members = input.members;
  let agenda: AgendaSeed[] = DEFAULT_AGENDA;
  if (input.operation === 'clone') {
    if (!input.sourceMeetingId) throw badRequest({ sourceMeetingId: messages.required });
    const source = await findVisibleMeeting(ctx, input.sourceMeetingId);
    leaders = [...source.leaderIds, ...leaders];
    members = [...source.memberIds, ...members];
    agenda = await ctx.db
      .select({
        title: agendaItems.title,
        keyName: agendaItems.keyName,
        checked: agendaItems.checked,
        duration: agendaItems.duration,
        description: agendaItems.description,
        embedUrl: agendaItems.embedUrl,
        boardId: agendaItems.boardId,
        boardListId: agendaItems.boardListId,
        agencyItemId: agendaItems.agencyItemId,
        taskType: agendaItems.taskType,
      })
      .from(agendaItems)
      .where(eq(agendaItems.meetingId, source.id))
      .orderBy(asc(agendaItems.sort));
  } else if (input.templateId) {
    const template = MEETING_TEMPLATES.find((t) => t.id === input.templateId);
    if (!template) throw badRequest({ templateId: messages.invalidValue });
    agenda = template.agendaItems;
  }
  // The creator leads the meeting when nobody else was chosen (document 1 §5).
  if (leaders.length === 0) leaders = [ctx.userId];

  const repeatType = normaliseRule(input);
  const [creator] = await ctx.db.select({ timezone: users.timezone }).from(users).where(eq(users.id, ctx.userId));
  const [row] = await ctx.db
    .insert(meetings)
    .values({
      tenantId: ctx.tenantId,
      title: input.title,
      description: input.description,
      type: input.type,
      color: input.color,
      location: input.location,
      sharepointUrl: input.sharepointUrl,
      facebookGroupUrl: input.facebookGroupUrl ?? null,
      fileDriveUrl: input.fileDriveUrl ?? null,
      startDate: input.startDate,
      startTime: input.startTime,
      timezone: resolveTimezone(input.timezone ?? creator?.timezone),
      repeatEvery: repeatType ? input.repeatEvery : 0,
      repeatType,
      noOfCycles: input.noOfCycles,
      endDate: input.endDate,
      createdBy: ctx.userId,
      changedBy: ctx.userId,
    })
    .returning();
  const meeting = row!;
  await replacePeople(ctx, meeting.id, 'leader', leaders);
  await replacePeople(ctx, meeting.id, 'member', members);
  await replaceAgenda(ctx, meeting.id, agenda);
  await notifyMeetingAdded(ctx, meeting, [], [...leaders, ...members]);
  await syncSessions(ctx.db, { ...meeting, repeatType }, null);
  publishMeeting(ctx, meeting.id, 'created');
  return getMeeting(ctx, meeting.id);
};

const RULE_FIELDS = [
  'startDate',
  'startTime',
  'timezone',
  'repeatEvery',
  'repeatType',
  'noOfCycles',
  'endDate',
] as const;

/** The meeting form: any field, and its leaders and members (leaders and workspace admins). */
export const updateMeeting = async (ctx: TenantContext, id: string, patch: UpdateMeeting): Promise<Meeting> => {
  const access = await findVisibleMeeting(ctx, id);
  assertMeetingLeader(ctx, access);
  const [current] = await ctx.db.select().from(meetings).where(eq(meetings.id, id));
  const { administrators, members, ...fields } = patch;
  if (fields.image) fields.image = await meetingImageToStore(fields.image);
  // 'meeting' and 'team' change into each other; accounts have their own page (document 1 §1).
  if (fields.type && (fields.type === 'account') !== (current!.type === 'account'))
    throw badRequest({ type: meetingsMessages.meetingTypeAccountFixed }, meetingsMessages.meetingTypeAccountFixed);
  // People already in the meeting may stay (a deleted user included); new ones must be the workspace's.
  const present = [...access.leaderIds, ...access.memberIds];
  await assertInWorkspace(ctx.db, ctx.tenantId, {
    users: [...(administrators ?? []), ...(members ?? [])].filter((userId) => !present.includes(userId)),
  });

  const merged = { ...current!, ...fields, timezone: resolveTimezone(fields.timezone ?? current!.timezone) };
  const repeatType = normaliseRule({ ...merged, repeatType: merged.repeatType as RepeatUnit | null });
  const [row] = await ctx.db
    .update(meetings)
    .set({
      ...fields,
      timezone: merged.timezone,
      repeatType,
      repeatEvery: repeatType ? merged.repeatEvery : 0,
      changedAt: new Date(),
      changedBy: ctx.userId,
    })
    .where(eq(meetings.id, id))
    .returning();
  if (administrators) await replacePeople(ctx, id, 'leader', administrators);
  if (members) await replacePeople(ctx, id, 'member', members);
  await notifyMeetingAdded(ctx, row!, present, [...(administrators ?? []), ...(members ?? [])]);
  // Those taken off the meeting stop hearing its room (admins keep it: the room's rule decides).
  if (administrators || members) {
    await ctx.leaveMeetingRoom({
      tenantId: ctx.tenantId,
      meetingId: id,
      userIds: [...access.leaderIds, ...access.memberIds],
    });
  }
  // A new rule reshapes the sessions to come; the ones already past keep their history.
  if (RULE_FIELDS.some((field) => fields[field] !== undefined)) {
    await syncSessions(ctx.db, { ...row!, repeatType }, new Date());
  }
  publishMeeting(ctx, id, 'updated');
  return getMeeting(ctx, id);
};

/**
 * Deleting a meeting is permanent: its sessions, agenda, folders' entries and files go with it.
 * Its vault's audit stays (decision 063), with a `delete` row for each password that goes.
 */
export const deleteMeeting = async (ctx: TenantContext, id: string, actor: Actor) => {
  const access = await findVisibleMeeting(ctx, id);
  assertMeetingLeader(ctx, access);
  await lifecycle.raise('meeting.deleting', ctx, { meetingId: id, actor });
  await ctx.db.delete(meetings).where(eq(meetings.id, id));
  await ctx.leaveMeetingRoom({ tenantId: ctx.tenantId, meetingId: id });
  publishMeeting(ctx, id, 'deleted');
  return true;
};

/** Puts a meeting in one of the caller's folders (out of any other), or out of all with null. */
export const moveMeetingToFolder = async (ctx: TenantContext, id: string, folderId: string | null) => {
  await findVisibleMeeting(ctx, id);
  await assertInWorkspace(ctx.db, ctx.tenantId, { meetingFolders: [folderId] });
  await ctx.db
    .delete(meetingFolderEntries)
    .where(and(eq(meetingFolderEntries.userId, ctx.userId), eq(meetingFolderEntries.meetingId, id)));
  if (folderId) {
    const [folder] = await ctx.db
      .select({ id: meetingFolders.id })
      .from(meetingFolders)
      .where(
        and(
          eq(meetingFolders.id, folderId),
          eq(meetingFolders.userId, ctx.userId),
          eq(meetingFolders.tenantId, ctx.tenantId),
        ),
      );
    if (!folder) throw notFound();
    await ctx.db.insert(meetingFolderEntries).values({ userId: ctx.userId, meetingId: id, folderId });
  }
  return getMeeting(ctx, id);
};

/** The caller's next meeting across all their meetings, for the top bar; null when none is planned. */
export const nextMeetingOf = async (ctx: TenantContext) => {
  const mine = await ctx.db
    .select({ id: meetings.id, title: meetings.title })
    .from(meetings)
    .where(and(eq(meetings.tenantId, ctx.tenantId), participates(ctx.db, ctx.userId)));
  const { next } = await nextAndLastSessions(
    ctx.db,
    mine.map((m) => m.id),
    { withLast: false },
  );
  let best: { meetingId: string; title: string; session: ReturnType<typeof toSessionSummary> } | null = null;
  for (const meeting of mine) {
    const session = next.get(meeting.id);
    // A meeting under way comes first: the top bar then offers to join it (decision 027).
    const better = (a: NonNullable<typeof session>, b: NonNullable<typeof best>['session']) =>
      isLiveSession(a) !== isLiveSession(b) ? isLiveSession(a) : a.startsAt < b.startsAt;
    if (session && (!best || better(session, best.session))) {
      best = { meetingId: meeting.id, title: meeting.title, session };
    }
  }
  return best;
};
