import { createCipheriv, createDecipheriv, createHash, randomBytes, scrypt } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

// The backup file (docs/decisions/091). A plain file is a magic line, records, and a trailer:
//
//   "CADENCE BACKUP 1\n"
//   record*     kind (1 byte: 'P' part, 'M' manifest, always last) | name length (u16) | name (UTF-8)
//               | size (u64) | bytes
//   trailer     "END1" | SHA-256 of every byte before the trailer
//
// The manifest lists every part with its size and SHA-256. An encrypted file wraps a whole plain
// file: "CADENCE BACKUP 1 ENCRYPTED\n" | salt (16) | log2 N, r, p (1 byte each) | iv (12) |
// AES-256-GCM ciphertext | tag (16), the key from scrypt(passphrase, salt), the header as
// additional data. Node's crypto only; nothing to install to read it back.

export const PLAIN_MAGIC = Buffer.from('CADENCE BACKUP 1\n');
export const ENCRYPTED_MAGIC = Buffer.from('CADENCE BACKUP 1 ENCRYPTED\n');
const TRAILER_MARK = Buffer.from('END1');
const TRAILER_SIZE = TRAILER_MARK.length + 32;
const SCRYPT = { logN: 15, r: 8, p: 1 };
const TAG_SIZE = 16;
const ENCRYPTED_HEADER_SIZE = ENCRYPTED_MAGIC.length + 16 + 3 + 12;

/** The manifest's description of one part. */
export interface PartEntry {
  name: string;
  size: number;
  sha256: string;
}

/** What the manifest says, beside the parts (written by backup.create.ts). */
export interface Manifest {
  format: 'cadence-backup';
  formatVersion: 1;
  /** Cadence's version (package.json) that wrote it. */
  cadenceVersion: string;
  createdAt: string;
  database: { kind: 'pglite' | 'pg'; part: string };
  /** The last schema migration applied to the database when it was dumped, and how many there were. */
  migration: { tag: string; when: number; count: number };
  /** 'included': the key file is a part; 'separate': VAULT_MASTER_KEY was set and must be kept apart. */
  vaultKey: 'included' | 'separate';
  notes: string[];
  parts: PartEntry[];
}

/** A part to write: its name in the file, its size and its bytes (read when written). */
export interface PartSource {
  name: string;
  size: number;
  bytes: () => AsyncIterable<Buffer> | Iterable<Buffer>;
}

/** The backup was refused: unreadable, damaged, wrong passphrase. Its message is for the operator. */
export class BackupFileError extends Error {
  override name = 'BackupFileError';
}

const recordHeader = (kind: 'P' | 'M', name: string, size: number) => {
  const nameBytes = Buffer.from(name, 'utf8');
  if (nameBytes.length > 0xffff) throw new Error(`part name too long: ${name}`);
  const header = Buffer.alloc(1 + 2 + nameBytes.length + 8);
  header.write(kind, 0, 'latin1');
  header.writeUInt16BE(nameBytes.length, 1);
  nameBytes.copy(header, 3);
  header.writeBigUInt64BE(BigInt(size), 3 + nameBytes.length);
  return header;
};

/**
 * The plain file's bytes, part after part, then the manifest with each part's checksum, then the
 * trailer. A part whose bytes do not match the size announced fails the write.
 */
export async function* backupBytes(
  parts: readonly PartSource[],
  manifest: Omit<Manifest, 'parts'>,
): AsyncGenerator<Buffer> {
  const whole = createHash('sha256');
  const out = (chunk: Buffer) => {
    whole.update(chunk);
    return chunk;
  };
  yield out(PLAIN_MAGIC);
  const entries: PartEntry[] = [];
  for (const part of parts) {
    yield out(recordHeader('P', part.name, part.size));
    const hash = createHash('sha256');
    let written = 0;
    for await (const chunk of part.bytes()) {
      written += chunk.length;
      if (written > part.size) throw new Error(`${part.name} grew while it was being backed up`);
      hash.update(chunk);
      yield out(chunk);
    }
    if (written !== part.size) throw new Error(`${part.name} shrank while it was being backed up`);
    entries.push({ name: part.name, size: part.size, sha256: hash.digest('hex') });
  }
  const manifestBytes = Buffer.from(JSON.stringify({ ...manifest, parts: entries }, null, 2));
  yield out(recordHeader('M', 'manifest.json', manifestBytes.length));
  yield out(manifestBytes);
  yield Buffer.concat([TRAILER_MARK, whole.digest()]);
}

const deriveKey = (passphrase: string, salt: Buffer, logN: number, r: number, p: number) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(passphrase, salt, 32, { N: 2 ** logN, r, p, maxmem: 256 * 2 ** logN * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

/** A stream that turns a plain backup into an encrypted one (scrypt + AES-256-GCM). */
export const encryptingStream = async (passphrase: string): Promise<Transform> => {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const header = Buffer.concat([ENCRYPTED_MAGIC, salt, Buffer.from([SCRYPT.logN, SCRYPT.r, SCRYPT.p]), iv]);
  const key = await deriveKey(passphrase, salt, SCRYPT.logN, SCRYPT.r, SCRYPT.p);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(header);
  let started = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (!started) {
        started = true;
        this.push(header);
      }
      done(null, cipher.update(chunk));
    },
    flush(done) {
      if (!started) this.push(header);
      this.push(cipher.final());
      done(null, cipher.getAuthTag());
    },
  });
};

/** Writes the plain bytes to `file`, encrypted when a passphrase is given. */
export const writeBackupFile = async (
  file: string,
  bytes: AsyncIterable<Buffer>,
  passphrase: string | undefined,
): Promise<void> => {
  const target = createWriteStream(file, { mode: 0o600 });
  if (passphrase) await pipeline(Readable.from(bytes), await encryptingStream(passphrase), target);
  else await pipeline(Readable.from(bytes), target);
};

const readExactly = async (handle: FileHandle, position: number, length: number) => {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
};

/** Whether the file is an encrypted backup (false: plain or not a backup at all). */
export const isEncrypted = async (file: string) => {
  const handle = await open(file, 'r');
  try {
    return (await readExactly(handle, 0, ENCRYPTED_MAGIC.length)).equals(ENCRYPTED_MAGIC);
  } finally {
    await handle.close();
  }
};

/**
 * Decrypts an encrypted backup into `plainFile`. A wrong passphrase or any changed byte fails the
 * tag check: the plain file is then removed by the caller and never read.
 */
export const decryptBackupFile = async (file: string, plainFile: string, passphrase: string) => {
  const handle = await open(file, 'r');
  let header: Buffer;
  let size: number;
  let tag: Buffer;
  try {
    size = (await handle.stat()).size;
    header = await readExactly(handle, 0, ENCRYPTED_HEADER_SIZE);
    if (size < ENCRYPTED_HEADER_SIZE + TAG_SIZE || header.length < ENCRYPTED_HEADER_SIZE)
      throw new BackupFileError('the backup file is cut short (it is not a whole encrypted Cadence backup).');
    tag = await readExactly(handle, size - TAG_SIZE, TAG_SIZE);
  } finally {
    await handle.close();
  }
  const at = ENCRYPTED_MAGIC.length;
  const salt = header.subarray(at, at + 16);
  const [logN, r, p] = [header[at + 16]!, header[at + 17]!, header[at + 18]!];
  const iv = header.subarray(at + 19, at + 31);
  if (logN < 10 || logN > 20 || r < 1 || r > 32 || p < 1 || p > 16)
    throw new BackupFileError('the backup file is damaged: its encryption header is not valid.');
  const key = await deriveKey(passphrase, salt, logN, r, p);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(header);
  decipher.setAuthTag(tag);
  try {
    await pipeline(
      createReadStream(file, { start: ENCRYPTED_HEADER_SIZE, end: size - TAG_SIZE - 1 }),
      decipher,
      createWriteStream(plainFile, { mode: 0o600 }),
    );
  } catch {
    throw new BackupFileError(
      'the backup could not be decrypted: the passphrase is wrong, or the file was changed or damaged.',
    );
  }
};

/** A verified plain backup: its manifest and where each part's bytes are in the file. */
export interface OpenedBackup {
  file: string;
  manifest: Manifest;
  parts: Map<string, { offset: number; size: number }>;
}

/**
 * Reads a plain backup from start to end and checks it: the magic line, every record, each part's
 * SHA-256 against the manifest, and the whole file's against the trailer. Any difference (one
 * changed byte) throws a BackupFileError before anything is restored.
 */
export const verifyBackupFile = async (file: string): Promise<OpenedBackup> => {
  const damaged = (what: string) => new BackupFileError(`the backup file is damaged or not a Cadence backup: ${what}.`);
  const handle = await open(file, 'r');
  try {
    const size = (await handle.stat()).size;
    const magic = await readExactly(handle, 0, ENCRYPTED_MAGIC.length);
    if (magic.equals(ENCRYPTED_MAGIC)) throw new BackupFileError('the backup is encrypted: give its passphrase.');
    if (!magic.subarray(0, PLAIN_MAGIC.length).equals(PLAIN_MAGIC)) throw damaged('it does not start as one');
    if (size < PLAIN_MAGIC.length + TRAILER_SIZE) throw damaged('it is cut short');
    const end = size - TRAILER_SIZE;
    const whole = createHash('sha256').update(PLAIN_MAGIC);
    const parts = new Map<string, { offset: number; size: number; sha256: string }>();
    let manifestBytes: Buffer | undefined;
    let at = PLAIN_MAGIC.length;
    const chunk = Buffer.alloc(1 << 20);
    while (at < end) {
      if (manifestBytes) throw damaged('there are bytes after its manifest');
      const fixed = await readExactly(handle, at, 3);
      if (fixed.length < 3) throw damaged('a record is cut short');
      const kind = String.fromCharCode(fixed[0]!);
      const nameLength = fixed.readUInt16BE(1);
      const rest = await readExactly(handle, at + 3, nameLength + 8);
      if (rest.length < nameLength + 8 || (kind !== 'P' && kind !== 'M')) throw damaged('a record is not valid');
      whole.update(fixed).update(rest);
      const name = rest.subarray(0, nameLength).toString('utf8');
      const partSize = Number(rest.readBigUInt64BE(nameLength));
      const offset = at + 3 + nameLength + 8;
      if (offset + partSize > end) throw damaged(`${name} is cut short`);
      const hash = createHash('sha256');
      let read = 0;
      const kept: Buffer[] = [];
      while (read < partSize) {
        const { bytesRead } = await handle.read(chunk, 0, Math.min(chunk.length, partSize - read), offset + read);
        if (bytesRead === 0) throw damaged(`${name} is cut short`);
        const piece = chunk.subarray(0, bytesRead);
        whole.update(piece);
        if (kind === 'P') hash.update(piece);
        else kept.push(Buffer.from(piece));
        read += bytesRead;
      }
      if (kind === 'M') manifestBytes = Buffer.concat(kept);
      else if (parts.has(name)) throw damaged(`${name} is there twice`);
      else parts.set(name, { offset, size: partSize, sha256: hash.digest('hex') });
      at = offset + partSize;
    }
    const trailer = await readExactly(handle, end, TRAILER_SIZE);
    if (!trailer.subarray(0, TRAILER_MARK.length).equals(TRAILER_MARK) || !manifestBytes)
      throw damaged('its end is missing');
    if (!trailer.subarray(TRAILER_MARK.length).equals(whole.digest()))
      throw damaged('its checksum does not match its contents (a byte was changed)');
    let manifest: Manifest;
    try {
      manifest = JSON.parse(manifestBytes.toString('utf8')) as Manifest;
    } catch {
      throw damaged('its manifest is not readable');
    }
    if (manifest.format !== 'cadence-backup' || !Array.isArray(manifest.parts))
      throw damaged('its manifest is not one');
    if (manifest.formatVersion !== 1)
      throw new BackupFileError(`the backup's format (${manifest.formatVersion}) is newer than this Cadence reads.`);
    if (manifest.parts.length !== parts.size) throw damaged('its parts and its manifest differ');
    for (const entry of manifest.parts) {
      const found = parts.get(entry.name);
      if (!found || found.size !== entry.size || found.sha256 !== entry.sha256)
        throw damaged(`the checksum of ${entry.name} does not match`);
    }
    return { file, manifest, parts };
  } finally {
    await handle.close();
  }
};

/** One part's bytes, read from a verified backup. */
export const partStream = (backup: OpenedBackup, name: string) => {
  const part = backup.parts.get(name);
  if (!part) throw new BackupFileError(`the backup has no ${name}.`);
  return part.size === 0
    ? Readable.from([])
    : createReadStream(backup.file, { start: part.offset, end: part.offset + part.size - 1 });
};
