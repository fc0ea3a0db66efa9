import { and, eq, inArray, sql } from 'drizzle-orm';
import { meetings, proposalSettings, proposals, sessions } from '../../../db/schema/index.ts';
import type { TenantContext, TxContext } from '../../../server/context.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import { addDays } from '../../../shared/dates.ts';
import { badRequest, conflict, notFound } from '../../../shared/errors.ts';
import { TASK_TYPE } from '../../../shared/tasks.ts';
import { assertMeetingLeader, canManage, findVisibleMeeting } from '../../meetings/server/meetings.access.ts';
import { createTask } from '../../tasks/server/tasks.service.ts';
import { ZCreateTask } from '../../tasks/tasks.schemas.ts';
import type {} from '../proposals.events.ts';
import type { OriginKind, ProposalRule } from '../proposals.kinds.ts';
import { proposalsMessages } from '../proposals.messages.ts';
import type {
  AcceptProposal,
  Proposal,
  ProposalEvidence,
  ProposalListQuery,
  ProposalPage,
  RefreshResult,
  SnoozeProposal,
} from '../proposals.schemas.ts';
import { type Candidate, runRules } from './proposals.rules.ts';
import { settingsOf } from './proposals.settings.ts';

// Proposed issues (decision 123): the rules' findings kept per meeting, rule and origin, so that
// running them again (the hourly job, "Check now") updates what is there and never proposes
// anything twice. A leader accepts one (it becomes a real issue through the tasks feature),
// dismisses it (it comes back only when its evidence's fingerprint changes) or snoozes it.

type Row = typeof proposals.$inferSelect;
/** What preparing proposals needs: a transaction and a way to tell the meeting's room. */
export type ProposalWriter = Pick<TxContext, 'db' | 'publish'>;

const DAY_MS = 86_400_000;

/** JSON with keys in order: jsonb gives them back in its own. */
const stable = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(stable).join(',')}]`
    : value !== null && typeof value === 'object'
      ? `{${Object.keys(value)
          .sort()
          .map((key) => `${JSON.stringify(key)}:${stable((value as Record<string, unknown>)[key])}`)
          .join(',')}}`
      : JSON.stringify(value);

/** Where the origin is opened in the app. */
const linkOf = (kind: OriginKind, id: string, meetingId: string) => {
  switch (kind) {
    case 'kpi':
      return `/kpi/${meetingId}`;
    case 'goal':
    case 'todo':
    case 'issue':
      return `/home/${id}`;
    case 'project':
      return `/time-tracking?tab=accounts&project=${id}`;
    case 'session':
      return `/meeting-archives/${id}`;
    case 'person':
      return `/reports/users/${id}`;
  }
};

/** A snooze whose time has come reads as open, before the next run writes it so. */
const shownStatus = (row: Row, now: Date): Proposal['status'] =>
  row.status === 'snoozed' && row.snoozedUntil !== null && row.snoozedUntil <= now
    ? 'open'
    : (row.status as Proposal['status']);

const toProposal = (row: Row, now: Date): Proposal => ({
  id: row.id,
  meetingId: row.meetingId,
  rule: row.rule as ProposalRule,
  status: shownStatus(row, now),
  origin: {
    kind: row.originKind as OriginKind,
    id: row.originId,
    title: row.originTitle,
    link: linkOf(row.originKind as OriginKind, row.originId, row.meetingId),
  },
  evidence: row.evidence as ProposalEvidence,
  proposedAt: row.proposedAt.toISOString(),
  ageDays: Math.max(0, Math.floor((now.getTime() - row.proposedAt.getTime()) / DAY_MS)),
  snoozedUntil: row.status === 'snoozed' ? (row.snoozedUntil?.toISOString() ?? null) : null,
  issueId: row.issueId,
  decidedAt: row.decidedAt?.toISOString() ?? null,
  decidedBy: row.decidedBy,
});

const publishChanged = (ctx: ProposalWriter, tenantId: string, meetingId: string) =>
  ctx.publish({ tenantId, meetingId, type: 'proposals.changed', data: { meetingId } });

/**
 * Runs the meeting's enabled rules and brings its proposals in line, in the caller's
 * transaction: new findings are added, open ones get their evidence refreshed, dismissed ones
 * come back when their fingerprint changed, snoozes whose time came are open again, accepted ones
 * whose issue is closed come back on new evidence; open and snoozed findings that no longer hold
 * (or whose rule was turned off) are removed. Tells the room when anything changed.
 */
export const prepareMeeting = async (
  ctx: ProposalWriter,
  meeting: { id: string; tenantId: string; title: string },
  now = new Date(),
): Promise<RefreshResult> => {
  const scope = { db: ctx.db, tenantId: meeting.tenantId, meetingId: meeting.id, meetingTitle: meeting.title, now };
  const settings = (await settingsOf(ctx.db, meeting.tenantId, [meeting.id])).get(meeting.id)!;
  const found = await runRules({ ...scope, today: now.toISOString().slice(0, 10) }, settings.rules);
  const existing = await ctx.db
    .select({
      row: proposals,
      issueOpen: sql<boolean>`exists (select 1 from tasks t where t.id = ${proposals.issueId} and t.status = '0')`,
    })
    .from(proposals)
    .where(and(eq(proposals.meetingId, meeting.id), eq(proposals.tenantId, meeting.tenantId)))
    .for('update');
  const byKey = new Map(existing.map((e) => [`${e.row.rule}/${e.row.originId}`, e]));
  const inserts: Candidate[] = [];
  const updates: { id: string; set: Partial<typeof proposals.$inferInsert> }[] = [];
  const seen = new Set<string>();
  for (const candidate of found) {
    const key = `${candidate.rule}/${candidate.originId}`;
    seen.add(key);
    const current = byKey.get(key);
    if (!current) {
      inserts.push(candidate);
      continue;
    }
    const { row } = current;
    const fresh = {
      evidence: candidate.evidence,
      fingerprint: candidate.fingerprint,
      originTitle: candidate.originTitle,
      changedAt: now,
    };
    const reopen = { ...fresh, status: 'open', snoozedUntil: null, decidedAt: null, decidedBy: null };
    const changed = row.fingerprint !== candidate.fingerprint;
    if (row.status === 'open') {
      if (changed || stable(row.evidence) !== stable(candidate.evidence) || row.originTitle !== candidate.originTitle)
        updates.push({ id: row.id, set: fresh });
    } else if (row.status === 'snoozed') {
      // Its time came, or the evidence changed: news before the day it was put off to.
      const due = row.snoozedUntil === null || row.snoozedUntil <= now;
      updates.push({ id: row.id, set: due || changed ? reopen : fresh });
    } else if (row.status === 'dismissed') {
      if (changed) updates.push({ id: row.id, set: { ...reopen, proposedAt: now } });
    } else if (changed && !current.issueOpen) {
      // Accepted, its issue solved (or deleted), and the rule fires on new evidence: news again.
      updates.push({ id: row.id, set: { ...reopen, proposedAt: now, issueId: null } });
    }
  }
  const enabled = new Set(Object.entries(settings.rules).flatMap(([rule, s]) => (s.enabled ? [rule] : [])));
  // Gone: no longer found (or the rule is off). Dismissed ones of a rule turned off stay dismissed.
  const gone = existing
    .map((e) => e.row)
    .filter(
      (row) =>
        !seen.has(`${row.rule}/${row.originId}`) &&
        (row.status === 'open' || row.status === 'snoozed' || (row.status === 'dismissed' && enabled.has(row.rule))),
    )
    .map((row) => row.id);
  if (inserts.length > 0)
    await ctx.db
      .insert(proposals)
      .values(
        inserts.map((c) => ({
          tenantId: meeting.tenantId,
          meetingId: meeting.id,
          rule: c.rule,
          originKind: c.originKind,
          originId: c.originId,
          originTitle: c.originTitle,
          evidence: c.evidence,
          fingerprint: c.fingerprint,
          proposedAt: now,
          changedAt: now,
        })),
      )
      // Another run proposing the same at the same moment: one row stays.
      .onConflictDoNothing();
  for (const update of updates) await ctx.db.update(proposals).set(update.set).where(eq(proposals.id, update.id));
  if (gone.length > 0) await ctx.db.delete(proposals).where(inArray(proposals.id, gone));
  if (inserts.length + updates.length + gone.length > 0) publishChanged(ctx, meeting.tenantId, meeting.id);
  const open = existing.filter((e) => shownStatus(e.row, now) === 'open' && !gone.includes(e.row.id)).length;
  const reopened = updates.filter((u) => u.set.status === 'open').length;
  return { open: open + inserts.length + reopened, added: inserts.length + reopened, removed: gone.length };
};

/** `GET meetings/{id}/proposals`: whoever sees the meeting; a page, oldest first. */
export const listProposals = async (
  ctx: TenantContext,
  meetingId: string,
  query: ProposalListQuery,
  now = new Date(),
): Promise<ProposalPage> => {
  const meeting = await findVisibleMeeting(ctx, meetingId);
  const at = now.toISOString();
  const state =
    query.state === 'open'
      ? sql`(${proposals.status} = 'open' or (${proposals.status} = 'snoozed' and ${proposals.snoozedUntil} <= ${at}::timestamptz))`
      : query.state === 'hidden'
        ? sql`(${proposals.status} = 'dismissed' or (${proposals.status} = 'snoozed' and ${proposals.snoozedUntil} > ${at}::timestamptz))`
        : sql`${proposals.status} = 'accepted'`;
  const rows = await ctx.db
    .select({ row: proposals, total: sql<number>`(count(*) over ())::int` })
    .from(proposals)
    .where(and(eq(proposals.meetingId, meeting.id), eq(proposals.tenantId, ctx.tenantId), state))
    .orderBy(proposals.proposedAt, proposals.id)
    .limit(query.limit)
    .offset(query.offset);
  return {
    items: rows.map((r) => toProposal(r.row, now)),
    total: rows[0]?.total ?? 0,
    offset: query.offset,
    canManage: canManage(ctx, meeting),
  };
};

const meetingTitle = async (ctx: TenantContext, meetingId: string) => {
  const [row] = await ctx.db
    .select({ title: meetings.title })
    .from(meetings)
    .where(and(eq(meetings.id, meetingId), eq(meetings.tenantId, ctx.tenantId)));
  return row?.title ?? '';
};

/** `POST meetings/{id}/proposals/refresh`: leaders run the rules now. */
export const refreshProposals = async (ctx: TenantContext, meetingId: string, now = new Date()) => {
  const meeting = await findVisibleMeeting(ctx, meetingId);
  assertMeetingLeader(ctx, meeting);
  return prepareMeeting(
    ctx,
    { id: meeting.id, tenantId: ctx.tenantId, title: await meetingTitle(ctx, meeting.id) },
    now,
  );
};

/** A proposal of a meeting the caller leads (404 when not the meeting's or not visible, 403 for members). */
const findManaged = async (ctx: TenantContext, meetingId: string, proposalId: string) => {
  const meeting = await findVisibleMeeting(ctx, meetingId);
  const [row] = await ctx.db
    .select()
    .from(proposals)
    .where(and(eq(proposals.id, proposalId), eq(proposals.meetingId, meeting.id), eq(proposals.tenantId, ctx.tenantId)))
    .for('update');
  if (!row) throw notFound();
  assertMeetingLeader(ctx, meeting);
  return { meeting, row };
};

const decide = async (ctx: TenantContext, row: Row, set: Partial<typeof proposals.$inferInsert>, now: Date) => {
  const [saved] = await ctx.db
    .update(proposals)
    .set({ ...set, changedAt: now })
    .where(eq(proposals.id, row.id))
    .returning();
  publishChanged(ctx, ctx.tenantId, row.meetingId);
  return toProposal(saved!, now);
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * `POST …/{proposalId}/accept`: the proposal becomes an issue of the meeting, made by the tasks
 * feature (its rules, events and notifications apply), whose description names the evidence and
 * links the origin; the proposal keeps the issue's id.
 */
export const acceptProposal = async (
  ctx: TenantContext,
  meetingId: string,
  proposalId: string,
  input: AcceptProposal,
  now = new Date(),
) => {
  await assertInWorkspace(ctx.db, ctx.tenantId, { users: [input.userId] });
  const { row } = await findManaged(ctx, meetingId, proposalId);
  if (row.status === 'accepted') throw conflict(proposalsMessages.notOpen);
  const proposal = toProposal(row, now);
  const link = escapeHtml(`${ctx.publicUrl}${proposal.origin.link}`);
  const description =
    `<p>${escapeHtml(proposalsMessages.evidence(proposal.evidence))}</p>` +
    `<p>${escapeHtml(proposalsMessages.issueFrom)} <a href="${link}">${escapeHtml(row.originTitle)}</a></p>`;
  const issue = await createTask(
    ctx,
    ZCreateTask.parse({
      title: proposalsMessages.issueTitle(row.rule as ProposalRule, row.originTitle).slice(0, 500),
      description,
      type: TASK_TYPE.issue,
      userId: input.userId ?? ctx.userId,
      meetingIds: [meetingId],
    }),
  );
  return decide(
    ctx,
    row,
    { status: 'accepted', issueId: issue.id, snoozedUntil: null, decidedAt: now, decidedBy: ctx.userId },
    now,
  );
};

/** `POST …/{proposalId}/dismiss`: not proposed again until its evidence changes. */
export const dismissProposal = async (ctx: TenantContext, meetingId: string, proposalId: string, now = new Date()) => {
  const { row } = await findManaged(ctx, meetingId, proposalId);
  if (row.status === 'accepted' || row.status === 'dismissed') throw conflict(proposalsMessages.notOpen);
  return decide(ctx, row, { status: 'dismissed', snoozedUntil: null, decidedAt: now, decidedBy: ctx.userId }, now);
};

/**
 * `POST …/{proposalId}/snooze`: hidden until a day (its start, UTC), or until the meeting's next
 * session is prepared (its start less the meeting's preparation hours, an hour from now at least).
 */
export const snoozeProposal = async (
  ctx: TenantContext,
  meetingId: string,
  proposalId: string,
  input: SnoozeProposal,
  now = new Date(),
) => {
  const { row } = await findManaged(ctx, meetingId, proposalId);
  if (row.status === 'accepted') throw conflict(proposalsMessages.notOpen);
  let until: Date;
  if (input.until !== null) {
    if (input.until <= now.toISOString().slice(0, 10) || input.until > addDays(now.toISOString().slice(0, 10), 366))
      throw badRequest({ until: proposalsMessages.snoozePast });
    until = new Date(`${input.until}T00:00:00Z`);
  } else {
    const [next] = await ctx.db
      .select({ startsAt: sessions.startsAt, hours: proposalSettings.hoursBefore })
      .from(sessions)
      .leftJoin(proposalSettings, eq(proposalSettings.meetingId, sessions.meetingId))
      .where(
        and(
          eq(sessions.meetingId, row.meetingId),
          eq(sessions.tenantId, ctx.tenantId),
          sql`${sessions.startsAt} > ${now.toISOString()}::timestamptz`,
          sql`${sessions.startedAt} is null`,
        ),
      )
      .orderBy(sessions.startsAt)
      .limit(1);
    if (!next) throw badRequest({ until: proposalsMessages.noNextSession });
    const prepared = next.startsAt.getTime() - (next.hours ?? 24) * 3_600_000;
    until = new Date(Math.max(prepared, now.getTime() + 3_600_000));
  }
  return decide(ctx, row, { status: 'snoozed', snoozedUntil: until, decidedAt: now, decidedBy: ctx.userId }, now);
};

/** `POST …/{proposalId}/restore`: a dismissed or snoozed proposal is open again (the undo). */
export const restoreProposal = async (ctx: TenantContext, meetingId: string, proposalId: string, now = new Date()) => {
  const { row } = await findManaged(ctx, meetingId, proposalId);
  if (row.status !== 'dismissed' && row.status !== 'snoozed') throw conflict(proposalsMessages.notDecided);
  return decide(ctx, row, { status: 'open', snoozedUntil: null, decidedAt: null, decidedBy: null }, now);
};
