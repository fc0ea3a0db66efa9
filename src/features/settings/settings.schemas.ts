import { z } from 'zod';
import {
  DEFAULT_WIDGETS,
  GOOGLE_CALENDAR_EMBED,
  HOME_HIDDEN_MEETINGS_MAX,
  type WidgetKey,
} from '../../shared/constants.ts';
import { messages } from '../../shared/messages.ts';
import { settingsMessages } from './settings.messages.ts';

const widgetKeys = DEFAULT_WIDGETS.map((w) => w.key) as [WidgetKey, ...WidgetKey[]];

export const ZWidget = z
  .object({ key: z.enum(widgetKeys), title: z.string(), visible: z.boolean() })
  .meta({ id: 'Widget' });
export type Widget = z.infer<typeof ZWidget>;

export const ZUserSettings = z
  .object({
    userId: z.string(),
    widgets: z.array(ZWidget),
    googleCalendarEmbedUrl: z.string().nullable(),
    /**
     * The meetings of the current workspace whose items home's To Do's and Goals leave out (the
     * avatar strip, decision 069); empty: every meeting shown. Each workspace keeps its own list.
     */
    hiddenMeetingIds: z.array(z.string()),
    createdAt: z.string().nullable(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'UserSettings' });
export type UserSettings = z.infer<typeof ZUserSettings>;

/** The whole widget list, in the wanted order: each widget exactly once. */
const ZWidgetList = z
  .array(z.object({ key: z.enum(widgetKeys), visible: z.boolean() }))
  .refine((list) => list.length === widgetKeys.length && new Set(list.map((w) => w.key)).size === widgetKeys.length, {
    error: settingsMessages.widgetsIncomplete,
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
        .url({ protocol: /^https$/, error: settingsMessages.httpsUrlRequired })
        // Shown in a frame beside the calendar: only Google Calendar's embed pages (CSP frame-src).
        .regex(GOOGLE_CALENDAR_EMBED, { error: settingsMessages.googleCalendarEmbedRequired })
        .nullable(),
    )
    .optional(),
  /**
   * The whole list of the current workspace's meetings to hide on home (replacing it; the other
   * workspaces' lists stay). Each must be a meeting of the workspace the caller may see (404
   * otherwise, nothing stored); repeated ids count once.
   */
  hiddenMeetingIds: z
    .array(z.uuid({ error: messages.notFound }))
    .max(HOME_HIDDEN_MEETINGS_MAX, { error: settingsMessages.tooManyHiddenMeetings(HOME_HIDDEN_MEETINGS_MAX) })
    .optional(),
});
export type UpdateUserSettings = z.infer<typeof ZUpdateUserSettings>;
