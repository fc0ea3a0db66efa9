import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { memberships, reportingOverrides, users } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertWorkspaceAdmin } from '../../../server/guards.ts';
import { personSummary, personSummaryColumns } from '../../../server/people.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import { conflict, notFound } from '../../../shared/errors.ts';
import type { PersonSummary } from '../../../shared/person.ts';
import { readSeats } from '../../orgchart/server/orgchart.service.ts';
import { peopleToolsMessages } from '../people-tools.messages.ts';
import type { ReportingLine, ReportingLines } from '../people-tools.schemas.ts';

// Who reports to whom (decision 108): the org chart says it — the person in a seat's parent seat
// is the manager, climbing past empty seats — and an admin may override a person's manager
// (or set "nobody"). Read in three statements whatever the workspace's size: its active members,
// its chart (at most 400 seats) and its overrides.

export interface ReportingMap {
  people: Map<string, PersonSummary>;
  lines: Map<string, ReportingLine>;
}

export const readReporting = async (ctx: TenantContext): Promise<ReportingMap> => {
  const [members, seats, overrides] = await Promise.all([
    ctx.db
      .select(personSummaryColumns)
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.tenantId, ctx.tenantId), eq(memberships.disabled, false), isNull(users.deletedAt)))
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id)),
    readSeats(ctx.db, ctx.tenantId),
    ctx.db
      .select({ reportId: reportingOverrides.reportId, managerId: reportingOverrides.managerId })
      .from(reportingOverrides)
      .where(eq(reportingOverrides.tenantId, ctx.tenantId)),
  ]);
  const people = new Map(members.map((row) => [row.id, personSummary(row)]));
  const seatById = new Map(seats.map((seat) => [seat.id, seat]));
  const seatOf = new Map<string, (typeof seats)[number]>();
  for (const seat of seats) for (const user of seat.users) if (!seatOf.has(user.id)) seatOf.set(user.id, seat);
  const override = new Map(overrides.map((row) => [row.reportId, row.managerId]));

  const chartManager = (userId: string): PersonSummary | null => {
    let seat = seatOf.get(userId);
    for (let steps = 0; seat?.parentId && steps <= seats.length; steps++) {
      seat = seatById.get(seat.parentId);
      const above = seat?.users.find((user) => user.id !== userId && people.has(user.id));
      if (above) return people.get(above.id) ?? null;
    }
    return null;
  };

  const lines = new Map<string, ReportingLine>();
  for (const person of people.values()) {
    const seatTitle = seatOf.get(person.id)?.jobTitle ?? null;
    if (override.has(person.id)) {
      const managerId = override.get(person.id);
      lines.set(person.id, {
        person,
        manager: (managerId && people.get(managerId)) || null,
        source: 'override',
        seatTitle,
      });
      continue;
    }
    const manager = chartManager(person.id);
    lines.set(person.id, { person, manager, source: manager ? 'chart' : 'none', seatTitle });
  }
  return { people, lines };
};

/** A page of the workspace's reporting lines; `unplaced`: only people without a seat. */
export const listReportingLines = async (
  ctx: TenantContext,
  query: { offset: number; limit: number; unplaced: 'true' | 'false' },
): Promise<ReportingLines> => {
  const { lines } = await readReporting(ctx);
  const all = [...lines.values()].filter((line) => query.unplaced === 'false' || line.seatTitle === null);
  return { items: all.slice(query.offset, query.offset + query.limit), total: all.length, canEdit: ctx.isAdmin };
};

/** An admin sets a person's manager (null: nobody), whatever the chart says. */
export const setManager = async (ctx: TenantContext, reportId: string, managerId: string | null) => {
  assertWorkspaceAdmin(ctx);
  await assertInWorkspace(ctx.db, ctx.tenantId, { users: [reportId, managerId] });
  const { people, lines } = await readReporting(ctx);
  if (!people.has(reportId) || (managerId && !people.has(managerId))) throw notFound();
  // Climbing from the new manager must not reach the report: nobody manages themselves.
  for (let at = managerId, steps = 0; at && steps <= lines.size; steps++) {
    if (at === reportId)
      throw conflict(peopleToolsMessages.managerCycle, { managerId: peopleToolsMessages.managerCycle });
    at = lines.get(at)?.manager?.id ?? null;
  }
  await ctx.db
    .insert(reportingOverrides)
    .values({ tenantId: ctx.tenantId, reportId, managerId, changedBy: ctx.userId })
    .onConflictDoUpdate({
      target: [reportingOverrides.tenantId, reportingOverrides.reportId],
      set: { managerId, changedAt: sql`now()`, changedBy: ctx.userId },
    });
  return (await readReporting(ctx)).lines.get(reportId)!;
};

/** Drops an admin's override: the chart decides again. */
export const clearManager = async (ctx: TenantContext, reportId: string) => {
  assertWorkspaceAdmin(ctx);
  await assertInWorkspace(ctx.db, ctx.tenantId, { users: [reportId] });
  await ctx.db
    .delete(reportingOverrides)
    .where(and(eq(reportingOverrides.tenantId, ctx.tenantId), eq(reportingOverrides.reportId, reportId)));
  const line = (await readReporting(ctx)).lines.get(reportId);
  if (!line) throw notFound();
  return line;
};
