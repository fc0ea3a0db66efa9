import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementCountingApp, workerDatabase } from '../../test/app.ts';
import { signUp } from '../../test/factories.ts';
import type { Db } from './client.ts';
import { runPrepared } from './prepared.ts';
import { tenants } from './schema/index.ts';

const tenantNamed = (db: Db) =>
  db
    .select({ name: tenants.name })
    .from(tenants)
    .where(eq(tenants.id, sql.placeholder('id')));

describe('runPrepared', () => {
  it('prepares once on the pool and runs inside a transaction on the transaction', async () => {
    const { db } = await workerDatabase();
    const [tenant] = await db.insert(tenants).values({ name: 'Prepared' }).returning({ id: tenants.id });
    const id = tenant!.id;
    expect(await runPrepared(db, 'test_tenant_named', tenantNamed, { id })).toEqual([{ name: 'Prepared' }]);
    // The prepared statement is reused with other values.
    expect(await runPrepared(db, 'test_tenant_named', tenantNamed, { id: crypto.randomUUID() })).toEqual([]);

    const rollback = new Error('rollback');
    await expect(
      db.transaction(async (tx) => {
        await tx.update(tenants).set({ name: 'Renamed in the transaction' }).where(eq(tenants.id, id));
        // Run on the pool, this would still read the committed name.
        expect(await runPrepared(tx as unknown as Db, 'test_tenant_named', tenantNamed, { id })).toEqual([
          { name: 'Renamed in the transaction' },
        ]);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await runPrepared(db, 'test_tenant_named', tenantNamed, { id })).toEqual([{ name: 'Prepared' }]);
  });
});

describe('GET /self', () => {
  it('reads the caller and their workspaces in one statement after the session lookup, then from the cache', async () => {
    const { app, statementsOf, close } = await statementCountingApp();
    try {
      const owner = await signUp(app);
      // A clear (any write to sessions, memberships, users or workspaces) makes the next call read.
      app.sessionCache.clear();
      const first = await statementsOf(() => owner.api.get<{ tenantCount: number }>('/self'));
      expect(first.result.body.result.tenantCount).toBe(1);
      // The session lookup and the read.
      expect(first.count).toBe(2);
      // Remembered with the session (decision 066): no statement at all.
      const again = await statementsOf(() => owner.api.get<{ tenantCount: number }>('/self'));
      expect(again.result.body.result.tenantCount).toBe(1);
      expect(again.count).toBe(0);
    } finally {
      await close();
    }
  });
});
