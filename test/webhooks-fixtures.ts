import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { deliverDueWebhooks } from '../src/features/webhooks/server/webhooks.delivery.ts';
import { type JobDeps, jobDepsOf } from '../src/server/jobs/jobTransaction.ts';
import { testApp } from './app.ts';
import { webhookReceiver } from './webhook-receiver.ts';

/**
 * What the webhooks test files share, made before the calling file's tests and closed after: a
 * server that may send to loopback, its job's dependencies, and a stand-in receiver.
 */
export const webhooksTestbed = () => {
  const bed = {
    app: undefined as unknown as FastifyInstance,
    deps: undefined as unknown as JobDeps,
    receiver: undefined as unknown as Awaited<ReturnType<typeof webhookReceiver>>,
    /** Runs the delivery job until nothing is due (as the job runner does). */
    deliverAll: async (options: Parameters<typeof deliverDueWebhooks>[1] = { allowPrivate: true }) => {
      while ((await deliverDueWebhooks(bed.deps, options)) > 0);
    },
  };
  beforeAll(async () => {
    bed.app = await testApp({ webhooksAllowPrivate: true });
    bed.deps = jobDepsOf(bed.app);
    bed.receiver = await webhookReceiver();
  });
  afterAll(async () => {
    await bed.receiver.close();
    await bed.app.close();
  });
  return bed;
};
