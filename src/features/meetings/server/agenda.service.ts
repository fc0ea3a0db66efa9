import { and, asc, eq, inArray } from 'drizzle-orm';
import { agendaItems } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import type { AgendaItem, AgendaKey, SaveAgenda } from '../meetings.schemas.ts';
import { assertMeetingLeader, findVisibleMeeting } from './meetings.access.ts';

/** An agenda item to write: from a template, a meeting being cloned, or the agenda form. */
export type AgendaSeed = {
  id?: string | null;
  title: string;
  keyName: string;
  checked: boolean;
  duration: number;
  description: string | null;
  embedUrl?: string | null;
  boardId?: string | null;
  boardListId?: string | null;
};

const columns = {
  id: agendaItems.id,
  title: agendaItems.title,
  keyName: agendaItems.keyName,
  sort: agendaItems.sort,
  checked: agendaItems.checked,
  duration: agendaItems.duration,
  description: agendaItems.description,
  embedUrl: agendaItems.embedUrl,
  boardId: agendaItems.boardId,
  boardListId: agendaItems.boardListId,
};

/**
 * Writes a meeting's whole agenda in the given order (sort = position). The Meeting Scores
 * (conclusion) item always comes last. Items keep their ids when they are this meeting's.
 */
export const replaceAgenda = async (ctx: TenantContext, meetingId: string, items: AgendaSeed[]) => {
  const ordered = [
    ...items.filter((i) => i.keyName !== 'conclusion'),
    ...items.filter((i) => i.keyName === 'conclusion'),
  ];
  const ids = ordered.flatMap((item) => (item.id ? [item.id] : []));
  const own =
    ids.length === 0
      ? new Set<string>()
      : new Set(
          (
            await ctx.db
              .select({ id: agendaItems.id })
              .from(agendaItems)
              .where(and(eq(agendaItems.meetingId, meetingId), inArray(agendaItems.id, ids)))
          ).map((row) => row.id),
        );
  await ctx.db.delete(agendaItems).where(eq(agendaItems.meetingId, meetingId));
  if (ordered.length === 0) return;
  await ctx.db.insert(agendaItems).values(
    ordered.map((item, sort) => ({
      ...(item.id && own.has(item.id) ? { id: item.id } : {}),
      tenantId: ctx.tenantId,
      meetingId,
      title: item.title,
      keyName: item.keyName,
      sort,
      checked: item.checked,
      duration: item.duration,
      description: item.description,
      embedUrl: item.embedUrl ?? null,
      boardId: item.boardId ?? null,
      boardListId: item.boardListId ?? null,
    })),
  );
};

export const getAgenda = async (ctx: TenantContext, meetingId: string): Promise<AgendaItem[]> => {
  await findVisibleMeeting(ctx, meetingId);
  const rows = await ctx.db
    .select(columns)
    .from(agendaItems)
    .where(eq(agendaItems.meetingId, meetingId))
    .orderBy(asc(agendaItems.sort));
  return rows.map((row) => ({ ...row, keyName: row.keyName as AgendaKey }));
};

/** `PUT meetings/{id}/agenda-items` (leaders and workspace admins). */
export const saveAgenda = async (ctx: TenantContext, meetingId: string, input: SaveAgenda) => {
  const meeting = await findVisibleMeeting(ctx, meetingId);
  assertMeetingLeader(ctx, meeting);
  const items = input.agendaItems;
  await assertInWorkspace(ctx.db, ctx.tenantId, {
    agendaItems: items.map((item) => item.id),
    boards: items.map((item) => item.boardId),
    lists: items.map((item) => item.boardListId),
  });
  await replaceAgenda(ctx, meetingId, items);
  ctx.publish({ tenantId: ctx.tenantId, type: 'meeting.changed', data: { id: meetingId, action: 'updated' } });
  return getAgenda(ctx, meetingId);
};
