import pg from 'pg';

/** One connection LISTENs, one sends: events leave in the order they were published. */
const ADAPTER_CONNECTIONS = 2;

/**
 * The socket.io PostgreSQL adapter's own connections, apart from the app's pool: a burst of
 * requests or handshakes that fills the app's pool cannot hold up (and time out) an event on
 * its way to the other instances.
 *
 * The adapter takes one connection to LISTEN and, when closed, hands it back to the pool still
 * listening, with its handlers on; closed while that connection was being set up, it never hands
 * it back at all. Here the adapter's connection is ended instead of pooled, and none is handed out
 * after `close`, which then ends the pool.
 */
export const adapterPool = (appPool: pg.Pool, onError: (err: unknown) => void) => {
  const own = new pg.Pool({ ...appPool.options, max: ADAPTER_CONNECTIONS, connectionTimeoutMillis: 10_000 });
  // An idle connection that drops must not crash the process; the pool replaces it.
  own.on('error', onError);
  let closed = false;
  const held = new Set<pg.PoolClient>();
  // What an adapter that asks again after close waits on: its retry then stops there.
  const never = new Promise<pg.PoolClient>(() => {});

  const connect = async (): Promise<pg.PoolClient> => {
    if (closed) return never;
    const client = await own.connect();
    if (closed) {
      client.release(true);
      return never;
    }
    held.add(client);
    // The listening connection dropping (a database restart) is an 'error' on a client the
    // pool does not watch; the adapter hears its 'end' and listens again on a new one.
    client.on('error', onError);
    const release = client.release;
    // `true`: the pool ends this connection rather than keeping it, LISTEN and all.
    client.release = () => {
      held.delete(client);
      release(true);
    };
    return client;
  };

  return {
    pool: { connect, query: own.query.bind(own) } as unknown as pg.Pool,
    /** After the adapter closed: ends its connections, one still being set up included. */
    async close() {
      closed = true;
      for (const client of held) client.release();
      await own.end();
    },
  };
};
