import { inflateRawSync } from 'node:zlib';
import { crc32 } from '../../../server/zip.ts';
import { badRequest } from '../../../shared/errors.ts';
import { cadenceImportMessages as text } from '../cadence-import.messages.ts';

// Reading an uploaded workspace export without trusting it (decision 114). The zip is parsed
// through its central directory only; every name is checked before anything is unpacked (no
// absolute paths, no `..`, no backslashes or control characters); encrypted entries, zip64 and
// methods other than stored/deflate are refused; each entry is unpacked only when asked for,
// with zlib's output capped at the size its header declares (a lying header fails instead of
// filling memory), and the declared sizes are capped one by one and in total (zip bombs).

/** At most this many files: an export holds two per table plus its attachments and pictures. */
export const MAX_ZIP_ENTRIES = 50_000;
/** One file unpacked: the largest attachment Cadence takes is far below this. */
export const MAX_ENTRY_BYTES = 256 * 1024 * 1024;
/** Everything unpacked together. */
export const MAX_TOTAL_BYTES = 2 * 1024 * 1024 * 1024;
/** A file that unpacks past this ratio to its packed size is a bomb, not an export. */
const MAX_RATIO = 1000;
const RATIO_FLOOR = 1024 * 1024;

const MB = 1024 * 1024;
const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const ZIP64 = 0xffffffff;

export interface ZipEntry {
  name: string;
  size: number;
  /** The entry's bytes, unpacked and checked against its CRC. */
  read: () => Buffer;
}

const refuse = (message: string) => badRequest({ file: message }, message);

/** A name that stays inside the folder it is unpacked to, on any system. */
export const isSafeEntryName = (name: string) => {
  if (name.length === 0 || name.length > 500) return false;
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name) || name.includes('\\')) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(name)) return false;
  return name.split('/').every((part) => part !== '..' && part !== '.');
};

/** Where the end-of-central-directory record starts (it may be followed by a comment). */
const findEnd = (zip: Buffer) => {
  const earliest = Math.max(0, zip.length - 22 - 0xffff);
  for (let at = zip.length - 22; at >= earliest; at--) if (zip.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  return -1;
};

/** The entries of a zip, by name; throws a 400 naming the first problem. */
export const readZip = (zip: Buffer): Map<string, ZipEntry> => {
  const end = zip.length >= 22 ? findEnd(zip) : -1;
  if (end < 0) throw refuse(text.notAZip);
  const count = zip.readUInt16LE(end + 10);
  const directorySize = zip.readUInt32LE(end + 12);
  let at = zip.readUInt32LE(end + 16);
  if (count > MAX_ZIP_ENTRIES) throw refuse(text.tooManyFiles(MAX_ZIP_ENTRIES));
  if (at === ZIP64 || at + directorySize > end) throw refuse(text.notAZip);
  const entries = new Map<string, ZipEntry>();
  let total = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || zip.readUInt32LE(at) !== DIRECTORY_ENTRY) throw refuse(text.notAZip);
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const packed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const offset = zip.readUInt32LE(at + 42);
    if (at + 46 + nameLength > end) throw refuse(text.notAZip);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    at += 46 + nameLength + extraLength + commentLength;
    const shown = JSON.stringify(name.slice(0, 80));
    if (!isSafeEntryName(name)) throw refuse(text.unsafeName(shown));
    if (entries.has(name)) throw refuse(text.duplicateEntry(shown));
    if (name.endsWith('/')) continue;
    if (flags & 1 || (method !== 0 && method !== 8) || packed === ZIP64 || size === ZIP64 || offset === ZIP64)
      throw refuse(text.unsupportedEntry(shown));
    if (size > MAX_ENTRY_BYTES || (size > RATIO_FLOOR && size > packed * MAX_RATIO))
      throw refuse(text.entryTooLarge(shown, MAX_ENTRY_BYTES / MB));
    total += size;
    if (total > MAX_TOTAL_BYTES) throw refuse(text.totalTooLarge(MAX_TOTAL_BYTES / MB));
    if (method === 0 && packed !== size) throw refuse(text.brokenEntry(shown));
    if (offset + 30 > zip.length || zip.readUInt32LE(offset) !== LOCAL_HEADER) throw refuse(text.brokenEntry(shown));
    const start = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
    if (start + packed > zip.length) throw refuse(text.brokenEntry(shown));
    entries.set(name, {
      name,
      size,
      read: () => {
        const data = zip.subarray(start, start + packed);
        let bytes: Buffer;
        try {
          bytes = method === 0 ? Buffer.from(data) : inflate(data, size);
        } catch {
          throw refuse(text.brokenEntry(shown));
        }
        if (bytes.length !== size || crc32(bytes) !== crc) throw refuse(text.brokenEntry(shown));
        return bytes;
      },
    });
  }
  return entries;
};

/** Inflates at most `size` bytes (plus one, to notice more): zlib stops there, whatever the header said. */
const inflate = (data: Buffer, size: number) => inflateRawSync(data, { maxOutputLength: Math.max(1, size + 1) });
