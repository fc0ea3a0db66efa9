import { once } from 'node:events';
import type { WriteStream } from 'node:fs';
import { deflateRawSync } from 'node:zlib';

// A minimal zip writer (PKWARE APPNOTE 6.3: local headers, deflate, central directory, no
// zip64) that streams entries to a file one at a time, so a workspace export never holds all
// its files in memory (decision 055). Node 20 has no zlib.crc32: the table below computes it.

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export const crc32 = (data: Uint8Array): number => {
  let crc = 0xffffffff;
  for (let i = 0; i < data.length; i++) crc = (CRC_TABLE[(crc ^ (data[i] as number)) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
};

/** MS-DOS date and time of `at` (local fields as UTC: zip times carry no zone). */
const dosTime = (at: Date) => ({
  time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
  date: ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
});

const LIMIT = 0xffffffff;
const MAX_ENTRIES = 0xffff;
/** UTF-8 names (general purpose flag bit 11). */
const UTF8 = 0x0800;

interface Written {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  method: number;
  offset: number;
}

export class ZipWriter {
  private offset = 0;
  private readonly entries: Written[] = [];
  private readonly stamp = dosTime(new Date());

  constructor(private readonly out: WriteStream) {}

  private async write(chunk: Buffer) {
    this.offset += chunk.length;
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }

  /** Adds a file; text and JSON are deflated, what deflate does not shrink is stored. */
  async add(name: string, data: Buffer) {
    if (this.entries.length >= MAX_ENTRIES) throw new Error('zip: too many entries');
    const deflated = deflateRawSync(data);
    const stored = deflated.length >= data.length;
    const body = stored ? data : deflated;
    if (data.length >= LIMIT || this.offset + body.length >= LIMIT) throw new Error('zip: over 4 GB');
    const fileName = Buffer.from(name, 'utf8');
    const entry: Written = {
      name: fileName,
      crc: crc32(data),
      compressed: body.length,
      size: data.length,
      method: stored ? 0 : 8,
      offset: this.offset,
    };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(UTF8, 6);
    header.writeUInt16LE(entry.method, 8);
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.date, 12);
    header.writeUInt32LE(entry.crc, 14);
    header.writeUInt32LE(entry.compressed, 18);
    header.writeUInt32LE(entry.size, 22);
    header.writeUInt16LE(fileName.length, 26);
    header.writeUInt16LE(0, 28);
    await this.write(Buffer.concat([header, fileName]));
    await this.write(body);
    this.entries.push(entry);
  }

  /** Writes the central directory and closes the file. */
  async finish() {
    const start = this.offset;
    for (const entry of this.entries) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(20, 4);
      header.writeUInt16LE(20, 6);
      header.writeUInt16LE(UTF8, 8);
      header.writeUInt16LE(entry.method, 10);
      header.writeUInt16LE(this.stamp.time, 12);
      header.writeUInt16LE(this.stamp.date, 14);
      header.writeUInt32LE(entry.crc, 16);
      header.writeUInt32LE(entry.compressed, 20);
      header.writeUInt32LE(entry.size, 24);
      header.writeUInt16LE(entry.name.length, 28);
      header.writeUInt32LE(entry.offset, 42);
      await this.write(Buffer.concat([header, entry.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.write(end);
    this.out.end();
    await once(this.out, 'finish');
  }
}
