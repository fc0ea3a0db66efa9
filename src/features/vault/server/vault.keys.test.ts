import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLogger, testApp } from '../../../../test/app.ts';
import { createMeeting, joinWorkspace, type SignedUp, signUp } from '../../../../test/factories.ts';
import { vaultEntries, vaultKeys } from '../../../db/schema/index.ts';
import { buildApp } from '../../../server/app.ts';
import { createMailer } from '../../../server/mail/mailer.ts';
import type { VaultKeyring } from '../../../server/secrets.ts';
import { vaultMessages } from '../vault.messages.ts';
import type { Revealed, VaultAuditPage, VaultEntry } from '../vault.schemas.ts';
import { rewrapDataKeys } from './vault.keys.ts';

// Encryption at rest: a changed, moved or swapped ciphertext fails to decrypt with a clear
// server error (500) naming the entry, an audit row and an error log line without secrets
// (decision 063), and nothing else breaks; a wrong master key is a 500 naming the entry and
// VAULT_MASTER_KEY; rotating the workspace key or the master key keeps every entry readable.

let app: FastifyInstance;
const { logger, lines } = capturedLogger();
beforeAll(async () => {
  app = await testApp({}, logger);
});
afterAll(() => app.close());

const db = () => app.database.db;

const vault = async (password = 'first') => {
  const leader = await signUp(app);
  const meeting = await createMeeting(leader);
  const add = async (account: string, secret: string) => {
    const answer = await leader.api.post<VaultEntry>(`/meetings/${meeting.id}/passwords`, {
      account,
      password: secret,
    });
    expect(answer.status).toBe(201);
    return answer.body.result;
  };
  return { leader, meeting, add, first: await add('First', password) };
};

const reveal = (who: SignedUp, id: string) => who.api.post<Revealed>(`/passwords/${id}/reveal`, {});
const secretOf = async (id: string) =>
  (await db().select({ secret: vaultEntries.secret }).from(vaultEntries).where(eq(vaultEntries.id, id)))[0]!.secret;
const setSecret = (id: string, secret: Buffer) =>
  db().update(vaultEntries).set({ secret }).where(eq(vaultEntries.id, id));

/** The entry's audit actions, oldest first (as its leader reads them). */
const auditOf = async (who: SignedUp, meetingId: string, entryId: string) => {
  const page = await who.api.get<VaultAuditPage>(`/meetings/${meetingId}/password-activity?entryId=${entryId}`);
  expect(page.status).toBe(200);
  return page.body.result.items.map((row) => row.action).reverse();
};

/** The error lines logged about values changed outside Cadence, for this entry. */
const tamperLines = (entryId: string) =>
  lines.filter((line) => line.includes('changed outside Cadence') && line.includes(entryId));

/** The error lines logged about a master key that does not match, for this entry. */
const wrongKeyLines = (entryId: string) =>
  lines.filter((line) => line.includes('VAULT_MASTER_KEY') && line.includes(entryId));

/**
 * A refusal as decision 063 says: a 500 naming the entry, an `undecryptable` audit row, one error
 * line naming the entry — and none of the workspace's passwords anywhere in the answer or the log.
 */
const expectTampered = async (
  v: Awaited<ReturnType<typeof vault>>,
  entry: { id: string; account: string },
  secrets: string[],
  message: string,
) => {
  const answer = await reveal(v.leader, entry.id);
  expect(answer.status).toBe(500);
  expect(answer.body.status).toBe('fail');
  expect(answer.body.message).toBe(message);
  expect(await auditOf(v.leader, v.meeting.id, entry.id)).toEqual(['create', 'undecryptable']);
  const logged = tamperLines(entry.id);
  expect(logged).toHaveLength(1);
  expect(JSON.parse(logged[0]!).level).toBe(50);
  for (const secret of secrets) {
    expect(JSON.stringify(answer.body)).not.toContain(secret);
    expect(lines.filter((line) => line.includes(secret))).toEqual([]);
  }
};

describe('tampering', () => {
  it('refuses a changed ciphertext with a 500 naming the entry, audits and logs it, and serves the others', async () => {
    const v = await vault('first-secret');
    const second = await v.add('Second', 'second-secret');
    const altered = Buffer.from(await secretOf(v.first.id));
    altered[altered.length - 1]! ^= 1;
    await setSecret(v.first.id, altered);
    await expectTampered(
      v,
      v.first,
      ['first-secret', 'second-secret'],
      vaultMessages.vaultUndecryptable('First', v.first.id),
    );
    expect((await reveal(v.leader, second.id)).body.result.password).toBe('second-secret');
    expect((await v.leader.api.get(`/meetings/${v.meeting.id}/passwords`)).status).toBe(200);
    // A copy is refused the same way (and audited again).
    expect((await v.leader.api.post(`/passwords/${v.first.id}/reveal`, { purpose: 'copy' })).status).toBe(500);
    expect(await auditOf(v.leader, v.meeting.id, v.first.id)).toEqual(['create', 'undecryptable', 'undecryptable']);
  });

  it('refuses a ciphertext copied to, or swapped with, another entry of the same workspace', async () => {
    const v = await vault('first-secret');
    const second = await v.add('Second', 'second-secret');
    const third = await v.add('Third', 'third-secret');
    // Copied: the first still reads, the second does not.
    await setSecret(second.id, await secretOf(v.first.id));
    await expectTampered(
      v,
      second,
      ['first-secret', 'second-secret'],
      vaultMessages.vaultUndecryptable('Second', second.id),
    );
    expect((await reveal(v.leader, v.first.id)).body.result.password).toBe('first-secret');
    // Swapped: neither reads.
    const [a, b] = [await secretOf(v.first.id), await secretOf(third.id)];
    await setSecret(v.first.id, b);
    await setSecret(third.id, a);
    expect((await reveal(v.leader, v.first.id)).status).toBe(500);
    await expectTampered(
      v,
      third,
      ['first-secret', 'third-secret'],
      vaultMessages.vaultUndecryptable('Third', third.id),
    );
  });

  it('refuses a ciphertext or a wrapped key copied into another workspace', async () => {
    const a = await vault('secret-of-a');
    const b = await vault('secret-of-b');
    await setSecret(b.first.id, await secretOf(a.first.id));
    await expectTampered(
      b,
      b.first,
      ['secret-of-a', 'secret-of-b'],
      vaultMessages.vaultUndecryptable('First', b.first.id),
    );
    expect((await reveal(a.leader, a.first.id)).body.result.password).toBe('secret-of-a');

    // The workspace key of A put in C's key row: C's entries no longer open (the key is bound to A).
    const c = await vault('secret-of-c');
    const [keyOfA] = await db().select().from(vaultKeys).where(eq(vaultKeys.tenantId, a.leader.tenantId));
    await db()
      .update(vaultKeys)
      .set({ wrappedKey: keyOfA!.wrappedKey, masterKeyId: keyOfA!.masterKeyId })
      .where(eq(vaultKeys.tenantId, c.leader.tenantId));
    await expectTampered(
      c,
      c.first,
      ['secret-of-a', 'secret-of-c'],
      vaultMessages.vaultKeyTamperedFor('First', c.first.id),
    );
    expect((await reveal(a.leader, a.first.id)).body.result.password).toBe('secret-of-a');
  });
});

describe('keys', () => {
  it('rotates the workspace key: every entry re-encrypted and readable, admins only', async () => {
    const v = await vault('one');
    const second = await v.add('Second', 'two');
    const before = [await secretOf(v.first.id), await secretOf(second.id)];
    const member = await joinWorkspace(app, v.leader);
    expect((await member.api.post('/vault/rotate-key')).status).toBe(403);
    const rotated = await v.leader.api.post<{ version: number; entries: number }>('/vault/rotate-key');
    expect(rotated.body.result).toEqual({ version: 2, entries: 2 });
    expect(await secretOf(v.first.id)).not.toEqual(before[0]);
    expect(await secretOf(second.id)).not.toEqual(before[1]);
    expect((await reveal(v.leader, v.first.id)).body.result.password).toBe('one');
    expect((await reveal(v.leader, second.id)).body.result.password).toBe('two');
    // A new entry after the rotation is written under the new key.
    const third = await v.add('Third', 'three');
    expect((await reveal(v.leader, third.id)).body.result.password).toBe('three');
    expect((await v.leader.api.post('/vault/rotate-key')).body.result).toEqual({ version: 3, entries: 3 });
  });

  it('names a wrong master key, reads with the previous one during a rotation, and after re-wrapping', async () => {
    const v = await vault('kept-across-master-keys');
    const appWith = (vaultKeyring: VaultKeyring) =>
      buildApp({
        database: app.database,
        config: app.config,
        mailer: createMailer(undefined, { info: () => {}, warn: () => {} }),
        vaultKeyring,
        logger,
      });
    const reveals = async (other: FastifyInstance) =>
      other.inject({
        method: 'POST',
        url: `/api/v2/passwords/${v.first.id}/reveal`,
        headers: { authorization: `Bearer ${v.leader.token}` },
        payload: {},
      });

    const newKey = randomBytes(32);
    const wrong = await appWith({ current: newKey, previous: [] });
    const refused = await reveals(wrong);
    expect(refused.statusCode).toBe(500);
    // The answer and the logged error name the entry (account and id) and the key, never a value.
    const message = vaultMessages.vaultKeyUnavailableFor('First', v.first.id);
    expect(message).toContain('VAULT_MASTER_KEY');
    expect(refused.json().message).toBe(message);
    const logged = wrongKeyLines(v.first.id);
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0]!)).toMatchObject({ level: 50, msg: message });
    expect(refused.body).not.toContain('kept-across-master-keys');
    expect(logged[0]).not.toContain('kept-across-master-keys');

    const during = await appWith({ current: newKey, previous: [app.vaultKeyring.current] });
    expect((await reveals(during)).json().result.password).toBe('kept-across-master-keys');
    await db().transaction((tx) => rewrapDataKeys(tx, during.vaultKeyring, [v.leader.tenantId]));
    expect((await reveals(wrong)).json().result.password).toBe('kept-across-master-keys');
    // The old key alone no longer opens it.
    expect((await reveals(app)).statusCode).toBe(500);
    await Promise.all([wrong.close(), during.close()]);
  });
});
