import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder } from '../src/db/migrate.ts';

/**
 * A copy of the migrations folder in `folder` with the first `count` migrations only (the schema
 * as an earlier Cadence left it), and an extra one if given.
 */
export const earlierMigrations = (folder: string, count: number, extra?: { tag: string; sql: string }) => {
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; when: number; tag: string }[];
  };
  journal.entries = journal.entries.slice(0, count);
  if (extra) {
    const last = journal.entries.at(-1)!;
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: extra.tag });
    writeFileSync(path.join(folder, `${extra.tag}.sql`), extra.sql);
  }
  mkdirSync(path.join(folder, 'meta'), { recursive: true });
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
};
