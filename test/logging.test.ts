import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openPglite, openPostgres } from '../src/db/client.ts';
import { buildApp } from '../src/server/app.ts';
import { createMailer } from '../src/server/mail/mailer.ts';
import { capturedLogger, testConfig } from './app.ts';
import { PASSWORD, signUp } from './factories.ts';
import { connect, listen } from './realtime.ts';

// At the most verbose level, the log holds no password, token, email or SQL parameter.

const log = capturedLogger();
let app: FastifyInstance;
let database: Database;
beforeAll(async () => {
  // A database of its own that reports every statement to the trace log, as LOG_LEVEL=trace does.
  const onQuery = (statement: string) => log.logger.trace({ sql: statement }, 'sql');
  const url = process.env.DATABASE_URL;
  if (url) database = await openPostgres(url, 2, onQuery);
  else {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cadence-log-'));
    cpSync(inject('pgliteTemplate'), dir, { recursive: true });
    database = await openPglite(dir, onQuery);
  }
  app = await buildApp({
    database,
    config: testConfig(),
    mailer: createMailer(undefined, log.logger),
    logger: log.logger,
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('what the log keeps', () => {
  it('signing in, writing and connecting a socket leave no password, token or email in the log', async () => {
    const person = await signUp(app, { workspace: 'Logged' });
    // A write, a call carrying an email in its query string, a socket with the token, a failure.
    expect((await person.api.patch(`/tenants/${person.tenantId}`, { name: 'Renamed' })).status).toBe(200);
    await person.api.get(`/users/exists?email=${encodeURIComponent(person.email)}`);
    const socket = await connect(await listen(app), person.token);
    socket.socket.close();
    await person.api.post('/signin', { email: person.email, password: 'wrong password' });
    const invited = `invited-${person.userId.slice(0, 8)}@example.test`;
    await person.api.post('/tenants/add-user', { email: invited, firstName: 'In', lastName: 'Vited' });

    const text = log.lines.join('\n');
    expect(text).toContain('"sql"'); // the statements are there…
    expect(text).toContain('incoming request');
    const emails = [person.email, invited].flatMap((email) => [email, encodeURIComponent(email)]);
    for (const secret of [PASSWORD, 'wrong password', person.token, ...emails]) {
      expect(text, secret).not.toContain(secret); // …their values are not
    }
    expect(text).not.toMatch(/\$argon2/);
    expect(text.toLowerCase()).not.toContain('bearer ');
  });

  it('logs a failed statement without its parameters', async () => {
    const secret = 'not-a-number-but-a-secret';
    const err = await database.db.execute(sql`select ${secret}::int`).catch((error: unknown) => error);
    expect(err).toBeInstanceOf(Error);
    app.log.error({ err }, 'unexpected error');
    const line = log.lines.at(-1)!;
    expect(line).toContain('select $1::int');
    expect(line).not.toContain(secret);
  });

  it('redacts an Authorization header and a socket token if code ever logs them', () => {
    app.log.info({ headers: { authorization: 'Bearer abc.secret' }, handshake: { auth: { token: 'tok-secret' } } });
    const line = log.lines.at(-1)!;
    expect(line).not.toContain('abc.secret');
    expect(line).not.toContain('tok-secret');
  });
});
