import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { signUp } from '../../../../test/factories.ts';
import type { WebhookDeliveryPage, WebhookWithSecret } from '../webhooks.schemas.ts';
import { removeOldDeliveries } from './webhooks.retention.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({ webhooksAllowPrivate: true });
});
afterAll(() => app.close());

describe('the delivery log', () => {
  it('keeps 30 days of ended deliveries and every pending one', async () => {
    const admin = await signUp(app);
    const made = await admin.api.post<WebhookWithSecret>('/webhooks', {
      url: 'https://hooks.example.com/in',
      kinds: ['task.created'],
    });
    expect(made.status).toBe(201);
    const hook = made.body.result;
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600 * 1000).toISOString();
    // Not due for a day: no delivery job of another test file sends them meanwhile.
    const rows = [
      { kind: 'old-sent', status: 'succeeded', at: daysAgo(31) },
      { kind: 'old-failed', status: 'failed', at: daysAgo(45) },
      { kind: 'old-pending', status: 'pending', at: daysAgo(31) },
      { kind: 'recent-sent', status: 'succeeded', at: daysAgo(29) },
    ];
    for (const row of rows)
      await app.database.db.execute(sql`
        insert into webhook_deliveries (tenant_id, webhook_id, event_id, kind, body, status, created_at, next_attempt_at)
        values (${admin.tenantId}, ${hook.id}, gen_random_uuid(), ${row.kind}, '{}', ${row.status}, ${row.at}::timestamptz,
          now() + interval '1 day')`);

    expect(await removeOldDeliveries(app.database.db, now)).toBeGreaterThanOrEqual(2);
    const log = await admin.api.get<WebhookDeliveryPage>(`/webhooks/${hook.id}/deliveries?limit=100`);
    expect(log.status).toBe(200);
    expect(log.body.result.items.map((item) => item.kind).sort()).toEqual(['old-pending', 'recent-sent']);
    // A second run finds nothing more of this workspace's.
    await removeOldDeliveries(app.database.db, now);
    const again = await admin.api.get<WebhookDeliveryPage>(`/webhooks/${hook.id}/deliveries?limit=100`);
    expect(again.body.result.items).toHaveLength(2);
  });
});
