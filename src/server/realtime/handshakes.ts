/** A handshake that waited too long for its turn: the socket is told to come back later. */
export class HandshakesBusy extends Error {
  constructor() {
    super('too many handshakes waiting');
  }
}

/**
 * Runs token look-ups at most `concurrency` at once, in order of arrival: a burst of sockets
 * (every browser back after a restart) then takes only part of the connection pool and the
 * API's requests keep the rest. One that waited `maxWaitMs` for its turn fails with HandshakesBusy.
 */
export const handshakeQueue = (concurrency: number, maxWaitMs: number) => {
  let running = 0;
  const waiting: (() => void)[] = [];

  const turn = () =>
    new Promise<void>((resolve, reject) => {
      const start = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(start), 1);
        reject(new HandshakesBusy());
      }, maxWaitMs);
      waiting.push(start);
    });

  return async <T>(work: () => Promise<T>): Promise<T> => {
    // A finished look-up hands its place to the next one waiting: `running` stays as it is.
    if (running < concurrency) running++;
    else await turn();
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
};
