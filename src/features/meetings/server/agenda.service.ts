import { and, asc, eq, inArray } from 'drizzle-orm';
import { agendaItems, boardLists, boardMeetings } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { lifecycle } from '../../../server/lifecycle.ts';
import { sanitizeRichText } from '../../../server/sanitize.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import { badRequest } from '../../../shared/errors.ts';
import { messages } from '../../../shared/messages.ts';
import type { AgendaItem, AgendaKey, AgendaTaskType, SaveAgenda } from '../meetings.schemas.ts';
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
  agencyItemId?: string | null;
  taskType?: string | null;
};

const isBoardKind = (keyName: string) => keyName === 'accountability_board' || keyName === 'accountability_list';

/**
 * Keeps only the links an item's kind uses: a board (and, for a list step, its list) for the
 * accountability kinds, a URL for external_url, a task type for action items (to-dos when
 * none is given), so that a kind changed in the form leaves no link behind (a stale board link
 * would block archiving that board).
 */
const linksOf = (item: AgendaSeed) => ({
  embedUrl: item.keyName === 'external_url' ? (item.embedUrl ?? null) : null,
  boardId: isBoardKind(item.keyName) ? (item.boardId ?? null) : null,
  boardListId: item.keyName === 'accountability_list' && item.boardId ? (item.boardListId ?? null) : null,
  taskType: item.keyName === 'to_do_list' ? (item.taskType ?? '4') : null,
  agencyItemId: item.keyName === 'agency_framework' ? (item.agencyItemId ?? null) : null,
});

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
  agencyItemId: agendaItems.agencyItemId,
  taskType: agendaItems.taskType,
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
      // Rich text from the agenda forms (plain text from the templates reads the same).
      description: sanitizeRichText(item.description) || null,
      ...linksOf(item),
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
  return rows.map((row) => ({
    ...row,
    keyName: row.keyName as AgendaKey,
    taskType: (row.taskType ?? (row.keyName === 'to_do_list' ? '4' : null)) as AgendaTaskType | null,
  }));
};

/**
 * A board step shows one of the meeting's boards, and a list step a list of that board
 * (messages.boardNotInMeeting, messages.listNotOnBoard; the field is `agendaItems.N.boardId`).
 * Boards and lists of another workspace were refused before (404).
 */
const assertBoardLinks = async (ctx: TenantContext, meetingId: string, items: SaveAgenda['agendaItems']) => {
  const linked = items.flatMap((item, index) => (isBoardKind(item.keyName) && item.boardId ? [{ item, index }] : []));
  if (linked.length === 0) return;
  const boardIds = [...new Set(linked.map(({ item }) => item.boardId!))];
  const listIds = linked.flatMap(({ item }) =>
    item.keyName === 'accountability_list' && item.boardListId ? [item.boardListId] : [],
  );
  const meetingBoards = await ctx.db
    .select({ boardId: boardMeetings.boardId })
    .from(boardMeetings)
    .where(and(eq(boardMeetings.meetingId, meetingId), inArray(boardMeetings.boardId, boardIds)));
  const lists =
    listIds.length === 0
      ? []
      : await ctx.db
          .select({ id: boardLists.id, boardId: boardLists.boardId })
          .from(boardLists)
          .where(inArray(boardLists.id, listIds));
  const ofMeeting = new Set(meetingBoards.map((row) => row.boardId));
  const boardOfList = new Map(lists.map((row) => [row.id, row.boardId]));
  for (const { item, index } of linked) {
    if (!ofMeeting.has(item.boardId!)) {
      throw badRequest({ [`agendaItems.${index}.boardId`]: messages.boardNotInMeeting }, messages.boardNotInMeeting);
    }
    if (
      item.keyName === 'accountability_list' &&
      item.boardListId &&
      boardOfList.get(item.boardListId) !== item.boardId
    )
      throw badRequest({ [`agendaItems.${index}.boardListId`]: messages.listNotOnBoard }, messages.listNotOnBoard);
  }
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
    // Agency tools: a shipped framework or one of the workspace's own
    agencyItems: items.map((item) => item.agencyItemId),
  });
  await assertBoardLinks(ctx, meetingId, items);
  // Copies: a handler fills in what the steps ask for (a new board's id).
  const linked = items.map((item) => ({ ...item }));
  await lifecycle.raise('meeting.agendaSaving', ctx, { meetingId, steps: linked });
  await replaceAgenda(ctx, meetingId, linked);
  ctx.publish({ tenantId: ctx.tenantId, type: 'meeting.changed', data: { id: meetingId, action: 'updated' } });
  return getAgenda(ctx, meetingId);
};
