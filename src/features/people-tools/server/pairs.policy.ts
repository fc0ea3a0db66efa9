import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { oneOnOnePairs, peopleToolsAudit } from '../../../db/schema/index.ts';
import type { Actor, TenantContext } from '../../../server/context.ts';
import { forbidden, notFound } from '../../../shared/errors.ts';
import type { RealtimeEventMap } from '../../../shared/realtime.ts';
import type {} from '../people-tools.events.ts';
import type { OneOnOneRole } from '../people-tools.schemas.ts';

// Who may see and change a pair's 1:1s and conversations (decision 110), in one place:
// - the manager and the report: everything of theirs, each side's private notes excepted;
// - a workspace admin: that they happened and when; what was written only when the report
//   shared it; never a write; every read of theirs is audit-logged;
// - anyone else, or another workspace: 404, as for a record that does not exist.

export type PairRow = typeof oneOnOnePairs.$inferSelect;

export interface PairAccess {
  pair: PairRow;
  role: OneOnOneRole;
  /** Whether the caller may read what was written (not the other side's private notes). */
  contentVisible: boolean;
}

export const roleIn = (ctx: TenantContext, pair: Pick<PairRow, 'managerId' | 'reportId'>): OneOnOneRole | null =>
  pair.managerId === ctx.userId ? 'manager' : pair.reportId === ctx.userId ? 'report' : ctx.isAdmin ? 'admin' : null;

/** The pair as the caller may see it; 404 unless they are in it or a workspace admin. */
export const pairAccess = async (ctx: TenantContext, pairId: string): Promise<PairAccess> => {
  const [pair] = await ctx.db
    .select()
    .from(oneOnOnePairs)
    .where(and(eq(oneOnOnePairs.tenantId, ctx.tenantId), eq(oneOnOnePairs.id, pairId)));
  const role = pair ? roleIn(ctx, pair) : null;
  if (!pair || !role) throw notFound();
  return { pair, role, contentVisible: role !== 'admin' || pair.sharedWithAdmins };
};

/** Writes are the pair's own: an admin who can see the pair gets 403, anyone else 404. */
export const assertPairWrite = (access: PairAccess) => {
  if (access.role === 'admin') throw forbidden();
};

/** Records a read by someone outside the pair (an admin), in the read's own statement batch. */
export const auditRead = async (
  ctx: TenantContext,
  reader: Reader,
  access: PairAccess,
  subject: 'oneOnOne' | 'conversation',
  subjectId: string,
) => {
  if (access.role !== 'admin') return;
  const { actor } = reader;
  // A GET runs on a handle that refuses writes; the audit row is written on its own, before
  // anything of the pair is returned, so a read that fails afterwards is recorded all the same.
  await reader.auditDb.insert(peopleToolsAudit).values({
    tenantId: ctx.tenantId,
    userId: ctx.userId,
    pairId: access.pair.id,
    subject,
    subjectId,
    sessionId: actor.sessionId ?? actor.tokenId ?? null,
    address: actor.address,
  });
};

/** Sends an event to the pair's own sockets only: nobody else's browser learns of it. */
export const publishToPair = <K extends 'peopleTools.oneOnOneChanged' | 'peopleTools.conversationChanged'>(
  ctx: TenantContext,
  pair: Pick<PairRow, 'managerId' | 'reportId'>,
  type: K,
  data: RealtimeEventMap[K],
) => {
  for (const receiverId of [pair.managerId, pair.reportId])
    ctx.publish<K>({ tenantId: ctx.tenantId, receiverId, type, data });
};

/** Who reads, as the audit records it, and the handle the audit row is written with. */
export interface Reader {
  actor: Actor;
  auditDb: Db;
}

/** The request's reader (an API token has no session: its id is recorded instead). */
export const readerOf = (request: FastifyRequest): Reader => ({
  actor: {
    sessionId: request.auth?.apiToken ? null : (request.auth?.sessionId ?? null),
    tokenId: request.auth?.apiToken?.id ?? null,
    address: request.ip ?? null,
  },
  auditDb: request.server.database.db,
});
