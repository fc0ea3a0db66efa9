import type pg from 'pg';

/**
 * The pool as the socket.io PostgreSQL adapter sees it. The adapter takes one connection to
 * LISTEN and, when closed, hands it back to the pool still listening, with its handlers on; closed
 * while that connection was being set up, it never hands it back at all. A server closed soon after
 * it started (a test, a failed start) so kept a connection for good, and a few starved the pool.
 * Here the adapter's connection is ended instead of pooled, and none is handed out after `close`.
 */
export const adapterPool = (pool: pg.Pool) => {
  let closed = false;
  const held = new Set<pg.PoolClient>();
  // What an adapter that asks again after close waits on: its retry then stops there.
  const never = new Promise<pg.PoolClient>(() => {});

  const connect = async (): Promise<pg.PoolClient> => {
    if (closed) return never;
    const client = await pool.connect();
    if (closed) {
      client.release(true);
      return never;
    }
    held.add(client);
    const release = client.release;
    // `true`: the pool ends this connection rather than keeping it, LISTEN and all.
    client.release = () => {
      held.delete(client);
      release(true);
    };
    return client;
  };

  return {
    pool: { connect, query: pool.query.bind(pool) } as unknown as pg.Pool,
    /** After the adapter closed: ends a connection it was still setting up. */
    close() {
      closed = true;
      for (const client of held) client.release();
    },
  };
};
