import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import { tasks, users, visionSections, visionTemplates } from '../../../db/schema/index.ts';
import { containsPattern, pageTotal, windowTotal } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertWorkspaceAdmin } from '../../../server/guards.ts';
import { sanitizePlainText, sanitizeRichText } from '../../../server/sanitize.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import { LIVE_SECTION_ITEMS_MAX, VISION_SECTIONS_MAX } from '../../../shared/constants.ts';
import { todayUtc } from '../../../shared/dates.ts';
import { conflict, notFound } from '../../../shared/errors.ts';
import { quarterOf, quarterRange } from '../../../shared/kpis.ts';
import { statusName, TASK_TYPE, type TaskType } from '../../../shared/tasks.ts';
import { activeSql } from '../../tasks/server/task-lists.service.ts';
import { visibleTasksSql } from '../../tasks/server/tasks.access.ts';
import { visionMessages } from '../vision.messages.ts';
import type {
  CreateSection,
  CreateTemplate,
  LiveItem,
  Section,
  SectionKind,
  Template,
  TemplatesPage,
  UpdateSection,
  UpdateTemplate,
} from '../vision.schemas.ts';
import { VISION_CATALOG } from '../vision.templates.ts';

// The vision board (docs/decisions/047): a workspace's templates, each a titled set of
// sections. Every member reads and edits them; deleting a whole template is for admins. A
// section's save names the version it started from: a save over someone else's newer one is a
// 409 naming them (nothing stored; decision 089). Live sections store no items: they read the goals of the current
// quarter or the open backburner items, as the caller may see them, each time they are shown.

const catalog = VISION_CATALOG.map((template) => ({
  key: template.key,
  title: template.title,
  sectionTitles: template.sections.map((section) => section.title),
}));

const templateColumns = {
  id: visionTemplates.id,
  title: visionTemplates.title,
  columns: visionTemplates.columns,
  changedAt: visionTemplates.changedAt,
};

const toSummary = (row: { id: string; title: string; columns: number; changedAt: Date }) => ({
  ...row,
  changedAt: row.changedAt.toISOString(),
});

/** getTemplates: one page of the workspace's templates by title, and the product's catalogue. */
export const listTemplates = async (
  ctx: TenantContext,
  query: { search?: string | undefined; offset: number; limit: number },
): Promise<TemplatesPage> => {
  const where = and(
    eq(visionTemplates.tenantId, ctx.tenantId),
    query.search ? ilike(visionTemplates.title, containsPattern(query.search)) : undefined,
  );
  const rows = await ctx.db
    .select({ ...templateColumns, total: windowTotal() })
    .from(visionTemplates)
    .where(where)
    .orderBy(asc(visionTemplates.title), asc(visionTemplates.id))
    .limit(query.limit)
    .offset(query.offset);
  const total = await pageTotal(
    rows,
    query.offset,
    async () => (await ctx.db.select({ n: count() }).from(visionTemplates).where(where))[0]?.n ?? 0,
  );
  return { items: rows.map(({ total: _total, ...row }) => toSummary(row)), total, offset: query.offset, catalog };
};

type SectionRow = typeof visionSections.$inferSelect;

const toSection = (row: SectionRow, live: Map<SectionKind, { items: LiveItem[]; total: number }>): Section => {
  const data = live.get(row.kind as SectionKind);
  return {
    id: row.id,
    templateId: row.templateId,
    title: row.title,
    description: row.description,
    kind: row.kind as SectionKind,
    sort: row.sort,
    version: row.version,
    changedAt: row.changedAt.toISOString(),
    changedBy: row.changedBy,
    items: data ? data.items : null,
    itemsTotal: data ? data.total : null,
  };
};

/** The items of a live section kind the caller may see, first ones and the total: one statement. */
const readLive = async (ctx: TenantContext, kind: Exclude<SectionKind, 'text'>) => {
  const today = todayUtc();
  const quarter = quarterOf(today);
  const range = quarterRange(quarter)!;
  const which =
    kind === 'quarterlyGoals'
      ? sql`${tasks.type} = ${TASK_TYPE.goal} and (${tasks.quarterId} = ${quarter}
          or (${tasks.quarterId} is null and ${tasks.dueDate} between ${range.dateSince} and ${range.dateUntil}))`
      : sql`${tasks.type} = ${TASK_TYPE.backburner}`;
  const rows = await ctx.db
    .select({
      id: tasks.id,
      title: tasks.title,
      type: tasks.type,
      status: tasks.status,
      dueDate: tasks.dueDate,
      owner: sql<
        string | null
      >`case when ${users.id} is null then null else ${users.firstName} || ' ' || ${users.lastName} end`,
      total: windowTotal(),
    })
    .from(tasks)
    .leftJoin(users, eq(users.id, tasks.userId))
    .where(and(eq(tasks.tenantId, ctx.tenantId), which, activeSql, visibleTasksSql(ctx)))
    .orderBy(sql`${tasks.dueDate} asc nulls last`, asc(tasks.title), asc(tasks.id))
    .limit(LIVE_SECTION_ITEMS_MAX);
  return {
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      status: row.status,
      statusName: statusName(row.type as TaskType, row.status),
      dueDate: row.dueDate,
      owner: row.owner,
    })),
    total: rows[0]?.total ?? 0,
  };
};

/** A template with its sections in order, live sections filled in. */
export const getTemplate = async (ctx: TenantContext, templateId: string): Promise<Template> => {
  const rows = await ctx.db
    .select({ template: templateColumns, section: visionSections })
    .from(visionTemplates)
    .leftJoin(visionSections, eq(visionSections.templateId, visionTemplates.id))
    .where(and(eq(visionTemplates.id, templateId), eq(visionTemplates.tenantId, ctx.tenantId)))
    .orderBy(asc(visionSections.sort), asc(visionSections.createdAt));
  const template = rows[0]?.template;
  if (!template) throw notFound();
  const sections = rows.flatMap((row) => (row.section ? [row.section] : []));
  const kinds = [...new Set(sections.map((s) => s.kind as SectionKind))].filter(
    (kind): kind is Exclude<SectionKind, 'text'> => kind !== 'text',
  );
  const live = new Map(await Promise.all(kinds.map(async (kind) => [kind, await readLive(ctx, kind)] as const)));
  return {
    ...toSummary(template),
    sectionIds: sections.map((s) => s.id),
    sections: sections.map((s) => toSection(s, live)),
  };
};

const changed = (
  ctx: TenantContext,
  templateId: string,
  sectionId: string | null = null,
  version: number | null = null,
) => ctx.publish({ tenantId: ctx.tenantId, type: 'vision.changed', data: { templateId, sectionId, version } });

/** saveTemplate: a copy of a product template, or of one of the workspace's (Save template). */
export const createTemplate = async (ctx: TenantContext, input: CreateTemplate): Promise<Template> => {
  await assertInWorkspace(ctx.db, ctx.tenantId, { visionTemplates: [input.fromTemplateId] });
  let sections: { title: string; description: string; kind: string }[];
  let columns: number = input.columns ?? 2;
  if (input.fromTemplateId) {
    const source = await ctx.db
      .select({ title: visionSections.title, description: visionSections.description, kind: visionSections.kind })
      .from(visionSections)
      .where(eq(visionSections.templateId, input.fromTemplateId))
      .orderBy(asc(visionSections.sort), asc(visionSections.createdAt));
    sections = source;
    if (input.columns === undefined) {
      const [from] = await ctx.db
        .select({ columns: visionTemplates.columns })
        .from(visionTemplates)
        .where(eq(visionTemplates.id, input.fromTemplateId));
      columns = from?.columns ?? columns;
    }
  } else {
    const entry = VISION_CATALOG.find((template) => template.key === input.catalogKey);
    if (!entry) throw notFound();
    sections = entry.sections.map((s) => ({ title: s.title, description: s.description, kind: s.kind ?? 'text' }));
  }
  const [row] = await ctx.db
    .insert(visionTemplates)
    .values({ tenantId: ctx.tenantId, title: sanitizePlainText(input.title), columns, changedBy: ctx.userId })
    .returning({ id: visionTemplates.id });
  if (sections.length > 0)
    await ctx.db.insert(visionSections).values(
      sections.map((section, sort) => ({
        tenantId: ctx.tenantId,
        templateId: row!.id,
        title: section.title,
        description: sanitizeRichText(section.description),
        kind: section.kind,
        sort,
        changedBy: ctx.userId,
      })),
    );
  changed(ctx, row!.id);
  return getTemplate(ctx, row!.id);
};

const assertTemplate = async (ctx: TenantContext, templateId: string) => {
  const [row] = await ctx.db
    .select({ id: visionTemplates.id })
    .from(visionTemplates)
    .where(and(eq(visionTemplates.id, templateId), eq(visionTemplates.tenantId, ctx.tenantId)))
    .for('update');
  if (!row) throw notFound();
};

export const updateTemplate = async (ctx: TenantContext, templateId: string, patch: UpdateTemplate) => {
  await assertTemplate(ctx, templateId);
  await ctx.db
    .update(visionTemplates)
    .set({
      ...(patch.title !== undefined ? { title: sanitizePlainText(patch.title) } : {}),
      ...(patch.columns !== undefined ? { columns: patch.columns } : {}),
      changedAt: new Date(),
      changedBy: ctx.userId,
    })
    .where(eq(visionTemplates.id, templateId));
  changed(ctx, templateId);
  return getTemplate(ctx, templateId);
};

/** Deletes a template and its sections (workspace admins). */
export const deleteTemplate = async (ctx: TenantContext, templateId: string) => {
  await assertTemplate(ctx, templateId);
  assertWorkspaceAdmin(ctx);
  await ctx.db.delete(visionTemplates).where(eq(visionTemplates.id, templateId));
  changed(ctx, templateId);
  return true;
};

const sectionById = async (ctx: TenantContext, sectionId: string) => {
  const [row] = await ctx.db
    .select()
    .from(visionSections)
    .where(and(eq(visionSections.id, sectionId), eq(visionSections.tenantId, ctx.tenantId)));
  if (!row) throw notFound();
  return row;
};

const withLive = async (ctx: TenantContext, row: SectionRow) =>
  toSection(
    row,
    row.kind === 'text'
      ? new Map()
      : new Map([[row.kind as SectionKind, await readLive(ctx, row.kind as Exclude<SectionKind, 'text'>)]]),
  );

/** saveSection (POST): Add Section, at the end of the template. */
export const createSection = async (ctx: TenantContext, templateId: string, input: CreateSection): Promise<Section> => {
  await assertTemplate(ctx, templateId);
  const [{ n, last } = { n: 0, last: -1 }] = await ctx.db
    .select({ n: count(), last: sql<number>`coalesce(max(${visionSections.sort}), -1)`.mapWith(Number) })
    .from(visionSections)
    .where(eq(visionSections.templateId, templateId));
  if (n >= VISION_SECTIONS_MAX) throw conflict(visionMessages.templateTooManySections);
  const [row] = await ctx.db
    .insert(visionSections)
    .values({
      tenantId: ctx.tenantId,
      templateId,
      title: sanitizePlainText(input.title),
      description: sanitizeRichText(input.description ?? ''),
      kind: input.kind ?? 'text',
      sort: last + 1,
      changedBy: ctx.userId,
    })
    .returning();
  changed(ctx, templateId, row!.id, row!.version);
  return withLive(ctx, row!);
};

/**
 * saveSection (PUT): Update Section. The save names the version its editor started from
 * (decisions 047, 089); the write happens only where the section is still that version or already
 * holds the same text, in one statement, so two saves racing from one version cannot both land.
 * Otherwise 409 naming who changed it, and nothing is stored. Without a version the last save wins.
 */
export const updateSection = async (ctx: TenantContext, sectionId: string, patch: UpdateSection): Promise<Section> => {
  const title = patch.title !== undefined ? sanitizePlainText(patch.title) : undefined;
  const description = patch.description !== undefined ? sanitizeRichText(patch.description) : undefined;
  const sameText =
    and(
      title !== undefined ? eq(visionSections.title, title) : undefined,
      description !== undefined ? eq(visionSections.description, description) : undefined,
      patch.kind !== undefined ? eq(visionSections.kind, patch.kind) : undefined,
    ) ?? sql`true`;
  const [row] = await ctx.db
    .update(visionSections)
    .set({
      ...(title !== undefined ? { title } : {}),
      ...(description !== undefined ? { description } : {}),
      ...(patch.kind !== undefined ? { kind: patch.kind } : {}),
      version: sql`${visionSections.version} + 1`,
      changedAt: new Date(),
      changedBy: ctx.userId,
    })
    .where(
      and(
        eq(visionSections.id, sectionId),
        eq(visionSections.tenantId, ctx.tenantId),
        patch.version !== undefined ? or(eq(visionSections.version, patch.version), sameText) : undefined,
      ),
    )
    .returning();
  if (!row) {
    // Not written: the section is not the workspace's (404), or someone saved it meanwhile (409).
    const [other] = await ctx.db
      .select({ name: sql<string | null>`trim(${users.firstName} || ' ' || ${users.lastName})` })
      .from(visionSections)
      .leftJoin(users, eq(users.id, visionSections.changedBy))
      .where(and(eq(visionSections.id, sectionId), eq(visionSections.tenantId, ctx.tenantId)));
    if (!other) throw notFound();
    const message = visionMessages.sectionChangedMeanwhile(other.name ?? '');
    throw conflict(message, { version: message });
  }
  changed(ctx, row.templateId, sectionId, row.version);
  return withLive(ctx, row);
};

/** deleteSection (after the client's confirmation). */
export const deleteSection = async (ctx: TenantContext, sectionId: string) => {
  const current = await sectionById(ctx, sectionId);
  await ctx.db.delete(visionSections).where(eq(visionSections.id, sectionId));
  changed(ctx, current.templateId, sectionId);
  return true;
};
