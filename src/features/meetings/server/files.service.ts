import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { fileFolders, shortcutFiles } from '../../../db/schema/index.ts';
import { anyOf } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import { conflict, notFound } from '../../../shared/errors.ts';
import { meetingsMessages } from '../meetings.messages.ts';
import type { ShortcutFile } from '../meetings.schemas.ts';
import { findVisibleMeeting } from './meetings.access.ts';

// Meeting Shortcuts (Team Files): folders of named links to files kept elsewhere. Every
// participant of the meeting may add, rename and remove them.

const folderColumns = { id: fileFolders.id, name: fileFolders.name, parentId: fileFolders.parentId };
const fileColumns = {
  id: shortcutFiles.id,
  name: shortcutFiles.name,
  extension: shortcutFiles.extension,
  externalLink: shortcutFiles.externalLink,
  description: shortcutFiles.description,
  folderId: shortcutFiles.folderId,
  meetingId: shortcutFiles.meetingId,
  changedAt: shortcutFiles.changedAt,
  changedBy: shortcutFiles.changedBy,
};

const toFile = (row: Omit<ShortcutFile, 'changedAt'> & { changedAt: Date }): ShortcutFile => ({
  ...row,
  changedAt: row.changedAt.toISOString(),
});

/** The extension shown for a link: the last path segment's, if it has one. */
export const extensionOf = (link: string) => {
  try {
    const last = new URL(link).pathname.split('/').pop() ?? '';
    const match = /\.([a-z0-9]{1,8})$/i.exec(last);
    return match ? match[1]!.toLowerCase() : null;
  } catch {
    return null;
  }
};

const assertFolderOfMeeting = async (ctx: TenantContext, meetingId: string, folderId: string) => {
  const [folder] = await ctx.db
    .select(folderColumns)
    .from(fileFolders)
    .where(and(eq(fileFolders.id, folderId), eq(fileFolders.meetingId, meetingId)));
  if (!folder) throw notFound();
  return folder;
};

/** The top-level folders and the files outside any folder. */
export const listTopLevel = async (ctx: TenantContext, meetingId: string) => {
  await findVisibleMeeting(ctx, meetingId);
  const subFolders = await ctx.db
    .select(folderColumns)
    .from(fileFolders)
    .where(and(eq(fileFolders.meetingId, meetingId), isNull(fileFolders.parentId)))
    .orderBy(asc(fileFolders.name));
  const files = await ctx.db
    .select(fileColumns)
    .from(shortcutFiles)
    .where(and(eq(shortcutFiles.meetingId, meetingId), isNull(shortcutFiles.folderId)))
    .orderBy(asc(shortcutFiles.name));
  return { subFolders, files: files.map(toFile) };
};

/** One folder with its subfolders and files. */
export const getFolderContents = async (ctx: TenantContext, meetingId: string, folderId: string) => {
  await findVisibleMeeting(ctx, meetingId);
  const folder = await assertFolderOfMeeting(ctx, meetingId, folderId);
  const subFolders = await ctx.db
    .select(folderColumns)
    .from(fileFolders)
    .where(eq(fileFolders.parentId, folderId))
    .orderBy(asc(fileFolders.name));
  const files = await ctx.db
    .select(fileColumns)
    .from(shortcutFiles)
    .where(eq(shortcutFiles.folderId, folderId))
    .orderBy(asc(shortcutFiles.name));
  return { ...folder, subFolders, files: files.map(toFile) };
};

export const createFileFolder = async (
  ctx: TenantContext,
  meetingId: string,
  input: { name: string; parentId?: string | null },
) => {
  await findVisibleMeeting(ctx, meetingId);
  await assertInWorkspace(ctx.db, ctx.tenantId, { fileFolders: [input.parentId] });
  if (input.parentId) await assertFolderOfMeeting(ctx, meetingId, input.parentId);
  const [row] = await ctx.db
    .insert(fileFolders)
    .values({ tenantId: ctx.tenantId, meetingId, parentId: input.parentId ?? null, name: input.name })
    .onConflictDoNothing()
    .returning(folderColumns);
  if (!row) throw conflict(meetingsMessages.folderNameTaken, { name: meetingsMessages.folderNameTaken });
  return row;
};

/** Renames a folder; the name stays unique among its siblings (409, as on creation). */
export const renameFileFolder = async (ctx: TenantContext, meetingId: string, folderId: string, name: string) => {
  await findVisibleMeeting(ctx, meetingId);
  const folder = await assertFolderOfMeeting(ctx, meetingId, folderId);
  const [taken] = await ctx.db
    .select({ id: fileFolders.id })
    .from(fileFolders)
    .where(
      and(
        eq(fileFolders.meetingId, meetingId),
        folder.parentId ? eq(fileFolders.parentId, folder.parentId) : isNull(fileFolders.parentId),
        eq(fileFolders.name, name),
        ne(fileFolders.id, folderId),
      ),
    );
  if (taken) throw conflict(meetingsMessages.folderNameTaken, { name: meetingsMessages.folderNameTaken });
  const [row] = await ctx.db
    .update(fileFolders)
    .set({ name })
    .where(and(eq(fileFolders.id, folderId), eq(fileFolders.meetingId, meetingId)))
    .returning(folderColumns);
  return row!;
};

/** Deletes a folder for good, with its subfolders and their files (the foreign keys cascade). */
export const deleteFileFolder = async (ctx: TenantContext, meetingId: string, folderId: string) => {
  await findVisibleMeeting(ctx, meetingId);
  const [row] = await ctx.db
    .delete(fileFolders)
    .where(and(eq(fileFolders.id, folderId), eq(fileFolders.meetingId, meetingId)))
    .returning({ id: fileFolders.id });
  if (!row) throw notFound();
  return true;
};

type NewFile = { name: string; externalLink: string | null; description: string | null; folderId?: string | null };

export const addFiles = async (ctx: TenantContext, meetingId: string, files: NewFile[]) => {
  await findVisibleMeeting(ctx, meetingId);
  const folderIds = [...new Set(files.flatMap((f) => (f.folderId ? [f.folderId] : [])))];
  await assertInWorkspace(ctx.db, ctx.tenantId, { fileFolders: folderIds });
  // Folders of the workspace must also be this meeting's (one statement for all of them).
  if (folderIds.length > 0) {
    const own = await ctx.db
      .select({ id: fileFolders.id })
      .from(fileFolders)
      .where(and(eq(fileFolders.meetingId, meetingId), anyOf(fileFolders.id, folderIds)));
    if (own.length !== folderIds.length) throw notFound();
  }
  const rows = await ctx.db
    .insert(shortcutFiles)
    .values(
      files.map((file) => ({
        tenantId: ctx.tenantId,
        meetingId,
        folderId: file.folderId ?? null,
        name: file.name,
        externalLink: file.externalLink!,
        extension: extensionOf(file.externalLink!),
        description: file.description,
        changedBy: ctx.userId,
      })),
    )
    .returning(fileColumns);
  return rows.map(toFile);
};

const fileOfMeeting = (meetingId: string, fileId: string) =>
  and(eq(shortcutFiles.id, fileId), eq(shortcutFiles.meetingId, meetingId));

export const updateFile = async (ctx: TenantContext, meetingId: string, fileId: string, patch: Partial<NewFile>) => {
  await findVisibleMeeting(ctx, meetingId);
  await assertInWorkspace(ctx.db, ctx.tenantId, { fileFolders: [patch.folderId] });
  if (patch.folderId) await assertFolderOfMeeting(ctx, meetingId, patch.folderId);
  const link = patch.externalLink ?? undefined;
  const [row] = await ctx.db
    .update(shortcutFiles)
    .set({
      ...patch,
      externalLink: link,
      ...(link ? { extension: extensionOf(link) } : {}),
      changedAt: new Date(),
      changedBy: ctx.userId,
    })
    .where(fileOfMeeting(meetingId, fileId))
    .returning(fileColumns);
  if (!row) throw notFound();
  return toFile(row);
};

export const deleteFile = async (ctx: TenantContext, meetingId: string, fileId: string) => {
  await findVisibleMeeting(ctx, meetingId);
  const [row] = await ctx.db
    .delete(shortcutFiles)
    .where(fileOfMeeting(meetingId, fileId))
    .returning({ id: shortcutFiles.id });
  if (!row) throw notFound();
  return true;
};
