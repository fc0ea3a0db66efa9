import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import {
  createMeeting,
  joinWorkspace,
  PNG_PIXEL,
  type SignedUp,
  signUp,
  uploadFile,
} from '../../../../test/factories.ts';
import { connect, listen, settle } from '../../../../test/realtime.ts';
import { unzip } from '../../../../test/unzip.ts';
import { attachments, invitations, memberships, tenants, users } from '../../../db/schema/index.ts';
import { cadenceImportMessages as text } from '../cadence-import.messages.ts';
import type { CadenceImportResult } from '../cadence-import.schemas.ts';
import { exportWorkspace, importZip, rawZip } from './cadence-import.testing.ts';

let app: FastifyInstance;
let baseUrl: string;
let dataDir: string;
beforeAll(async () => {
  // A data directory of its own: attachments and export zips are files.
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'cadence-import-'));
  app = await testApp({ dataDir });
  baseUrl = await listen(app);
});
afterAll(() => app.close());

const PASSPHRASE = 'correct horse battery staple';
const VAULT_PASSWORD = 'Vault-Secret-Pa55word!';

/** A small workspace with a meeting, a to-do with an attachment and a vault password; exported with a passphrase. */
let source: { ada: SignedUp; pat: SignedUp; meetingId: string; zip: Buffer; plainZip: Buffer };
const prepare = async () => {
  if (source) return source;
  const ada = await signUp(app, { firstName: 'Ada', workspace: 'Imported Co' });
  const pat = await joinWorkspace(app, ada, { firstName: 'Pat' });
  const meeting = await createMeeting(ada, [pat.userId], { title: 'Import L10' });
  const task = await ada.api.post<{ id: string }>('/tasks', {
    title: 'Renew the lease',
    type: '4',
    userId: pat.userId,
    meetingIds: [meeting.id],
  });
  expect(task.status).toBe(201);
  expect(
    (await uploadFile(app, ada.token, 'POST', `/tasks/${task.body.result.id}/attachments`, PNG_PIXEL, 'pixel.png'))
      .statusCode,
  ).toBe(201);
  const vault = await ada.api.post(`/meetings/${meeting.id}/passwords`, {
    account: 'Bank login',
    username: 'ada',
    password: VAULT_PASSWORD,
  });
  expect(vault.status).toBe(201);
  const zip = await exportWorkspace(app, ada, PASSPHRASE);
  const plainZip = await exportWorkspace(app, ada);
  source = { ada, pat, meetingId: meeting.id, zip, plainZip };
  return source;
};

const tenantCount = async () => (await app.database.db.select({ n: count() }).from(tenants))[0]!.n;
const filesUnder = (dir: string): number =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true }).reduce(
        (n, entry) => n + (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : 1),
        0,
      )
    : 0;

/** The export's files with some replaced or added, zipped again. */
const rezip = (zip: Buffer, change: (files: Map<string, Buffer>) => void) => {
  const files = unzip(zip);
  change(files);
  return rawZip([...files].map(([name, data]) => ({ name, data })));
};

describe('importing a Cadence export', () => {
  it('makes a new workspace of the importer, ids remapped, vault re-sealed, people invited; the source is untouched', async () => {
    const { ada, pat, meetingId, zip } = await prepare();
    const manifest = JSON.parse(unzip(zip).get('manifest.json')!.toString());
    expect(manifest).toMatchObject({ format: 'cadence-workspace-export', formatVersion: 1 });
    expect(unzip(zip).get('vault/passwords.json')!.toString()).not.toContain(VAULT_PASSWORD);

    // Ada moves her workspace: she imports her own export, and becomes the copy's admin.
    const patSocket = await connect(baseUrl, pat.token);
    const answer = await importZip(app, ada.token, zip, { passphrase: PASSPHRASE, name: 'Copy of Imported Co' });
    expect(answer.statusCode).toBe(201);
    const result = answer.json().result as CadenceImportResult;
    expect(result.workspace).toMatchObject({ name: 'Copy of Imported Co', isAdmin: '1' });
    expect(result.workspace.id).not.toBe(ada.tenantId);
    expect(result.tables).toMatchObject({ meetings: 1, vault_entries: 1, attachments: 1 });
    expect(result).toMatchObject({ invited: 1, vaultPasswordsMissing: 0, skippedRows: 0 });

    // Ada is the only member (its admin); Pat has an open invitation.
    const members = await app.database.db
      .select({ userId: memberships.userId, isAdmin: memberships.isAdmin })
      .from(memberships)
      .where(eq(memberships.tenantId, result.workspace.id));
    expect(members).toEqual([{ userId: ada.userId, isAdmin: '1' }]);
    const invited = await app.database.db
      .select({ userId: invitations.userId })
      .from(invitations)
      .where(eq(invitations.tenantId, result.workspace.id));
    expect(invited.map((row) => row.userId)).toEqual([pat.userId]);

    // In the new workspace: the meeting under a new id, the card with its attachment, the password.
    expect((await ada.api.post('/switch-tenant', { id: result.workspace.id })).status).toBe(200);
    const meetings = await ada.api.get<{ items: { id: string; title: string }[] }>('/meetings');
    expect(meetings.status).toBe(200);
    expect(meetings.body.result.items.map((m) => m.title)).toEqual(['Import L10']);
    const copied = meetings.body.result.items[0]!;
    expect(copied.id).not.toBe(meetingId);
    expect((await ada.api.get(`/meetings/${meetingId}`)).status).toBe(404);
    const [attachment] = await app.database.db
      .select({ storageKey: attachments.storageKey, fileName: attachments.fileName })
      .from(attachments)
      .where(eq(attachments.tenantId, result.workspace.id));
    expect(attachment!.fileName).toBe('pixel.png');
    expect(readFileSync(path.join(dataDir, 'attachments', attachment!.storageKey))).toEqual(PNG_PIXEL);
    const passwords = await ada.api.get<{ items: { id: string; account: string }[] }>(
      `/meetings/${copied.id}/passwords`,
    );
    expect(passwords.body.result.items.map((p) => p.account)).toEqual(['Bank login']);
    const revealed = await ada.api.post<{ password: string }>(
      `/passwords/${passwords.body.result.items[0]!.id}/reveal`,
      { purpose: 'reveal' },
    );
    expect(revealed.status).toBe(200);
    expect(revealed.body.result.password).toBe(VAULT_PASSWORD);

    // The source workspace is as it was, and its people's sockets heard nothing of the import.
    await settle();
    expect(patSocket.received).toEqual([]);
    patSocket.socket.disconnect();
    const patMeetings = await pat.api.get<{ items: { id: string }[] }>('/meetings');
    expect(patMeetings.body.result.items.map((m) => m.id)).toEqual([meetingId]);
  });

  it('without a passphrase in the export, vault entries come with an empty password and are counted', async () => {
    const { plainZip } = await prepare();
    const cy = await signUp(app, { firstName: 'Cy' });
    const answer = await importZip(app, cy.token, plainZip);
    expect(answer.statusCode).toBe(201);
    const result = answer.json().result as CadenceImportResult;
    expect(result.workspace.name).toBe('Imported Co');
    expect(result.vaultPasswordsMissing).toBe(1);
  });

  it('asks for the passphrase, and refuses a wrong one, creating nothing', async () => {
    const { zip } = await prepare();
    const dee = await signUp(app, { firstName: 'Dee' });
    const before = await tenantCount();
    const missing = await importZip(app, dee.token, zip);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ status: 'fail', errors: { passphrase: text.passphraseRequired } });
    const wrong = await importZip(app, dee.token, zip, { passphrase: 'not the passphrase at all' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ passphrase: text.passphraseWrong });
    expect(await tenantCount()).toBe(before);
  });

  it('is all or nothing: a bad row late in the file leaves no workspace, no person and no file', async () => {
    const { zip } = await prepare();
    const eve = await signUp(app, { firstName: 'Eve' });
    const broken = rezip(zip, (files) => {
      const rows = JSON.parse(files.get('json/vault_audit.json')!.toString());
      rows[0].action = 'not-an-action';
      files.set('json/vault_audit.json', Buffer.from(JSON.stringify(rows)));
      // A person this server does not know: created by the import, then rolled back.
      const people = JSON.parse(files.get('json/users.json')!.toString());
      people[0].email = 'new-person-of-the-import@example.com';
      files.set('json/users.json', Buffer.from(JSON.stringify(people)));
    });
    const before = await tenantCount();
    const attachmentsBefore = filesUnder(path.join(dataDir, 'attachments'));
    const answer = await importZip(app, eve.token, broken, { passphrase: PASSPHRASE });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(text.brokenTable('vault_audit'));
    expect(await tenantCount()).toBe(before);
    expect(
      await app.database.db.select().from(users).where(eq(users.email, 'new-person-of-the-import@example.com')),
    ).toEqual([]);
    expect(filesUnder(path.join(dataDir, 'attachments'))).toBe(attachmentsBefore);
  });

  it('refuses an unknown format version, a zip that is no export, and a value of the wrong type, with a 400', async () => {
    const { plainZip } = await prepare();
    const fay = await signUp(app, { firstName: 'Fay' });
    const future = rezip(plainZip, (files) => {
      const manifest = JSON.parse(files.get('manifest.json')!.toString());
      files.set('manifest.json', Buffer.from(JSON.stringify({ ...manifest, formatVersion: 2 })));
    });
    const version = await importZip(app, fay.token, future);
    expect(version.statusCode).toBe(400);
    expect(version.json().message).toBe(text.unknownVersion('2', 1));

    const other = rawZip([{ name: 'readme.txt', data: Buffer.from('hello') }]);
    expect((await importZip(app, fay.token, other)).json().message).toBe(text.notAnExport);
    const notZip = await importZip(app, fay.token, Buffer.from('just some text, no zip at all'));
    expect(notZip.statusCode).toBe(400);
    expect(notZip.json().message).toBe(text.notAZip);

    const typed = rezip(plainZip, (files) => {
      const rows = JSON.parse(files.get('json/meetings.json')!.toString());
      rows[0].title = { nested: ['not', 'a', 'title'] };
      files.set('json/meetings.json', Buffer.from(JSON.stringify(rows)));
    });
    const wrongType = await importZip(app, fay.token, typed);
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe(text.brokenRow('meetings', 1));
    const nul = rezip(plainZip, (files) => {
      const rows = JSON.parse(files.get('json/meetings.json')!.toString());
      rows[0].title = 'a\u0000b';
      files.set('json/meetings.json', Buffer.from(JSON.stringify(rows)));
    });
    expect((await importZip(app, fay.token, nul)).statusCode).toBe(400);
  });

  it('refuses hostile zips before unpacking them: traversal names, bombs, lying sizes, encryption', async () => {
    const { plainZip } = await prepare();
    const gus = await signUp(app, { firstName: 'Gus' });
    const manifest = unzip(plainZip).get('manifest.json')!;
    const before = await tenantCount();
    for (const name of ['../escape.json', '/etc/passwd', 'json/..\\..\\x.json', 'images/../../x', 'C:/x', 'a/./b']) {
      const answer = await importZip(
        app,
        gus.token,
        rawZip([
          { name: 'manifest.json', data: manifest },
          { name, data: Buffer.from('x') },
        ]),
      );
      expect(answer.statusCode, name).toBe(400);
      expect(answer.json().message).toBe(text.unsafeName(JSON.stringify(name)));
    }
    // A bomb: 64 MB of zeros deflated to a few kilobytes.
    const bomb = await importZip(
      app,
      gus.token,
      rawZip([
        { name: 'manifest.json', data: manifest },
        { name: 'json/meetings.json', data: Buffer.alloc(64 * 1024 * 1024) },
      ]),
    );
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().message).toBe(text.entryTooLarge('"json/meetings.json"', 256));
    // A header that says 10 bytes for what unpacks to a megabyte: zlib stops at 11.
    const lying = await importZip(
      app,
      gus.token,
      rawZip([
        { name: 'manifest.json', data: manifest },
        { name: 'json/meetings.json', data: Buffer.alloc(1024 * 1024, 32), declaredSize: 10 },
      ]),
    );
    expect(lying.statusCode).toBe(400);
    expect(lying.json().message).toBe(text.brokenEntry('"json/meetings.json"'));
    // A declared size past the limit for one entry.
    const huge = await importZip(
      app,
      gus.token,
      rawZip([
        { name: 'manifest.json', data: manifest },
        { name: 'json/x.json', data: Buffer.from('[]'), declaredSize: 300 * 1024 * 1024 },
      ]),
    );
    expect(huge.statusCode).toBe(400);
    const encrypted = await importZip(app, gus.token, rawZip([{ name: 'manifest.json', data: manifest, flags: 1 }]));
    expect(encrypted.statusCode).toBe(400);
    expect(encrypted.json().message).toBe(text.unsupportedEntry('"manifest.json"'));
    expect(await tenantCount()).toBe(before);
  });

  it('needs a signed-in person and a multipart upload', async () => {
    const { plainZip } = await prepare();
    expect((await importZip(app, null, plainZip)).statusCode).toBe(401);
    const hal = await signUp(app, { firstName: 'Hal' });
    const json = await hal.api.post('/workspace-imports', { file: 'x' });
    expect(json.status).toBe(415);
    const noFile = await app.inject({
      method: 'POST',
      url: '/api/v2/workspace-imports',
      headers: { authorization: `Bearer ${hal.token}`, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nOnly a name\r\n--x--\r\n',
    });
    expect(noFile.statusCode).toBe(400);
    const longName = await importZip(app, hal.token, plainZip, { name: 'x'.repeat(101) });
    expect(longName.statusCode).toBe(400);
    expect(longName.json().errors).toHaveProperty('name');
  });

  it('exports with a passphrase only for a passphrase long enough', async () => {
    const { ada } = await prepare();
    const short = await ada.api.post('/workspace-exports', { passphrase: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.errors).toHaveProperty('passphrase');
    const extra = await ada.api.post('/workspace-exports', { passphrase: PASSPHRASE, other: 1 });
    expect(extra.status).toBe(400);
  });
});
