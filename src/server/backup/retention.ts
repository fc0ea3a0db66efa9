// Which scheduled backups to keep (decision 091): the newest backup of each of the last `daily`
// days that have one, of the last `weekly` ISO weeks and of the last `monthly` months (UTC), like
// a grandfather-father-son rotation. Each rule counts on its own; a backup any rule keeps stays.

export interface RetentionPolicy {
  daily: number;
  weekly: number;
  monthly: number;
}

export const DEFAULT_RETENTION: RetentionPolicy = { daily: 7, weekly: 4, monthly: 12 };

export interface BackupFileInfo {
  name: string;
  at: Date;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const dayKey = (at: Date) => `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
const monthKey = (at: Date) => `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}`;
/** The ISO week (Monday first; week 1 holds the year's first Thursday) as `YYYY-Www`. */
export const isoWeekKey = (at: Date) => {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${pad(week)}`;
};

/** The names of the backups to keep; every other one may be removed. The newest is always kept. */
export const backupsToKeep = (backups: readonly BackupFileInfo[], policy: RetentionPolicy): Set<string> => {
  const newestFirst = [...backups].sort((a, b) => b.at.getTime() - a.at.getTime() || b.name.localeCompare(a.name));
  const keep = new Set<string>(newestFirst.slice(0, 1).map((backup) => backup.name));
  const rules: [number, (at: Date) => string][] = [
    [policy.daily, dayKey],
    [policy.weekly, isoWeekKey],
    [policy.monthly, monthKey],
  ];
  for (const [count, bucketOf] of rules) {
    const seen = new Set<string>();
    for (const backup of newestFirst) {
      if (seen.size >= count) break;
      const bucket = bucketOf(backup.at);
      if (seen.has(bucket)) continue;
      seen.add(bucket);
      keep.add(backup.name);
    }
  }
  return keep;
};

/** A scheduled backup's file name: `cadence-backup-YYYYMMDD-HHMMSSZ.cadence` (UTC). */
export const backupFileName = (at: Date) =>
  `cadence-backup-${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}-` +
  `${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}Z.cadence`;

const NAME = /^cadence-backup-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})Z\.cadence$/;

/** The time in a scheduled backup's name; undefined for any other file (never touched). */
export const backupFileTime = (name: string): Date | undefined => {
  const match = NAME.exec(name);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const at = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
  return Number.isNaN(at.getTime()) ? undefined : at;
};
