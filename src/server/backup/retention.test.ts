import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { nextRun } from './backup.schedule.ts';
import {
  backupFileName,
  backupFileTime,
  backupsToKeep,
  DEFAULT_RETENTION,
  isoWeekKey,
  type RetentionPolicy,
} from './retention.ts';

// The retention rules (decision 091) over a simulated year: a backup every day at 02:00 UTC, the
// rules applied after each one as the scheduler does, the files left at the end.

const simulate = (from: string, days: number, policy: RetentionPolicy, perDay = 1) => {
  let files: string[] = [];
  const start = new Date(`${from}T02:00:00Z`);
  for (let day = 0; day < days; day++) {
    for (let run = 0; run < perDay; run++) {
      const at = new Date(start.getTime() + day * 86_400_000 + run * 3_600_000);
      files.push(backupFileName(at));
      const kept = backupsToKeep(
        files.map((name) => ({ name, at: backupFileTime(name)! })),
        policy,
      );
      files = files.filter((name) => kept.has(name));
    }
  }
  return files.map((name) => backupFileTime(name)!.toISOString().slice(0, 10)).sort();
};

describe('backup retention', () => {
  it('keeps 7 daily, 4 weekly and 12 monthly backups after a year of daily backups', () => {
    expect(simulate('2025-01-01', 365, DEFAULT_RETENTION)).toEqual([
      // monthly: the newest of each of the last 12 months
      '2025-01-31',
      '2025-02-28',
      '2025-03-31',
      '2025-04-30',
      '2025-05-31',
      '2025-06-30',
      '2025-07-31',
      '2025-08-31',
      '2025-09-30',
      '2025-10-31',
      '2025-11-30',
      // weekly: the newest of each of the last 4 ISO weeks (Sundays; 28 and 31 December are daily too)
      '2025-12-14',
      '2025-12-21',
      // daily: the last 7 days (31 December is also December's and its week's newest)
      '2025-12-25',
      '2025-12-26',
      '2025-12-27',
      '2025-12-28',
      '2025-12-29',
      '2025-12-30',
      '2025-12-31',
    ]);
  });

  it('counts days, weeks and months that have a backup, keeps the newest of each, and other numbers', () => {
    // Three backups a day: only the last of each day survives, the count is the same.
    expect(simulate('2025-01-01', 365, DEFAULT_RETENTION, 3)).toHaveLength(20);
    // Nothing but the newest when every rule keeps none.
    expect(simulate('2025-01-01', 40, { daily: 0, weekly: 0, monthly: 0 })).toEqual(['2025-02-09']);
    expect(simulate('2025-03-01', 30, { daily: 2, weekly: 0, monthly: 1 })).toEqual(['2025-03-29', '2025-03-30']);
    // A gap of a month without backups: the rules count months that have one.
    const files = ['2025-01-15', '2025-03-10', '2025-03-11'].map((day) => {
      const at = new Date(`${day}T02:00:00Z`);
      return { name: backupFileName(at), at };
    });
    expect([...backupsToKeep(files, { daily: 1, weekly: 0, monthly: 2 })].sort()).toEqual([
      'cadence-backup-20250115-020000Z.cadence',
      'cadence-backup-20250311-020000Z.cadence',
    ]);
  });

  it('reads only its own file names, and numbers ISO weeks as ISO 8601 does', () => {
    expect(backupFileTime('cadence-backup-20251231-020000Z.cadence')?.toISOString()).toBe('2025-12-31T02:00:00.000Z');
    for (const name of ['notes.txt', 'cadence-backup-20251231-020000Z.cadence.partial', 'cadence-backup-2025.cadence'])
      expect(backupFileTime(name)).toBeUndefined();
    expect(isoWeekKey(new Date('2025-12-29T00:00:00Z'))).toBe('2026-W01');
    expect(isoWeekKey(new Date('2021-01-03T00:00:00Z'))).toBe('2020-W53');
    expect(isoWeekKey(new Date('2025-12-28T23:59:00Z'))).toBe('2025-W52');
  });
});

describe('the backup settings', () => {
  it('reads BACKUP_DIR, BACKUP_SCHEDULE, the retention counts and the passphrase, and refuses bad values in one line', () => {
    expect(loadConfig({}).backups).toBeNull();
    expect(loadConfig({ BACKUP_DIR: '/srv/backups' }).backups).toEqual({
      dir: '/srv/backups',
      at: { hour: 3, minute: 0 },
      keep: { daily: 7, weekly: 4, monthly: 12 },
      passphrase: undefined,
    });
    expect(
      loadConfig({
        BACKUP_DIR: '/srv/backups',
        BACKUP_SCHEDULE: '23:45',
        BACKUP_KEEP_DAILY: '14',
        BACKUP_KEEP_WEEKLY: '0',
        BACKUP_KEEP_MONTHLY: '24',
        BACKUP_PASSPHRASE: 'twelve chars',
      }).backups,
    ).toMatchObject({
      at: { hour: 23, minute: 45 },
      keep: { daily: 14, weekly: 0, monthly: 24 },
      passphrase: 'twelve chars',
    });
    expect(() => loadConfig({ BACKUP_SCHEDULE: '03:00' })).toThrow(
      'BACKUP_SCHEDULE needs BACKUP_DIR: where to write the backups',
    );
    expect(() => loadConfig({ BACKUP_DIR: '/b', BACKUP_SCHEDULE: '24:00' })).toThrow(
      'BACKUP_SCHEDULE must be a time of day such as 03:30 (24-hour)',
    );
    expect(() => loadConfig({ BACKUP_DIR: '/b', BACKUP_KEEP_DAILY: '-1' })).toThrow(
      'BACKUP_KEEP_DAILY must be a whole number from 0 to 1000',
    );
    expect(() => loadConfig({ BACKUP_DIR: '/b', BACKUP_PASSPHRASE: 'short' })).toThrow(
      'BACKUP_PASSPHRASE must have at least 12 characters',
    );
  });

  it('runs daily at the local time given', () => {
    const now = new Date(2026, 10, 28, 10, 0, 0);
    expect(nextRun(now, { hour: 3, minute: 0 })).toEqual(new Date(2026, 10, 29, 3, 0, 0));
    expect(nextRun(now, { hour: 10, minute: 30 })).toEqual(new Date(2026, 10, 28, 10, 30, 0));
    expect(nextRun(new Date(2026, 10, 28, 10, 30, 0), { hour: 10, minute: 30 })).toEqual(
      new Date(2026, 10, 29, 10, 30, 0),
    );
  });
});
