import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { tenants, workspaceLogos, workspaceSettings } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertWorkspaceAdmin } from '../../../server/guards.ts';
import { API_ROOT } from '../../../shared/constants.ts';
import { notFound } from '../../../shared/errors.ts';
import { COLOUR_KEYS, type GeneralSettings, type SaveGeneralSettings } from '../admin.schemas.ts';

// General settings (decision 044): one row of brand colours per workspace (none = defaults) and
// the logo, stored like people's photos and served by a URL that carries its hash.

const NO_COLOURS = Object.fromEntries(COLOUR_KEYS.map((key) => [key, null])) as Record<
  (typeof COLOUR_KEYS)[number],
  null
>;

/** Every member reads them: they are the workspace's theme. One statement. */
export const getGeneralSettings = async (ctx: TenantContext): Promise<GeneralSettings> => {
  const [row] = await ctx.db
    .select({ iconLogo: tenants.iconLogo, settings: workspaceSettings })
    .from(tenants)
    .leftJoin(workspaceSettings, eq(workspaceSettings.tenantId, tenants.id))
    .where(eq(tenants.id, ctx.tenantId));
  const colours = row?.settings
    ? Object.fromEntries(COLOUR_KEYS.map((key) => [key, row.settings?.[key] ?? null]))
    : NO_COLOURS;
  return { id: '1', ...NO_COLOURS, ...colours, iconLogo: row?.iconLogo ?? null };
};

const publishSettings = (ctx: TenantContext, settings: GeneralSettings) =>
  ctx.publish({ tenantId: ctx.tenantId, type: 'generalSettings.changed', data: settings });

/** `POST general-settings` (admins): the keys sent change; a blank colour is the default again. */
export const saveGeneralSettings = async (ctx: TenantContext, body: SaveGeneralSettings) => {
  assertWorkspaceAdmin(ctx);
  const chosen = Object.fromEntries(COLOUR_KEYS.filter((key) => key in body).map((key) => [key, body[key] ?? null]));
  const values = { ...chosen, changedAt: new Date(), changedBy: ctx.userId };
  await ctx.db
    .insert(workspaceSettings)
    .values({ tenantId: ctx.tenantId, ...values })
    .onConflictDoUpdate({ target: workspaceSettings.tenantId, set: values });
  const settings = await getGeneralSettings(ctx);
  publishSettings(ctx, settings);
  return settings;
};

export const logoUrl = (tenantId: string, hash: string) => `${API_ROOT}/tenants/${tenantId}/logo/${hash}`;

/** Stores the (checked) logo and points the workspace's `iconLogo` at it (admins). */
export const saveLogo = async (ctx: TenantContext, logo: { mimeType: string; bytes: Buffer } | null) => {
  assertWorkspaceAdmin(ctx);
  let iconLogo: string | null = null;
  if (logo) {
    const hash = createHash('sha256').update(logo.bytes).digest('hex');
    const values = { mimeType: logo.mimeType, bytes: logo.bytes, hash, updatedAt: new Date() };
    await ctx.db
      .insert(workspaceLogos)
      .values({ tenantId: ctx.tenantId, ...values })
      .onConflictDoUpdate({ target: workspaceLogos.tenantId, set: values });
    iconLogo = logoUrl(ctx.tenantId, hash);
  } else {
    await ctx.db.delete(workspaceLogos).where(eq(workspaceLogos.tenantId, ctx.tenantId));
  }
  const [row] = await ctx.db
    .update(tenants)
    .set({ iconLogo, changedAt: new Date(), changedBy: ctx.userId })
    .where(eq(tenants.id, ctx.tenantId))
    .returning({ id: tenants.id, name: tenants.name, iconLogo: tenants.iconLogo });
  ctx.publish({ tenantId: ctx.tenantId, type: 'workspace.updated', data: row! });
  const settings = await getGeneralSettings(ctx);
  publishSettings(ctx, settings);
  return settings;
};

/** The logo behind a URL; a wrong or outdated hash is 404 like a missing logo. */
export const readLogo = async (db: Db, tenantId: string, hash: string) => {
  const [row] = await db
    .select({ mimeType: workspaceLogos.mimeType, bytes: workspaceLogos.bytes, hash: workspaceLogos.hash })
    .from(workspaceLogos)
    .where(eq(workspaceLogos.tenantId, tenantId));
  if (!row || row.hash !== hash) throw notFound();
  return row;
};
