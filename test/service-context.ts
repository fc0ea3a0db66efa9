import type { FastifyInstance } from 'fastify';
import type { TenantContext } from '../src/server/context.ts';
import type { SignedUp } from './factories.ts';

/**
 * Runs a feature's service for `who` in a transaction of its own, as a request runs it, for
 * services no route calls directly; the events it raises are published after the commit.
 */
export const inServiceTransaction = async <T>(
  app: FastifyInstance,
  who: SignedUp,
  work: (ctx: TenantContext) => Promise<T>,
  { isAdmin = true }: { isAdmin?: boolean } = {},
) => {
  const events: Parameters<TenantContext['publish']>[0][] = [];
  const result = await app.database.db.transaction((db) =>
    work({
      db,
      userId: who.userId,
      tenantId: who.tenantId,
      isAdmin,
      publish: (event: (typeof events)[number]) => events.push(event),
      sendMail: async () => undefined,
      publicUrl: '',
      disconnect: () => undefined,
      leaveMeetingRoom: async () => undefined,
      leaveWorkspace: () => undefined,
    } as unknown as TenantContext),
  );
  for (const event of events) app.realtime.publish(event, { changedBy: who.userId, originClientId: null });
  return result;
};
