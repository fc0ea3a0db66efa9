import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../server/config.ts';
import type { PendingEvent } from '../../../server/context.ts';
import { onDeliveriesQueued } from '../../../server/jobs/scheduler.ts';
import { startLoadGauge } from '../../../server/load-gauge.ts';
import type { VaultKeyring } from '../../../server/secrets.ts';

// On PostgreSQL the server sends webhook deliveries from a thread of its own (decision 100): the
// sending (signing, HTTP, recording outcomes) never holds up the event loop that answers the API.
// The thread has its own small connection pool; claims are exclusive across instances, so a
// thread is one more sender like another instance. The embedded database has one connection in
// this process, so there the job runner's loop sends instead. While the API is busy the thread
// sends a trickle and leaves the cores to the API (webhooks.pacing.ts).

/** How the sender's connections name themselves to PostgreSQL (pg_stat_activity.application_name). */
export const SENDER_APPLICATION_NAME = 'cadence-webhooks-sender';

/** What the thread is handed (structured-cloned: no functions). */
export interface SenderThreadData {
  databaseUrl: string;
  keyring: VaultKeyring;
  allowPrivate: boolean;
  publicUrl: string;
  smtpUrl: string | undefined;
  outboxFile: string | undefined;
  pollMs?: number;
}

/** What the thread gets: the data, and the API's load (server/load-gauge.ts) that it yields to. */
export type SenderThreadInput = SenderThreadData & { apiLoad: SharedArrayBuffer };

/** What the thread tells the server: an event to publish (a pause) or a line to log. */
export type SenderThreadMessage =
  | { publish: PendingEvent }
  | { log: { level: 'info' | 'error'; message: string; error?: string } };

/** What the server tells the thread: deliveries were queued, or stop. */
export type SenderCommand = 'wake' | 'stop';

/** The thread's data from the server's configuration (DATABASE_URL set) and its vault keys. */
export const senderThreadDataOf = (
  config: Pick<Config, 'databaseUrl' | 'webhooksAllowPrivate' | 'publicUrl' | 'smtpUrl' | 'outboxFile'>,
  keyring: VaultKeyring,
): SenderThreadData => ({
  databaseUrl: config.databaseUrl!,
  keyring,
  allowPrivate: config.webhooksAllowPrivate,
  publicUrl: config.publicUrl,
  smtpUrl: config.smtpUrl,
  outboxFile: config.outboxFile,
});

const entry = new URL('./webhooks.sender-thread.ts', import.meta.url).href;
// The thread loads TypeScript as the server does (tsx), whoever started the server.
const bootstrap = `import { register } from 'tsx/esm/api'; register(); await import(${JSON.stringify(entry)});`;

const RESTART_MS = 5000;
const STOP_MS = 15_000;

/**
 * Starts the sending thread; returns a function that stops it once its batch is done. A thread
 * that dies is started again after a few seconds.
 */
export const startDeliveryThread = (
  data: SenderThreadData,
  publish: (event: PendingEvent) => void,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
): (() => Promise<void>) => {
  let stopping = false;
  let worker: Worker;
  let restart: NodeJS.Timeout | undefined;
  const gauge = startLoadGauge();
  const start = () => {
    worker = new Worker(bootstrap, {
      eval: true,
      workerData: { ...data, apiLoad: gauge.buffer } satisfies SenderThreadInput,
      execArgv: [],
    });
    worker.on('message', (message: SenderThreadMessage) => {
      if ('publish' in message) publish(message.publish);
      else if ('log' in message) {
        const { level, message: text, error } = message.log;
        log[level](error ? { err: error } : {}, text);
      }
    });
    worker.on('error', (err) => log.error({ err }, 'webhook delivery thread failed'));
    worker.on('exit', () => {
      if (stopping) return;
      restart = setTimeout(start, RESTART_MS);
      restart.unref();
    });
  };
  start();
  const command = (message: SenderCommand) => worker.postMessage(message);
  // Each commit that queued deliveries wakes the thread at once (else it polls).
  const stopWaking = onDeliveriesQueued(() => command('wake'));
  return async () => {
    stopping = true;
    stopWaking();
    gauge.stop();
    clearTimeout(restart);
    const exited = once(worker, 'exit');
    command('stop');
    const timer = setTimeout(() => void worker.terminate(), STOP_MS);
    await exited.catch(() => {});
    clearTimeout(timer);
  };
};
