import { existsSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import {
  createMeeting,
  joinWorkspace,
  lastMailTo,
  PNG_PIXEL,
  type SignedUp,
  signUp,
  uploadFile,
} from '../../../../test/factories.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import { unzip } from '../../../../test/unzip.ts';
import { slackInstallations, vaultEntries, workspaceExports } from '../../../db/schema/index.ts';
import { startJobs } from '../../../server/jobs/scheduler.ts';
import { WORKSPACE_EXPORT_RETENTION_DAYS } from '../../../shared/constants.ts';
import { extendSessionHorizons } from '../../meetings/server/sessions.service.ts';
import { sendTaskReminders } from '../../tasks/server/reminders.service.ts';
import { reportsMessages } from '../reports.messages.ts';
import type { WorkspaceExport } from '../reports.schemas.ts';
import { removeExpiredExports } from './workspace-export.service.ts';

let app: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  // A data directory of its own: the attachments and the zips are files.
  app = await testApp({ dataDir: mkdtempSync(path.join(os.tmpdir(), 'cadence-export-')) });
  baseUrl = await listen(app);
});
afterAll(() => app.close());

const VAULT_PASSWORD = 'Vault-Secret-Pa55word!';
/** A 2×1 red PNG and a 1×1 GIF: pictures other than PNG_PIXEL, to tell them apart in the zip. */
const PNG_RED = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAADUlEQVR4nGP4z8AARAAI/gH/xp559wAAAABJRU5ErkJggg==',
  'base64',
);
const GIF_PIXEL = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
/** Stands for a sealed Slack bot token (whatever its bytes, the column is never exported). */
const SLACK_SEALED = Buffer.from('sealed-slack-bot-token-0123456789abcdef');

const waitDone = async (admin: SignedUp, id: string) => {
  let current: WorkspaceExport | undefined;
  await eventually(() => {
    void admin.api.get<WorkspaceExport>(`/workspace-exports/${id}`).then((answer) => {
      current = answer.body.result;
    });
    return current?.status === 'done' || current?.status === 'failed';
  }, 20_000);
  return current!;
};

describe('workspace export', () => {
  it('zips every table as JSON and CSV with the attachments, counted and re-read; no vault secret; mails the admin', async () => {
    const ada = await signUp(app, { firstName: 'Ada' });
    const pat = await joinWorkspace(app, ada, { firstName: 'Pat' });
    const meeting = await createMeeting(ada, [pat.userId], { title: 'Export L10' });
    const titles = ['Call the bank', 'Renew, "the" lease', '=SUM(A1) looks like a formula'];
    const taskIds: string[] = [];
    for (const title of titles) {
      const task = await ada.api.post<{ id: string }>('/tasks', {
        title,
        type: '4',
        userId: pat.userId,
        meetingIds: [meeting.id],
      });
      expect(task.status).toBe(201);
      taskIds.push(task.body.result.id);
    }
    const uploaded = await uploadFile(
      app,
      ada.token,
      'POST',
      `/tasks/${taskIds[0]}/attachments`,
      PNG_PIXEL,
      'pixel.png',
    );
    expect(uploaded.statusCode).toBe(201);
    const vault = await ada.api.post(`/meetings/${meeting.id}/passwords`, {
      account: 'Bank login',
      username: 'ada',
      password: VAULT_PASSWORD,
    });
    expect(vault.status).toBe(201);
    // Pictures (decision 059): Pat's photo, the workspace logo and a seat's picture, each its own bytes.
    expect((await uploadFile(app, pat.token, 'PUT', '/self/photo', PNG_PIXEL, 'me.png')).statusCode).toBe(200);
    expect((await uploadFile(app, ada.token, 'PUT', '/general-settings/logo', GIF_PIXEL, 'logo.gif')).statusCode).toBe(
      200,
    );
    const chart = await ada.api.post<{ seats: { id: string; jobTitle: string }[] }>('/org-chart');
    expect(chart.status).toBe(201);
    const seat = chart.body.result.seats.find((s) => s.jobTitle === 'Finance')!;
    expect(
      (await uploadFile(app, ada.token, 'PUT', `/org-chart/seats/${seat.id}/image`, PNG_RED, 'seat.png')).statusCode,
    ).toBe(200);
    // A Slack installation: its sealed bot token must not travel.
    await app.database.db.insert(slackInstallations).values({
      tenantId: ada.tenantId,
      teamId: 'T-EXPORT',
      teamName: 'Export team',
      scopes: 'commands',
      botToken: SLACK_SEALED,
    });
    // Another workspace: nothing of it may be in the zip.
    const other = await signUp(app, { firstName: 'Other' });
    await createMeeting(other, [other.userId], { title: 'Someone else’s meeting' });
    expect((await uploadFile(app, other.token, 'PUT', '/self/photo', PNG_PIXEL, 'me.png')).statusCode).toBe(200);

    const adaSocket = await connect(baseUrl, ada.token);
    const patSocket = await connect(baseUrl, pat.token);
    const started = await ada.api.post<WorkspaceExport>('/workspace-exports');
    expect(started.status).toBe(201);
    expect(started.body.result).toMatchObject({ status: 'queued', progress: 0, fileName: null });
    // One at a time.
    const again = await ada.api.post('/workspace-exports');
    expect([201, 409]).toContain(again.status);
    const done = await waitDone(ada, started.body.result.id);
    if (again.status === 201) await waitDone(ada, (again.body.result as WorkspaceExport).id);
    else expect(again.body.message).toBe(reportsMessages.workspaceExportRunning);
    expect(done).toMatchObject({ status: 'done', progress: 100, error: null });
    expect(done.fileName).toMatch(/^cadence-workspace-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.zip$/);

    // Progress reached the admin who asked, and no one else.
    await eventually(() =>
      adaSocket.received.some(
        (m) => m.type === 'workspace-export.changed' && (m.data as WorkspaceExport).status === 'done',
      ),
    );
    const running = adaSocket.received.filter((m) => m.type === 'workspace-export.changed');
    expect(running.map((m) => (m.data as WorkspaceExport).status)).toContain('running');
    await settle();
    expect(patSocket.received.filter((m) => m.type === 'workspace-export.changed')).toEqual([]);
    adaSocket.socket.disconnect();
    patSocket.socket.disconnect();

    const download = await app.inject({
      method: 'GET',
      url: `/api/v2/workspace-exports/${done.id}/download`,
      headers: { authorization: `Bearer ${ada.token}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${done.fileName}"`);
    expect(done.size).toBe(download.rawPayload.length);
    const files = unzip(download.rawPayload);

    // Re-read and counted.
    const manifest = JSON.parse(files.get('manifest.json')!.toString());
    const json = (table: string) =>
      JSON.parse(files.get(`json/${table}.json`)!.toString()) as Record<string, unknown>[];
    const csvLines = (table: string) =>
      files
        .get(`csv/${table}.csv`)!
        .toString()
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
    expect(json('meetings').map((m) => m.title)).toEqual(['Export L10']);
    expect(manifest.tables.meetings).toBe(1);
    const tasks = json('tasks');
    expect(tasks.map((t) => t.title).sort()).toEqual([...titles].sort());
    expect(manifest.tables.tasks).toBe(3);
    expect(csvLines('tasks')).toHaveLength(4);
    expect(csvLines('tasks').join('\n')).toContain('"Renew, ""the"" lease"');
    expect(csvLines('tasks').join('\n')).toContain("'=SUM(A1) looks like a formula");
    expect(json('task_meetings')).toHaveLength(3);
    expect(
      json('users')
        .map((u) => u.firstName)
        .sort(),
    ).toEqual(['Ada', 'Pat']);
    expect(json('users')[0]).not.toHaveProperty('passwordHash');
    expect(json('tenants')).toEqual([expect.objectContaining({ id: ada.tenantId })]);
    expect(json('memberships')).toHaveLength(2);
    // Every table file has its CSV twin with one line per row.
    for (const [table, n] of Object.entries(manifest.tables as Record<string, number>)) {
      expect(json(table), table).toHaveLength(n);
      expect(csvLines(table), table).toHaveLength(n + 1);
    }
    // The attachment, byte for byte.
    expect(manifest.attachments).toBe(1);
    const attachment = [...files.keys()].find((name) => name.startsWith('attachments/'));
    expect(attachment).toMatch(/^attachments\/[0-9a-f-]+\/pixel\.png$/);
    expect(files.get(attachment!)?.equals(PNG_PIXEL)).toBe(true);
    // The pictures as stored (decoded copies, decision 076: a GIF is kept as a PNG), each named in
    // its row; only the workspace's people's photos.
    expect(manifest.images).toBe(3);
    expect(manifest.imagesByTable).toEqual({ org_chart_seat_images: 1, user_photos: 1, workspace_logos: 1 });
    for (const [name, uploaded] of [
      [`images/user_photos/${pat.userId}.png`, PNG_PIXEL],
      [`images/workspace_logos/${ada.tenantId}.png`, GIF_PIXEL],
      [`images/org_chart_seat_images/${seat.id}.png`, PNG_RED],
    ] as const) {
      const [picture, original] = [await sharp(files.get(name)!).metadata(), await sharp(uploaded).metadata()];
      expect([picture.format, picture.width, picture.height], name).toEqual(['png', original.width, original.height]);
    }
    expect([...files.keys()].filter((name) => name.startsWith('images/'))).toHaveLength(3);
    expect(json('user_photos')).toEqual([
      expect.objectContaining({
        userId: pat.userId,
        mimeType: 'image/png',
        imageFile: `images/user_photos/${pat.userId}.png`,
      }),
    ]);
    expect(json('user_photos')[0]).not.toHaveProperty('bytes');
    expect(json('workspace_logos')).toEqual([
      expect.objectContaining({ mimeType: 'image/png', imageFile: `images/workspace_logos/${ada.tenantId}.png` }),
    ]);
    expect(json('org_chart_seat_images')).toEqual([
      expect.objectContaining({ seatId: seat.id, imageFile: `images/org_chart_seat_images/${seat.id}.png` }),
    ]);
    expect(csvLines('user_photos')[0]).toBe('userId,mimeType,hash,updatedAt,imageFile');
    expect(csvLines('user_photos')[1]).toMatch(new RegExp(`,images/user_photos/${pat.userId}\\.png$`));
    // Slack: the team is there, its sealed token is not (nor the stored vault secret's bytes).
    expect(json('slack_installations')).toEqual([expect.objectContaining({ teamName: 'Export team' })]);
    expect(json('slack_installations')[0]).not.toHaveProperty('botToken');
    const zipped = Buffer.concat([...files.values()]);
    expect(zipped.includes(SLACK_SEALED)).toBe(false);
    expect(zipped.toString('latin1')).not.toContain(SLACK_SEALED.toString('hex'));
    expect(zipped.toString('latin1')).not.toContain(SLACK_SEALED.toString('base64'));
    const [sealed] = await app.database.db
      .select({ secret: vaultEntries.secret })
      .from(vaultEntries)
      .where(eq(vaultEntries.tenantId, ada.tenantId));
    expect(sealed!.secret.length).toBeGreaterThan(16);
    expect(zipped.includes(sealed!.secret)).toBe(false);
    expect(zipped.toString('latin1')).not.toContain(sealed!.secret.toString('hex'));
    expect(zipped.toString('latin1')).not.toContain(sealed!.secret.toString('base64'));

    // The vault: the entry's name is there, its password (in any form) and the key are not.
    expect(json('vault_entries').map((e) => e.account)).toEqual(['Bank login']);
    expect(json('vault_entries')[0]).not.toHaveProperty('secret');
    expect(files.has('json/vault_keys.json')).toBe(false);
    expect(files.has('json/auth_sessions.json')).toBe(false);
    const everything = Buffer.concat([...files.values()]).toString('latin1');
    expect(everything).not.toContain(VAULT_PASSWORD);
    expect(everything).not.toContain('Someone else’s meeting');
    expect(everything).not.toContain(other.tenantId);
    expect(everything).not.toContain(ada.token);

    // The mail to the admin who asked, with the link to the Reports page.
    const mail = await lastMailTo(app, ada.email);
    expect(mail?.subject).toBe(`Your export of ${manifest.workspace.name} is ready`);
    expect(mail?.text).toContain(`http://cadence.test/reports?export=${done.id}`);
    expect(mail?.text).toContain(`The file is kept for ${WORKSPACE_EXPORT_RETENTION_DAYS} days, then removed.`);

    const list = await ada.api.get<{ items: WorkspaceExport[]; total: number }>('/workspace-exports');
    expect(list.body.result.items[0]?.status).toBe('done');
  });

  it('is for admins of the workspace only; other workspaces’ exports are 404', async () => {
    const ada = await signUp(app, { firstName: 'Ada' });
    const pat = await joinWorkspace(app, ada, { firstName: 'Pat' });
    expect((await pat.api.post('/workspace-exports')).status).toBe(403);
    expect((await pat.api.get('/workspace-exports')).status).toBe(403);
    const started = await ada.api.post<WorkspaceExport>('/workspace-exports');
    const id = started.body.result.id;
    expect((await pat.api.get(`/workspace-exports/${id}`)).status).toBe(403);
    expect((await pat.api.get(`/workspace-exports/${id}/download`)).status).toBe(403);
    const other = await signUp(app, { firstName: 'Other' });
    expect((await other.api.get(`/workspace-exports/${id}`)).status).toBe(404);
    expect((await other.api.get(`/workspace-exports/${id}/download`)).status).toBe(404);
    const theirs = await other.api.get<{ items: WorkspaceExport[] }>('/workspace-exports');
    expect(theirs.body.result.items).toEqual([]);
    expect((await ada.api.get('/workspace-exports/not-a-uuid')).status).toBe(404);
    await waitDone(ada, id);
  });
});

describe('workspace export retention (decision 059)', () => {
  const DAY = 24 * 3600 * 1000;
  const zipPath = (key: string) => path.join(app.config.dataDir, 'exports', key);
  const storageKeyOf = async (id: string) =>
    (await app.database.db.select().from(workspaceExports).where(eq(workspaceExports.id, id)))[0]!.storageKey!;
  /** A file under the exports directory, last written `ageMs` ago. */
  const looseFile = (key: string, ageMs: number) => {
    const file = zipPath(key);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, 'PK partial');
    const when = new Date(Date.now() - ageMs);
    utimesSync(file, when, when);
    return file;
  };

  it('removes a zip past its retention (and failed, dead and stray ones) once; its download is 410; a fresh one is kept', async () => {
    const ada = await signUp(app, { firstName: 'Ada' });
    const first = await ada.api.post<WorkspaceExport>('/workspace-exports');
    const old = await waitDone(ada, first.body.result.id);
    const second = await ada.api.post<WorkspaceExport>('/workspace-exports');
    const fresh = await waitDone(ada, second.body.result.id);
    expect(fresh.status).toBe('done');
    expect(new Date(fresh.expiresAt!).getTime() - new Date(fresh.finishedAt!).getTime()).toBe(
      WORKSPACE_EXPORT_RETENTION_DAYS * DAY,
    );
    const oldFile = zipPath(await storageKeyOf(old.id));
    const freshFile = zipPath(await storageKeyOf(fresh.id));
    expect(existsSync(oldFile)).toBe(true);

    // The first finished a day more than the retention ago: refused at once, before the job ran.
    await app.database.db
      .update(workspaceExports)
      .set({ finishedAt: new Date(Date.now() - (WORKSPACE_EXPORT_RETENTION_DAYS + 1) * DAY) })
      .where(eq(workspaceExports.id, old.id));
    const early = await ada.api.get(`/workspace-exports/${old.id}/download`);
    expect(early.status).toBe(410);
    expect(early.body.message).toBe(reportsMessages.workspaceExportExpired(WORKSPACE_EXPORT_RETENTION_DAYS));

    // A failed export's partial zip, one that died running two hours ago, a stray file and a new one.
    const failedKey = `${ada.tenantId}/failed-partial.zip`;
    const failedFile = looseFile(failedKey, 0);
    const deadKey = `${ada.tenantId}/dead-partial.zip`;
    const deadFile = looseFile(deadKey, 2 * 3600 * 1000);
    const [failed, dead] = await app.database.db
      .insert(workspaceExports)
      .values([
        { tenantId: ada.tenantId, status: 'failed', storageKey: failedKey, finishedAt: new Date() },
        {
          tenantId: ada.tenantId,
          status: 'running',
          storageKey: deadKey,
          createdAt: new Date(Date.now() - 2 * 3600 * 1000),
        },
      ])
      .returning();
    const strayFile = looseFile(`${ada.tenantId}/stray.zip`, 2 * 3600 * 1000);
    const newFile = looseFile(`${ada.tenantId}/just-written.zip`, 0);

    // Two servers run the job at the same time: the export is expired once.
    const runs = await Promise.all([
      removeExpiredExports(app.database.db, app.config.dataDir),
      removeExpiredExports(app.database.db, app.config.dataDir),
    ]);
    expect(runs[0]!.expired + runs[1]!.expired).toBe(1);
    expect(existsSync(oldFile)).toBe(false);
    expect(existsSync(failedFile)).toBe(false);
    expect(existsSync(deadFile)).toBe(false);
    expect(existsSync(strayFile)).toBe(false);
    expect(existsSync(freshFile)).toBe(true);
    expect(existsSync(newFile)).toBe(true);

    const expired = await ada.api.get<WorkspaceExport>(`/workspace-exports/${old.id}`);
    expect(expired.body.result).toMatchObject({ status: 'expired', expiresAt: null });
    const refused = await ada.api.get(`/workspace-exports/${old.id}/download`);
    expect(refused.status).toBe(410);
    expect(refused.body.message).toBe(reportsMessages.workspaceExportExpired(WORKSPACE_EXPORT_RETENTION_DAYS));
    expect((await ada.api.get<WorkspaceExport>(`/workspace-exports/${dead!.id}`)).body.result.status).toBe('failed');
    expect((await ada.api.get<WorkspaceExport>(`/workspace-exports/${failed!.id}`)).body.result.status).toBe('failed');
    const list = await ada.api.get<{ items: WorkspaceExport[] }>('/workspace-exports');
    expect(list.body.result.items.find((item) => item.id === old.id)?.status).toBe('expired');

    // The fresh one is kept and still downloads.
    const kept = await app.inject({
      method: 'GET',
      url: `/api/v2/workspace-exports/${fresh.id}/download`,
      headers: { authorization: `Bearer ${ada.token}` },
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.rawPayload.subarray(0, 2).toString()).toBe('PK');

    // The server's jobs run it (shortly after start, then daily): an export that just went past its retention.
    await app.database.db
      .update(workspaceExports)
      .set({ finishedAt: new Date(Date.now() - (WORKSPACE_EXPORT_RETENTION_DAYS * DAY + 60_000)) })
      .where(eq(workspaceExports.id, fresh.id));
    const quiet = { info: () => undefined, error: () => undefined };
    const stop = startJobs(
      app.database,
      quiet,
      {
        extendSessionHorizons,
        removeExpiredExports,
        reminders: [sendTaskReminders],
        makeDueOccurrences: async () => 0,
      },
      undefined,
      {
        dataDir: app.config.dataDir,
        firstRunMs: 0,
      },
    );
    try {
      // Its row (not only the answer, which shows any export past its retention as expired).
      let stored: string | undefined;
      await eventually(() => {
        void app.database.db
          .select({ status: workspaceExports.status })
          .from(workspaceExports)
          .where(eq(workspaceExports.id, fresh.id))
          .then(([row]) => {
            stored = row?.status;
          });
        return stored === 'expired' && !existsSync(freshFile);
      }, 20_000);
    } finally {
      stop();
    }
    expect((await ada.api.get(`/workspace-exports/${fresh.id}/download`)).status).toBe(410);

    // Again: nothing left to do.
    expect(await removeExpiredExports(app.database.db, app.config.dataDir)).toEqual({
      expired: 0,
      failed: 0,
      orphans: 0,
    });
  });
});
