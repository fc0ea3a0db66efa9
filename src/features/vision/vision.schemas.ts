import { z } from 'zod';
import {
  PAPER_SIZES,
  SECTION_KINDS,
  VISION_DESCRIPTION_MAX,
  VISION_TEMPLATES_PAGE,
  VISION_TITLE_MAX,
} from '../../shared/constants.ts';
import { messages } from '../../shared/messages.ts';
import { int32, onceFieldsValid, pageParams, requiredText } from '../../shared/validation.ts';

// The vision board's wire format (document 2 §3 "Vision template", "Section"; §7 getTemplates,
// saveTemplate, saveSection, deleteSection).

export const ZSectionKind = z.enum(SECTION_KINDS, { error: messages.invalidValue });
export type SectionKind = z.infer<typeof ZSectionKind>;

/** An item of a live section: a goal of the quarter or an open backburner item. */
export const ZLiveItem = z
  .object({
    id: z.string(),
    title: z.string(),
    status: z.string(),
    statusName: z.string(),
    dueDate: z.string().nullable(),
    owner: z.string().nullable(),
  })
  .meta({ id: 'LiveItem' });
export type LiveItem = z.infer<typeof ZLiveItem>;

export const ZSection = z
  .object({
    id: z.string(),
    templateId: z.string(),
    title: z.string(),
    /** Sanitized HTML. */
    description: z.string(),
    kind: ZSectionKind,
    sort: z.number(),
    /** Raised by every save; a save names the version it started from. */
    version: z.number(),
    changedAt: z.string(),
    changedBy: z.string().nullable(),
    /** Live sections: their items, read now (the caller's visible cards); null for written ones. */
    items: z.array(ZLiveItem).nullable(),
    /** Live sections: how many items there are in all (items holds the first ones). */
    itemsTotal: z.number().nullable(),
  })
  .meta({ id: 'VisionSection' });
export type Section = z.infer<typeof ZSection>;

export const ZTemplateSummary = z
  .object({
    id: z.string(),
    title: z.string(),
    columns: z.number(),
    changedAt: z.string(),
  })
  .meta({ id: 'VisionTemplateSummary' });
export type TemplateSummary = z.infer<typeof ZTemplateSummary>;

export const ZTemplate = ZTemplateSummary.extend({
  /** The spec's sectionIds, in order. */
  sectionIds: z.array(z.string()),
  sections: z.array(ZSection),
}).meta({ id: 'VisionTemplate' });
export type Template = z.infer<typeof ZTemplate>;

/** A template the product ships, to start a board from. */
export const ZCatalogTemplate = z
  .object({ key: z.string(), title: z.string(), sectionTitles: z.array(z.string()) })
  .meta({ id: 'CatalogTemplate' });

export const ZTemplatesPage = z
  .object({
    items: z.array(ZTemplateSummary),
    total: z.number(),
    offset: z.number(),
    /** The product's templates (getTemplates' search params of the spec: a title filter). */
    catalog: z.array(ZCatalogTemplate),
  })
  .meta({ id: 'VisionTemplatesPage' });
export type TemplatesPage = z.infer<typeof ZTemplatesPage>;

export const ZTemplatesQuery = z.object({
  search: z.string().trim().max(100).optional(),
  ...pageParams({ size: VISION_TEMPLATES_PAGE.default, max: VISION_TEMPLATES_PAGE.max }),
});

const title = requiredText(VISION_TITLE_MAX);
const description = z.string().max(VISION_DESCRIPTION_MAX, { error: messages.descriptionTooLong });

/** saveTemplate: a new template, copied from a product template or from one of the workspace's (Save template). */
export const ZCreateTemplate = z
  .object({
    title,
    catalogKey: z.string().max(50).optional(),
    fromTemplateId: z.uuid({ error: messages.notFound }).optional(),
    columns: z.union([z.literal(1), z.literal(2)]).optional(),
  })
  .refine((value) => (value.catalogKey === undefined) !== (value.fromTemplateId === undefined), {
    ...onceFieldsValid,
    error: messages.invalidValue,
    path: ['catalogKey'],
  });
export type CreateTemplate = z.infer<typeof ZCreateTemplate>;

export const ZUpdateTemplate = z.object({
  title: title.optional(),
  columns: z.union([z.literal(1), z.literal(2)], { error: messages.invalidValue }).optional(),
});
export type UpdateTemplate = z.infer<typeof ZUpdateTemplate>;

/** saveSection (POST): Add Section. */
export const ZCreateSection = z.object({
  title,
  description: description.optional(),
  kind: ZSectionKind.optional(),
});
export type CreateSection = z.infer<typeof ZCreateSection>;

/** saveSection (PUT): Update Section, from the version the editor started with (decision 089). */
export const ZUpdateSection = z.object({
  title: title.optional(),
  description: description.optional(),
  kind: ZSectionKind.optional(),
  version: int32(1)
    .optional()
    .describe(
      'The `version` of the section this save was typed over. When given, a section someone else saved since is not overwritten unless it already holds the same text: 409 naming who changed it, and nothing is stored. Without it the last save wins.',
    ),
});
export type UpdateSection = z.infer<typeof ZUpdateSection>;

export const ZVisionExportQuery = z.object({ paper: z.enum(PAPER_SIZES).default('A4') });
