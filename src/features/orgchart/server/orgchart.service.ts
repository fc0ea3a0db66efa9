import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { orgChartSeats, orgChartSeatUsers } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertWorkspaceAdmin } from '../../../server/guards.ts';
import { sanitizePlainText } from '../../../server/sanitize.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import { ORG_CHART_MIN_ROWS, ORG_CHART_MIN_SEATS, SEAT_COLORS } from '../../../shared/constants.ts';
import { conflict, notFound } from '../../../shared/errors.ts';
import { orgchartMessages } from '../orgchart.messages.ts';
import type { CreateSeat, OrgChart, Seat, SeatUser, UpdateSeat } from '../orgchart.schemas.ts';

// The org chart (document 2 §4–§5, docs/decisions/046): every member of the workspace sees it,
// its admins change it. Each write reads the whole chart once (it is at most 20 × 20 seats) and
// checks the rules on it: one seat per place, a parent in the chart and never below the seat,
// only leaves deleted, never fewer than 3 rows and 7 seats.

// Written with the table's name: drizzle leaves columns unqualified in a one-table select.
const SEAT_ID = sql.raw('"org_chart_seats"."id"');

const usersSql = sql<SeatUser[] | string>`coalesce((select json_agg(json_build_object(
    'id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'image', u.image,
    'deleted', u.deleted_at is not null or coalesce(m.disabled, true)) order by u.first_name, u.last_name, u.id)
  from org_chart_seat_users s inner join users u on u.id = s.user_id
  left join memberships m on m.user_id = s.user_id and m.tenant_id = s.tenant_id
  where s.seat_id = ${SEAT_ID}), '[]')`;

const seatColumns = {
  id: orgChartSeats.id,
  parentId: orgChartSeats.parentId,
  row: orgChartSeats.row,
  seatNumber: orgChartSeats.seatNumber,
  color: orgChartSeats.color,
  jobTitle: orgChartSeats.jobTitle,
  description: orgChartSeats.description,
  firstName: orgChartSeats.firstName,
  lastName: orgChartSeats.lastName,
  image: orgChartSeats.image,
  changedAt: orgChartSeats.changedAt,
  changedBy: orgChartSeats.changedBy,
  users: usersSql,
};

type SeatRow = Omit<Seat, 'users' | 'coworkers' | 'changedAt'> & { changedAt: Date; users: SeatUser[] | string };

const toSeat = (row: SeatRow): Seat => {
  // PGlite hands json back parsed; some drivers as text.
  const users = typeof row.users === 'string' ? (JSON.parse(row.users) as SeatUser[]) : row.users;
  return { ...row, changedAt: row.changedAt.toISOString(), users, coworkers: users.map((user) => user.id) };
};

/** The workspace's seats, by row and seat number, with their people: one statement. */
export const readSeats = async (db: Db, tenantId: string): Promise<Seat[]> => {
  const rows = await db
    .select(seatColumns)
    .from(orgChartSeats)
    .where(eq(orgChartSeats.tenantId, tenantId))
    .orderBy(asc(orgChartSeats.row), asc(orgChartSeats.seatNumber));
  return rows.map(toSeat);
};

/** getOrgChart: the whole chart, and whether the caller may change it. */
export const getOrgChart = async (ctx: TenantContext): Promise<OrgChart> => ({
  seats: await readSeats(ctx.db, ctx.tenantId),
  canEdit: ctx.isAdmin,
});

/** What the rules need of each seat: where it is and what is above it. */
type Place = { id: string; parentId: string | null; row: number; seatNumber: number };

const readPlaces = (ctx: TenantContext): Promise<Place[]> =>
  ctx.db
    .select({
      id: orgChartSeats.id,
      parentId: orgChartSeats.parentId,
      row: orgChartSeats.row,
      seatNumber: orgChartSeats.seatNumber,
    })
    .from(orgChartSeats)
    .where(eq(orgChartSeats.tenantId, ctx.tenantId))
    // Two admins changing the chart at once take turns: each checks the rules on what the other wrote.
    .for('update');

const isUniqueViolation = (error: unknown): boolean => {
  const seen = error as { code?: unknown; cause?: unknown } | null;
  return seen?.code === '23505' || (seen?.cause !== undefined && isUniqueViolation(seen.cause));
};

/** Runs a write that takes a place; a place taken meanwhile (the unique index) is the spec's message. */
const takingPlace = async <T>(write: () => Promise<T>, message: string = orgchartMessages.seatTaken): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(message, { seatNumber: message });
    throw error;
  }
};

const assertPlaceFree = (places: Place[], row: number, seatNumber: number, except: string | null) => {
  if (places.some((place) => place.row === row && place.seatNumber === seatNumber && place.id !== except))
    throw conflict(orgchartMessages.seatTaken, { seatNumber: orgchartMessages.seatTaken });
};

/** The parent must be a seat of this chart (404 otherwise) and not the seat or one below it. */
const assertParent = (places: Place[], seatId: string | null, parentId: string | null | undefined) => {
  if (!parentId) return;
  const byId = new Map(places.map((place) => [place.id, place]));
  if (!byId.has(parentId)) throw notFound();
  for (let at: string | null = parentId, steps = 0; at && steps <= places.length; steps++) {
    if (at === seatId) throw conflict(orgchartMessages.seatParentCycle, { parentId: orgchartMessages.seatParentCycle });
    at = byId.get(at)?.parentId ?? null;
  }
};

const assertMinimum = (places: Place[]) => {
  if (places.length < ORG_CHART_MIN_SEATS || new Set(places.map((place) => place.row)).size < ORG_CHART_MIN_ROWS)
    throw conflict(orgchartMessages.orgChartMinimum);
};

const setSeatUsers = async (ctx: TenantContext, seatId: string, userIds: string[]) => {
  await ctx.db.delete(orgChartSeatUsers).where(eq(orgChartSeatUsers.seatId, seatId));
  const unique = [...new Set(userIds)];
  if (unique.length > 0)
    await ctx.db.insert(orgChartSeatUsers).values(unique.map((userId) => ({ seatId, userId, tenantId: ctx.tenantId })));
};

const getSeat = async (ctx: TenantContext, seatId: string): Promise<Seat> => {
  const [row] = await ctx.db
    .select(seatColumns)
    .from(orgChartSeats)
    .where(and(eq(orgChartSeats.id, seatId), eq(orgChartSeats.tenantId, ctx.tenantId)));
  if (!row) throw notFound();
  return toSeat(row);
};

const changed = (ctx: TenantContext, seatId: string | null) =>
  ctx.publish({ tenantId: ctx.tenantId, type: 'orgchart.changed', data: { seatId } });

const cleanLines = (lines: string[] | undefined) =>
  lines?.map((line) => sanitizePlainText(line)).filter((line) => line.length > 0);

/**
 * A new chart (document 2 §5: at least 3 rows and 7 seats): a visionary and an integrator at
 * the top, sales/marketing, operations and finance below them, and a seat under two of those.
 */
export const createDefaultChart = async (ctx: TenantContext): Promise<OrgChart> => {
  assertWorkspaceAdmin(ctx);
  if ((await readPlaces(ctx)).length > 0) throw conflict(orgchartMessages.orgChartExists);
  const names = orgchartMessages.orgChartDefaults;
  const id = () => randomUUID();
  const visionary = id();
  const integrator = id();
  const salesMarketing = id();
  const operations = id();
  const seats = [
    { id: visionary, parentId: null, row: 1, seatNumber: 10, jobTitle: names.visionary, color: SEAT_COLORS[1] },
    { id: integrator, parentId: visionary, row: 2, seatNumber: 10, jobTitle: names.integrator, color: SEAT_COLORS[1] },
    {
      id: salesMarketing,
      parentId: integrator,
      row: 3,
      seatNumber: 7,
      jobTitle: names.salesMarketing,
      color: SEAT_COLORS[2],
    },
    { id: operations, parentId: integrator, row: 3, seatNumber: 10, jobTitle: names.operations, color: SEAT_COLORS[3] },
    { id: id(), parentId: integrator, row: 3, seatNumber: 13, jobTitle: names.finance, color: SEAT_COLORS[4] },
    { id: id(), parentId: salesMarketing, row: 4, seatNumber: 7, jobTitle: names.sales, color: SEAT_COLORS[0] },
    { id: id(), parentId: operations, row: 4, seatNumber: 10, jobTitle: names.customerService, color: SEAT_COLORS[0] },
  ];
  await takingPlace(
    () =>
      ctx.db
        .insert(orgChartSeats)
        .values(seats.map((seat) => ({ ...seat, tenantId: ctx.tenantId, changedBy: ctx.userId }))),
    orgchartMessages.orgChartExists,
  );
  changed(ctx, null);
  return getOrgChart(ctx);
};

/** Add Seat: a free place of a chart that exists, under a seat of it. */
export const createSeat = async (ctx: TenantContext, input: CreateSeat): Promise<Seat> => {
  assertWorkspaceAdmin(ctx);
  await assertInWorkspace(ctx.db, ctx.tenantId, { users: input.coworkers, seats: [input.parentId] });
  const places = await readPlaces(ctx);
  if (places.length === 0) throw conflict(orgchartMessages.orgChartEmpty);
  assertParent(places, null, input.parentId);
  assertPlaceFree(places, input.row, input.seatNumber, null);
  const [row] = await takingPlace(() =>
    ctx.db
      .insert(orgChartSeats)
      .values({
        tenantId: ctx.tenantId,
        parentId: input.parentId ?? null,
        row: input.row,
        seatNumber: input.seatNumber,
        color: input.color ?? SEAT_COLORS[0],
        jobTitle: sanitizePlainText(input.jobTitle),
        description: cleanLines(input.description) ?? [],
        firstName: sanitizePlainText(input.firstName ?? ''),
        lastName: sanitizePlainText(input.lastName ?? ''),
        changedBy: ctx.userId,
      })
      .returning({ id: orgChartSeats.id }),
  );
  if (input.coworkers?.length) await setSeatUsers(ctx, row!.id, input.coworkers);
  changed(ctx, row!.id);
  return getSeat(ctx, row!.id);
};

/** Edit Seat, or a move (row and seat number) to a free place. */
export const updateSeat = async (ctx: TenantContext, seatId: string, patch: UpdateSeat): Promise<Seat> => {
  assertWorkspaceAdmin(ctx);
  const places = await readPlaces(ctx);
  const current = places.find((place) => place.id === seatId);
  if (!current) throw notFound();
  await assertInWorkspace(ctx.db, ctx.tenantId, { seats: [patch.parentId] });
  // People already in the seat may stay even if disabled since; new ones must be enabled members.
  if (patch.coworkers) {
    const kept = new Set((await getSeat(ctx, seatId)).coworkers);
    await assertInWorkspace(ctx.db, ctx.tenantId, { users: patch.coworkers.filter((id) => !kept.has(id)) });
  }
  assertParent(places, seatId, patch.parentId);
  const row = patch.row ?? current.row;
  const seatNumber = patch.seatNumber ?? current.seatNumber;
  if (row !== current.row || seatNumber !== current.seatNumber) {
    assertPlaceFree(places, row, seatNumber, seatId);
    assertMinimum(places.map((place) => (place.id === seatId ? { ...place, row, seatNumber } : place)));
  }
  const set = {
    row,
    seatNumber,
    ...(patch.parentId !== undefined ? { parentId: patch.parentId } : {}),
    ...(patch.color !== undefined ? { color: patch.color } : {}),
    ...(patch.jobTitle !== undefined ? { jobTitle: sanitizePlainText(patch.jobTitle) } : {}),
    ...(patch.description !== undefined ? { description: cleanLines(patch.description) } : {}),
    ...(patch.firstName !== undefined ? { firstName: sanitizePlainText(patch.firstName) } : {}),
    ...(patch.lastName !== undefined ? { lastName: sanitizePlainText(patch.lastName) } : {}),
    changedAt: new Date(),
    changedBy: ctx.userId,
  };
  await takingPlace(() => ctx.db.update(orgChartSeats).set(set).where(eq(orgChartSeats.id, seatId)));
  if (patch.coworkers) await setSeatUsers(ctx, seatId, patch.coworkers);
  changed(ctx, seatId);
  return getSeat(ctx, seatId);
};

/** deleteOrgChart: a leaf seat, as long as the chart keeps its minimum. */
export const deleteSeat = async (ctx: TenantContext, seatId: string): Promise<boolean> => {
  assertWorkspaceAdmin(ctx);
  const places = await readPlaces(ctx);
  if (!places.some((place) => place.id === seatId)) throw notFound();
  if (places.some((place) => place.parentId === seatId)) throw conflict(orgchartMessages.onlyLeavesDeleted);
  assertMinimum(places.filter((place) => place.id !== seatId));
  await ctx.db.delete(orgChartSeats).where(eq(orgChartSeats.id, seatId));
  changed(ctx, seatId);
  return true;
};

/** 404 unless the seat is in the caller's workspace; then the caller must be an admin to change it. */
export const assertSeatEditable = async (ctx: TenantContext, seatId: string) => {
  await getSeat(ctx, seatId);
  assertWorkspaceAdmin(ctx);
};

export { changed as publishSeatChanged };
