import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { DELIVERY_RETENTION_DAYS } from '../webhooks.schemas.ts';

/** Rows removed per statement, so a large backlog never makes one long transaction. */
const CHUNK = 5_000;

/**
 * The daily retention of the delivery log: deliveries that ended (sent or given up) more than
 * DELIVERY_RETENTION_DAYS ago go; pending ones stay until they end. Returns how many went.
 */
export const removeOldDeliveries = async (db: Db, now: Date = new Date()): Promise<number> => {
  const before = new Date(now.getTime() - DELIVERY_RETENTION_DAYS * 24 * 3600 * 1000).toISOString();
  let removed = 0;
  for (;;) {
    const result = (await db.execute(sql`
      delete from webhook_deliveries where id in (
        select id from webhook_deliveries
        where status <> 'pending' and created_at < ${before}::timestamptz
        limit ${CHUNK})
      returning 1`)) as unknown as { rows: unknown[] };
    removed += result.rows.length;
    if (result.rows.length < CHUNK) return removed;
  }
};
