import type { PgColumn } from 'drizzle-orm/pg-core';

// One exported row made a row of the new workspace: every id the export made is replaced by the
// new one wherever it appears (a key, a text naming it like a logo's address, a snapshot in
// JSON), and each value is checked against its column's type, so a hostile file is a 400 and
// never reaches the database as something else.

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Old id → new id, keys in lower case. */
export type IdMap = Map<string, string>;

export class RowError extends Error {}

/** A text with every id of the export in it replaced by its new one. */
export const remapText = (value: string, ids: IdMap) => value.replace(UUID, (id) => ids.get(id.toLowerCase()) ?? id);

/** JSON with every string (and key) naming an id of the export replaced. */
export const remapJson = (value: unknown, ids: IdMap, depth = 0): unknown => {
  if (depth > 100) throw new RowError('nested too deeply');
  if (typeof value === 'string') return remapText(value, ids);
  if (Array.isArray(value)) return value.map((item) => remapJson(item, ids, depth + 1));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [remapText(key, ids), remapJson(inner, ids, depth + 1)]),
    );
  return value;
};

const textTypes = /^(text|varchar|character varying|char|uuid|date|time|interval|citext)/;

/** The value to write into `column` for the exported `value`, ids remapped; RowError when it cannot be one. */
export const columnValue = (column: PgColumn, value: unknown, ids: IdMap): unknown => {
  if (value === null || value === undefined) return null;
  const type = column.getSQLType();
  if (type.endsWith('[]')) {
    if (!Array.isArray(value)) throw new RowError(`${column.name}: not a list`);
    return value.map((item) => {
      if (typeof item === 'string') return remapText(item, ids);
      if (typeof item === 'number' || typeof item === 'boolean') return item;
      throw new RowError(`${column.name}: not a list of values`);
    });
  }
  if (type === 'json' || type === 'jsonb') return remapJson(value, ids);
  if (type.startsWith('timestamp')) {
    if (typeof value !== 'string') throw new RowError(`${column.name}: not a time`);
    const at = new Date(value);
    if (Number.isNaN(at.getTime())) throw new RowError(`${column.name}: not a time`);
    return column.columnType === 'PgTimestampString' ? value : at;
  }
  if (type === 'boolean') {
    if (typeof value !== 'boolean') throw new RowError(`${column.name}: not true or false`);
    return value;
  }
  if (/^(integer|smallint|bigint|real|double precision|serial)/.test(type)) {
    if (typeof value !== 'number' || !Number.isFinite(value)) throw new RowError(`${column.name}: not a number`);
    return value;
  }
  if (type.startsWith('numeric')) {
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value !== 'string' || !/^-?\d+(\.\d+)?$/.test(value)) throw new RowError(`${column.name}: not a number`);
    return value;
  }
  if (textTypes.test(type)) {
    if (typeof value !== 'string') throw new RowError(`${column.name}: not a text`);
    if (value.includes('\u0000')) throw new RowError(`${column.name}: holds a NUL character`);
    return remapText(value, ids);
  }
  throw new RowError(`${column.name}: a ${type} column is not imported`);
};

/** Rows ordered so each comes after the row of the same table it points at (a parent). */
export const parentsFirst = <T>(rows: T[], idOf: (row: T) => unknown, parentOf: (row: T) => unknown): T[] => {
  const ids = new Set(rows.map(idOf));
  const placed = new Set<unknown>();
  const ordered: T[] = [];
  let pending = rows;
  while (pending.length > 0) {
    const waiting: T[] = [];
    for (const row of pending) {
      const parent = parentOf(row);
      if (parent === null || parent === undefined || !ids.has(parent) || placed.has(parent)) {
        ordered.push(row);
        placed.add(idOf(row));
      } else waiting.push(row);
    }
    // A loop of parents: the rest cannot be ordered (the caller clears their parents).
    if (waiting.length === pending.length) return [...ordered, ...waiting];
    pending = waiting;
  }
  return ordered;
};
