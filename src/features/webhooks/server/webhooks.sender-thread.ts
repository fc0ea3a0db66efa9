import { readlinkSync } from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { openPostgres } from '../../../db/client.ts';
import type { JobDeps } from '../../../server/jobs/jobTransaction.ts';
import { runDeliveryLoop, wakeDeliveries } from '../../../server/jobs/scheduler.ts';
import { loadOf } from '../../../server/load-gauge.ts';
import { createMailer } from '../../../server/mail/mailer.ts';
import { deliverDueWebhooks } from './webhooks.delivery.ts';
import { BUSY_LOAD, paceWhileBusy, WHILE_BUSY } from './webhooks.pacing.ts';
import {
  SENDER_APPLICATION_NAME,
  type SenderCommand,
  type SenderThreadInput,
  type SenderThreadMessage,
} from './webhooks.sender.ts';

// The sending thread's side (webhooks.sender.ts starts it): its own pool, the delivery loop, and
// the server's wake and stop messages.

/** The thread's niceness (0 is the server's, 19 the lowest). */
const SENDER_NICENESS = 10;

const data = workerData as SenderThreadInput;

// Under load the API's thread comes first: this thread runs at a lower priority where the system
// lets a thread have its own (Linux: /proc/thread-self names this thread's id).
try {
  os.setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), SENDER_NICENESS);
} catch {
  // Another system, or not allowed: the same priority as the server.
}
const port = parentPort!;
const tell = (message: SenderThreadMessage) => port.postMessage(message);
const logLine = (level: 'info' | 'error') => (fields: { err?: unknown } | string, message?: string) => {
  const err = typeof fields === 'object' ? fields.err : undefined;
  tell({
    log: {
      level,
      message: message ?? (typeof fields === 'string' ? fields : ''),
      ...(err === undefined ? {} : { error: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
    },
  });
};
const log = { info: logLine('info'), error: logLine('error'), warn: logLine('error') };

// Two connections: a batch's claim and its outcomes, and a pause's transaction beside them; named,
// so the sender's share of PostgreSQL's work can be told apart (pg_stat_activity).
const named = new URL(data.databaseUrl);
named.searchParams.set('application_name', SENDER_APPLICATION_NAME);
const database = await openPostgres(named.href, 2);
const deps: JobDeps = {
  db: database.db,
  mailer: createMailer(data.smtpUrl, log, data.outboxFile),
  publicUrl: data.publicUrl,
  // Buffers arrive as plain bytes.
  vaultKeyring: {
    current: Buffer.from(data.keyring.current),
    previous: data.keyring.previous.map((key) => Buffer.from(key)),
  },
  publish: (event) => tell({ publish: event }),
};
const { apiLoad } = data;
const deliver = (busy: boolean) =>
  deliverDueWebhooks(deps, {
    allowPrivate: data.allowPrivate,
    ...(busy ? { batch: WHILE_BUSY.batch, concurrency: WHILE_BUSY.concurrency } : {}),
  });
const stop = runDeliveryLoop(
  paceWhileBusy(deliver, () => loadOf(apiLoad) >= BUSY_LOAD),
  log,
  data.pollMs,
);
port.on('message', async (message: SenderCommand) => {
  if (message === 'wake') wakeDeliveries();
  else {
    await stop();
    await database.close();
    port.close();
  }
});
