import { z } from 'zod';
import { DEFAULT_WIDGETS, GOOGLE_CALENDAR_EMBED, type WidgetKey } from '../../shared/constants.ts';
import { messages } from '../../shared/messages.ts';

const widgetKeys = DEFAULT_WIDGETS.map((w) => w.key) as [WidgetKey, ...WidgetKey[]];

export const ZWidget = z.object({ key: z.enum(widgetKeys), title: z.string(), visible: z.boolean() });
export type Widget = z.infer<typeof ZWidget>;

export const ZUserSettings = z.object({
  userId: z.string(),
  widgets: z.array(ZWidget),
  googleCalendarEmbedUrl: z.string().nullable(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type UserSettings = z.infer<typeof ZUserSettings>;

/** The whole widget list, in the wanted order: each widget exactly once. */
const ZWidgetList = z
  .array(z.object({ key: z.enum(widgetKeys), visible: z.boolean() }))
  .refine((list) => list.length === widgetKeys.length && new Set(list.map((w) => w.key)).size === widgetKeys.length, {
    error: messages.widgetsIncomplete,
  });

export const ZUpdateUserSettings = z.object({
  widgets: ZWidgetList.optional(),
  /** An empty value clears it (sent as null). */
  googleCalendarEmbedUrl: z
    .string()
    .trim()
    .max(2000)
    .nullish()
    .transform((value) => value || null)
    .pipe(
      z
        .url({ protocol: /^https$/, error: messages.httpsUrlRequired })
        // Shown in a frame beside the calendar: only Google Calendar's embed pages (CSP frame-src).
        .regex(GOOGLE_CALENDAR_EMBED, { error: messages.googleCalendarEmbedRequired })
        .nullable(),
    )
    .optional(),
});
export type UpdateUserSettings = z.infer<typeof ZUpdateUserSettings>;
