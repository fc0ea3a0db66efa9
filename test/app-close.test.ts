import { describe, expect, it } from 'vitest';
import { testApp, workerDatabase } from './app.ts';

// On PostgreSQL each server takes one connection of the pool to LISTEN for its other instances.
// A server closed at once (a test, a failed start) must give it back, or a few of them starve the pool.
describe.skipIf(!process.env.DATABASE_URL)('closing a server', () => {
  it('holds no connection of the pool afterwards, however soon it closes', async () => {
    const { pool } = await workerDatabase();
    for (let i = 0; i < 6; i++) {
      const app = await testApp();
      await app.close();
    }
    // Give a LISTEN connection that was still being set up the time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pool!.totalCount - pool!.idleCount).toBe(0);
    expect((await pool!.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });
});
