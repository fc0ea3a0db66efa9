import { and, eq, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  agencyCategories,
  agencyColumns,
  agencyContentState,
  agencyItems,
  agencyQuestions,
} from '../../../db/schema/index.ts';
import { sanitizeRichText } from '../../../server/sanitize.ts';
import type { ShippedContent } from '../agency.content/shipped.ts';
import { AGENCY_CONTENT } from '../agency.content.ts';

// The shipped content's data migration (decisions 052, 065), listed in src/server/data-migrations.ts;
// migrate() (src/db/migrate.ts) runs it right after the schema migrations, wherever Cadence
// migrates its database: when the database holds an older version (or none), the product's rows
// are written by their stable keys in one transaction — new ones inserted, existing ones get the
// new text and order, ones whose key is gone are retired — and the version applied is stored in
// agency_content_state. Answers are never read or written here, so a workspace keeps every answer.
// Several instances migrating at once take turns (migrate()'s lock, and this transaction's own);
// the second finds the version current and does nothing.

const SYNC_LOCK = 7_318_004_224;

type Tables = typeof agencyCategories | typeof agencyItems | typeof agencyColumns | typeof agencyQuestions;

/** Upserts shipped rows by key; the ids by key. */
const upsert = async <T extends Tables>(
  db: Db,
  table: T,
  rows: (Record<string, unknown> & { key: string })[],
  update: string[],
): Promise<Map<string, string>> => {
  if (rows.length === 0) return new Map();
  const set = Object.fromEntries(update.map((column) => [column, sql.raw(`excluded.${snake(column)}`)]));
  const written = await db
    .insert(table)
    // biome-ignore lint/suspicious/noExplicitAny: the four tables' insert shapes differ; rows match the table given
    .values(rows as any)
    .onConflictDoUpdate({ target: table.key, set: { ...set, retired: false, changedAt: new Date() } as never })
    .returning({ id: table.id, key: table.key });
  return new Map(written.map((row) => [row.key!, row.id]));
};

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Marks shipped rows whose key is no longer in the content as retired. */
const retire = (db: Db, table: Tables, keep: string[]) =>
  db
    .update(table)
    .set({ retired: true, changedAt: new Date() })
    .where(and(isNotNull(table.key), keep.length > 0 ? notInArray(table.key, keep) : undefined));

/** Writes `content` when the database holds an older version; true when it wrote. */
export const syncAgencyContent = async (db: Db, content: ShippedContent = AGENCY_CONTENT): Promise<boolean> => {
  const [state] = await db.select().from(agencyContentState).where(eq(agencyContentState.id, 1));
  if (state && state.version >= content.version) return false;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SYNC_LOCK})`);
    const [current] = await tx.select().from(agencyContentState).where(eq(agencyContentState.id, 1));
    if (current && current.version >= content.version) return false;
    const version = content.version;
    const categoryIds = await upsert(
      tx,
      agencyCategories,
      content.categories.map((c, sort) => ({
        key: c.key,
        contentVersion: version,
        sort,
        title: c.title,
        description: c.description,
        avatar: c.avatar,
        color: c.color,
        buttonTitle: c.buttonTitle,
      })),
      ['contentVersion', 'sort', 'title', 'description', 'avatar', 'color', 'buttonTitle'],
    );
    const items = content.categories.flatMap((c) =>
      c.items.map((item, sort) => ({
        ...item,
        sort,
        fullKey: `${c.key}.${item.key}`,
        categoryId: categoryIds.get(c.key)!,
      })),
    );
    const itemIds = await upsert(
      tx,
      agencyItems,
      items.map((item) => ({
        key: item.fullKey,
        contentVersion: version,
        sort: item.sort,
        categoryId: item.categoryId,
        title: item.title,
        description: item.description,
        url: item.url ?? null,
        recap: item.recap ?? null,
        isDefault: item.isDefault ?? false,
      })),
      ['contentVersion', 'sort', 'categoryId', 'title', 'description', 'url', 'recap', 'isDefault'],
    );
    const columns = items.flatMap((item) =>
      item.columns.map((column, sort) => ({
        ...column,
        sort,
        fullKey: `${item.fullKey}.${column.key}`,
        parentFullKey: column.parentKey ? `${item.fullKey}.${column.parentKey}` : null,
        itemId: itemIds.get(item.fullKey)!,
      })),
    );
    const columnIds = await upsert(
      tx,
      agencyColumns,
      columns.map((column) => ({
        key: column.fullKey,
        contentVersion: version,
        sort: column.sort,
        itemId: column.itemId,
        parentId: null,
        title: column.title,
        subtitle: column.subtitle ?? '',
        image: column.image ?? null,
        color: column.color,
        columnType: column.columnType ?? 'editable',
        description: sanitizeRichText(column.description ?? ''),
      })),
      [
        'contentVersion',
        'sort',
        'itemId',
        'parentId',
        'title',
        'subtitle',
        'image',
        'color',
        'columnType',
        'description',
      ],
    );
    // Parents once every column of the version has its id: one statement.
    const links = columns.filter((column) => column.parentFullKey && columnIds.has(column.parentFullKey));
    if (links.length > 0) {
      const values = sql.join(
        links.map(
          (column) => sql`(${columnIds.get(column.fullKey)}::uuid, ${columnIds.get(column.parentFullKey!)}::uuid)`,
        ),
        sql`, `,
      );
      await tx.execute(
        sql`update ${agencyColumns} set parent_id = v.parent from (values ${values}) as v(id, parent) where ${agencyColumns.id} = v.id`,
      );
    }
    const questions = columns.flatMap((column) =>
      column.questions.map((question, sort) => ({
        key: `${column.fullKey}.${question.key}`,
        contentVersion: version,
        sort,
        columnId: columnIds.get(column.fullKey)!,
        question: question.question,
        maxLength: question.maxLength ?? 500,
        numOfAnswers: question.numOfAnswers ?? 1,
        addAnswer: question.addAnswer ?? false,
      })),
    );
    const questionIds = await upsert(tx, agencyQuestions, questions, [
      'contentVersion',
      'sort',
      'columnId',
      'question',
      'maxLength',
      'numOfAnswers',
      'addAnswer',
    ]);
    await retire(tx, agencyCategories, [...categoryIds.keys()]);
    await retire(tx, agencyItems, [...itemIds.keys()]);
    await retire(tx, agencyColumns, [...columnIds.keys()]);
    await retire(tx, agencyQuestions, [...questionIds.keys()]);
    await tx
      .insert(agencyContentState)
      .values({ id: 1, version })
      .onConflictDoUpdate({ target: agencyContentState.id, set: { version, syncedAt: new Date() } });
    return true;
  });
};
