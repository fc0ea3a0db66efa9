import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { createMeeting, type SignedUp, signUp } from '../../../../test/factories.ts';
import { vaultAudit } from '../../../db/schema/index.ts';
import { VAULT_LIMITS } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import type { VaultEntry, VaultEntryPage } from '../vault.schemas.ts';

// "Oversized fields are refused": the username, notes and site URL limits of the
// schema (VAULT_LIMITS, and 2,000 characters for an address), sent one over, on a new entry and
// on a change. Each is a 400 in the envelope naming the field, and nothing is stored: the list
// and the entry are as before and no audit row is written. (Account and password: vault.test.ts.)

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const SITE_URL_MAX = 2000;
const site = (length: number) => {
  const start = 'https://example.com/';
  return start + 'a'.repeat(length - start.length);
};

/** Each field one character over its limit, with the limit the message names. */
const OVERSIZED: [field: string, value: string, max: number][] = [
  ['username', 'u'.repeat(VAULT_LIMITS.username + 1), VAULT_LIMITS.username],
  ['notes', 'n'.repeat(VAULT_LIMITS.notes + 1), VAULT_LIMITS.notes],
  ['siteUrl', site(SITE_URL_MAX + 1), SITE_URL_MAX],
];

const vault = async () => {
  const leader = await signUp(app, { firstName: 'Lea' });
  const meeting = await createMeeting(leader);
  const created = await leader.api.post<VaultEntry>(`/meetings/${meeting.id}/passwords`, {
    account: 'Router',
    username: 'admin',
    password: 'r0uter-secret',
    siteUrl: 'https://router.example.com',
    notes: 'rack 2',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { leader, meetingId: meeting.id, entry: created.body.result };
};

/** What is stored of the vault: its entries as listed, and its audit rows. */
const stored = async (leader: SignedUp, meetingId: string) => {
  const list = await leader.api.get<VaultEntryPage>(`/meetings/${meetingId}/passwords`);
  expect(list.status).toBe(200);
  const audit = await app.database.db.select().from(vaultAudit).where(eq(vaultAudit.meetingId, meetingId));
  return { total: list.body.result.total, items: list.body.result.items, audit: audit.length };
};

describe('oversized vault fields', () => {
  it('refuses each on a new entry with a 400 naming the field and its limit, and stores nothing', async () => {
    const { leader, meetingId } = await vault();
    const before = await stored(leader, meetingId);
    expect(before).toMatchObject({ total: 1, audit: 1 });
    for (const [field, value, max] of OVERSIZED) {
      const answer = await leader.api.post(`/meetings/${meetingId}/passwords`, {
        account: `Too long ${field}`,
        password: 'never-stored',
        [field]: value,
      });
      expect(answer.status, field).toBe(400);
      expect(answer.body, field).toMatchObject({
        status: 'fail',
        message: messages.tooLong(max),
        errors: { [field]: messages.tooLong(max) },
      });
      expect(await stored(leader, meetingId), field).toEqual(before);
    }
  });

  it('refuses each on a change of an entry, which stays as it was, with no audit row', async () => {
    const { leader, meetingId, entry } = await vault();
    const before = await stored(leader, meetingId);
    for (const [field, value, max] of OVERSIZED) {
      const answer = await leader.api.patch(`/passwords/${entry.id}`, { account: 'Renamed', [field]: value });
      expect(answer.status, field).toBe(400);
      expect(answer.body, field).toMatchObject({ status: 'fail', errors: { [field]: messages.tooLong(max) } });
      const after = await stored(leader, meetingId);
      expect(after, field).toEqual(before);
      expect(after.items[0], field).toMatchObject({
        account: 'Router',
        username: 'admin',
        siteUrl: 'https://router.example.com',
        notes: 'rack 2',
      });
    }
  });

  it('takes each at exactly its limit', async () => {
    const { leader, meetingId } = await vault();
    const full = {
      account: 'At the limits',
      password: 'p',
      username: 'u'.repeat(VAULT_LIMITS.username),
      notes: 'n'.repeat(VAULT_LIMITS.notes),
      siteUrl: site(SITE_URL_MAX),
    };
    const answer = await leader.api.post<VaultEntry>(`/meetings/${meetingId}/passwords`, full);
    expect(answer.status, JSON.stringify(answer.body.errors)).toBe(201);
    expect(answer.body.result).toMatchObject({ username: full.username, notes: full.notes, siteUrl: full.siteUrl });
    expect(await stored(leader, meetingId)).toMatchObject({ total: 2, audit: 2 });
  });
});
