import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Database, openPglite, openPostgres } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { dataMigrations } from '../src/server/data-migrations.ts';
import { createMailer } from '../src/server/mail/mailer.ts';

// Cadence in-process for the benchmarks: the embedded database in a temporary directory, or
// DATABASE_URL; migrated, listening on a free port, mail kept in the outbox. `clientDir` serves
// a built client (the page benches); without it only the API answers.

export interface BenchAccount {
  email: string;
  accessToken: string;
  id: string;
  tenantId: string;
}

let addresses = 0;
/** A client address per seeding call (see trustProxy below). */
export const benchAddress = () => {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
};

export const startBenchServer = async (onQuery: () => void = () => {}, clientDir?: string) => {
  let database: Database;
  let cleanup = () => {};
  if (process.env.DATABASE_URL) {
    database = await openPostgres(process.env.DATABASE_URL, 20, onQuery);
  } else {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cadence-bench-'));
    database = await openPglite(dir, onQuery);
    cleanup = () => rmSync(dir, { recursive: true, force: true });
  }
  await migrate(database, { dataMigrations });
  // trustProxy: the seeding sends each sign-up from an address of its own (X-Forwarded-For), as
  // many people would; one address would hit the per-address sign-up limit (decision 022).
  const config = {
    ...loadConfig({ DATA_DIR: os.tmpdir() }),
    trustProxy: true,
    clientDir: clientDir ?? path.join(os.tmpdir(), 'none'),
  };
  const app = await buildApp({ database, config, mailer: createMailer(undefined, { info() {}, warn() {} }) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  /** A JSON API call; its `result`. */
  const request = async <T = Record<string, string>>(method: string, url: string, body?: unknown, token?: string) => {
    const response = await fetch(`${base}/api/v2${url}`, {
      method,
      headers: {
        'x-forwarded-for': benchAddress(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as { result: T; message?: string };
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${json.message ?? ''}`);
    return json.result;
  };

  const stamp = Date.now();
  /** A new account with a workspace of its own, signed in. */
  const person = async (label: string) => {
    const email = `bench-${label}-${stamp}@example.test`;
    await request('POST', '/register', {
      user: { firstName: 'Bench', lastName: label, email, password: 'bench-password', timezone: 'UTC' },
      tenant: { name: `Bench ${label}` },
    });
    const session = await request<Omit<BenchAccount, 'email'>>('POST', '/signin', {
      email,
      password: 'bench-password',
    });
    return { ...session, email };
  };

  /** A weekly meeting from `startDate`, its sessions at `startTime` UTC. */
  const weeklyMeeting = (
    leader: BenchAccount,
    title: string,
    startDate: string,
    startTime = '09:00',
    members: string[] = [],
  ) =>
    request<{ id: string; title: string }>(
      'POST',
      '/meetings',
      {
        operation: 'create',
        title,
        sharepointUrl: 'https://meet.example.com/bench',
        startDate,
        startTime,
        repeatEvery: 1,
        repeatType: 'weeks',
        type: 'meeting',
        members,
      },
      leader.accessToken,
    );

  /** A weekly meeting whose session today began at the top of this UTC hour. */
  const meetingNow = (leader: BenchAccount, title: string, members: string[] = []) => {
    const now = new Date();
    return weeklyMeeting(
      leader,
      title,
      now.toISOString().slice(0, 10),
      `${String(now.getUTCHours()).padStart(2, '0')}:00`,
      members,
    );
  };

  /** A meeting that does not repeat, its one session on `startDate` at 09:00 UTC. */
  const oneOffMeeting = (leader: BenchAccount, title: string, startDate: string, members: string[] = [leader.id]) =>
    request<{ id: string; title: string }>(
      'POST',
      '/meetings',
      {
        operation: 'create',
        title,
        sharepointUrl: 'https://meet.example.com/bench',
        startDate,
        startTime: '09:00',
        repeatEvery: 0,
        type: 'meeting',
        members,
      },
      leader.accessToken,
    );

  /** Some of everything /home and the dashboard show: to-dos, an issue, a goal, a headline. */
  const homeCards = async (owner: BenchAccount, meetingId: string) => {
    for (const [type, title] of [
      ['4', 'Send the proposal'],
      ['4', 'Book the venue'],
      ['2', 'Hiring is slow'],
      ['1', 'Launch the new site'],
      ['3', 'Signed a new client'],
    ] as const)
      await request('POST', '/tasks', { title, type, userId: owner.id, meetingIds: [meetingId] }, owner.accessToken);
  };

  const stop = async () => {
    await app.close();
    await database.close();
    cleanup();
  };
  return { app, database, base, request, person, weeklyMeeting, meetingNow, oneOffMeeting, homeCards, stop };
};
