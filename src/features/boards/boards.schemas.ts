import { z } from 'zod';
import { messages } from '../../shared/messages.ts';
import { requiredText } from '../../shared/validation.ts';
import { ZIsoDate, ZPersonSummary } from '../meetings/meetings.schemas.ts';
import { ZCard } from '../tasks/tasks.schemas.ts';

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

const ZColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: messages.invalidValue });

export const ZBoard = z.object({
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
});
export type Board = z.infer<typeof ZBoard>;

export const ZBoardList = z.object({
  id: z.string(),
  boardId: z.string(),
  name: z.string(),
  sort: z.number(),
});
export type BoardList = z.infer<typeof ZBoardList>;

export const ZLabel = z.object({
  id: z.string(),
  /** null: a workspace-wide label. */
  boardId: z.string().nullable(),
  name: z.string(),
  color: z.string(),
});
export type Label = z.infer<typeof ZLabel>;

/** `GET boards/{id}`: the board, its lists, its cards (filtered), labels and the people named on them. */
export const ZBoardDetail = z.object({
  board: ZBoard,
  lists: z.array(ZBoardList),
  cards: z.array(ZCard),
  labels: z.array(ZLabel),
  /** The assignable people: leaders and members of the board's meetings, plus anyone already on a card. */
  people: z.array(ZPersonSummary),
});
export type BoardDetail = z.infer<typeof ZBoardDetail>;

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
});
export type BoardQuery = z.infer<typeof ZBoardQuery>;

export const ZBoardsQuery = z.object({
  archived: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
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
export const ZBoardRemoval = z.object({ id: z.string(), action: z.enum(['archived', 'deleted']) });

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
