import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/client.ts';
import { refreshPlannerStatistics } from '../../db/statistics.ts';
import type { JobDeps } from './jobTransaction.ts';

/** A feature's hourly reminder: sends what is due now; returns how many it sent. */
export type Reminder = (deps: JobDeps) => Promise<number>;

/** The features' background work, handed in by whoever starts the jobs (main.ts). */
export interface ScheduledWork {
  /** Daily: makes the sessions of each repeating meeting's coming horizon. */
  extendSessionHorizons(db: Db): Promise<unknown>;
  /** Daily: removes workspace exports past their retention. */
  removeExpiredExports(db: Db, dataDir: string): Promise<{ expired: number; failed: number; orphans: number }>;
  /**
   * Hourly, each on its own so one failing does not hold back the others: the features' reminders
   * (due tasks and milestones, conversation forms, empty KPIs), each returning how many it sent.
   */
  reminders: readonly Reminder[];
  /** Hourly: makes the occurrences of repeating to-dos and cards whose due date has passed. */
  makeDueOccurrences(deps: JobDeps): Promise<number>;
  /**
   * Every second, and at once when woken (`wakeDeliveries`): sends a batch of the outbound
   * deliveries that are due; returns how many it claimed. Claims are exclusive across instances.
   */
  deliverWebhooks?(deps: JobDeps): Promise<number>;
  /** Daily: removes deliveries past the delivery log's retention; returns how many. */
  removeOldDeliveries?(db: Db): Promise<number>;
}

/** How often the delivery job looks for due deliveries when nobody wakes it. */
export const DELIVERY_POLL_MS = 1000;

const wakers = new Set<() => void>();

/** Tells this process's delivery job that new deliveries were committed (no wait for the poll). */
export const wakeDeliveries = () => {
  for (const wake of wakers) wake();
};

/** Calls `wake` whenever a change of this process commits deliveries; returns a function that stops it. */
export const onDeliveriesQueued = (wake: () => void) => {
  wakers.add(wake);
  return () => {
    wakers.delete(wake);
  };
};

/**
 * Runs `deliverOnce` (a batch of due deliveries) again while it finds work, then sleeps until woken
 * or polled. Returns a function that stops the loop and settles once its last batch is done.
 */
export const runDeliveryLoop = (
  deliverOnce: () => Promise<number>,
  log: Pick<FastifyBaseLogger, 'error'>,
  pollMs = DELIVERY_POLL_MS,
): (() => Promise<void>) => {
  let stopped = false;
  let wakeUp: (() => void) | null = null;
  // A wake-up that comes while a batch runs: that batch may have claimed before the commit.
  let woken = false;
  const stopWaking = onDeliveriesQueued(() => {
    woken = true;
    wakeUp?.();
  });
  const loop = (async () => {
    while (!stopped) {
      woken = false;
      let claimed = 0;
      try {
        claimed = await deliverOnce();
      } catch (err) {
        log.error({ err }, 'webhook delivery job failed');
      }
      if (claimed > 0 || woken || stopped) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        timer.unref();
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = null;
    }
    stopWaking();
  })();
  return () => {
    stopped = true;
    wakeUp?.();
    return loop;
  };
};

const DAY_MS = 24 * 3600 * 1000;
const HOUR_MS = 3600 * 1000;

/**
 * Background work of a running server: once shortly after start, then daily or hourly. Each job is
 * idempotent, so several instances may run them. Returns a function that stops them.
 */
export const startJobs = (
  database: Database,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  work: ScheduledWork,
  deps?: JobDeps,
  /** dataDir: where the workspace exports are (their retention job); firstRunMs: the first run's delay. */
  options: { dataDir?: string; firstRunMs?: number; deliveryPollMs?: number } = {},
) => {
  const run = async () => {
    try {
      const meetings = await work.extendSessionHorizons(database.db);
      log.info({ meetings }, 'session horizons extended');
    } catch (err) {
      log.error({ err }, 'session horizon job failed');
    }
    await cleanExports();
    await cleanDeliveries();
  };
  // Workspace export retention (decision 059): daily, with the session horizons.
  const cleanExports = async () => {
    if (!options.dataDir) return;
    try {
      const removed = await work.removeExpiredExports(database.db, options.dataDir);
      if (removed.expired + removed.failed + removed.orphans > 0) log.info(removed, 'workspace exports removed');
    } catch (err) {
      log.error({ err }, 'workspace export retention job failed');
    }
  };
  // The webhook delivery log's retention: daily.
  const cleanDeliveries = async () => {
    if (!work.removeOldDeliveries) return;
    try {
      const deliveries = await work.removeOldDeliveries(database.db);
      if (deliveries > 0) log.info({ deliveries }, 'old webhook deliveries removed');
    } catch (err) {
      log.error({ err }, 'webhook delivery retention job failed');
    }
  };
  // Reminders: hourly, so a daily reminder goes out early in its day and a meeting's window (whole
  // hours) is met within the hour.
  const remind = async () => {
    if (!deps) return;
    for (const reminder of work.reminders) {
      try {
        const sent = await reminder(deps);
        if (sent > 0) log.info({ sent, reminder: reminder.name }, 'reminders sent');
      } catch (err) {
        log.error({ err, reminder: reminder.name }, 'reminder job failed');
      }
    }
  };
  // Repeating to-dos: hourly, so the next occurrence comes early in the owner's day.
  const repeat = async () => {
    if (!deps) return;
    try {
      const made = await work.makeDueOccurrences(deps);
      if (made > 0) log.info({ made }, 'repeating to-dos made');
    } catch (err) {
      log.error({ err }, 'repeating to-do job failed');
    }
  };
  // Planner statistics where autovacuum does not gather them (the embedded database): hourly.
  const analyze = async () => {
    try {
      if (await refreshPlannerStatistics(database)) log.info('planner statistics gathered');
    } catch (err) {
      log.error({ err }, 'planner statistics job failed');
    }
  };
  const hourlyJobs = async () => {
    await remind();
    await repeat();
    await analyze();
  };
  // Outbound deliveries: a loop of their own (on PostgreSQL the server runs it on a thread instead).
  const stopDelivery =
    deps && work.deliverWebhooks
      ? runDeliveryLoop(() => work.deliverWebhooks!(deps), log, options.deliveryPollMs)
      : null;
  const first = setTimeout(() => {
    void run();
    void hourlyJobs();
  }, options.firstRunMs ?? 10_000);
  const daily = setInterval(run, DAY_MS);
  const hourly = setInterval(hourlyJobs, HOUR_MS);
  first.unref();
  daily.unref();
  hourly.unref();
  return () => {
    void stopDelivery?.();
    clearTimeout(first);
    clearInterval(daily);
    clearInterval(hourly);
  };
};
