import { LOAD_INTERVAL_MS } from '../../../server/load-gauge.ts';

// While the API is busy, the sender yields to it (decision 135): small batches sent one request at
// a time, a batch starting at most every `intervalMs`, so deliveries go out as a trickle that never
// has more than one exchange in flight, and the rest wait in the queue for a quieter moment. A
// quiet API lets full batches follow each other at once. The cores the sender leaves are the API's.

/** The API's thread busier than this (share of its last interval) is busy. */
export const BUSY_LOAD = 0.25;
/** How a busy API's sender sends: 25 deliveries, one at a time, once a second. */
export const WHILE_BUSY = { batch: 25, concurrency: 1, intervalMs: 1000 } as const;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * A batch paced by `isBusy`: while the API is busy, each batch waits until the API is quiet or
 * `intervalMs` has passed since the last one began (looking again at every measure of the API's
 * load), and is told it runs on a busy API.
 */
export const paceWhileBusy = (
  deliver: (busy: boolean) => Promise<number>,
  isBusy: () => boolean,
  intervalMs: number = WHILE_BUSY.intervalMs,
): (() => Promise<number>) => {
  let lastStart = Number.NEGATIVE_INFINITY;
  return async () => {
    for (let wait = lastStart + intervalMs - performance.now(); wait > 0 && isBusy(); ) {
      await sleep(Math.min(wait, LOAD_INTERVAL_MS));
      wait = lastStart + intervalMs - performance.now();
    }
    lastStart = performance.now();
    return deliver(isBusy());
  };
};
