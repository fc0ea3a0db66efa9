import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, Db } from '../db/client.ts';
import { authSessions, memberships, tenants, twoFactorSecrets, users } from '../db/schema/index.ts';
import { CLIENT_ID_HEADER } from '../shared/constants.ts';
import { AppError, forbidden, unauthorized } from '../shared/errors.ts';
import { messages } from '../shared/messages.ts';
import { TWO_FACTOR_REQUIRED_CODE, twoFactorRequiredMessage } from '../shared/two-factor.ts';
import type { PendingEvent, TenantContext, TxContext, UserContext } from './context.ts';
import { sinkEvents } from './event-sinks.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Realtime } from './realtime/io.ts';

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

/** The browser tab a request names (`x-client-id`), when it names one that fits. */
export const clientIdOf = (request: FastifyRequest) => {
  const value = request.headers[CLIENT_ID_HEADER];
  return typeof value === 'string' && value.length <= 100 ? value : null;
};

/** Methods that only read: they run without a transaction (see `readOnly`). */
const READS = new Set(['GET', 'HEAD']);
const WRITES = new Set(['insert', 'update', 'delete', 'transaction']);

/**
 * A read needs no transaction: under READ COMMITTED each statement sees its own snapshot
 * either way, and BEGIN/COMMIT cost two round trips and a pinned connection per request.
 * The database handle a read gets refuses writes, so a GET that starts writing fails in
 * the tests instead of half-writing in production.
 */
const readOnlyHandles = new WeakMap<Db, Db>();
const readOnly = (db: Db): Db => {
  // One handle per database, not one per request: prepared statements are kept per handle.
  let handle = readOnlyHandles.get(db);
  if (!handle) {
    handle = refusingWrites(db);
    readOnlyHandles.set(db, handle);
  }
  return handle;
};
const refusingWrites = (db: Db): Db =>
  new Proxy(db, {
    get(target, property, receiver) {
      if (typeof property === 'string' && WRITES.has(property)) {
        throw new Error(`a read request may not call db.${property}(): make the route a POST, PATCH, PUT or DELETE`);
      }
      return Reflect.get(target, property, receiver);
    },
  });

/** Tables whose rows decide who a token is and what they may do (resolveToken reads them). */
const AUTH_TABLES: ReadonlySet<unknown> = new Set([authSessions, memberships, users, tenants, twoFactorSecrets]);

/**
 * The transaction as services see it, noting whether it writes one of AUTH_TABLES: then the
 * session cache is cleared once it commits. Every write goes through insert/update/delete.
 */
const watchingAuthWrites = (tx: Db, onAuthWrite: () => void): Db =>
  new Proxy(tx, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property !== 'insert' && property !== 'update' && property !== 'delete') return value;
      return (table: unknown) => {
        if (AUTH_TABLES.has(table)) onAuthWrite();
        return (value as (table: unknown) => unknown).call(target, table);
      };
    },
  });

const refuseInRead = (what: string) => () => {
  throw new Error(`a read request may not ${what}`);
};

/**
 * One transaction per writing request: a failing request writes nothing, and the events it
 * raised are dropped with it. Events go out only once the data they describe is committed.
 */
export const registerTransactions = (
  app: FastifyInstance,
  deps: {
    database: Database;
    realtime: Realtime;
    mailer: Mailer;
    publicUrl: string;
  },
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
    // The events as raised, for the sinks that write them down before the commit (webhooks).
    const events: PendingEvent[] = [];
    const userId = request.auth?.userId ?? null;
    const apiTokenId = request.auth?.apiToken?.id ?? null;
    if (READS.has(request.method)) {
      return work(
        makeContext({
          db: readOnly(deps.database.db),
          userId,
          apiTokenId,
          publish: refuseInRead('publish events'),
          sendMail: refuseInRead('send mail'),
          publicUrl: deps.publicUrl,
          disconnect: refuseInRead('disconnect sockets'),
          leaveMeetingRoom: refuseInRead('change rooms'),
          leaveWorkspace: refuseInRead('change rooms'),
        }),
      );
    }
    const origin = { changedBy: userId, originClientId: clientIdOf(request) };
    let authChanged = false;
    const result = await deps.database.db.transaction(async (tx) => {
      const answer = await work(
        makeContext({
          db: watchingAuthWrites(tx, () => {
            authChanged = true;
          }),
          userId,
          apiTokenId,
          publish: (event) => {
            events.push(event as PendingEvent);
            afterCommit.push(() => deps.realtime.publish(event as PendingEvent, origin));
          },
          sendMail: async (mail) => {
            const deliver = await deps.mailer.enqueue(tx, mail);
            // Delivery must not hold up the answer; the mailer logs its own failures.
            afterCommit.push(() => void deliver());
          },
          publicUrl: deps.publicUrl,
          disconnect: (target) => roomChanges.push(() => deps.realtime.disconnect(target)),
          leaveMeetingRoom: async ({ tenantId, meetingId, userIds }) => {
            const leaving = userIds
              ? await deps.realtime.withoutMeetingAccess(tx, tenantId, meetingId, userIds)
              : undefined;
            roomChanges.push(() => deps.realtime.leaveMeetingRoom({ tenantId, meetingId, userIds: leaving }));
          },
          leaveWorkspace: (target) => roomChanges.push(() => deps.realtime.leaveWorkspace(target)),
        }),
      );
      afterCommit.push(...(await sinkEvents(tx, events, { userId })));
      return answer;
    });
    // Before anything else: the next request must not be served a session this one revoked.
    if (authChanged) await deps.realtime.clearSessions();
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
    // The workspace requires two-factor sign-in and this person has none (decision 102).
    if (auth.twoFactorRequiredIn)
      throw new AppError('forbidden', twoFactorRequiredMessage, { twoFactor: TWO_FACTOR_REQUIRED_CODE });
    if (!tenantId) throw forbidden(messages.noWorkspace);
    return run(this, (base) => ({ ...base, userId: auth.userId, tenantId, isAdmin: auth.isAdmin }), work);
  });
};
