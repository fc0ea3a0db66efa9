import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { createMeeting, signUp } from '../../../../test/factories.ts';
import { webhookReceiver } from '../../../../test/webhook-receiver.ts';
import { openPostgres } from '../../../db/client.ts';
import { jobDepsOf } from '../../../server/jobs/jobTransaction.ts';
import type { WebhookWithSecret } from '../webhooks.schemas.ts';
import { deliverDueWebhooks } from './webhooks.delivery.ts';

// Exactly once across instances: on PostgreSQL (`npm run test:pg`) two servers, each with its own
// connections, run the delivery job at the same moment; each delivery reaches the receiver once.

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({ webhooksAllowPrivate: true });
});
afterAll(() => app.close());

describe.skipIf(!process.env.DATABASE_URL)('webhook delivery on two instances', () => {
  it('sends each delivery exactly once when two servers run the job at the same time', async () => {
    // A receiver that takes a moment, so both servers' batches are in flight together.
    const receiver = await webhookReceiver([200], 20);
    const other = await openPostgres(process.env.DATABASE_URL!, 4);
    try {
      // What other files left due is sent (or fails) first: the two servers below share only these.
      while ((await deliverDueWebhooks(jobDepsOf(app), { allowPrivate: true })) > 0);
      const admin = await signUp(app);
      const meeting = await createMeeting(admin);
      const hooks = await Promise.all(
        [1, 2].map(
          async () =>
            (await admin.api.post<WebhookWithSecret>('/webhooks', { url: receiver.url, kinds: ['task.created'] })).body
              .result,
        ),
      );
      for (let i = 0; i < 40; i++)
        await admin.api.post('/tasks', {
          title: `Card ${i}`,
          type: '4',
          userId: admin.userId,
          meetingIds: [meeting.id],
        });
      const first = jobDepsOf(app);
      const second = { ...first, db: other.db };
      const drain = async (deps: typeof first) => {
        let claimed = 0;
        for (let round = 0; round < 100; round++) {
          const n = await deliverDueWebhooks(deps, { allowPrivate: true, batch: 5 });
          if (n === 0) break;
          claimed += n;
        }
        return claimed;
      };
      const [a, b] = await Promise.all([drain(first), drain(second)]);
      const ours = receiver.received.filter((r) => r.body.includes(admin.tenantId));
      expect(hooks).toHaveLength(2);
      expect(ours).toHaveLength(80);
      expect(new Set(ours.map((r) => r.headers['cadence-delivery-id'])).size).toBe(80);
      // Both took part (each claimed some), and together no more than there were.
      expect(a).toBeGreaterThan(0);
      expect(b).toBeGreaterThan(0);
      expect(a + b).toBe(80);
    } finally {
      await other.close();
      await receiver.close();
    }
  });
});
