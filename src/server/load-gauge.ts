import { performance } from 'node:perf_hooks';

// How busy this process's main thread (the API's event loop) has lately been, for threads whose
// work yields to the API (the webhook sender): the share of the last interval the loop spent
// working, in thousandths, kept in shared memory that such a thread reads without a message.

/** How often the share is measured. */
export const LOAD_INTERVAL_MS = 200;

export interface LoadGauge {
  /** Read it with `loadOf` (any thread it was handed to). */
  buffer: SharedArrayBuffer;
  stop: () => void;
}

export const startLoadGauge = (intervalMs = LOAD_INTERVAL_MS): LoadGauge => {
  const buffer = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  const share = new Int32Array(buffer);
  let last = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    Atomics.store(share, 0, Math.round(performance.eventLoopUtilization(now, last).utilization * 1000));
    last = now;
  }, intervalMs);
  timer.unref();
  return { buffer, stop: () => clearInterval(timer) };
};

/** The main thread's busy share of the last interval, 0 to 1. */
export const loadOf = (buffer: SharedArrayBuffer) => Atomics.load(new Int32Array(buffer), 0) / 1000;
