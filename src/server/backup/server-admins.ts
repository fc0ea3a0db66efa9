import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { memberships, tenants, users } from '../../db/schema/index.ts';

// Cadence has no server-wide role: the server's backups belong to its operator (the machine's
// user, DATA_DIR/backup.token) and to whoever administers EVERY workspace on it (decision 091). On
// a one-workspace server those are that workspace's admins; on a shared server, nobody in the app.

/** The people who are enabled admins of every workspace on the server (none when there is none). */
export const serverAdminIds = async (db: Db, userId?: string): Promise<string[]> => {
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.isAdmin, '1'),
        eq(memberships.disabled, false),
        sql`${users.deletedAt} is null`,
        userId ? eq(memberships.userId, userId) : undefined,
      ),
    )
    .groupBy(memberships.userId)
    .having(sql`count(*) = (select count(*) from ${tenants})`);
  return rows.map((row) => row.userId);
};

/** The oldest workspace: where the server's notices to its admins are written. */
export const firstWorkspaceId = async (db: Db): Promise<string | undefined> =>
  (await db.select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.createdAt), asc(tenants.id)).limit(1))[0]?.id;
