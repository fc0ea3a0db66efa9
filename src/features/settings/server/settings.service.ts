import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { runPrepared } from '../../../db/prepared.ts';
import { userSettings } from '../../../db/schema/index.ts';
import type { UserContext } from '../../../server/context.ts';
import { DEFAULT_WIDGETS } from '../../../shared/constants.ts';
import type { UpdateUserSettings, UserSettings, Widget } from '../settings.schemas.ts';

const titleOf = new Map<string, string>(DEFAULT_WIDGETS.map((w) => [w.key, w.title]));

/** Home asks on every visit: a prepared statement (decision 040). */
const settingsQuery = (db: Db) =>
  db
    .select()
    .from(userSettings)
    .where(eq(userSettings.userId, sql.placeholder('userId')));

/** The user's settings; someone who never saved any sees the defaults (all widgets visible). */
export const getUserSettings = async (ctx: UserContext): Promise<UserSettings> => {
  const [row] = await runPrepared(ctx.db, 'cadence_user_settings', settingsQuery, { userId: ctx.userId });
  return {
    userId: ctx.userId,
    widgets: (row?.widgets ?? DEFAULT_WIDGETS.map((w) => ({ ...w }))) as Widget[],
    googleCalendarEmbedUrl: row?.googleCalendarEmbedUrl ?? null,
    createdAt: row?.createdAt.toISOString() ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
};

export const updateUserSettings = async (ctx: UserContext, patch: UpdateUserSettings): Promise<UserSettings> => {
  const current = await getUserSettings(ctx);
  // Titles are the product's, not the client's.
  const widgets = patch.widgets?.map((w) => ({ key: w.key, title: titleOf.get(w.key)!, visible: w.visible }));
  const values = {
    widgets: widgets ?? current.widgets,
    googleCalendarEmbedUrl:
      patch.googleCalendarEmbedUrl === undefined ? current.googleCalendarEmbedUrl : patch.googleCalendarEmbedUrl,
    updatedAt: new Date(),
  };
  await ctx.db
    .insert(userSettings)
    .values({ userId: ctx.userId, ...values })
    .onConflictDoUpdate({ target: userSettings.userId, set: values });
  return getUserSettings(ctx);
};
