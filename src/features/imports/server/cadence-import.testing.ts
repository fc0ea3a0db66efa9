import { deflateRawSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { SignedUp } from '../../../../test/factories.ts';
import { eventually } from '../../../../test/realtime.ts';
import { crc32 } from '../../../server/zip.ts';
import type { WorkspaceExport } from '../../reports/reports.schemas.ts';

// What the import tests share: making an export through the API, sending a zip to the import,
// and building zips by hand (hostile ones included).

/** Exports the admin's workspace through the API and downloads its zip. */
export const exportWorkspace = async (app: FastifyInstance, admin: SignedUp, passphrase?: string) => {
  const started = await admin.api.post<WorkspaceExport>('/workspace-exports', passphrase ? { passphrase } : undefined);
  expect(started.status).toBe(201);
  let current: WorkspaceExport | undefined;
  await eventually(() => {
    void admin.api.get<WorkspaceExport>(`/workspace-exports/${started.body.result.id}`).then((answer) => {
      current = answer.body.result;
    });
    return current?.status === 'done' || current?.status === 'failed';
  }, 120_000);
  expect(current?.status).toBe('done');
  const download = await app.inject({
    method: 'GET',
    url: `/api/v2/workspace-exports/${current!.id}/download`,
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(download.statusCode).toBe(200);
  return download.rawPayload;
};

/** POST /workspace-imports with the zip and the given form fields. */
export const importZip = (
  app: FastifyInstance,
  token: string | null,
  zip: Buffer,
  fields: Record<string, string> = {},
) => {
  const boundary = '----cadence-import-boundary';
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const payload = Buffer.concat([
    ...parts,
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="export.zip"\r\nContent-Type: application/zip\r\n\r\n`,
    ),
    zip,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/v2/workspace-imports',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
};

export interface RawEntry {
  name: string;
  data: Buffer;
  /** Deflate it (default) or store it. */
  deflate?: boolean;
  /** Overrides the unpacked size the headers declare (a lying header). */
  declaredSize?: number;
  /** General purpose flags (bit 0: encrypted). */
  flags?: number;
}

/** A zip made by hand, so a test can write what no honest zip tool would. */
export const rawZip = (entries: RawEntry[]) => {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const body = entry.deflate === false ? entry.data : deflateRawSync(entry.data);
    const size = entry.declaredSize ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.flags ?? 0, 6);
    local.writeUInt16LE(entry.deflate === false ? 0 : 8, 8);
    local.writeUInt32LE(crc32(entry.data), 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(entry.flags ?? 0, 8);
    header.writeUInt16LE(entry.deflate === false ? 0 : 8, 10);
    header.writeUInt32LE(crc32(entry.data), 16);
    header.writeUInt32LE(body.length, 20);
    header.writeUInt32LE(size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    central.push(header, name);
    offset += 30 + name.length + body.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
};
