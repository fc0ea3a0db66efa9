import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadOf, startLoadGauge } from '../../../server/load-gauge.ts';
import { paceWhileBusy } from './webhooks.pacing.ts';

describe('the sender yields to a busy API', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A batch that records when it began and whether it was told the API is busy. */
  const batches = () => {
    const began: number[] = [];
    const busy: boolean[] = [];
    return {
      began,
      busy,
      deliverOnce: async (onBusyApi: boolean) => {
        busy.push(onBusyApi);
        return began.push(performance.now());
      },
    };
  };

  it('starts batches one after another while the API is quiet', async () => {
    const { began, busy, deliverOnce } = batches();
    const paced = paceWhileBusy(deliverOnce, () => false, 1000);
    for (let i = 0; i < 3; i++) await paced();
    expect(began).toEqual([began[0], began[0], began[0]]);
    expect(busy).toEqual([false, false, false]);
  });

  it('starts a batch at most once an interval while the API is busy, told so', async () => {
    const { began, busy, deliverOnce } = batches();
    const paced = paceWhileBusy(deliverOnce, () => true, 1000);
    await paced();
    const second = paced();
    await vi.advanceTimersByTimeAsync(999);
    expect(began).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await second;
    expect(began).toEqual([began[0], began[0]! + 1000]);
    expect(busy).toEqual([true, true]);
  });

  it('goes on as soon as the API has quietened, without waiting out the second', async () => {
    const { began, busy: told, deliverOnce } = batches();
    let busy = true;
    const paced = paceWhileBusy(deliverOnce, () => busy, 1000);
    await paced();
    const second = paced();
    await vi.advanceTimersByTimeAsync(300);
    expect(began).toHaveLength(1);
    busy = false;
    // The next look at the API's load (every 200 ms at most) lets it go, as a full batch.
    await vi.advanceTimersByTimeAsync(200);
    await second;
    expect(began).toHaveLength(2);
    expect(began[1]! - began[0]!).toBeLessThanOrEqual(500);
    expect(told).toEqual([true, false]);
  });
});

describe("the API's load gauge", () => {
  it("tells another reader how busy the main thread's last interval was", async () => {
    const gauge = startLoadGauge(200);
    try {
      const spinUntil = performance.now() + 500;
      while (performance.now() < spinUntil) {
        // The main thread busy, as under a stream of requests.
      }
      // The measure that follows the busy spell, then one of a quiet interval.
      await vi.waitFor(() => expect(loadOf(gauge.buffer)).toBeGreaterThan(0.5), { timeout: 2000, interval: 10 });
      await vi.waitFor(() => expect(loadOf(gauge.buffer)).toBeLessThan(0.25), { timeout: 2000, interval: 10 });
    } finally {
      gauge.stop();
    }
  });
});
