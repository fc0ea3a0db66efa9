import { z } from 'zod';
import { messages } from '../../shared/messages.ts';
import { ZPersonSummary } from '../../shared/person.ts';
import { hexColour, queryFlag, requiredText, ZIsoDate } from '../../shared/validation.ts';
import { ZCard } from '../tasks/tasks.schemas.ts';
import { BOARD_GROUPINGS, BOARD_PAGE_SIZE, NOBODY, STATUS_GROUPS } from './boards.grouping.ts';

// Boards, their lists (the spec's "task types") and labels (document 2 §3–§9). Imported by the
// server's routes and the client.

export const DEFAULT_LABEL_COLOR = '#C2CDD8';
/** The label form's palette of nine colours (document 2 §5). */
export const LABEL_COLORS = [
  '#C2CDD8',
  '#61BD4F',
  '#F2D600',
  '#FF9F1A',
  '#EB5A46',
  '#C377E0',
  '#0079BF',
  '#00C2E0',
  '#344563',
] as const;

const ZColor = hexColour();

export const ZBoard = z
  .object({
    id: z.string(),
    name: z.string(),
    color: z.string().nullable(),
    meetingIds: z.array(z.string()),
    sort: z.number(),
    archived: z.boolean(),
    cardCount: z.number(),
    activeCardCount: z.number(),
    /** Agenda items point at it: it must be unlinked before it can be archived or deleted. */
    linkedToAgenda: z.boolean(),
    changedAt: z.string(),
    changedBy: z.string().nullable(),
    /** Leaders of one of its meetings and workspace admins manage boards and lists. */
    permissions: z.object({ canEdit: z.boolean() }),
  })
  .meta({ id: 'Board' });
export type Board = z.infer<typeof ZBoard>;

export const ZBoardList = z
  .object({
    id: z.string(),
    boardId: z.string(),
    name: z.string(),
    sort: z.number(),
  })
  .meta({ id: 'BoardList' });
export type BoardList = z.infer<typeof ZBoardList>;

export const ZLabel = z
  .object({
    id: z.string(),
    /** null: a workspace-wide label. */
    boardId: z.string().nullable(),
    name: z.string(),
    color: z.string(),
  })
  .meta({ id: 'Label' });
export type Label = z.infer<typeof ZLabel>;

/** One column of the board as grouped: how many cards match the filters, and which of them came. */
export const ZBoardGroup = z
  .object({
    /** A list id, a user id or `nobody`, or `active` / `done`. */
    key: z.string(),
    /** Its cards that match the filters. */
    count: z.number(),
    /** Its first cards, in the order the column shows them (`GET boards/{id}/cards` pages on). */
    cardIds: z.array(z.string()),
  })
  .meta({ id: 'BoardGroup' });
export type BoardGroup = z.infer<typeof ZBoardGroup>;

/**
 * `GET boards/{id}`: the board, its lists, the first cards of each column (filtered), labels and
 * the people named on them (docs/decisions/018-board-paging.md).
 */
export const ZBoardDetail = z
  .object({
    board: ZBoard,
    lists: z.array(ZBoardList),
    groupBy: z.enum(BOARD_GROUPINGS),
    /** The columns that have cards, each with its count and first card ids. */
    groups: z.array(ZBoardGroup),
    /** Every card named in `groups` (a card in several user columns comes once). */
    cards: z.array(ZCard),
    labels: z.array(ZLabel),
    /** The assignable people: leaders and members of the board's meetings, plus anyone on a card that matches. */
    people: z.array(ZPersonSummary),
  })
  .meta({ id: 'BoardDetail' });
export type BoardDetail = z.infer<typeof ZBoardDetail>;

/** `GET boards/{id}/cards`: the next cards of one column ("Show N more"). */
export const ZBoardColumnPage = z
  .object({
    key: z.string(),
    count: z.number(),
    offset: z.number(),
    /** In the column's order, from `offset`. */
    cards: z.array(ZCard),
  })
  .meta({ id: 'BoardColumnPage' });
export type BoardColumnPage = z.infer<typeof ZBoardColumnPage>;

/** Due-date buckets of the board filter, matching the card colours: red, yellow, grey, no date. */
export const DUE_FILTERS = ['overdue', 'soon', 'later', 'none'] as const;

export const ZBoardQuery = z.object({
  /** active: only active cards (the Active/All switch); all (default). */
  state: z.enum(['active', 'all']).default('all'),
  /** Searched in title and description, case-insensitive. */
  search: z.string().trim().max(200).optional(),
  due: z.enum(DUE_FILTERS).optional(),
  /** Comma-separated user ids: cards with any of them as a member. */
  memberIds: z
    .string()
    .max(4000)
    .optional()
    .transform((value) => (value ? value.split(',').filter(Boolean) : undefined))
    .pipe(z.array(z.uuid()).optional()),
  /** The caller's local date, for the due buckets (default: today in UTC). */
  today: ZIsoDate.optional(),
  groupBy: z.enum(BOARD_GROUPINGS).default('list'),
});
export type BoardQuery = z.infer<typeof ZBoardQuery>;

const ZGroupKey = z.union([z.uuid(), z.enum([NOBODY, ...STATUS_GROUPS])]);
const ZPageSize = (max: number) => z.coerce.number().int().min(0).max(max);

/** `GET boards/{id}`: the filters and grouping, and how many cards of each column to send. */
export const ZBoardDetailQuery = ZBoardQuery.extend({
  /** Cards per column (the first page). */
  limit: ZPageSize(1000).default(BOARD_PAGE_SIZE),
  /**
   * Columns that show more than `limit`, as `key:count,key:count`: a refetch (after a change,
   * or someone else's) keeps what "Show N more" loaded.
   */
  limits: z
    .string()
    .max(20_000)
    .optional()
    .transform((value) =>
      (value ? value.split(',').filter(Boolean) : []).map((pair) => {
        const at = pair.lastIndexOf(':');
        return { key: pair.slice(0, at), count: Number(pair.slice(at + 1)) };
      }),
    )
    .pipe(z.array(z.object({ key: ZGroupKey, count: z.number().int().min(0).max(10_000) })).max(500)),
});
export type BoardDetailQuery = z.infer<typeof ZBoardDetailQuery>;

/** `GET boards/{id}/cards`: one column's cards from `offset`, under the same filters and grouping. */
export const ZBoardColumnQuery = ZBoardQuery.extend({
  /** The column: a list id (by list), a user id or `nobody` (by user), `active` or `done` (by status). */
  group: ZGroupKey,
  offset: ZPageSize(100_000).default(0),
  limit: ZPageSize(200).default(BOARD_PAGE_SIZE * 2),
});
export type BoardColumnQuery = z.infer<typeof ZBoardColumnQuery>;

export const ZBoardsQuery = z.object({
  archived: queryFlag(false),
});

/** `POST boards` (saveBoards): added to the chosen meetings. */
export const ZCreateBoard = z.object({
  name: requiredText(200),
  color: ZColor.nullish(),
  meetingIds: z.array(z.uuid()).min(1, { error: messages.atLeastOneEntity }).max(100),
  /** Lists to create with it, in order. */
  lists: z.array(requiredText(200)).max(50).default([]),
});
export type CreateBoard = z.infer<typeof ZCreateBoard>;

/** `PATCH boards/{id}`: edit; archived: true archives it (refused while it has active cards). */
export const ZUpdateBoard = z.object({
  name: requiredText(200).optional(),
  color: ZColor.nullish(),
  meetingIds: z.array(z.uuid()).min(1, { error: messages.atLeastOneEntity }).max(100).optional(),
  archived: z.boolean().optional(),
});
export type UpdateBoard = z.infer<typeof ZUpdateBoard>;

/** What `DELETE boards/{id}` did: a board with cards is archived, an empty one deleted. */
export const ZBoardRemoval = z
  .object({ id: z.string(), action: z.enum(['archived', 'deleted']) })
  .meta({ id: 'BoardRemoval' });

/** `PUT boards/order` (saveBoardOrder). */
export const ZBoardOrder = z.object({ boardIds: z.array(z.uuid()).min(1).max(1000) });

/** `POST task-types` (saveTaskType). */
export const ZCreateBoardList = z.object({ boardId: z.uuid(), name: requiredText(200) });
export const ZUpdateBoardList = z.object({ name: requiredText(200) });
/** `PUT boards/{id}/task-types-order` (saveBoardListOrder). */
export const ZBoardListOrder = z.object({ listIds: z.array(z.uuid()).min(1).max(1000) });

/** `POST labels` / `PUT labels/{id}` (saveLabel). */
export const ZSaveLabel = z.object({
  name: z.string().trim().max(100).default(''),
  color: ZColor.default(DEFAULT_LABEL_COLOR),
  boardId: z
    .uuid()
    .nullish()
    .transform((value) => value ?? null),
});
export type SaveLabel = z.infer<typeof ZSaveLabel>;
export const ZLabelsQuery = z.object({ boardId: z.uuid().optional() });
