import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { attachments } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { badRequest, forbidden, notFound } from '../../../shared/errors.ts';
import { tasksMessages } from '../tasks.messages.ts';
import type { Attachment } from '../tasks.schemas.ts';
import { findVisibleTask } from './tasks.access.ts';
import { publishTaskPart } from './tasks.write.ts';

// Files attached to cards, stored under DATA_DIR/attachments/{tenantId}/{random name}. The type
// is read from the bytes (file-type), never trusted from the name or the browser: a file whose
// content is not an allowed type, or does not match its extension, is refused.

/** Allowed detected types, with the extensions each may carry. */
const BINARY_TYPES: Record<string, string[]> = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/tiff': ['tif', 'tiff'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'application/zip': ['zip'],
  'audio/mpeg': ['mp3'],
  'video/mp4': ['mp4'],
};
/** Text has no signature: accepted by extension when it is UTF-8 without control bytes. */
const TEXT_TYPES: Record<string, string> = { txt: 'text/plain', csv: 'text/csv', md: 'text/markdown' };
/** Shown as images in the activity log (document 2 §5). */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/tiff']);

export const attachmentsDir = (dataDir: string) => path.join(dataDir, 'attachments');

const extensionOf = (fileName: string) => path.extname(fileName).slice(1).toLowerCase();

const isPlainText = (bytes: Buffer) => {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control bytes are what is looked for
  if (/[\u0000-\u0008\u000e-\u001f]/.test(bytes.toString('latin1'))) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
};

/** The real type of an upload, or a 400 with a clear message. */
export const detectType = async (fileName: string, bytes: Buffer): Promise<string> => {
  const extension = extensionOf(fileName);
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) {
    const extensions = BINARY_TYPES[detected.mime];
    if (!extensions) throw badRequest({ file: tasksMessages.fileTypeNotAllowed }, tasksMessages.fileTypeNotAllowed);
    if (!extensions.includes(extension))
      throw badRequest({ file: tasksMessages.fileTypeMismatch }, tasksMessages.fileTypeMismatch);
    return detected.mime;
  }
  const text = TEXT_TYPES[extension];
  if (text && isPlainText(bytes)) return text;
  const known = Object.values(BINARY_TYPES).some((list) => list.includes(extension));
  const message = known ? tasksMessages.fileTypeMismatch : tasksMessages.fileTypeNotAllowed;
  throw badRequest({ file: message }, message);
};

const toAttachment = (row: typeof attachments.$inferSelect): Attachment => ({
  id: row.id,
  taskId: row.taskId,
  fileName: row.fileName,
  mimeType: row.mimeType,
  size: row.size,
  isImage: IMAGE_TYPES.has(row.mimeType),
  url: `/api/v2/attachments/${row.id}/content`,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdBy,
});

export const listAttachments = async (ctx: TenantContext, taskId: string) => {
  await findVisibleTask(ctx, taskId);
  const rows = await ctx.db
    .select()
    .from(attachments)
    .where(and(eq(attachments.taskId, taskId), eq(attachments.tenantId, ctx.tenantId)))
    .orderBy(asc(attachments.createdAt));
  return rows.map(toAttachment);
};

/** `POST tasks/{id}/attachments`: the file is written, then recorded; a failed record removes it. */
export const addAttachment = async (
  ctx: TenantContext,
  dataDir: string,
  taskId: string,
  file: { fileName: string; bytes: Buffer },
) => {
  const access = await findVisibleTask(ctx, taskId);
  const fileName =
    path
      .basename(file.fileName)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are removed from names
      .replace(/[\u0000-\u001f]/g, '')
      .slice(0, 255) || 'file';
  const mimeType = await detectType(fileName, file.bytes);
  const storageKey = `${ctx.tenantId}/${randomUUID()}`;
  const target = path.join(attachmentsDir(dataDir), storageKey);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, file.bytes, { mode: 0o600 });
  try {
    const [row] = await ctx.db
      .insert(attachments)
      .values({
        tenantId: ctx.tenantId,
        taskId,
        fileName,
        mimeType,
        size: file.bytes.length,
        storageKey,
        createdBy: ctx.userId,
      })
      .returning();
    publishTaskPart(ctx, access, 'attachment');
    return toAttachment(row!);
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
};

const findAttachment = async (ctx: TenantContext, id: string) => {
  const [row] = await ctx.db
    .select()
    .from(attachments)
    .where(and(eq(attachments.id, id), eq(attachments.tenantId, ctx.tenantId)));
  if (!row) throw notFound();
  return { row, access: await findVisibleTask(ctx, row.taskId) };
};

/** Where the file is, for the download route. */
export const attachmentFile = async (ctx: TenantContext, dataDir: string, id: string) => {
  const { row } = await findAttachment(ctx, id);
  return {
    path: path.join(attachmentsDir(dataDir), row.storageKey),
    mimeType: row.mimeType,
    fileName: row.fileName,
    inline: IMAGE_TYPES.has(row.mimeType) || row.mimeType === 'application/pdf',
  };
};

/** The uploader or whoever may delete the card. Returns the stored file to remove once committed. */
export const deleteAttachment = async (ctx: TenantContext, id: string) => {
  const { row, access } = await findAttachment(ctx, id);
  if (row.createdBy !== ctx.userId && !access.canDelete) throw forbidden();
  await ctx.db.delete(attachments).where(eq(attachments.id, id));
  publishTaskPart(ctx, access, 'attachment');
  return { storageKeys: [row.storageKey] };
};

/** Removes stored files after their rows are gone (best effort: a leftover file is harmless). */
export const removeStoredFiles = async (dataDir: string, storageKeys: string[]) => {
  await Promise.all(storageKeys.map((key) => rm(path.join(attachmentsDir(dataDir), key), { force: true })));
};
