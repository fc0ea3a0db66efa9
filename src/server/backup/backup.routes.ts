import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pipeline, Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, unauthorized } from '../../shared/errors.ts';
import { failures, sendDownload } from '../http.ts';
import { writeKeyFileOnce } from '../secrets.ts';
import { type BackupSource, prepareBackup } from './backup.create.ts';
import { backupBytes, encryptingStream } from './backup.format.ts';
import { serverAdminIds } from './server-admins.ts';

// The online backup (decision 091): the embedded database belongs to the running server (the data
// lock), so `npm run backup` asks the server for it. The script proves it runs as the machine's
// operator with a token the server writes into DATA_DIR, readable by that user only; in the
// browser, a person who is the admin of every workspace on the server may download it too.

/** The operator's token file, mode 600, made at the server's first start. */
export const operatorTokenFile = (dataDir: string) => path.join(dataDir, 'backup.token');
export const OPERATOR_TOKEN_HEADER = 'x-cadence-operator-token';

/** Makes the operator's token file when missing (and keeps it private); returns the token. */
export const ensureOperatorToken = (dataDir: string) => {
  const file = operatorTokenFile(dataDir);
  if (!existsSync(file)) writeKeyFileOnce(file, randomBytes(32).toString('hex'));
  chmodSync(file, 0o600);
  return readFileSync(file, 'utf8').trim();
};

const isOperator = (dataDir: string, given: string | string[] | undefined) => {
  if (typeof given !== 'string' || given.length === 0) return false;
  let token: string;
  try {
    token = readFileSync(operatorTokenFile(dataDir), 'utf8').trim();
  } catch {
    return false;
  }
  const a = Buffer.from(token);
  const b = Buffer.from(given);
  return a.length > 0 && a.length === b.length && timingSafeEqual(a, b);
};

export const backupMessages = {
  notAllowed:
    "Only the server's operator, or a person who is the admin of every workspace on this server, may download its backup.",
  passphraseShort: 'The passphrase must have at least 12 characters',
  wrongOperatorToken:
    "The operator token is not this server's: read it from DATA_DIR/backup.token of the running Cadence.",
} as const;

export const ZCreateBackup = z.object({
  passphrase: z.string().min(12, { error: backupMessages.passphraseShort }).max(1000).optional().meta({
    description: 'Set: the backup is encrypted with it (scrypt + AES-256-GCM); keep it, it cannot be recovered',
  }),
});

/** What a backup of this server reads: its database, DATA_DIR, and whether the vault key is in the environment. */
export const backupSourceOf = (
  database: BackupSource['database'],
  config: { dataDir: string; databaseUrl: string | undefined },
  env: NodeJS.ProcessEnv = process.env,
): BackupSource => ({
  database,
  dataDir: config.dataDir,
  databaseUrl: config.databaseUrl,
  vaultKeyFromEnvironment: !!env.VAULT_MASTER_KEY,
});

export const registerBackupRoutes = (app: FastifyInstance, source: () => BackupSource, prefix: string) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    `${prefix}/backup`,
    {
      // Public to the session check: the operator's token stands in for a session (checked below).
      config: { public: true },
      schema: {
        tags: ['system'],
        operationId: 'createBackup',
        summary:
          "A backup of the whole server as one file (decision 091): the database, the card attachments and the vault's key file. " +
          `For the operator (header ${OPERATOR_TOKEN_HEADER}: DATA_DIR/backup.token) or a person who is the admin of every workspace`,
        body: ZCreateBackup.nullish(),
        produces: ['application/octet-stream'],
        response: { 200: z.any(), ...failures(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { dataDir } = source();
      const operatorToken = request.headers[OPERATOR_TOKEN_HEADER];
      if (!isOperator(dataDir, operatorToken)) {
        if (operatorToken !== undefined) throw unauthorized(backupMessages.wrongOperatorToken);
        if (!request.auth) throw unauthorized();
        if ((await serverAdminIds(app.database.db, request.auth.userId)).length === 0)
          throw forbidden(backupMessages.notAllowed);
      }
      // The database is dumped before the answer starts, so a failure there is an error answer.
      const { parts, manifest, cleanup } = await prepareBackup(source());
      const stamp = manifest.createdAt.replace(/[-:]/g, '').replace(/\..*$/, '');
      const bytes = Readable.from(backupBytes(parts, manifest));
      bytes.once('close', () => void cleanup());
      const passphrase = request.body?.passphrase;
      // pipeline: a failure of either stream ends the answer (cut short, which the reader detects).
      const body = passphrase ? pipeline(bytes, await encryptingStream(passphrase), () => {}) : bytes;
      request.log.info({ parts: parts.length, encrypted: !!passphrase }, 'backup downloaded');
      return sendDownload(reply, body, 'application/octet-stream', `cadence-backup-${stamp}.cadence`);
    },
  );
};
