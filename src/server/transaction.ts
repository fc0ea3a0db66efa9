import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { CLIENT_ID_HEADER } from '../shared/constants.ts';
import { forbidden, unauthorized } from '../shared/errors.ts';
import { messages } from '../shared/messages.ts';
import type { PendingEvent, TenantContext, TxContext, UserContext } from './context.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Realtime } from './realtime/io.ts';
import { withoutMeetingAccess } from './realtime/rooms.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Runs a service call in one transaction; its events are published after the commit. */
    inTransaction<T>(work: (ctx: TxContext) => Promise<T>): Promise<T>;
    /** The same, for a signed-in user (401 otherwise). */
    inUser<T>(work: (ctx: UserContext) => Promise<T>): Promise<T>;
    /** The same, for a signed-in member of a workspace (401/403 otherwise). */
    inTenant<T>(work: (ctx: TenantContext) => Promise<T>): Promise<T>;
  }
}

const clientIdOf = (request: FastifyRequest) => {
  const value = request.headers[CLIENT_ID_HEADER];
  return typeof value === 'string' && value.length <= 100 ? value : null;
};

/**
 * One transaction per request: a failing request writes nothing, and the events it raised
 * are dropped with it. Events go out only once the data they describe is committed.
 */
export const registerTransactions = (
  app: FastifyInstance,
  deps: { database: Database; realtime: Realtime; mailer: Mailer },
) => {
  const run = async <T, C extends TxContext>(
    request: FastifyRequest,
    makeContext: (base: TxContext) => C,
    work: (ctx: C) => Promise<T>,
  ): Promise<T> => {
    // Side effects wait for the commit: a rolled-back request must not have told anyone.
    // Sockets leave rooms first, so that none of the events that follow reaches them.
    const roomChanges: (() => void)[] = [];
    const afterCommit: (() => unknown)[] = [];
    const userId = request.auth?.userId ?? null;
    const origin = { changedBy: userId, originClientId: clientIdOf(request) };
    const result = await deps.database.db.transaction((tx) =>
      work(
        makeContext({
          db: tx,
          userId,
          publish: (event) => afterCommit.push(() => deps.realtime.publish(event as PendingEvent, origin)),
          sendMail: async (mail) => {
            const deliver = await deps.mailer.enqueue(tx, mail);
            // Delivery must not hold up the answer; the mailer logs its own failures.
            afterCommit.push(() => void deliver());
          },
          disconnect: (target) => roomChanges.push(() => deps.realtime.disconnect(target)),
          leaveMeetingRoom: async ({ tenantId, meetingId, userIds }) => {
            const leaving = userIds ? await withoutMeetingAccess(tx, tenantId, meetingId, userIds) : undefined;
            roomChanges.push(() => deps.realtime.leaveMeetingRoom({ tenantId, meetingId, userIds: leaving }));
          },
          leaveWorkspace: (target) => roomChanges.push(() => deps.realtime.leaveWorkspace(target)),
        }),
      ),
    );
    for (const task of roomChanges) task();
    for (const task of afterCommit) task();
    return result;
  };

  app.decorateRequest('inTransaction', function inTransaction<
    T,
  >(this: FastifyRequest, work: (ctx: TxContext) => Promise<T>) {
    return run(this, (base) => base, work);
  });

  app.decorateRequest('inUser', function inUser<T>(this: FastifyRequest, work: (ctx: UserContext) => Promise<T>) {
    const auth = this.auth;
    if (!auth) throw unauthorized();
    return run(this, (base) => ({ ...base, userId: auth.userId, sessionId: auth.sessionId }), work);
  });

  app.decorateRequest('inTenant', function inTenant<T>(this: FastifyRequest, work: (ctx: TenantContext) => Promise<T>) {
    const auth = this.auth;
    if (!auth) throw unauthorized();
    const tenantId = auth.tenantId;
    if (!tenantId) throw forbidden(messages.noWorkspace);
    return run(this, (base) => ({ ...base, userId: auth.userId, tenantId, isAdmin: auth.isAdmin }), work);
  });
};
