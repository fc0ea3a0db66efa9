import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { apiTokens, meetings, users, vaultAudit } from '../../../db/schema/index.ts';
import { pageTotal, windowTotal } from '../../../db/sql.ts';
import type { Actor, TenantContext } from '../../../server/context.ts';
import { assertWorkspaceAdmin } from '../../../server/guards.ts';
import type { VaultAuditAction } from '../../../shared/constants.ts';
import type {} from '../vault.events.ts';
import type { VaultAuditPage } from '../vault.schemas.ts';
import { assertVaultManager, vaultAccessOf } from './vault.policy.ts';

// The vault's audit log: who revealed, copied, created, changed or deleted which entry, when,
// from which session and address. Rows are only inserted; no route changes or deletes them, and
// the database refuses it too (decision 063). A row keeps its meeting's title, so it stays
// readable once the meeting is deleted: the workspace's activity (admins) still lists it.

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
      meetingTitle: sql`(select ${meetings.title} from ${meetings} where ${meetings.tenantId} = ${ctx.tenantId} and ${meetings.id} = ${event.meetingId})`,
      userId: ctx.userId,
      sessionId: actor.sessionId,
      tokenId: actor.tokenId ?? null,
      address: actor.address,
    })),
  );
};

/**
 * Audits, as deleted by the caller, every entry of a meeting that is being deleted (they go with
 * it by cascade): one statement, before the meeting's row goes, in the deletion's transaction.
 */
export const recordMeetingVaultDeleted = async (ctx: TenantContext, actor: Actor, meetingId: string) => {
  await ctx.db.execute(sql`insert into ${vaultAudit}
    (tenant_id, meeting_id, meeting_title, entry_id, account, action, user_id, session_id, token_id, address)
    select e.tenant_id, e.meeting_id, m.title, e.id, e.account, 'delete', ${ctx.userId}, ${actor.sessionId}, ${actor.tokenId ?? null}, ${actor.address}
    from vault_entries e join meetings m on m.tenant_id = e.tenant_id and m.id = e.meeting_id
    where e.tenant_id = ${ctx.tenantId} and e.meeting_id = ${meetingId}`);
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
      meetingTitle: sql<string>`coalesce(${meetings.title}, ${vaultAudit.meetingTitle})`,
      meetingDeleted: sql<boolean>`${meetings.id} is null`,
      entryId: vaultAudit.entryId,
      account: vaultAudit.account,
      userId: vaultAudit.userId,
      userName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
      sessionId: vaultAudit.sessionId,
      viaToken: apiTokens.name,
      address: vaultAudit.address,
      total: windowTotal(),
    })
    .from(vaultAudit)
    .leftJoin(users, eq(users.id, vaultAudit.userId))
    .leftJoin(apiTokens, and(eq(apiTokens.tenantId, vaultAudit.tenantId), eq(apiTokens.id, vaultAudit.tokenId)))
    .leftJoin(meetings, and(eq(meetings.tenantId, vaultAudit.tenantId), eq(meetings.id, vaultAudit.meetingId)))
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
  query: { userId?: string | undefined; action?: VaultAuditAction[] | undefined; offset: number; limit: number },
) => {
  assertWorkspaceAdmin(ctx);
  return auditPage(
    ctx,
    and(
      eq(vaultAudit.tenantId, ctx.tenantId),
      query.userId ? eq(vaultAudit.userId, query.userId) : undefined,
      query.action ? inArray(vaultAudit.action, query.action) : undefined,
    ),
    query,
  );
};
