import { and, count, eq, sql } from 'drizzle-orm';
import {
  agencyCategories,
  agencyColumns,
  agencyHidden,
  agencyItems,
  agencyQuestions,
} from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { sanitizePlainText, sanitizeRichText } from '../../../server/sanitize.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import { AGENCY_LIMITS, type AgencyKind } from '../../../shared/constants.ts';
import { badRequest, conflict, notFound } from '../../../shared/errors.ts';
import { agencyMessages } from '../agency.messages.ts';
import type {
  CreateAgencyCategory,
  CreateAgencyColumn,
  CreateAgencyItem,
  CreateAgencyQuestion,
  UpdateAgencyCategory,
  UpdateAgencyColumn,
  UpdateAgencyItem,
  UpdateAgencyQuestion,
} from '../agency.schemas.ts';
import { assertContentAdmin, assertOwnContent } from './agency.policy.ts';
import { hiddenColumnOf, visibleTo } from './agency.sql.ts';

// Admin-made agency content and hiding (decision 052). A workspace's admins add categories,
// frameworks, columns and questions of their own (into shipped ones too), change and delete
// their own, and hide any content for their workspace. Shipped content is read-only (403);
// another workspace's own content is 404. Each change tells the workspace (agency.changed).

const TABLES = {
  categories: agencyCategories,
  items: agencyItems,
  columns: agencyColumns,
  questions: agencyQuestions,
} as const;

const REFS = {
  categories: 'agencyCategories',
  items: 'agencyItems',
  columns: 'agencyColumns',
  questions: 'agencyQuestions',
} as const;

/** agency_hidden's id field for each kind. */
const HIDDEN_FIELD = {
  categories: 'categoryId',
  items: 'itemId',
  columns: 'columnId',
  questions: 'questionId',
} as const;

const changed = (ctx: TenantContext, kind: AgencyKind, id: string, itemId: string | null) =>
  ctx.publish({ tenantId: ctx.tenantId, type: 'agency.changed', data: { kind, id, itemId } });

/** A row of `kind` the workspace sees (shipped or its own), locked for the change: 404 otherwise. */
const contentRow = async (ctx: TenantContext, kind: AgencyKind, id: string) => {
  const table = TABLES[kind];
  const [row] = await ctx.db
    .select({ id: table.id, tenantId: table.tenantId })
    .from(table)
    .where(and(eq(table.id, id), visibleTo(table, ctx.tenantId)))
    .for('update');
  if (!row) throw notFound();
  return row;
};

/** The workspace's own row of `kind`, for a change or a deletion (admins; shipped is 403). */
const ownRow = async (ctx: TenantContext, kind: AgencyKind, id: string) => {
  const row = await contentRow(ctx, kind, id);
  assertContentAdmin(ctx);
  assertOwnContent(row);
  return row;
};

/** Only the fields given, plain text cleaned. */
const defined = <T extends Record<string, unknown>>(patch: T) =>
  Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>;

const plain = <T extends Record<string, unknown>>(patch: T, fields: (keyof T)[]) => {
  const out: Record<string, unknown> = { ...patch };
  for (const field of fields)
    if (typeof out[field as string] === 'string')
      out[field as string] = sanitizePlainText(out[field as string] as string);
  return out as T;
};

/**
 * The catalogue reads one page of categories and of a category's frameworks: creating (or moving
 * a framework) past AGENCY_LIMITS is refused (409). Counted under a lock of the workspace's, so
 * two admins at once cannot both take the last place.
 */
const assertRoomFor = async (ctx: TenantContext, where: { categoryId: string } | 'categories') => {
  const key =
    where === 'categories' ? `agency-categories:${ctx.tenantId}` : `agency-items:${ctx.tenantId}:${where.categoryId}`;
  await ctx.db.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  if (where === 'categories') {
    const [{ n } = { n: 0 }] = await ctx.db
      .select({ n: count() })
      .from(agencyCategories)
      .where(visibleTo(agencyCategories, ctx.tenantId));
    if (n >= AGENCY_LIMITS.categories) throw conflict(agencyMessages.agencyTooManyCategories(AGENCY_LIMITS.categories));
    return;
  }
  const [{ n } = { n: 0 }] = await ctx.db
    .select({ n: count() })
    .from(agencyItems)
    .where(and(eq(agencyItems.categoryId, where.categoryId), visibleTo(agencyItems, ctx.tenantId)));
  if (n >= AGENCY_LIMITS.itemsPerCategory)
    throw conflict(agencyMessages.agencyTooManyItems(AGENCY_LIMITS.itemsPerCategory));
};

// Categories

export const createCategory = async (ctx: TenantContext, input: CreateAgencyCategory) => {
  assertContentAdmin(ctx);
  await assertRoomFor(ctx, 'categories');
  const [row] = await ctx.db
    .insert(agencyCategories)
    .values({
      ...plain(input, ['title', 'description', 'buttonTitle']),
      tenantId: ctx.tenantId,
      createdBy: ctx.userId,
    })
    .returning({ id: agencyCategories.id });
  changed(ctx, 'categories', row!.id, null);
  return { id: row!.id };
};

export const updateCategory = async (ctx: TenantContext, id: string, patch: UpdateAgencyCategory) => {
  await ownRow(ctx, 'categories', id);
  await ctx.db
    .update(agencyCategories)
    .set({ ...defined(plain(patch, ['title', 'description', 'buttonTitle'])), changedAt: new Date() })
    .where(eq(agencyCategories.id, id));
  changed(ctx, 'categories', id, null);
  return { id };
};

// Frameworks (items)

export const createItem = async (ctx: TenantContext, input: CreateAgencyItem) => {
  assertContentAdmin(ctx);
  await assertInWorkspace(ctx.db, ctx.tenantId, { agencyCategories: [input.categoryId] });
  await assertRoomFor(ctx, { categoryId: input.categoryId });
  const [row] = await ctx.db
    .insert(agencyItems)
    .values({
      ...plain(input, ['title', 'description', 'recap']),
      tenantId: ctx.tenantId,
      createdBy: ctx.userId,
    })
    .returning({ id: agencyItems.id });
  changed(ctx, 'items', row!.id, row!.id);
  return { id: row!.id };
};

export const updateItem = async (ctx: TenantContext, id: string, patch: UpdateAgencyItem) => {
  await ownRow(ctx, 'items', id);
  await assertInWorkspace(ctx.db, ctx.tenantId, { agencyCategories: [patch.categoryId] });
  if (patch.categoryId) {
    const [current] = await ctx.db
      .select({ categoryId: agencyItems.categoryId })
      .from(agencyItems)
      .where(eq(agencyItems.id, id));
    if (current?.categoryId !== patch.categoryId) await assertRoomFor(ctx, { categoryId: patch.categoryId });
  }
  await ctx.db
    .update(agencyItems)
    .set({ ...defined(plain(patch, ['title', 'description', 'recap'])), changedAt: new Date() })
    .where(eq(agencyItems.id, id));
  changed(ctx, 'items', id, id);
  return { id };
};

// Columns

/** The item of a column the workspace sees, and whether the column is guidance only. */
const columnOf = async (ctx: TenantContext, columnId: string) => {
  const [row] = await ctx.db
    .select({ itemId: agencyColumns.itemId, columnType: agencyColumns.columnType })
    .from(agencyColumns)
    .where(and(eq(agencyColumns.id, columnId), visibleTo(agencyColumns, ctx.tenantId)));
  if (!row) throw notFound();
  return { itemId: row.itemId, guidanceOnly: row.columnType === 'noneditable' };
};
const columnItem = async (ctx: TenantContext, columnId: string) => (await columnOf(ctx, columnId)).itemId;

/**
 * A column may follow a column of the same framework, and never itself or one that (through
 * any number of steps) follows it: one recursive statement walks up from the new parent.
 */
const assertParent = async (ctx: TenantContext, itemId: string, parentId: string, columnId: string | null) => {
  const parentItem = await columnItem(ctx, parentId);
  if (parentItem !== itemId)
    throw badRequest({ parentId: agencyMessages.agencyParentOtherItem }, agencyMessages.agencyParentOtherItem);
  if (!columnId) return;
  const result = await ctx.db.execute(sql`
    with recursive up(id, parent_id, depth) as (
      select ${agencyColumns.id}, ${agencyColumns.parentId}, 0 from ${agencyColumns} where ${agencyColumns.id} = ${parentId}
      union all
      select c.id, c.parent_id, up.depth + 1 from agency_columns c join up on c.id = up.parent_id where up.depth < 100
    )
    select exists (select 1 from up where id = ${columnId}) as cycle`);
  const [row] = (result as unknown as { rows: { cycle: boolean }[] }).rows;
  if (row?.cycle) throw badRequest({ parentId: agencyMessages.agencyParentCycle }, agencyMessages.agencyParentCycle);
};

export const createColumn = async (ctx: TenantContext, input: CreateAgencyColumn) => {
  assertContentAdmin(ctx);
  await assertInWorkspace(ctx.db, ctx.tenantId, { agencyItems: [input.itemId], agencyColumns: [input.parentId] });
  if (input.parentId) await assertParent(ctx, input.itemId, input.parentId, null);
  const [{ n } = { n: 0 }] = await ctx.db
    .select({ n: count() })
    .from(agencyColumns)
    .where(and(eq(agencyColumns.itemId, input.itemId), visibleTo(agencyColumns, ctx.tenantId)));
  if (n >= AGENCY_LIMITS.columns) throw conflict(agencyMessages.agencyTooManyColumns);
  const [row] = await ctx.db
    .insert(agencyColumns)
    .values({
      ...plain(input, ['title', 'subtitle']),
      description: sanitizeRichText(input.description),
      parentId: input.parentId ?? null,
      image: input.image ?? null,
      tenantId: ctx.tenantId,
      createdBy: ctx.userId,
    })
    .returning({ id: agencyColumns.id });
  changed(ctx, 'columns', row!.id, input.itemId);
  return { id: row!.id };
};

export const updateColumn = async (ctx: TenantContext, id: string, patch: UpdateAgencyColumn) => {
  await ownRow(ctx, 'columns', id);
  await assertInWorkspace(ctx.db, ctx.tenantId, { agencyColumns: [patch.parentId] });
  const itemId = await columnItem(ctx, id);
  if (patch.parentId) await assertParent(ctx, itemId, patch.parentId, id);
  await ctx.db
    .update(agencyColumns)
    .set({
      ...defined(plain(patch, ['title', 'subtitle'])),
      ...(patch.description !== undefined ? { description: sanitizeRichText(patch.description) } : {}),
      changedAt: new Date(),
    })
    .where(eq(agencyColumns.id, id));
  changed(ctx, 'columns', id, itemId);
  return { id };
};

// Questions

export const createQuestion = async (ctx: TenantContext, input: CreateAgencyQuestion) => {
  assertContentAdmin(ctx);
  await assertInWorkspace(ctx.db, ctx.tenantId, { agencyColumns: [input.columnId] });
  const { itemId, guidanceOnly } = await columnOf(ctx, input.columnId);
  // A guidance column is read, not filled in: a question there could never be answered.
  if (guidanceOnly) throw conflict(agencyMessages.agencyGuidanceHasNoQuestions);
  const [{ n } = { n: 0 }] = await ctx.db
    .select({ n: count() })
    .from(agencyQuestions)
    .where(and(eq(agencyQuestions.columnId, input.columnId), visibleTo(agencyQuestions, ctx.tenantId)));
  if (n >= AGENCY_LIMITS.questions) throw conflict(agencyMessages.agencyTooManyQuestions);
  const [row] = await ctx.db
    .insert(agencyQuestions)
    .values({ ...plain(input, ['question']), tenantId: ctx.tenantId, createdBy: ctx.userId })
    .returning({ id: agencyQuestions.id });
  changed(ctx, 'questions', row!.id, itemId);
  return { id: row!.id };
};

const questionItem = async (ctx: TenantContext, questionId: string) => {
  const [row] = await ctx.db
    .select({ itemId: agencyColumns.itemId })
    .from(agencyQuestions)
    .innerJoin(agencyColumns, eq(agencyColumns.id, agencyQuestions.columnId))
    .where(eq(agencyQuestions.id, questionId));
  return row?.itemId ?? null;
};

export const updateQuestion = async (ctx: TenantContext, id: string, patch: UpdateAgencyQuestion) => {
  await ownRow(ctx, 'questions', id);
  await ctx.db
    .update(agencyQuestions)
    .set({ ...defined(plain(patch, ['question'])), changedAt: new Date() })
    .where(eq(agencyQuestions.id, id));
  changed(ctx, 'questions', id, await questionItem(ctx, id));
  return { id };
};

/** The framework a piece of content belongs to (for the event), or null for a category. */
const itemOf = async (ctx: TenantContext, kind: AgencyKind, id: string) =>
  kind === 'categories'
    ? null
    : kind === 'items'
      ? id
      : kind === 'columns'
        ? columnItem(ctx, id)
        : questionItem(ctx, id);

/** Deletes the workspace's own content of any kind, with everything in it and its answers. */
export const deleteContent = async (ctx: TenantContext, kind: AgencyKind, id: string) => {
  await ownRow(ctx, kind, id);
  const itemId = await itemOf(ctx, kind, id);
  const table = TABLES[kind];
  await ctx.db.delete(table).where(eq(table.id, id));
  changed(ctx, kind, id, kind === 'items' ? null : itemId);
  return true;
};

/** Hides content (shipped or own) for the workspace, or shows it again (admins). */
export const setHidden = async (ctx: TenantContext, kind: AgencyKind, id: string, hidden: boolean) => {
  await assertInWorkspace(ctx.db, ctx.tenantId, { [REFS[kind]]: [id] });
  assertContentAdmin(ctx);
  const column = hiddenColumnOf(kind);
  if (hidden)
    await ctx.db
      .insert(agencyHidden)
      .values({ tenantId: ctx.tenantId, [HIDDEN_FIELD[kind]]: id, hiddenBy: ctx.userId })
      .onConflictDoNothing();
  else await ctx.db.delete(agencyHidden).where(and(eq(agencyHidden.tenantId, ctx.tenantId), eq(column, id)));
  changed(ctx, kind, id, await itemOf(ctx, kind, id));
  return { id, hidden };
};
