import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { SENDER_APPLICATION_NAME } from '../src/features/webhooks/server/webhooks.sender.ts';

// CPU time, not wall time, for bench:webhooks: on a shared machine a delivery's CPU seconds hold
// still while the p99 moves with everyone else's load. Read from /proc (Linux), in clock ticks.

/** Clock ticks a second (USER_HZ: 100 on every Linux that Node runs on). */
const TICKS = 100;

/** utime + stime of a /proc/…/stat file, in seconds; null when it is gone. */
const statSeconds = (path: string): number | null => {
  try {
    const text = readFileSync(path, 'utf8');
    // The command name may hold spaces: the fields after it start past its ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return null;
  }
};

/** This process's threads' ids. */
export const threadIds = () => new Set(readdirSync('/proc/self/task'));

/** CPU seconds of some of this process's threads. */
export const threadsSeconds = (ids: Iterable<string>) => {
  let total = 0;
  for (const id of ids) total += statSeconds(`/proc/self/task/${id}/stat`) ?? 0;
  return total;
};

/** CPU seconds of this whole process (every thread). */
export const processSeconds = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

/**
 * The PostgreSQL backends of the bench's database, sampled every half second so a backend that
 * ends between two readings loses at most that half second: the sender's (by its application
 * name) apart from the rest (the API's, the changes' and autovacuum's).
 */
export const backendsMeter = (db: Db) => {
  const last = new Map<number, number>();
  const totals = { sender: 0, others: 0 };
  let sampling: Promise<void> = Promise.resolve();
  const sample = async () => {
    const rows = (
      (await db.execute(sql`
        select pid, application_name = ${SENDER_APPLICATION_NAME} as sender
        from pg_stat_activity where datname = current_database()`)) as unknown as {
        rows: { pid: number; sender: boolean }[];
      }
    ).rows;
    for (const row of rows) {
      const now = statSeconds(`/proc/${row.pid}/stat`);
      if (now === null) continue;
      totals[row.sender ? 'sender' : 'others'] += now - (last.get(row.pid) ?? now);
      last.set(row.pid, now);
    }
  };
  const timer = setInterval(() => {
    sampling = sampling.then(sample).catch(() => {});
  }, 500);
  timer.unref();
  return {
    /** The totals so far (after a fresh sample). */
    read: async () => {
      sampling = sampling.then(sample).catch(() => {});
      await sampling;
      return { ...totals };
    },
    stop: () => clearInterval(timer),
  };
};
