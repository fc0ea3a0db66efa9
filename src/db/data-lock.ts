import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

// The embedded database (PGlite) must be opened by one process at a time: two processes on one
// DATA_DIR each keep their own copy in memory and overwrite each other's writes. Node has no
// flock, so the lock is a file, DATA_DIR/cadence.lock, naming its holder (docs/decisions/025).

export const LOCK_FILE = 'cadence.lock';
/** A holder on another machine (a shared folder) touches the file this often... */
const HEARTBEAT_MS = 10_000;
/** ...and is taken for gone when it has not for this long (its pid cannot be checked from here). */
export const REMOTE_STALE_MS = 30_000;
/** A takeover in progress that is older than this was left by a process that died in it. */
const TAKEOVER_STALE_MS = 10_000;

/** Who holds the lock: written into the lock file, shown to the process that is refused. */
export interface LockOwner {
  /** What runs: the server (`npm start`) or a script such as `seed:demo`. */
  command: string;
  /** The server's port, when it listens. */
  port?: number;
}

interface Holder extends LockOwner {
  pid: number;
  startedAt: string;
  host: string;
  /** The kernel's boot id: a lock from before a reboot is stale whatever its pid. */
  bootId?: string;
  /** The process's start time (Linux /proc): tells the holder from a later process given the same pid. */
  processStart?: string;
  token: string;
}

export interface DataLock {
  file: string;
  /** Removes the lock file if it is still this process's. Idempotent; also runs on process exit. */
  release(): void;
}

/** The folder is locked by a live process. Its message is one line naming that process. */
export class DataLockError extends Error {
  override name = 'DataLockError';
}

const readText = (file: string) => {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
};

const bootId = () => readText('/proc/sys/kernel/random/boot_id');

/** Field 22 of /proc/<pid>/stat (clock ticks after boot); undefined off Linux or for a dead pid. */
const processStart = (pid: number) => {
  const stat = readText(`/proc/${pid}/stat`);
  // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
};

const pidExists = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Whether the process named in the lock file still runs. */
const isAlive = (holder: Holder, file: string) => {
  if (holder.host !== hostname()) {
    // Another machine (or a new container): its pid means nothing here, only its heartbeat does.
    const touched = statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    return Date.now() - touched < REMOTE_STALE_MS;
  }
  const boot = bootId();
  if (holder.bootId !== undefined && boot !== undefined && holder.bootId !== boot) return false;
  // A new process can get the old one's pid, e.g. pid 1 in a restarted container: that is us.
  if (holder.pid === process.pid || !pidExists(holder.pid)) return false;
  const now = processStart(holder.pid);
  return holder.processStart === undefined || now === undefined || now === holder.processStart;
};

type Found = { holder: Holder | undefined; raw: string } | 'gone';

const readHolder = (file: string): Found => {
  const raw = readText(file);
  if (raw === undefined) return 'gone';
  try {
    const holder = JSON.parse(raw) as Holder;
    return { holder: typeof holder.pid === 'number' ? holder : undefined, raw };
  } catch {
    // Never half-written (it appears whole through link/rename): a damaged file is stale.
    return { holder: undefined, raw };
  }
};

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

const isCode = (error: unknown, code: string) => (error as NodeJS.ErrnoException).code === code;

/** Writes `content` to a private file first, so the lock file never exists half-written. */
const withTempFile = <T>(file: string, content: string, use: (temp: string) => T): T => {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temp, content, { flag: 'wx', mode: 0o600 });
  try {
    return use(temp);
  } finally {
    rmSync(temp, { force: true });
  }
};

/** Creates the lock file if there is none: link() fails atomically when the name exists. */
const createExclusive = (file: string, content: string) =>
  withTempFile(file, content, (temp) => {
    try {
      linkSync(temp, file);
      return true;
    } catch (error) {
      if (isCode(error, 'EEXIST')) return false;
      throw error;
    }
  });

/**
 * Replaces a stale lock file. Two processes may find the same stale lock at once: a second
 * file created with O_EXCL lets one of them in; it checks the lock is still the stale one and
 * renames its own over it (atomic: the lock file never disappears meanwhile). Exported for its test.
 */
export const takeOver = (file: string, stale: string, content: string) => {
  const guard = `${file}.takeover`;
  try {
    writeFileSync(guard, String(process.pid), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if (!isCode(error, 'EEXIST')) throw error;
    const age = Date.now() - (statSync(guard, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > TAKEOVER_STALE_MS) rmSync(guard, { force: true });
    sleep(50);
    return false;
  }
  try {
    const now = readHolder(file);
    if (now === 'gone' || now.raw !== stale) return false;
    withTempFile(file, content, (temp) => renameSync(temp, file));
    return true;
  } finally {
    rmSync(guard, { force: true });
  }
};

/** `./data` when the folder is under the working directory, otherwise its absolute path. */
export const shownFolder = (dir: string) => {
  const relative = path.relative(process.cwd(), dir);
  if (relative === '') return '.';
  return relative.startsWith('..') || path.isAbsolute(relative) ? dir : `./${relative}`;
};

const shownTime = (iso: string) => {
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  return at.toDateString() === new Date().toDateString() ? time : `${at.toISOString().slice(0, 10)} ${time}`;
};

const describe = (dir: string, holder: Holder | undefined) => {
  const parts = [
    holder?.command && holder.command !== 'server' ? `npm run ${holder.command}` : undefined,
    holder ? `pid ${holder.pid}${holder.host !== hostname() ? ` on ${holder.host}` : ''}` : undefined,
    holder ? `started ${shownTime(holder.startedAt)}` : undefined,
    holder?.port ? `port ${holder.port}` : undefined,
  ].filter(Boolean);
  const remote = holder && holder.host !== hostname();
  return (
    `the data folder ${shownFolder(dir)} is in use by another Cadence process (${parts.join(', ')}). ` +
    `Stop it first, or set DATA_DIR to another folder.${remote ? ` If it has stopped, try again in ${REMOTE_STALE_MS / 1000} seconds.` : ''}`
  );
};

/**
 * Takes the data folder's lock for this process's life, or throws a DataLockError naming the
 * live process that holds it. A lock left by a dead process (kill -9, a crash) is taken over.
 */
export const acquireDataLock = (dataDir: string, owner: LockOwner): DataLock => {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, LOCK_FILE);
  const mine: Holder = {
    ...owner,
    pid: process.pid,
    startedAt: new Date().toISOString(),
    host: hostname(),
    bootId: bootId(),
    processStart: processStart(process.pid),
    token: randomBytes(12).toString('hex'),
  };
  const content = `${JSON.stringify(mine)}\n`;
  // A few rounds: each one either takes the lock, refuses, or saw the file change meanwhile.
  for (let round = 0; round < 100; round++) {
    if (createExclusive(file, content)) return hold(file, mine.token);
    const found = readHolder(file);
    if (found === 'gone') continue;
    if (found.holder && isAlive(found.holder, file)) throw new DataLockError(describe(dataDir, found.holder));
    if (takeOver(file, found.raw, content)) return hold(file, mine.token);
  }
  throw new DataLockError(`the data folder ${shownFolder(dataDir)} could not be locked: ${file} keeps changing.`);
};

const hold = (file: string, token: string): DataLock => {
  const isMine = () => {
    const found = readHolder(file);
    return found !== 'gone' && found.holder?.token === token;
  };
  // Only a holder judged from another machine needs it, but it is cheap: a touch every 10 s.
  const heartbeat = setInterval(() => {
    const now = new Date();
    if (isMine()) utimesSync(file, now, now);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const release = () => {
    clearInterval(heartbeat);
    process.off('exit', release);
    if (isMine()) rmSync(file, { force: true });
  };
  process.on('exit', release);
  return { file, release };
};

/** Who holds the data folder's lock now, if a live process does (the backup script asks the server). */
export const lockHolder = (dataDir: string): (LockOwner & { pid: number }) | undefined => {
  const file = path.join(dataDir, LOCK_FILE);
  const found = readHolder(file);
  if (found === 'gone' || !found.holder || !isAlive(found.holder, file)) return undefined;
  const { command, port, pid } = found.holder;
  return { command, port, pid };
};
