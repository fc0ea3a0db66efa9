import { and, asc, count, eq, ilike, sql } from 'drizzle-orm';
import {
  agencyAnswers,
  agencyCategories,
  agencyColumns,
  agencyItems,
  agencyQuestions,
  users,
} from '../../../db/schema/index.ts';
import { anyOf, containsPattern, pageTotal, windowTotal } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { AGENCY_PREVIEW_ITEMS } from '../../../shared/constants.ts';
import { notFound } from '../../../shared/errors.ts';
import type {
  AgencyAnswer,
  AgencyCategoriesPage,
  AgencyColumn,
  AgencyFrameworksPage,
  AgencyItem,
  AgencyItemSummary,
  AgencyItemsPage,
  AgencySingleColumn,
} from '../agency.schemas.ts';
import { seesHidden } from './agency.policy.ts';
import { hiddenIn, personName, visibleTo } from './agency.sql.ts';

// Agency tools (document 3 §2, §3, §7; decision 052): the catalogue, one framework with the
// workspace's answers, one column, the agenda's picker (answers: agency.answers.service.ts). Hidden content is left out unless an admin
// asks for it; another workspace's own content is 404.

const shipped = (tenantId: string | null) => tenantId === null;

const itemColumns = (ctx: TenantContext) => ({
  id: agencyItems.id,
  categoryId: agencyItems.categoryId,
  title: agencyItems.title,
  description: agencyItems.description,
  url: agencyItems.url,
  recap: agencyItems.recap,
  isDefault: agencyItems.isDefault,
  sort: agencyItems.sort,
  tenantId: agencyItems.tenantId,
  hidden: hiddenIn('items', agencyItems, ctx.tenantId),
});

type ItemRow = {
  id: string;
  categoryId: string;
  title: string;
  description: string;
  url: string | null;
  recap: string | null;
  isDefault: boolean;
  sort: number;
  tenantId: string | null;
  hidden: boolean;
};

const toItemSummary = ({ tenantId, ...row }: ItemRow): AgencyItemSummary => ({ ...row, shipped: shipped(tenantId) });

/** Shipped content first in its own order, then the workspace's own by creation. */
const contentOrder = (table: typeof agencyItems | typeof agencyCategories) => [
  sql`${table.tenantId} is not null`,
  asc(table.sort),
  asc(table.createdAt),
  asc(table.id),
];

/** getAtCategories: one page of categories, each with its first items (2 until Show All). */
export const listCategories = async (
  ctx: TenantContext,
  query: { hidden: boolean; offset: number; limit: number },
): Promise<AgencyCategoriesPage> => {
  const withHidden = seesHidden(ctx, query.hidden);
  const hidden = hiddenIn('categories', agencyCategories, ctx.tenantId);
  const where = and(visibleTo(agencyCategories, ctx.tenantId), withHidden ? undefined : sql`not ${hidden}`);
  const rows = await ctx.db
    .select({
      id: agencyCategories.id,
      title: agencyCategories.title,
      description: agencyCategories.description,
      avatar: agencyCategories.avatar,
      color: agencyCategories.color,
      buttonTitle: agencyCategories.buttonTitle,
      sort: agencyCategories.sort,
      createdAt: agencyCategories.createdAt,
      tenantId: agencyCategories.tenantId,
      hidden,
      total: windowTotal(),
    })
    .from(agencyCategories)
    .where(where)
    .orderBy(...contentOrder(agencyCategories))
    .limit(query.limit)
    .offset(query.offset);
  const total = await pageTotal(
    rows,
    query.offset,
    async () => (await ctx.db.select({ n: count() }).from(agencyCategories).where(where))[0]?.n ?? 0,
  );
  // The first items of every category on the page, their count and the button's item: one statement.
  const itemHidden = hiddenIn('items', agencyItems, ctx.tenantId);
  const ranked = ctx.db
    .select({
      ...itemColumns(ctx),
      hidden: hiddenIn('items', agencyItems, ctx.tenantId).as('hidden'),
      rank: sql<number>`row_number() over (partition by ${agencyItems.categoryId} order by ${sql.join(contentOrder(agencyItems), sql`, `)})`
        .mapWith(Number)
        .as('rank'),
      inCategory: sql<number>`count(*) over (partition by ${agencyItems.categoryId})`.mapWith(Number).as('in_category'),
      buttonItemId: sql<string>`first_value(${agencyItems.id}) over (partition by ${agencyItems.categoryId}
        order by ${agencyItems.isDefault} desc, ${sql.join(contentOrder(agencyItems), sql`, `)})`.as('button_item_id'),
    })
    .from(agencyItems)
    .where(
      and(
        anyOf(
          agencyItems.categoryId,
          rows.map((row) => row.id),
        ),
        visibleTo(agencyItems, ctx.tenantId),
        withHidden ? undefined : sql`not ${itemHidden}`,
      ),
    )
    .as('ranked');
  const items =
    rows.length === 0
      ? []
      : await ctx.db
          .select()
          .from(ranked)
          .where(sql`${ranked.rank} <= ${AGENCY_PREVIEW_ITEMS}`)
          .orderBy(asc(ranked.categoryId), asc(ranked.rank));
  return {
    items: rows.map(({ total: _total, tenantId, createdAt, ...row }) => {
      const mine = items.filter((item) => item.categoryId === row.id);
      return {
        ...row,
        createdAt: createdAt.toISOString(),
        shipped: shipped(tenantId),
        items: mine.map(({ rank: _rank, inCategory: _n, buttonItemId: _b, ...item }) => toItemSummary(item)),
        itemsTotal: mine[0]?.inCategory ?? 0,
        buttonItemId: mine[0]?.buttonItemId ?? null,
      };
    }),
    total,
    offset: query.offset,
  };
};

/** A category's items, page by page (Show All). */
export const listItems = async (
  ctx: TenantContext,
  categoryId: string,
  query: { hidden: boolean; offset: number; limit: number },
): Promise<AgencyItemsPage> => {
  await visibleCategory(ctx, categoryId);
  const withHidden = seesHidden(ctx, query.hidden);
  const where = and(
    eq(agencyItems.categoryId, categoryId),
    visibleTo(agencyItems, ctx.tenantId),
    withHidden ? undefined : sql`not ${hiddenIn('items', agencyItems, ctx.tenantId)}`,
  );
  const rows = await ctx.db
    .select({ ...itemColumns(ctx), total: windowTotal() })
    .from(agencyItems)
    .where(where)
    .orderBy(...contentOrder(agencyItems))
    .limit(query.limit)
    .offset(query.offset);
  const total = await pageTotal(
    rows,
    query.offset,
    async () => (await ctx.db.select({ n: count() }).from(agencyItems).where(where))[0]?.n ?? 0,
  );
  return { items: rows.map(({ total: _total, ...row }) => toItemSummary(row)), total, offset: query.offset };
};

/** A category the workspace sees (hidden ones only for admins): 404 otherwise. */
const visibleCategory = async (ctx: TenantContext, categoryId: string) => {
  const [row] = await ctx.db
    .select({ id: agencyCategories.id, hidden: hiddenIn('categories', agencyCategories, ctx.tenantId) })
    .from(agencyCategories)
    .where(and(eq(agencyCategories.id, categoryId), visibleTo(agencyCategories, ctx.tenantId)));
  if (!row || (row.hidden && !ctx.isAdmin)) throw notFound();
};

/** Columns in reading order: each root in order, its followers (depth first) after it. */
const inTreeOrder = (columns: AgencyColumn[]): AgencyColumn[] => {
  const byId = new Map(columns.map((column) => [column.id, column]));
  const ordered: AgencyColumn[] = [];
  const seen = new Set<string>();
  const visit = (column: AgencyColumn) => {
    if (seen.has(column.id)) return;
    seen.add(column.id);
    ordered.push(column);
    for (const childId of column.childrenIds) visit(byId.get(childId)!);
  };
  for (const column of columns) if (!column.parentId || !byId.has(column.parentId)) visit(column);
  // A cycle cannot be stored (decision 052), but nothing is ever left out.
  for (const column of columns) visit(column);
  return ordered;
};

/** One framework with its columns, questions and the workspace's answers: three statements. */
export const getItem = async (ctx: TenantContext, itemId: string, askedHidden = false): Promise<AgencyItem> => {
  const withHidden = seesHidden(ctx, askedHidden);
  const [item] = await ctx.db
    .select({
      ...itemColumns(ctx),
      categoryTitle: agencyCategories.title,
      categoryColor: agencyCategories.color,
      categoryHidden: hiddenIn('categories', agencyCategories, ctx.tenantId),
    })
    .from(agencyItems)
    .innerJoin(agencyCategories, eq(agencyCategories.id, agencyItems.categoryId))
    .where(
      and(eq(agencyItems.id, itemId), visibleTo(agencyItems, ctx.tenantId), visibleTo(agencyCategories, ctx.tenantId)),
    );
  if (!item || ((item.hidden || item.categoryHidden) && !ctx.isAdmin)) throw notFound();
  const columnHidden = hiddenIn('columns', agencyColumns, ctx.tenantId);
  const questionHidden = hiddenIn('questions', agencyQuestions, ctx.tenantId);
  const [rows, answers] = await Promise.all([
    ctx.db
      .select({
        column: {
          id: agencyColumns.id,
          parentId: agencyColumns.parentId,
          title: agencyColumns.title,
          subtitle: agencyColumns.subtitle,
          image: agencyColumns.image,
          color: agencyColumns.color,
          columnType: agencyColumns.columnType,
          description: agencyColumns.description,
          sort: agencyColumns.sort,
          tenantId: agencyColumns.tenantId,
          hidden: columnHidden,
        },
        question: {
          id: agencyQuestions.id,
          question: agencyQuestions.question,
          maxLength: agencyQuestions.maxLength,
          numOfAnswers: agencyQuestions.numOfAnswers,
          addAnswer: agencyQuestions.addAnswer,
          sort: agencyQuestions.sort,
          tenantId: agencyQuestions.tenantId,
          hidden: questionHidden,
        },
      })
      .from(agencyColumns)
      .leftJoin(
        agencyQuestions,
        and(
          eq(agencyQuestions.columnId, agencyColumns.id),
          visibleTo(agencyQuestions, ctx.tenantId),
          withHidden ? undefined : sql`not ${questionHidden}`,
        ),
      )
      .where(
        and(
          eq(agencyColumns.itemId, itemId),
          visibleTo(agencyColumns, ctx.tenantId),
          withHidden ? undefined : sql`not ${columnHidden}`,
        ),
      )
      .orderBy(
        sql`${agencyColumns.tenantId} is not null`,
        asc(agencyColumns.sort),
        asc(agencyColumns.createdAt),
        asc(agencyColumns.id),
        sql`${agencyQuestions.tenantId} is not null`,
        asc(agencyQuestions.sort),
        asc(agencyQuestions.createdAt),
      ),
    ctx.db
      .select({
        questionId: agencyAnswers.questionId,
        position: agencyAnswers.position,
        answer: agencyAnswers.answer,
        changedAt: agencyAnswers.changedAt,
        changedById: users.id,
        changedByName: personName(users.firstName, users.lastName),
      })
      .from(agencyAnswers)
      .innerJoin(agencyQuestions, eq(agencyQuestions.id, agencyAnswers.questionId))
      .innerJoin(agencyColumns, eq(agencyColumns.id, agencyQuestions.columnId))
      .leftJoin(users, eq(users.id, agencyAnswers.changedBy))
      .where(and(eq(agencyAnswers.tenantId, ctx.tenantId), eq(agencyColumns.itemId, itemId)))
      .orderBy(asc(agencyAnswers.position)),
  ]);
  const answersOf = new Map<string, AgencyAnswer[]>();
  for (const row of answers) {
    const list = answersOf.get(row.questionId) ?? [];
    list.push({
      position: row.position,
      answer: row.answer,
      changedAt: row.changedAt.toISOString(),
      changedBy: row.changedById ? { id: row.changedById, name: row.changedByName } : null,
    });
    answersOf.set(row.questionId, list);
  }
  const columns = new Map<string, AgencyColumn>();
  for (const { column, question } of rows) {
    let entry = columns.get(column.id);
    if (!entry) {
      const { tenantId, ...rest } = column;
      entry = {
        ...rest,
        itemId,
        columnType: column.columnType as AgencyColumn['columnType'],
        childrenIds: [],
        shipped: shipped(tenantId),
        questions: [],
      };
      columns.set(column.id, entry);
    }
    if (question) {
      const { tenantId, ...rest } = question;
      entry.questions.push({
        ...rest,
        columnId: column.id,
        shipped: shipped(tenantId),
        answers: (answersOf.get(question.id) ?? []).filter((a) => a.position < question.numOfAnswers),
      });
    }
  }
  for (const column of columns.values()) {
    const parent = column.parentId ? columns.get(column.parentId) : undefined;
    if (parent) parent.childrenIds.push(column.id);
    else column.parentId = null;
  }
  const ordered = inTreeOrder([...columns.values()]);
  const { categoryTitle, categoryColor, categoryHidden, ...summary } = item;
  return {
    ...toItemSummary({ ...summary, hidden: summary.hidden || categoryHidden }),
    category: { id: item.categoryId, title: categoryTitle, color: categoryColor },
    columnIds: ordered.map((column) => column.id),
    columns: ordered,
  };
};

/** One column on its own, with the column it follows and those following it. */
export const getColumn = async (ctx: TenantContext, columnId: string): Promise<AgencySingleColumn> => {
  const [row] = await ctx.db
    .select({ itemId: agencyColumns.itemId })
    .from(agencyColumns)
    .where(and(eq(agencyColumns.id, columnId), visibleTo(agencyColumns, ctx.tenantId)));
  if (!row) throw notFound();
  const item = await getItem(ctx, row.itemId, true);
  const column = item.columns.find((candidate) => candidate.id === columnId);
  if (!column || (column.hidden && !ctx.isAdmin)) throw notFound();
  const titleOf = (id: string) => ({ id, title: item.columns.find((c) => c.id === id)?.title ?? '' });
  return {
    item: { id: item.id, title: item.title, categoryTitle: item.category.title },
    column,
    parent: column.parentId ? titleOf(column.parentId) : null,
    children: column.childrenIds.map(titleOf),
  };
};

/** The frameworks an agenda item may show, by category then title, searched by title (the picker). */
export const listFrameworks = async (
  ctx: TenantContext,
  query: { search?: string | undefined; offset: number; limit: number },
): Promise<AgencyFrameworksPage> => {
  const where = and(
    visibleTo(agencyItems, ctx.tenantId),
    visibleTo(agencyCategories, ctx.tenantId),
    sql`not ${hiddenIn('items', agencyItems, ctx.tenantId)}`,
    sql`not ${hiddenIn('categories', agencyCategories, ctx.tenantId)}`,
    query.search ? ilike(agencyItems.title, containsPattern(query.search)) : undefined,
  );
  const rows = await ctx.db
    .select({
      id: agencyItems.id,
      title: agencyItems.title,
      categoryTitle: agencyCategories.title,
      total: windowTotal(),
    })
    .from(agencyItems)
    .innerJoin(agencyCategories, eq(agencyCategories.id, agencyItems.categoryId))
    .where(where)
    .orderBy(...contentOrder(agencyCategories), ...contentOrder(agencyItems))
    .limit(query.limit)
    .offset(query.offset);
  const total = await pageTotal(
    rows,
    query.offset,
    async () =>
      (
        await ctx.db
          .select({ n: count() })
          .from(agencyItems)
          .innerJoin(agencyCategories, eq(agencyCategories.id, agencyItems.categoryId))
          .where(where)
      )[0]?.n ?? 0,
  );
  return { items: rows.map(({ total: _total, ...row }) => row), total, offset: query.offset };
};
