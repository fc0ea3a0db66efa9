import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { createMeeting, signUp } from '../../../../test/factories.ts';
import { webhookReceiver } from '../../../../test/webhook-receiver.ts';
import { openPostgres } from '../../../db/client.ts';
import { jobDepsOf } from '../../../server/jobs/jobTransaction.ts';
import type { WebhookDeliveryPage, WebhookPayload, WebhookWithSecret } from '../webhooks.schemas.ts';
import { deliverDueWebhooks } from './webhooks.delivery.ts';
import { startDeliveryThread } from './webhooks.sender.ts';

// On PostgreSQL (`npm run test:pg`) only. Exactly once across instances: two servers, each with its
// own connections, run the delivery job at the same moment; each delivery reaches the receiver
// once; a sender that dies mid-batch leaves its claim to the others. And the server's sending
// thread, as `npm start` runs it there.

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

  it('sends again, once, what a sender that died mid-batch had claimed', async () => {
    // Slow answers, so the dying sender is still in its batch when its connection goes.
    const receiver = await webhookReceiver([200], 200);
    const dying = new URL(process.env.DATABASE_URL!);
    dying.searchParams.set('application_name', 'cadence-test-dying-sender');
    const doomed = await openPostgres(dying.href, 2);
    try {
      while ((await deliverDueWebhooks(jobDepsOf(app), { allowPrivate: true })) > 0);
      const admin = await signUp(app);
      const meeting = await createMeeting(admin);
      const hook = (
        await admin.api.post<WebhookWithSecret>('/webhooks', { url: receiver.url, kinds: ['task.created'] })
      ).body.result;
      for (let i = 0; i < 6; i++)
        await admin.api.post('/tasks', {
          title: `Card ${i}`,
          type: '4',
          userId: admin.userId,
          meetingIds: [meeting.id],
        });
      const survivor = jobDepsOf(app);
      const batch = deliverDueWebhooks(
        { ...survivor, db: doomed.db },
        { allowPrivate: true, batch: 10, concurrency: 1 },
      );
      const outcome = batch.then(
        () => 'finished',
        () => 'died',
      );
      for (let waited = 0; receiver.received.length < 1 && waited < 10_000; waited += 20)
        await new Promise((resolve) => setTimeout(resolve, 20));
      // Its process is gone: PostgreSQL ends its connections, and with them its claim.
      await app.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'cadence-test-dying-sender'`,
      );
      expect(await outcome).toBe('died');
      const sentBefore = receiver.received.length;
      expect(sentBefore).toBeGreaterThan(0);
      // Another instance takes them all, each once.
      while ((await deliverDueWebhooks(survivor, { allowPrivate: true })) > 0);
      const again = receiver.received.slice(sentBefore).map((r) => r.headers['cadence-delivery-id']);
      expect(again).toHaveLength(6);
      expect(new Set(again).size).toBe(6);
      const log = await admin.api.get<WebhookDeliveryPage>(`/webhooks/${hook.id}/deliveries`);
      expect(log.body.result.items.map((entry) => entry.status)).toEqual(Array(6).fill('succeeded'));
    } finally {
      await doomed.close().catch(() => {});
      await receiver.close();
    }
  });

  it('sends from a thread of its own, woken by the commit that queued the delivery', async () => {
    const receiver = await webhookReceiver();
    const errors: unknown[] = [];
    // What other files left due is sent (or fails) first: the thread finds only this test's.
    while ((await deliverDueWebhooks(jobDepsOf(app), { allowPrivate: true })) > 0);
    const stop = startDeliveryThread(
      {
        databaseUrl: process.env.DATABASE_URL!,
        keyring: app.vaultKeyring,
        allowPrivate: true,
        publicUrl: app.config.publicUrl,
        smtpUrl: undefined,
        outboxFile: undefined,
        // Never polled within the test: a delivery arrives because its commit woke the thread.
        pollMs: 600_000,
      },
      () => {},
      { info() {}, error: (fields: unknown) => errors.push(fields) },
    );
    const arrived = async (count: number) => {
      for (let waited = 0; receiver.received.length < count && waited < 20_000; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
      return receiver.received.length;
    };
    try {
      const admin = await signUp(app);
      const meeting = await createMeeting(admin);
      const hook = (
        await admin.api.post<WebhookWithSecret>('/webhooks', { url: receiver.url, kinds: ['task.created'] })
      ).body.result;
      // The thread is up and has gone back to waiting once its test delivery is in.
      expect((await admin.api.post(`/webhooks/${hook.id}/test`)).status).toBe(201);
      expect(await arrived(1)).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 500));
      await admin.api.post('/tasks', {
        title: 'Sent by the thread',
        type: '4',
        userId: admin.userId,
        meetingIds: [meeting.id],
      });
      expect(await arrived(2)).toBe(2);
      const delivery = JSON.parse(receiver.received[1]!.body) as WebhookPayload & { data: { title: string } };
      expect(delivery.kind).toBe('task.created');
      expect(delivery.data.title).toBe('Sent by the thread');
      // Its outcome is recorded (once the receiver has answered): the delivery log shows it delivered.
      const statusInLog = async () =>
        (await admin.api.get<WebhookDeliveryPage>(`/webhooks/${hook.id}/deliveries`)).body.result.items.find(
          (entry) => entry.kind === 'task.created',
        )?.status;
      for (let waited = 0; (await statusInLog()) !== 'succeeded' && waited < 10_000; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await statusInLog()).toBe('succeeded');
    } finally {
      await stop();
      await receiver.close();
    }
    expect(errors).toEqual([]);
  });
});
