import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { coreValues } from '../../../db/schema/index.ts';
import { uuidArray } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertWorkspaceAdmin } from '../../../server/guards.ts';
import { sanitizePlainText } from '../../../server/sanitize.ts';
import { badRequest, conflict, notFound } from '../../../shared/errors.ts';
import { peopleToolsMessages } from '../people-tools.messages.ts';
import {
  CORE_VALUES_MAX,
  type CoreValue,
  type CoreValues,
  type CreateCoreValue,
  type UpdateCoreValue,
} from '../people-tools.schemas.ts';

// The workspace's core values: every member reads them, admins add, describe, reorder and retire
// them. A retired value stays (past conversations rated it) but is no longer offered.

const columns = {
  id: coreValues.id,
  title: coreValues.title,
  description: coreValues.description,
  sort: coreValues.sort,
  retired: sql<boolean>`${coreValues.retiredAt} is not null`,
};

/** The workspace's values in their order; retired ones after the rest when asked for. */
export const readCoreValues = (db: Db, tenantId: string, withRetired: boolean): Promise<CoreValue[]> =>
  db
    .select(columns)
    .from(coreValues)
    .where(and(eq(coreValues.tenantId, tenantId), withRetired ? undefined : isNull(coreValues.retiredAt)))
    .orderBy(sql`${coreValues.retiredAt} is not null`, asc(coreValues.sort), asc(coreValues.createdAt));

export const listCoreValues = async (ctx: TenantContext): Promise<CoreValues> => ({
  values: await readCoreValues(ctx.db, ctx.tenantId, ctx.isAdmin),
  canEdit: ctx.isAdmin,
});

const changed = (ctx: TenantContext, id: string | null) =>
  ctx.publish({ tenantId: ctx.tenantId, type: 'peopleTools.coreValuesChanged', data: { id } });

const findValue = async (ctx: TenantContext, id: string): Promise<CoreValue> => {
  const [row] = await ctx.db
    .select(columns)
    .from(coreValues)
    .where(and(eq(coreValues.tenantId, ctx.tenantId), eq(coreValues.id, id)));
  if (!row) throw notFound();
  return row;
};

export const createCoreValue = async (ctx: TenantContext, input: CreateCoreValue): Promise<CoreValue> => {
  assertWorkspaceAdmin(ctx);
  const title = sanitizePlainText(input.title);
  if (!title) throw badRequest({ title: peopleToolsMessages.coreValueTitle });
  const [existing] = await ctx.db
    .select({ n: count(), top: sql<number>`coalesce(max(${coreValues.sort}), -1)` })
    .from(coreValues)
    .where(and(eq(coreValues.tenantId, ctx.tenantId), isNull(coreValues.retiredAt)));
  if ((existing?.n ?? 0) >= CORE_VALUES_MAX) throw conflict(peopleToolsMessages.tooManyCoreValues(CORE_VALUES_MAX));
  const [row] = await ctx.db
    .insert(coreValues)
    .values({
      tenantId: ctx.tenantId,
      title,
      description: sanitizePlainText(input.description),
      sort: Number(existing?.top ?? -1) + 1,
      changedBy: ctx.userId,
    })
    .returning(columns);
  changed(ctx, row!.id);
  return row!;
};

export const updateCoreValue = async (ctx: TenantContext, id: string, input: UpdateCoreValue): Promise<CoreValue> => {
  assertWorkspaceAdmin(ctx);
  await findValue(ctx, id);
  const title = input.title === undefined ? undefined : sanitizePlainText(input.title);
  if (title === '') throw badRequest({ title: peopleToolsMessages.coreValueTitle });
  const [row] = await ctx.db
    .update(coreValues)
    .set({
      title,
      description: input.description === undefined ? undefined : sanitizePlainText(input.description),
      retiredAt:
        input.retired === undefined ? undefined : input.retired ? sql`coalesce(${coreValues.retiredAt}, now())` : null,
      changedAt: new Date(),
      changedBy: ctx.userId,
    })
    .where(and(eq(coreValues.tenantId, ctx.tenantId), eq(coreValues.id, id)))
    .returning(columns);
  changed(ctx, id);
  return row!;
};

/** Reorders the values not retired: `ids` must name each of them once. One statement writes the order. */
export const reorderCoreValues = async (ctx: TenantContext, ids: string[]): Promise<CoreValue[]> => {
  assertWorkspaceAdmin(ctx);
  const current = await readCoreValues(ctx.db, ctx.tenantId, false);
  const known = new Set(current.map((value) => value.id));
  if (ids.some((value) => !known.has(value))) throw notFound();
  if (new Set(ids).size !== ids.length || ids.length !== current.length)
    throw conflict(peopleToolsMessages.orderMismatch);
  await ctx.db.execute(sql`update core_values set sort = o.sort, changed_at = now(), changed_by = ${ctx.userId}
    from (select id, (position - 1)::int as sort from unnest(${uuidArray(ids)}) with ordinality as t(id, position)) o
    where core_values.tenant_id = ${ctx.tenantId} and core_values.id = o.id`);
  changed(ctx, null);
  return readCoreValues(ctx.db, ctx.tenantId, false);
};
