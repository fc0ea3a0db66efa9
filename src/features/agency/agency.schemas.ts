import { z } from 'zod';
import {
  AGENCY_CATEGORIES_PAGE,
  AGENCY_COLORS,
  AGENCY_COLUMN_TYPES,
  AGENCY_ICONS,
  AGENCY_ITEMS_PAGE,
  AGENCY_LIMITS,
  PAPER_SIZES,
} from '../../shared/constants.ts';
import { messages } from '../../shared/messages.ts';
import { pageOf, pageParams, queryFlag, requiredText } from '../../shared/validation.ts';
import { agencyMessages } from './agency.messages.ts';

// Agency tools' wire format (document 3 §3 "Agency category", "Agency item", "Column",
// "Question", "Answer"; §7 getAtCategories, saveAnswer; decisions 052–053).

/** Who changed an answer, as the framework shows it. */
export const ZAgencyPerson = z.object({ id: z.string(), name: z.string() }).meta({ id: 'AgencyPerson' });

export const ZAgencyAnswer = z
  .object({
    /** The answer's slot in its question, from 0. */
    position: z.number(),
    answer: z.string(),
    changedAt: z.string(),
    changedBy: ZAgencyPerson.nullable(),
  })
  .meta({ id: 'AgencyAnswer' });
export type AgencyAnswer = z.infer<typeof ZAgencyAnswer>;

/** What every piece of content says about where it comes from. */
const ZOrigin = {
  /** The product's content (read-only; hide it instead). */
  shipped: z.boolean(),
  /** Hidden for the workspace (only admins asking for hidden content see such rows). */
  hidden: z.boolean(),
};

export const ZAgencyQuestion = z
  .object({
    id: z.string(),
    columnId: z.string(),
    question: z.string(),
    /** The spec's questionLength. */
    maxLength: z.number(),
    numOfAnswers: z.number(),
    addAnswer: z.boolean(),
    sort: z.number(),
    ...ZOrigin,
    /** The workspace's answers by position (only positions below numOfAnswers). */
    answers: z.array(ZAgencyAnswer),
  })
  .meta({ id: 'AgencyQuestion' });
export type AgencyQuestion = z.infer<typeof ZAgencyQuestion>;

export const ZAgencyColumn = z
  .object({
    id: z.string(),
    itemId: z.string(),
    parentId: z.string().nullable(),
    childrenIds: z.array(z.string()),
    title: z.string(),
    subtitle: z.string(),
    image: z.string().nullable(),
    /** The spec's colorClass: a colour name. */
    color: z.string(),
    columnType: z.enum(AGENCY_COLUMN_TYPES),
    /** Sanitized rich text. */
    description: z.string(),
    sort: z.number(),
    ...ZOrigin,
    questions: z.array(ZAgencyQuestion),
  })
  .meta({ id: 'AgencyColumn' });
export type AgencyColumn = z.infer<typeof ZAgencyColumn>;

export const ZAgencyItemSummary = z
  .object({
    id: z.string(),
    categoryId: z.string(),
    title: z.string(),
    description: z.string(),
    url: z.string().nullable(),
    recap: z.string().nullable(),
    isDefault: z.boolean(),
    sort: z.number(),
    ...ZOrigin,
  })
  .meta({ id: 'AgencyItemSummary' });
export type AgencyItemSummary = z.infer<typeof ZAgencyItemSummary>;

export const ZAgencyCategory = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    avatar: z.string(),
    color: z.string(),
    buttonTitle: z.string(),
    sort: z.number(),
    createdAt: z.string(),
    ...ZOrigin,
    /** The first items (document 3 §9: 2 until Show All). */
    items: z.array(ZAgencyItemSummary),
    /** How many items the category has in all (Show All reads them page by page). */
    itemsTotal: z.number(),
    /** The item the category's button opens: its default one, else its first. */
    buttonItemId: z.string().nullable(),
  })
  .meta({ id: 'AgencyCategory' });
export type AgencyCategory = z.infer<typeof ZAgencyCategory>;

export const ZAgencyCategoriesPage = pageOf(ZAgencyCategory).meta({ id: 'AgencyCategoriesPage' });
export type AgencyCategoriesPage = z.infer<typeof ZAgencyCategoriesPage>;
export const ZAgencyItemsPage = pageOf(ZAgencyItemSummary).meta({ id: 'AgencyItemsPage' });
export type AgencyItemsPage = z.infer<typeof ZAgencyItemsPage>;

/** One framework: its columns (in order, parents before their children) with questions and answers. */
export const ZAgencyItem = ZAgencyItemSummary.extend({
  category: z.object({ id: z.string(), title: z.string(), color: z.string() }),
  columnIds: z.array(z.string()),
  columns: z.array(ZAgencyColumn),
}).meta({ id: 'AgencyItem' });
export type AgencyItem = z.infer<typeof ZAgencyItem>;

/** One column on its own (/agency-single/{columnId}), with where it sits. */
export const ZAgencySingleColumn = z
  .object({
    item: z.object({ id: z.string(), title: z.string(), categoryTitle: z.string() }),
    column: ZAgencyColumn,
    parent: z.object({ id: z.string(), title: z.string() }).nullable(),
    children: z.array(z.object({ id: z.string(), title: z.string() })),
  })
  .meta({ id: 'AgencySingleColumn' });
export type AgencySingleColumn = z.infer<typeof ZAgencySingleColumn>;

export const ZAgencyCategoriesQuery = z.object({
  /** Admins: include hidden content (marked hidden) to show it again. */
  hidden: queryFlag(false),
  ...pageParams({ size: AGENCY_CATEGORIES_PAGE.default, max: AGENCY_CATEGORIES_PAGE.max }),
});
export const ZAgencyItemsQuery = z.object({
  hidden: queryFlag(false),
  ...pageParams({ size: AGENCY_ITEMS_PAGE.default, max: AGENCY_ITEMS_PAGE.max }),
});
/** The agenda form's framework picker. */
export const ZAgencyFramework = z
  .object({ id: z.string(), title: z.string(), categoryTitle: z.string() })
  .meta({ id: 'AgencyFramework' });
export const ZAgencyFrameworksPage = pageOf(ZAgencyFramework).meta({ id: 'AgencyFrameworksPage' });
export type AgencyFrameworksPage = z.infer<typeof ZAgencyFrameworksPage>;
export const ZAgencyFrameworksQuery = z.object({
  search: z.string().trim().max(100).optional(),
  ...pageParams({ size: AGENCY_ITEMS_PAGE.default, max: AGENCY_ITEMS_PAGE.max }),
});
export const ZAgencyReadQuery = z.object({ hidden: queryFlag(false) });
export const ZAgencyExportQuery = z.object({ paper: z.enum(PAPER_SIZES).default('A4') });

/** saveAnswer: the text of one answer slot (empty clears it). */
export const ZSaveAnswer = z.object({
  answer: z
    .string({ error: messages.required })
    .max(AGENCY_LIMITS.answer, { error: agencyMessages.agencyAnswerTooLong(AGENCY_LIMITS.answer) }),
  /**
   * The `changedAt` of the answer this text was typed over (null: the slot was empty). When given,
   * a slot someone else changed since is not overwritten: 409, and the person sees both texts.
   */
  baseChangedAt: z.iso.datetime({ offset: true, error: messages.invalidValue }).nullable().optional(),
});
export type SaveAnswer = z.infer<typeof ZSaveAnswer>;
export const ZAnswerPath = z.object({
  id: z.uuid(),
  position: z.coerce.number().int().min(0).max(AGENCY_LIMITS.numOfAnswers),
});

const title = requiredText(AGENCY_LIMITS.title);
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: messages.tooLong(max) });
const nullableText = (max: number) =>
  text(max)
    .nullish()
    .transform((value) => value || null);
const icon = z.enum(AGENCY_ICONS, { error: messages.invalidValue });
const color = z.enum(AGENCY_COLORS, { error: messages.invalidValue });
const link = z
  .string()
  .trim()
  .max(AGENCY_LIMITS.url, { error: messages.tooLong(AGENCY_LIMITS.url) })
  .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), { error: agencyMessages.agencyInvalidUrl })
  .nullish()
  .transform((value) => value || null);

export const ZCreateAgencyCategory = z.object({
  title,
  description: text(AGENCY_LIMITS.description).default(''),
  avatar: icon,
  color,
  buttonTitle: requiredText(AGENCY_LIMITS.buttonTitle),
});
export type CreateAgencyCategory = z.infer<typeof ZCreateAgencyCategory>;
export const ZUpdateAgencyCategory = ZCreateAgencyCategory.partial();
export type UpdateAgencyCategory = z.infer<typeof ZUpdateAgencyCategory>;

export const ZCreateAgencyItem = z.object({
  categoryId: z.uuid({ error: messages.notFound }),
  title,
  description: text(AGENCY_LIMITS.description).default(''),
  url: link,
  recap: nullableText(AGENCY_LIMITS.recap),
  isDefault: z.boolean().default(false),
});
export type CreateAgencyItem = z.infer<typeof ZCreateAgencyItem>;
export const ZUpdateAgencyItem = ZCreateAgencyItem.partial();
export type UpdateAgencyItem = z.infer<typeof ZUpdateAgencyItem>;

export const ZCreateAgencyColumn = z.object({
  itemId: z.uuid({ error: messages.notFound }),
  parentId: z.uuid({ error: messages.notFound }).nullish(),
  title,
  subtitle: text(AGENCY_LIMITS.subtitle).default(''),
  image: icon.nullish(),
  color,
  columnType: z.enum(AGENCY_COLUMN_TYPES, { error: messages.invalidValue }).default('editable'),
  /** Rich text, sanitized on the way in. */
  description: text(AGENCY_LIMITS.description).default(''),
});
export type CreateAgencyColumn = z.infer<typeof ZCreateAgencyColumn>;
export const ZUpdateAgencyColumn = ZCreateAgencyColumn.omit({ itemId: true }).partial();
export type UpdateAgencyColumn = z.infer<typeof ZUpdateAgencyColumn>;

export const ZCreateAgencyQuestion = z.object({
  columnId: z.uuid({ error: messages.notFound }),
  question: requiredText(AGENCY_LIMITS.question),
  maxLength: z.coerce.number().int().min(1).max(AGENCY_LIMITS.answer).default(500),
  numOfAnswers: z.coerce.number().int().min(1).max(AGENCY_LIMITS.numOfAnswers).default(1),
  addAnswer: z.boolean().default(false),
});
export type CreateAgencyQuestion = z.infer<typeof ZCreateAgencyQuestion>;
export const ZUpdateAgencyQuestion = ZCreateAgencyQuestion.omit({ columnId: true }).partial();
export type UpdateAgencyQuestion = z.infer<typeof ZUpdateAgencyQuestion>;

export const ZSetHidden = z.object({ hidden: z.boolean({ error: messages.required }) });
