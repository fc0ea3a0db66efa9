import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { PendingEvent, TxContext } from '../context.ts';
import { sinkEvents } from '../event-sinks.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { VaultKeyring } from '../secrets.ts';

/** What a background job needs to write, mail and tell the sockets, as a request does. */
export interface JobDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** Sends an event to its room (the real-time hub's publish, with no author). */
  publish: (event: PendingEvent) => void;
  /** Opens what is sealed under the workspaces' vault keys (webhook signing secrets). */
  vaultKeyring: VaultKeyring;
}

/** A job's side of a service call: no author, and nothing that needs a socket or a session. */
export type JobContext = Pick<TxContext, 'db' | 'userId' | 'publish' | 'sendMail' | 'publicUrl'>;

/**
 * Runs a job's work in one transaction. Like a request's (server/transaction.ts), its mails are
 * written to the outbox inside it and delivered, and its events published, only once it commits.
 */
export const inJobTransaction = async <T>(deps: JobDeps, work: (ctx: JobContext) => Promise<T>): Promise<T> => {
  const afterCommit: (() => unknown)[] = [];
  const events: PendingEvent[] = [];
  const result = await deps.db.transaction(async (tx) => {
    const answer = await work({
      db: tx,
      userId: null,
      publicUrl: deps.publicUrl,
      publish: (event) => {
        events.push(event as PendingEvent);
        afterCommit.push(() => deps.publish(event as PendingEvent));
      },
      sendMail: async (mail) => {
        const deliver = await deps.mailer.enqueue(tx, mail);
        afterCommit.push(() => void deliver());
      },
    });
    // Written down with the change (webhooks' outbox): rolled back with it too.
    afterCommit.push(...(await sinkEvents(tx, events, { userId: null })));
    return answer;
  });
  for (const task of afterCommit) task();
  return result;
};

/** A running server's side of the jobs: its database, mailer, public address and sockets. */
export const jobDepsOf = (app: FastifyInstance): JobDeps => ({
  db: app.database.db,
  mailer: app.mailer,
  publicUrl: app.config.publicUrl,
  vaultKeyring: app.vaultKeyring,
  publish: (event) => app.realtime.publish(event, { changedBy: null, originClientId: null }),
});
