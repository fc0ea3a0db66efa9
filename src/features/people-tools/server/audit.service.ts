import { count, desc, eq } from 'drizzle-orm';
import { peopleToolsAudit, users } from '../../../db/schema/index.ts';
import { pageTotal, windowTotal } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertWorkspaceAdmin } from '../../../server/guards.ts';
import { personSummary } from '../../../server/people.ts';
import type { AuditPage } from '../people-tools.schemas.ts';

/** The workspace's record of reads of 1:1s and conversations by people outside the pair (admins only). */
export const listAudit = async (ctx: TenantContext, page: { offset: number; limit: number }): Promise<AuditPage> => {
  assertWorkspaceAdmin(ctx);
  const rows = await ctx.db
    .select({
      id: peopleToolsAudit.id,
      at: peopleToolsAudit.at,
      pairId: peopleToolsAudit.pairId,
      subject: peopleToolsAudit.subject,
      subjectId: peopleToolsAudit.subjectId,
      reader: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        image: users.image,
        deletedAt: users.deletedAt,
      },
      total: windowTotal(),
    })
    .from(peopleToolsAudit)
    .leftJoin(users, eq(users.id, peopleToolsAudit.userId))
    .where(eq(peopleToolsAudit.tenantId, ctx.tenantId))
    .orderBy(desc(peopleToolsAudit.at), desc(peopleToolsAudit.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    items: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      pairId: row.pairId,
      subject: row.subject as 'oneOnOne' | 'conversation',
      subjectId: row.subjectId,
      reader: row.reader ? personSummary(row.reader) : null,
    })),
    total: await pageTotal(rows, page.offset, async () =>
      Number(
        (
          await ctx.db.select({ n: count() }).from(peopleToolsAudit).where(eq(peopleToolsAudit.tenantId, ctx.tenantId))
        )[0]?.n ?? 0,
      ),
    ),
  };
};
