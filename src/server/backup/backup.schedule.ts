import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { type BackupSource, createBackupFile } from './backup.create.ts';
import {
  type BackupFileInfo,
  backupFileName,
  backupFileTime,
  backupsToKeep,
  type RetentionPolicy,
} from './retention.ts';

// Scheduled backups (decision 091): BACKUP_DIR and BACKUP_SCHEDULE (daily at HH:MM, the server's
// time zone), then the retention rules. A failure is logged, told to the admins through the
// `onFailure` hook (main.ts wires the notifications feature: server core knows no feature) and
// shown by GET /api/health.

export interface BackupScheduleConfig {
  dir: string;
  /** Daily at this local time. */
  at: { hour: number; minute: number };
  keep: RetentionPolicy;
  /** Set: every scheduled backup is encrypted with it. */
  passphrase: string | undefined;
}

/** What GET /api/health tells of the scheduled backups. */
export interface BackupHealth {
  /** The last backup that was written whole (this run or an earlier one, from BACKUP_DIR). */
  lastSuccessAt: string | null;
  /** Its age in seconds, when there is one. */
  ageSeconds: number | null;
  /** True when the last scheduled backup failed. */
  lastFailed: boolean;
  lastFailedAt: string | null;
  nextAt: string | null;
}

export interface BackupScheduler {
  /** Makes a backup now, then applies the retention rules; never throws (a failure is recorded). */
  runOnce(): Promise<{ ok: true; file: string; bytes: number; ms: number } | { ok: false; error: string }>;
  health(): BackupHealth;
  /** Arms the daily timer (and a catch-up backup soon when none is recent); returns the function that stops it. */
  start(): () => void;
}

const listBackups = async (dir: string): Promise<BackupFileInfo[]> => {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.flatMap((name) => {
    const at = backupFileTime(name);
    return at ? [{ name, at }] : [];
  });
};

/** The next local HH:MM strictly after `now`. */
export const nextRun = (now: Date, at: { hour: number; minute: number }) => {
  const next = new Date(now);
  next.setHours(at.hour, at.minute, 0, 0);
  if (next.getTime() <= now.getTime()) next.setDate(next.getDate() + 1);
  return next;
};

/** Removes the backups the retention rules do not keep; returns their names. */
export const applyRetention = async (dir: string, keep: RetentionPolicy) => {
  const backups = await listBackups(dir);
  const kept = backupsToKeep(backups, keep);
  const removed = backups.filter((backup) => !kept.has(backup.name)).map((backup) => backup.name);
  for (const name of removed) await rm(path.join(dir, name), { force: true });
  return removed;
};

/** A start finding no backup younger than this makes one at once (then daily as scheduled). */
const CATCH_UP_AFTER_MS = 25 * 3600 * 1000;

export const createBackupScheduler = (options: {
  config: BackupScheduleConfig;
  source: () => BackupSource;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** Tells the admins; its own failure is logged, never thrown. */
  onFailure?: (message: string) => Promise<unknown>;
  now?: () => Date;
  /** How long after start the catch-up backup runs (when the last good one is over 25 hours old). */
  catchUpDelayMs?: number;
}): BackupScheduler => {
  const { config, log } = options;
  const now = options.now ?? (() => new Date());
  let lastSuccessAt: Date | null = null;
  let lastFailedAt: Date | null = null;
  let nextAt: Date | null = null;
  // A restart remembers the last good backup from the folder.
  const known = listBackups(config.dir).then((backups) => {
    const newest = backups.reduce<Date | null>((max, b) => (!max || b.at > max ? b.at : max), null);
    if (newest && (!lastSuccessAt || newest > lastSuccessAt)) lastSuccessAt = newest;
  });

  const runOnce: BackupScheduler['runOnce'] = async () => {
    await known;
    const began = now();
    try {
      await mkdir(config.dir, { recursive: true, mode: 0o700 });
      const file = path.join(config.dir, backupFileName(began));
      const { bytes } = await createBackupFile(options.source(), file, config.passphrase);
      const ms = now().getTime() - began.getTime();
      lastSuccessAt = began;
      lastFailedAt = null;
      const removed = await applyRetention(config.dir, config.keep);
      log.info({ file, bytes, ms, removed: removed.length }, 'backup written');
      return { ok: true, file, bytes, ms };
    } catch (err) {
      lastFailedAt = began;
      const error = err instanceof Error ? err.message.split('\n')[0]! : String(err);
      log.error({ err }, 'scheduled backup failed');
      await options
        .onFailure?.(error)
        .catch((notifyError: unknown) =>
          log.error({ err: notifyError }, 'the failed backup could not be told to the admins'),
        );
      return { ok: false, error };
    }
  };

  const health = (): BackupHealth => ({
    lastSuccessAt: lastSuccessAt?.toISOString() ?? null,
    ageSeconds: lastSuccessAt ? Math.max(0, Math.round((now().getTime() - lastSuccessAt.getTime()) / 1000)) : null,
    lastFailed: lastFailedAt !== null,
    lastFailedAt: lastFailedAt?.toISOString() ?? null,
    nextAt: nextAt?.toISOString() ?? null,
  });

  const start = () => {
    let timer: NodeJS.Timeout | undefined;
    let stopped = false;
    // A server that was down at the scheduled time, or starts for the first time, catches up.
    const catchUp = setTimeout(async () => {
      await known;
      const last = lastSuccessAt as Date | null;
      if (!stopped && (!last || now().getTime() - last.getTime() > CATCH_UP_AFTER_MS)) await runOnce();
    }, options.catchUpDelayMs ?? 10_000);
    catchUp.unref();
    const arm = () => {
      if (stopped) return;
      nextAt = nextRun(now(), config.at);
      // Timers hold at most ~24.8 days; a day is far below.
      timer = setTimeout(async () => {
        await runOnce();
        arm();
      }, nextAt.getTime() - now().getTime());
      timer.unref();
    };
    arm();
    return () => {
      stopped = true;
      nextAt = null;
      clearTimeout(catchUp);
      clearTimeout(timer);
    };
  };

  return { runOnce, health, start };
};
