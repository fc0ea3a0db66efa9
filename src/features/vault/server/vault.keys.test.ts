import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { createMeeting, joinWorkspace, type SignedUp, signUp } from '../../../../test/factories.ts';
import { vaultEntries, vaultKeys } from '../../../db/schema/index.ts';
import { buildApp } from '../../../server/app.ts';
import { createMailer } from '../../../server/mail/mailer.ts';
import type { VaultKeyring } from '../../../server/secrets.ts';
import type { Revealed, VaultEntry } from '../vault.schemas.ts';
import { rewrapDataKeys } from './vault.keys.ts';

// Encryption at rest: a changed, moved or swapped ciphertext fails to decrypt with a clear
// error naming the entry (and nothing else breaks); a wrong master key is named as such;
// rotating the workspace key or the master key keeps every entry readable.

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
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

describe('tampering', () => {
  it('refuses a changed ciphertext with a server error naming the entry, and serves the others', async () => {
    const v = await vault();
    const second = await v.add('Second', 'second');
    const altered = Buffer.from(await secretOf(v.first.id));
    altered[altered.length - 1]! ^= 1;
    await setSecret(v.first.id, altered);
    const answer = await reveal(v.leader, v.first.id);
    expect(answer.status).toBe(500);
    expect(answer.body.message).toContain('“First”');
    expect(answer.body.message).toContain(v.first.id);
    expect(answer.body.message).toContain('could not be decrypted');
    expect((await reveal(v.leader, second.id)).body.result.password).toBe('second');
    expect((await v.leader.api.get(`/meetings/${v.meeting.id}/passwords`)).status).toBe(200);
  });

  it('refuses a ciphertext copied to another entry of the same workspace', async () => {
    const v = await vault('first-secret');
    const second = await v.add('Second', 'second-secret');
    await setSecret(second.id, await secretOf(v.first.id));
    expect((await reveal(v.leader, second.id)).status).toBe(500);
    expect((await reveal(v.leader, v.first.id)).body.result.password).toBe('first-secret');
  });

  it('refuses a ciphertext or a wrapped key copied into another workspace', async () => {
    const a = await vault('secret-of-a');
    const b = await vault('secret-of-b');
    await setSecret(b.first.id, await secretOf(a.first.id));
    expect((await reveal(b.leader, b.first.id)).status).toBe(500);

    const c = await vault('secret-of-c');
    const [keyOfA] = await db().select().from(vaultKeys).where(eq(vaultKeys.tenantId, a.leader.tenantId));
    await db()
      .update(vaultKeys)
      .set({ wrappedKey: keyOfA!.wrappedKey, masterKeyId: keyOfA!.masterKeyId })
      .where(eq(vaultKeys.tenantId, c.leader.tenantId));
    const answer = await reveal(c.leader, c.first.id);
    expect(answer.status).toBe(500);
    expect(answer.body.message).toContain('VAULT_MASTER_KEY');
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
    expect(refused.json().message).toContain('VAULT_MASTER_KEY');

    const during = await appWith({ current: newKey, previous: [app.vaultKeyring.current] });
    expect((await reveals(during)).json().result.password).toBe('kept-across-master-keys');
    await db().transaction((tx) => rewrapDataKeys(tx, during.vaultKeyring, [v.leader.tenantId]));
    expect((await reveals(wrong)).json().result.password).toBe('kept-across-master-keys');
    // The old key alone no longer opens it.
    expect((await reveals(app)).statusCode).toBe(500);
    await Promise.all([wrong.close(), during.close()]);
  });
});
