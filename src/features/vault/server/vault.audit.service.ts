import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { users, vaultAudit } from '../../../db/schema/index.ts';
import { pageTotal, windowTotal } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import type { VaultAuditAction } from '../../../shared/constants.ts';
import { assertWorkspaceAdmin } from '../../workspaces/server/workspaces.policy.ts';
import type {} from '../vault.events.ts';
import type { VaultAuditPage } from '../vault.schemas.ts';
import { assertVaultManager, vaultAccessOf } from './vault.policy.ts';

// The vault's audit log: who revealed, copied, created, changed or deleted which entry, when,
// from which session and address. Rows are only inserted; no route changes or deletes them.

/** Where a request came from, as the audit records it. */
export interface Actor {
  sessionId: string | null;
  address: string | null;
}

export interface AuditEvent {
  meetingId: string;
  entryId: string;
  account: string;
  action: VaultAuditAction;
}

/** Writes the rows in one statement, in the caller's transaction (a failed request leaves none). */
export const recordAudit = async (ctx: TenantContext, actor: Actor, events: AuditEvent[]) => {
  if (events.length === 0) return;
  await ctx.db.insert(vaultAudit).values(
    events.map((event) => ({
      tenantId: ctx.tenantId,
      ...event,
      userId: ctx.userId,
      sessionId: actor.sessionId,
      address: actor.address,
    })),
  );
};

/** Tells the meeting's room that its vault changed (after the commit); clients refetch what they may see. */
export const vaultChanged = (ctx: TenantContext, meetingId: string) =>
  ctx.publish({ tenantId: ctx.tenantId, meetingId, type: 'vault.changed', data: { meetingId } });

const auditPage = async (
  ctx: TenantContext,
  where: SQL | undefined,
  paging: { offset: number; limit: number },
): Promise<VaultAuditPage> => {
  const rows = await ctx.db
    .select({
      id: vaultAudit.id,
      at: vaultAudit.at,
      action: vaultAudit.action,
      meetingId: vaultAudit.meetingId,
      entryId: vaultAudit.entryId,
      account: vaultAudit.account,
      userId: vaultAudit.userId,
      userName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
      sessionId: vaultAudit.sessionId,
      address: vaultAudit.address,
      total: windowTotal(),
    })
    .from(vaultAudit)
    .leftJoin(users, eq(users.id, vaultAudit.userId))
    .where(where)
    .orderBy(desc(vaultAudit.at), desc(vaultAudit.id))
    .limit(paging.limit)
    .offset(paging.offset);
  const total = await pageTotal(
    rows,
    paging.offset,
    async () => (await ctx.db.select({ n: count() }).from(vaultAudit).where(where))[0]?.n ?? 0,
  );
  return {
    items: rows.map(({ total: _total, ...row }) => ({
      ...row,
      action: row.action as VaultAuditAction,
      at: row.at.toISOString(),
    })),
    total,
    offset: paging.offset,
  };
};

/** A meeting's vault activity, or one entry's history, or one person's: leaders and admins. */
export const meetingActivity = async (
  ctx: TenantContext,
  meetingId: string,
  query: { entryId?: string | undefined; userId?: string | undefined; offset: number; limit: number },
) => {
  assertVaultManager(await vaultAccessOf(ctx, meetingId));
  return auditPage(
    ctx,
    and(
      eq(vaultAudit.tenantId, ctx.tenantId),
      eq(vaultAudit.meetingId, meetingId),
      query.entryId ? eq(vaultAudit.entryId, query.entryId) : undefined,
      query.userId ? eq(vaultAudit.userId, query.userId) : undefined,
    ),
    query,
  );
};

/** The workspace's vault activity (admins): e.g. every entry a departed person revealed or copied. */
export const workspaceActivity = async (
  ctx: TenantContext,
  query: { userId?: string | undefined; action?: VaultAuditAction | undefined; offset: number; limit: number },
) => {
  assertWorkspaceAdmin(ctx);
  return auditPage(
    ctx,
    and(
      eq(vaultAudit.tenantId, ctx.tenantId),
      query.userId ? eq(vaultAudit.userId, query.userId) : undefined,
      query.action ? eq(vaultAudit.action, query.action) : undefined,
    ),
    query,
  );
};
