import { eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { webhooks } from '../../../db/schema/index.ts';
import type { VaultKeyring } from '../../../server/secrets.ts';
import {
  dataKeyForWrite,
  openWorkspaceSecret,
  sealWorkspaceSecret,
  unwrapDataKey,
  WORKSPACE_SECRET,
} from '../../vault/server/vault.keys.ts';

// Signing secrets at rest (decision 099): sealed with the workspace's vault data key, so a copy of
// the database (a backup, a dump) holds no secret that could sign a delivery; opened only to sign.

const purpose = WORKSPACE_SECRET.webhookSigningSecret;

/** `secret` sealed for the workspace, in the caller's transaction (the data key is made if new). */
export const sealSecret = async (db: Db, keyring: VaultKeyring, tenantId: string, secret: string) =>
  sealWorkspaceSecret(await dataKeyForWrite(db, keyring, tenantId), tenantId, purpose, secret);

/** A claimed delivery's sealed secrets with its workspace's wrapped data key (read in one statement). */
export interface SealedSecrets {
  tenantId: string;
  secret: Buffer;
  previous: Buffer | null;
  wrappedKey: Buffer;
  masterKeyId: string;
}

/** The secrets that sign: the current one, then the previous one while its overlap lasts. */
export const openSecrets = (keyring: VaultKeyring, sealed: SealedSecrets, previousValid: boolean): string[] => {
  const dataKey = unwrapDataKey(keyring, sealed.tenantId, sealed);
  const open = (value: Buffer) => openWorkspaceSecret(dataKey, sealed.tenantId, purpose, value);
  return [open(sealed.secret), ...(previousValid && sealed.previous ? [open(sealed.previous)] : [])];
};

/**
 * Seals the secrets of webhooks saved before secrets were sealed and empties their clear columns;
 * run once as the server starts (after that, one query of a small table that finds nothing).
 */
export const sealClearSecrets = async (db: Db, keyring: VaultKeyring): Promise<number> =>
  db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: webhooks.id,
        tenantId: webhooks.tenantId,
        secret: webhooks.secret,
        previous: webhooks.previousSecret,
      })
      .from(webhooks)
      .where(isNotNull(webhooks.secret))
      .for('update');
    for (const row of rows)
      await tx
        .update(webhooks)
        .set({
          sealedSecret: await sealSecret(tx, keyring, row.tenantId, row.secret!),
          sealedPreviousSecret: row.previous ? await sealSecret(tx, keyring, row.tenantId, row.previous) : null,
          secret: null,
          previousSecret: null,
        })
        .where(eq(webhooks.id, row.id));
    return rows.length;
  });
