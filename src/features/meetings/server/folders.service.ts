import { and, asc, eq, inArray } from 'drizzle-orm';
import { meetingFolderEntries, meetingFolders } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { notFound } from '../../../shared/errors.ts';
import type { MeetingFolder } from '../meetings.schemas.ts';
import { listMeetingsSimple } from './meetings.service.ts';

// 'My Meetings' folders: each person's own, in the workspace they were made in.

const mine = (ctx: TenantContext, id: string) =>
  and(eq(meetingFolders.id, id), eq(meetingFolders.userId, ctx.userId), eq(meetingFolders.tenantId, ctx.tenantId));

/** The caller's folders with the meetings in them that they can still see. */
export const listFolders = async (ctx: TenantContext): Promise<MeetingFolder[]> => {
  const folders = await ctx.db
    .select({ id: meetingFolders.id, name: meetingFolders.name, open: meetingFolders.open })
    .from(meetingFolders)
    .where(and(eq(meetingFolders.userId, ctx.userId), eq(meetingFolders.tenantId, ctx.tenantId)))
    .orderBy(asc(meetingFolders.name), asc(meetingFolders.createdAt));
  if (folders.length === 0) return [];
  const visible = new Set((await listMeetingsSimple(ctx)).map((m) => m.id));
  const entries = await ctx.db
    .select({ folderId: meetingFolderEntries.folderId, meetingId: meetingFolderEntries.meetingId })
    .from(meetingFolderEntries)
    .where(
      and(
        eq(meetingFolderEntries.userId, ctx.userId),
        inArray(
          meetingFolderEntries.folderId,
          folders.map((f) => f.id),
        ),
      ),
    );
  return folders.map((folder) => ({
    ...folder,
    meetingIds: entries.filter((e) => e.folderId === folder.id && visible.has(e.meetingId)).map((e) => e.meetingId),
  }));
};

export const createFolder = async (ctx: TenantContext, name: string): Promise<MeetingFolder> => {
  const [row] = await ctx.db
    .insert(meetingFolders)
    .values({ tenantId: ctx.tenantId, userId: ctx.userId, name })
    .returning({ id: meetingFolders.id, name: meetingFolders.name, open: meetingFolders.open });
  return { ...row!, meetingIds: [] };
};

/** Renames a folder or remembers whether it is open. */
export const updateFolder = async (ctx: TenantContext, id: string, patch: { name?: string; open?: boolean }) => {
  const [row] = await ctx.db
    .update(meetingFolders)
    .set(patch)
    .where(mine(ctx, id))
    .returning({ id: meetingFolders.id });
  if (!row) throw notFound();
  const folder = (await listFolders(ctx)).find((f) => f.id === id);
  return folder!;
};

/** Deleting a folder is permanent; its meetings go back to the top level. */
export const deleteFolder = async (ctx: TenantContext, id: string) => {
  const [row] = await ctx.db.delete(meetingFolders).where(mine(ctx, id)).returning({ id: meetingFolders.id });
  if (!row) throw notFound();
  return true;
};
