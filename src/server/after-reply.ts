import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs `work` once the answer has gone out, so its duration tells the client nothing (the
     * reset mail of a known address). Its failure is logged; the server's close waits for it.
     */
    afterReply(work: () => Promise<unknown>): void;
    /** Resolves once every piece of work started by `afterReply` has ended (tests, close). */
    settled(): Promise<void>;
  }
}

export const registerAfterReply = (app: FastifyInstance) => {
  const running = new Set<Promise<unknown>>();
  app.decorate('afterReply', (work: () => Promise<unknown>) => {
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err: unknown) => app.log.error({ err }, 'work after the reply failed'))
      .finally(() => running.delete(task));
    running.add(task);
  });
  app.decorate('settled', async () => {
    while (running.size > 0) await Promise.allSettled([...running]);
  });
  app.addHook('preClose', async () => {
    await app.settled();
  });
};
