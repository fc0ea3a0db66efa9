import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { joinWorkspace, signUp } from '../../../../test/factories.ts';
import { create } from '../../../../test/meetings-fixtures.ts';
import { shortcutFiles } from '../../../db/schema/index.ts';
import type { Meeting } from '../meetings.schemas.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

describe('My Meetings folders', () => {
  it('creates, renames, opens and deletes folders and moves meetings in and out', async () => {
    const admin = await signUp(app);
    const meeting = await create(admin);
    const folder = (await admin.api.post<{ id: string }>('/meeting-folders', { name: 'Weekly' })).body.result;
    const other = (await admin.api.post<{ id: string }>('/meeting-folders', { name: 'Other' })).body.result;
    expect((await admin.api.post('/meeting-folders', { name: '' })).body.errors).toEqual({
      name: 'This field is required',
    });

    await admin.api.patch(`/meetings/${meeting.id}/folder`, { folderId: folder.id });
    const moved = await admin.api.patch<Meeting>(`/meetings/${meeting.id}/folder`, { folder_id: other.id });
    expect(moved.body.result.folderId).toBe(other.id);
    let list = (await admin.api.get<{ id: string; meetingIds: string[] }[]>('/meeting-folders')).body.result;
    expect(list.find((f) => f.id === folder.id)?.meetingIds).toEqual([]);
    expect(list.find((f) => f.id === other.id)?.meetingIds).toEqual([meeting.id]);

    await admin.api.patch(`/meeting-folders/${other.id}`, { name: 'Renamed', open: false });
    await admin.api.patch(`/meetings/${meeting.id}/folder`, { folderId: null });
    list = (
      await admin.api.get<{ id: string; name: string; open: boolean; meetingIds: string[] }[]>('/meeting-folders')
    ).body.result;
    expect(list.find((f) => f.id === other.id)).toMatchObject({ name: 'Renamed', open: false, meetingIds: [] });

    expect((await admin.api.delete(`/meeting-folders/${folder.id}`)).status).toBe(200);
    expect((await admin.api.get<unknown[]>('/meeting-folders')).body.result).toHaveLength(1);
  });

  it('keeps folders to their owner: another person gets 404', async () => {
    const admin = await signUp(app);
    const member = await joinWorkspace(app, admin);
    const meeting = await create(admin, { members: [member.userId] });
    const folder = (await admin.api.post<{ id: string }>('/meeting-folders', { name: 'Mine' })).body.result;
    expect((await member.api.patch(`/meetings/${meeting.id}/folder`, { folderId: folder.id })).status).toBe(404);
    expect((await member.api.patch(`/meeting-folders/${folder.id}`, { name: 'Theirs' })).status).toBe(404);
    expect((await member.api.delete(`/meeting-folders/${folder.id}`)).status).toBe(404);
  });
});

describe('Meeting Shortcuts (Team Files)', () => {
  it('makes folders and subfolders, refuses a duplicate name, and keeps files in them', async () => {
    const admin = await signUp(app);
    const meeting = await create(admin);
    const base = `/meetings/${meeting.id}`;
    const docs = (await admin.api.post<{ id: string }>(`${base}/file-folders`, { name: 'Docs' })).body.result;
    const duplicate = await admin.api.post(`${base}/file-folders`, { name: 'Docs' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('The name already exists in the current directory');
    const sub = await admin.api.post<{ id: string; parentId: string }>(`${base}/file-folders`, {
      name: 'Docs',
      parent_id: docs.id,
    });
    expect(sub.status).toBe(201);

    const added = await admin.api.post<{ id: string; extension: string; externalLink: string }[]>(`${base}/files`, {
      files: [{ name: 'Plan', externalLink: 'drive.example.com/files/plan.PDF', description: 'Q3', folderId: docs.id }],
    });
    expect(added.body.result[0]).toMatchObject({
      extension: 'pdf',
      externalLink: 'https://drive.example.com/files/plan.PDF',
    });
    const contents = await admin.api.get<{ subFolders: unknown[]; files: unknown[] }>(
      `${base}/file-folders/${docs.id}`,
    );
    expect(contents.body.result.subFolders).toHaveLength(1);
    expect(contents.body.result.files).toHaveLength(1);

    const fileId = added.body.result[0]!.id;
    const renamed = await admin.api.patch<{ name: string }>(`${base}/files/${fileId}`, { name: 'Plan v2' });
    expect(renamed.body.result.name).toBe('Plan v2');
    expect((await admin.api.delete(`${base}/files/${fileId}`)).status).toBe(200);
    expect((await admin.api.get<{ files: unknown[] }>(`${base}/file-folders/${docs.id}`)).body.result.files).toEqual(
      [],
    );
  });
});

describe('Team Files folders: rename and delete', () => {
  it('renames a folder (409 on a sibling’s name), deletes it with its subfolders and files, and refuses foreign ids', async () => {
    const admin = await signUp(app);
    const meeting = await create(admin);
    const other = await create(admin, { title: 'Other' });
    const base = `/meetings/${meeting.id}`;
    const folder = async (name: string, parentId?: string) =>
      (await admin.api.post<{ id: string }>(`${base}/file-folders`, { name, parentId })).body.result;
    const docs = await folder('Docs');
    await folder('Plans');
    const sub = await folder('Drafts', docs.id);
    await admin.api.post(`${base}/files`, {
      files: [{ name: 'Spec', externalLink: 'https://drive.example.com/spec.pdf', folderId: sub.id }],
    });

    const taken = await admin.api.patch(`${base}/file-folders/${docs.id}`, { name: 'Plans' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('The name already exists in the current directory');
    expect((await admin.api.patch(`${base}/file-folders/${docs.id}`, { name: '  ' })).status).toBe(400);
    // The same name under another parent is not a clash.
    expect((await admin.api.patch(`${base}/file-folders/${sub.id}`, { name: 'Plans' })).status).toBe(200);
    const renamed = await admin.api.patch<{ name: string }>(`${base}/file-folders/${docs.id}`, { name: 'Documents' });
    expect(renamed.body.result).toMatchObject({ id: docs.id, name: 'Documents', parentId: null });

    // Another meeting's path or another workspace's caller: 404, nothing changed.
    expect((await admin.api.patch(`/meetings/${other.id}/file-folders/${docs.id}`, { name: 'X' })).status).toBe(404);
    expect((await admin.api.delete(`/meetings/${other.id}/file-folders/${docs.id}`)).status).toBe(404);
    const intruder = await signUp(app);
    expect((await intruder.api.patch(`${base}/file-folders/${docs.id}`, { name: 'X' })).status).toBe(404);
    expect((await intruder.api.delete(`${base}/file-folders/${docs.id}`)).status).toBe(404);
    const top = await admin.api.get<{ subFolders: { name: string }[] }>(`${base}/file-folders`);
    expect(top.body.result.subFolders.map((f) => f.name)).toEqual(['Documents', 'Plans']);

    expect((await admin.api.delete(`${base}/file-folders/${docs.id}`)).status).toBe(200);
    expect((await admin.api.get(`${base}/file-folders/${sub.id}`)).status).toBe(404);
    const after = await admin.api.get<{ subFolders: { name: string }[] }>(`${base}/file-folders`);
    expect(after.body.result.subFolders.map((f) => f.name)).toEqual(['Plans']);
    expect(await app.database.db.select().from(shortcutFiles).where(eq(shortcutFiles.meetingId, meeting.id))).toEqual(
      [],
    );
    expect((await admin.api.delete(`${base}/file-folders/${docs.id}`)).status).toBe(404);
  });
});
