import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { runPrepared } from '../../../db/prepared.ts';
import { meetings, memberships, type StoredWidget, userSettings } from '../../../db/schema/index.ts';
import { anyOf } from '../../../db/sql.ts';
import type { UserContext } from '../../../server/context.ts';
import { DEFAULT_WIDGETS } from '../../../shared/constants.ts';
import { forbidden, notFound } from '../../../shared/errors.ts';
import { messages } from '../../../shared/messages.ts';
import { participates } from '../../meetings/server/meetings.access.ts';
import type { UpdateUserSettings, UserSettings, Widget } from '../settings.schemas.ts';

const titleOf = new Map<string, string>(DEFAULT_WIDGETS.map((w) => [w.key, w.title]));

/**
 * The workspace a request works in (its session's), for the one setting that belongs to a
 * workspace: the meetings hidden on home. Null: the session is in none.
 */
export interface SettingsWorkspace {
  tenantId: string;
  isAdmin: boolean;
}

/**
 * Home's hidden meetings, by workspace id, are kept in the widget list's To Do's entry (decision
 * 069: the strip filters the To Do's and Goals widgets; no column of their own yet).
 */
const HIDDEN_HOLDER = 'todos';
const hiddenOf = (stored: StoredWidget[]) => stored.find((w) => w.key === HIDDEN_HOLDER)?.hiddenMeetings ?? {};

/** Home asks on every visit: a prepared statement (decision 040). */
const settingsQuery = (db: Db) =>
  db
    .select()
    .from(userSettings)
    .where(eq(userSettings.userId, sql.placeholder('userId')));

/**
 * The user's settings; someone who never saved any sees the defaults (all widgets visible, no
 * meeting hidden). The hidden meetings are those of the session's workspace.
 */
export const getUserSettings = async (ctx: UserContext, workspace: SettingsWorkspace | null): Promise<UserSettings> => {
  const [row] = await runPrepared(ctx.db, 'cadence_user_settings', settingsQuery, { userId: ctx.userId });
  const stored = row?.widgets ?? DEFAULT_WIDGETS.map((w) => ({ ...w }));
  return {
    userId: ctx.userId,
    // The stored entries may hold more (the hidden meetings): only what a widget is goes out.
    widgets: stored.map(({ key, title, visible }) => ({ key, title, visible }) as Widget),
    googleCalendarEmbedUrl: row?.googleCalendarEmbedUrl ?? null,
    hiddenMeetingIds: workspace ? (hiddenOf(stored)[workspace.tenantId] ?? []) : [],
    createdAt: row?.createdAt.toISOString() ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
};

/** 404 unless every id is a meeting of the workspace the caller may see (a participant, or its admin): one statement. */
const assertSeenMeetings = async (ctx: UserContext, workspace: SettingsWorkspace, ids: string[]) => {
  if (ids.length === 0) return;
  const [found] = await ctx.db
    .select({ n: count() })
    .from(meetings)
    .where(
      and(
        eq(meetings.tenantId, workspace.tenantId),
        anyOf(meetings.id, ids),
        workspace.isAdmin ? undefined : participates(ctx.db, ctx.userId),
      ),
    );
  if (Number(found?.n ?? 0) !== ids.length) throw notFound();
};

/**
 * The hidden meetings after `wanted` replaced the workspace's list: the lists of the other
 * workspaces the person still belongs to stay, those of workspaces they left go (so the
 * document stays bounded by their workspaces).
 */
const hiddenAfter = async (
  ctx: UserContext,
  workspace: SettingsWorkspace,
  current: Record<string, string[]>,
  wanted: string[],
): Promise<Record<string, string[]>> => {
  const others = Object.keys(current).filter((tenantId) => tenantId !== workspace.tenantId);
  const kept =
    others.length === 0
      ? new Set<string>()
      : new Set(
          (
            await ctx.db
              .select({ tenantId: memberships.tenantId })
              .from(memberships)
              .where(and(eq(memberships.userId, ctx.userId), anyOf(memberships.tenantId, others)))
          ).map((row) => row.tenantId),
        );
  const next: Record<string, string[]> = {};
  for (const tenantId of others) if (kept.has(tenantId)) next[tenantId] = current[tenantId]!;
  if (wanted.length > 0) next[workspace.tenantId] = wanted;
  return next;
};

export const updateUserSettings = async (
  ctx: UserContext,
  patch: UpdateUserSettings,
  workspace: SettingsWorkspace | null,
): Promise<UserSettings> => {
  // Locked until the transaction ends: two saves at once (two tabs) do not lose each other's part.
  const [row] = await ctx.db.select().from(userSettings).where(eq(userSettings.userId, ctx.userId)).for('update');
  const stored: StoredWidget[] = row?.widgets ?? DEFAULT_WIDGETS.map((w) => ({ ...w }));
  let hidden = hiddenOf(stored);
  if (patch.hiddenMeetingIds !== undefined) {
    if (!workspace) throw forbidden(messages.noWorkspace);
    const wanted = [...new Set(patch.hiddenMeetingIds)];
    await assertSeenMeetings(ctx, workspace, wanted);
    hidden = await hiddenAfter(ctx, workspace, hidden, wanted);
  }
  // Titles are the product's, not the client's.
  const order = patch.widgets ?? stored;
  const widgets: StoredWidget[] = order.map((w) => ({
    key: w.key,
    title: titleOf.get(w.key) ?? w.key,
    visible: w.visible,
    ...(w.key === HIDDEN_HOLDER && Object.keys(hidden).length > 0 ? { hiddenMeetings: hidden } : {}),
  }));
  const values = {
    widgets,
    googleCalendarEmbedUrl:
      patch.googleCalendarEmbedUrl === undefined ? (row?.googleCalendarEmbedUrl ?? null) : patch.googleCalendarEmbedUrl,
    updatedAt: new Date(),
  };
  await ctx.db
    .insert(userSettings)
    .values({ userId: ctx.userId, ...values })
    .onConflictDoUpdate({ target: userSettings.userId, set: values });
  return getUserSettings(ctx, workspace);
};
