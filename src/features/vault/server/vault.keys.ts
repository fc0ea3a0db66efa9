import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  kpiFeeds,
  slackInstallations,
  ssoProviders,
  vaultEntries,
  vaultKeys,
  webhooks,
} from '../../../db/schema/index.ts';
import { anyOf, uuidArray } from '../../../db/sql.ts';
import { keyIdOf, type VaultKeyring } from '../../../server/secrets.ts';
import { AppError } from '../../../shared/errors.ts';
import { vaultMessages } from '../vault.messages.ts';
import { entryBinding, keyBinding, newDataKey, open, seal, workspaceSecretBinding } from './vault.crypto.ts';

// The workspaces' data keys (decision 045): one random AES-256 key per workspace, stored only
// wrapped by the master key. Writers hold the key row FOR SHARE, so a rotation (FOR UPDATE)
// waits for them and they for it: no entry is ever written under a key being replaced.

/** A 500 whose message names what failed; the error handler logs it with the request id. */
const vaultFailure = (message: string) => new AppError('internal', message);

/**
 * A stored value that no longer opens under the key that should open it: the entry's ciphertext,
 * or the workspace's wrapped key, was changed outside Cadence (edited, moved, swapped). A 500
 * naming what (decision 063: a server error, as the issue asks, that an operator's alerts see).
 */
export class VaultTampered extends AppError {
  readonly part: 'entry' | 'key';
  constructor(part: 'entry' | 'key', message: string) {
    super('internal', message);
    this.part = part;
  }
}

/** No master key of the keyring wrapped the workspace's key: VAULT_MASTER_KEY does not match (a 500). */
export class VaultKeyUnavailable extends AppError {
  constructor(message: string = vaultMessages.vaultKeyUnavailable) {
    super('internal', message);
  }
}

export interface WrappedKey {
  wrappedKey: Buffer;
  masterKeyId: string;
}

/** The data key, unwrapped with whichever master key of the keyring wrapped it. */
export const unwrapDataKey = (keyring: VaultKeyring, tenantId: string, row: WrappedKey): Buffer => {
  const master = [keyring.current, ...keyring.previous].find((key) => keyIdOf(key) === row.masterKeyId);
  if (!master) throw new VaultKeyUnavailable();
  try {
    return open(master, row.wrappedKey, keyBinding(tenantId));
  } catch {
    // The master key that wrapped it is here, so the wrapped key itself was changed or moved.
    throw new VaultTampered('key', vaultMessages.vaultKeyTampered);
  }
};

const wrap = (keyring: VaultKeyring, tenantId: string, dataKey: Buffer): WrappedKey => ({
  wrappedKey: seal(keyring.current, dataKey, keyBinding(tenantId)),
  masterKeyId: keyIdOf(keyring.current),
});

const lockedKeyRow = async (db: Db, tenantId: string, mode: 'share' | 'update') => {
  const [row] = await db
    .select({ wrappedKey: vaultKeys.wrappedKey, masterKeyId: vaultKeys.masterKeyId, version: vaultKeys.version })
    .from(vaultKeys)
    .where(eq(vaultKeys.tenantId, tenantId))
    .for(mode);
  return row;
};

/** The workspace's data key for writing an entry, made on the workspace's first entry. */
export const dataKeyForWrite = async (db: Db, keyring: VaultKeyring, tenantId: string): Promise<Buffer> => {
  let row = await lockedKeyRow(db, tenantId, 'share');
  if (!row) {
    await db
      .insert(vaultKeys)
      .values({ tenantId, ...wrap(keyring, tenantId, newDataKey()) })
      .onConflictDoNothing();
    row = await lockedKeyRow(db, tenantId, 'share');
  }
  return unwrapDataKey(keyring, tenantId, row!);
};

export const sealPassword = (dataKey: Buffer, tenantId: string, entryId: string, password: string) =>
  seal(dataKey, Buffer.from(password, 'utf8'), entryBinding(tenantId, entryId));

/** The password of an entry; a 500 naming the entry when its value was altered or moved (VaultTampered). */
export const openPassword = (
  dataKey: Buffer,
  entry: { tenantId: string; id: string; account: string; secret: Buffer },
): string => {
  try {
    return open(dataKey, entry.secret, entryBinding(entry.tenantId, entry.id)).toString('utf8');
  } catch {
    throw new VaultTampered('entry', vaultMessages.vaultUndecryptable(entry.account, entry.id));
  }
};

/**
 * Secrets of other features kept under the same key chain (decision 051): sealed with the
 * workspace's data key and bound to the workspace and their purpose, re-sealed by a rotation.
 */
export const WORKSPACE_SECRET = {
  slackBotToken: 'slack-bot-token',
  webhookSigningSecret: 'webhook-signing-secret',
  ssoClientSecret: 'sso-client-secret',
  kpiFeedSecret: 'kpi-feed-secret',
} as const;
type WorkspaceSecretPurpose = (typeof WORKSPACE_SECRET)[keyof typeof WORKSPACE_SECRET];

export const sealWorkspaceSecret = (
  dataKey: Buffer,
  tenantId: string,
  purpose: WorkspaceSecretPurpose,
  secret: string,
) => seal(dataKey, Buffer.from(secret, 'utf8'), workspaceSecretBinding(tenantId, purpose));

/** The secret; a 500 naming its purpose when it was altered, moved, or sealed under another key. */
export const openWorkspaceSecret = (
  dataKey: Buffer,
  tenantId: string,
  purpose: WorkspaceSecretPurpose,
  sealed: Buffer,
): string => {
  try {
    return open(dataKey, sealed, workspaceSecretBinding(tenantId, purpose)).toString('utf8');
  } catch {
    throw vaultFailure(vaultMessages.workspaceSecretUndecryptable(purpose));
  }
};

/** Re-seals the workspace's Slack bot token under a new data key, in the rotation's transaction. */
const resealSlackToken = async (db: Db, tenantId: string, oldKey: Buffer, newKey: Buffer) => {
  const purpose = WORKSPACE_SECRET.slackBotToken;
  const [row] = await db
    .select({ botToken: slackInstallations.botToken })
    .from(slackInstallations)
    .where(eq(slackInstallations.tenantId, tenantId))
    .for('update');
  if (!row) return;
  const token = openWorkspaceSecret(oldKey, tenantId, purpose, row.botToken);
  await db
    .update(slackInstallations)
    .set({ botToken: sealWorkspaceSecret(newKey, tenantId, purpose, token) })
    .where(eq(slackInstallations.tenantId, tenantId));
};

/** Re-seals the workspace's webhook signing secrets (current and previous) under a new data key. */
const resealWebhookSecrets = async (db: Db, tenantId: string, oldKey: Buffer, newKey: Buffer) => {
  const purpose = WORKSPACE_SECRET.webhookSigningSecret;
  const rows = await db
    .select({ id: webhooks.id, secret: webhooks.sealedSecret, previous: webhooks.sealedPreviousSecret })
    .from(webhooks)
    .where(eq(webhooks.tenantId, tenantId))
    .for('update');
  const reseal = (sealed: Buffer | null) =>
    sealed && sealWorkspaceSecret(newKey, tenantId, purpose, openWorkspaceSecret(oldKey, tenantId, purpose, sealed));
  for (const row of rows)
    await db
      .update(webhooks)
      .set({ sealedSecret: reseal(row.secret), sealedPreviousSecret: reseal(row.previous) })
      .where(eq(webhooks.id, row.id));
};

/** Re-seals the secrets of the workspace's fed KPIs (decision 119) under a new data key. */
const resealKpiFeedSecrets = async (db: Db, tenantId: string, oldKey: Buffer, newKey: Buffer) => {
  const purpose = WORKSPACE_SECRET.kpiFeedSecret;
  const rows = await db
    .select({ id: kpiFeeds.id, secret: kpiFeeds.sealedSecret })
    .from(kpiFeeds)
    .where(eq(kpiFeeds.tenantId, tenantId))
    .for('update');
  for (const row of rows) {
    const secret = openWorkspaceSecret(oldKey, tenantId, purpose, row.secret);
    await db
      .update(kpiFeeds)
      .set({ sealedSecret: sealWorkspaceSecret(newKey, tenantId, purpose, secret) })
      .where(eq(kpiFeeds.id, row.id));
  }
};

/**
 * One purpose's sealing, for a feature that must not import the vault (app.ts hands it over):
 * `seal` in the caller's transaction (the data key is made if new), `open` with the key row read
 * beside the sealed value.
 */
export const workspaceSecretSealer = (keyring: VaultKeyring, purpose: WorkspaceSecretPurpose) => ({
  seal: async (db: Db, tenantId: string, secret: string) =>
    sealWorkspaceSecret(await dataKeyForWrite(db, keyring, tenantId), tenantId, purpose, secret),
  open: (tenantId: string, sealed: Buffer, key: WrappedKey) =>
    openWorkspaceSecret(unwrapDataKey(keyring, tenantId, key), tenantId, purpose, sealed),
});

/** Hex text arrays: one parameter each, the same on both drivers (bytea arrays are not). */
const hexArray = (values: Buffer[]) => sql.param(values.map((value) => value.toString('hex')));

/** Re-seals the workspace's single sign-on client secret (decision 103) under a new data key. */
const resealSsoSecret = async (db: Db, tenantId: string, oldKey: Buffer, newKey: Buffer) => {
  const purpose = WORKSPACE_SECRET.ssoClientSecret;
  const [row] = await db
    .select({ sealed: ssoProviders.sealedClientSecret })
    .from(ssoProviders)
    .where(eq(ssoProviders.tenantId, tenantId));
  if (!row?.sealed) return;
  const secret = openWorkspaceSecret(oldKey, tenantId, purpose, row.sealed);
  await db
    .update(ssoProviders)
    .set({ sealedClientSecret: sealWorkspaceSecret(newKey, tenantId, purpose, secret) })
    .where(eq(ssoProviders.tenantId, tenantId));
};

/**
 * A new data key for the workspace: every entry (and the workspace secrets of WORKSPACE_SECRET)
 * is decrypted with the old key and sealed with the new one, and the key replaced, in the
 * caller's transaction. Readers meanwhile see the old key and old values together (one
 * statement reads both); writers wait for the key row.
 */
export const rotateWorkspaceKey = async (db: Db, keyring: VaultKeyring, tenantId: string) => {
  const row = await lockedKeyRow(db, tenantId, 'update');
  if (!row) return { version: 0, entries: 0 };
  const oldKey = unwrapDataKey(keyring, tenantId, row);
  const newKey = newDataKey();
  const entries = await db
    .select({
      id: vaultEntries.id,
      tenantId: vaultEntries.tenantId,
      account: vaultEntries.account,
      secret: vaultEntries.secret,
    })
    .from(vaultEntries)
    .where(eq(vaultEntries.tenantId, tenantId));
  const sealed = entries.map((entry) =>
    seal(newKey, Buffer.from(openPassword(oldKey, entry), 'utf8'), entryBinding(tenantId, entry.id)),
  );
  if (entries.length > 0) {
    await db.execute(sql`update ${vaultEntries} set secret = decode(v.hex, 'hex')
      from unnest(${uuidArray(entries.map((entry) => entry.id))}, ${hexArray(sealed)}::text[]) as v(id, hex)
      where ${vaultEntries.id} = v.id and ${vaultEntries.tenantId} = ${tenantId}`);
  }
  await resealSlackToken(db, tenantId, oldKey, newKey);
  await resealWebhookSecrets(db, tenantId, oldKey, newKey);
  await resealSsoSecret(db, tenantId, oldKey, newKey);
  await resealKpiFeedSecrets(db, tenantId, oldKey, newKey);
  await db
    .update(vaultKeys)
    .set({ ...wrap(keyring, tenantId, newKey), version: row.version + 1, rotatedAt: new Date() })
    .where(eq(vaultKeys.tenantId, tenantId));
  return { version: row.version + 1, entries: entries.length };
};

/**
 * Wraps every workspace's data key (or those of `tenantIds`) with the keyring's current master
 * key, after a master-key change, in the caller's transaction. Entries are untouched: their
 * data keys stay the same.
 */
export const rewrapDataKeys = async (db: Db, keyring: VaultKeyring, tenantIds?: string[]) => {
  const rows = await db
    .select({ tenantId: vaultKeys.tenantId, wrappedKey: vaultKeys.wrappedKey, masterKeyId: vaultKeys.masterKeyId })
    .from(vaultKeys)
    .where(tenantIds ? anyOf(vaultKeys.tenantId, tenantIds) : undefined)
    .for('update');
  const rewrapped = rows.map((row) => ({
    tenantId: row.tenantId,
    ...wrap(keyring, row.tenantId, unwrapDataKey(keyring, row.tenantId, row)),
  }));
  if (rewrapped.length > 0) {
    await db.execute(sql`update ${vaultKeys} set wrapped_key = decode(v.hex, 'hex'), master_key_id = ${keyIdOf(keyring.current)}
      from unnest(${uuidArray(rewrapped.map((row) => row.tenantId))}, ${hexArray(rewrapped.map((row) => row.wrappedKey))}::text[]) as v(tenant_id, hex)
      where ${vaultKeys.tenantId} = v.tenant_id`);
  }
  return { workspaces: rewrapped.length };
};
