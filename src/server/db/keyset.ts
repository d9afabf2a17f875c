import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { BAD_CURSOR_MESSAGE, type Page, type PageInput } from '../../shared/schemas/common';
import { badInput } from '../errors';

/**
 * One column of a list's order. It must never be null (coalesce it): a row comparison with
 * null is unknown, and the row would be skipped.
 */
export interface KeysetColumn {
  expression: RawBuilder<unknown>;
  type: 'timestamptz' | 'float8' | 'int4';
  direction: 'asc' | 'desc';
}

/**
 * How a list is ordered, for keyset paging. The last column must be unique (the id), so that
 * the order is total and a row inserted later never shifts a page already read.
 */
export interface Keyset {
  /** Written into each cursor, so that a cursor of another list is refused rather than misread. */
  list: string;
  columns: readonly KeysetColumn[];
}

/** The common order: newest first by a timestamp column, ties broken by id (both qualified as the query names them). */
export function newestFirst(list: string, timeColumn: string, idColumn: string): Keyset {
  return {
    list,
    columns: [
      { expression: sql.ref(timeColumn), type: 'timestamptz', direction: 'desc' },
      { expression: sql.ref(idColumn), type: 'int4', direction: 'desc' },
    ],
  };
}

type KeyValue = number;

const INT4_MIN = -(2 ** 31);
const INT4_MAX = 2 ** 31 - 1;

/**
 * The page of `query` after `page.cursor`, in the keyset's order, and the next page's cursor.
 * `query` carries the caller's scope and filters, and no order or limit of its own: the cursor
 * only says where to start, so it can never reach a row the query itself would not return.
 */
export async function readPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  keyset: Keyset,
  page: PageInput,
): Promise<{ rows: O[]; nextCursor: string | null }> {
  const after = page.cursor === undefined ? undefined : decodeCursor(keyset, page.cursor);
  let paged = query.select(positionOf(keyset).as('page_position'));
  if (after) paged = paged.where(isAfter(keyset, after));
  for (const column of keyset.columns) paged = paged.orderBy(column.expression, column.direction);
  // One row more than the page says whether another page follows.
  const rows = (await paged.limit(page.limit + 1).execute()) as (O & { page_position: string })[];
  const pageRows = rows.slice(0, page.limit);
  const last = pageRows.at(-1);
  return {
    rows: pageRows.map(({ page_position: _position, ...row }) => row as O),
    nextCursor: rows.length > page.limit && last ? encodeCursor(keyset, JSON.parse(last.page_position) as KeyValue[]) : null,
  };
}

/** A page of rows as the page of what each row answers as. */
export function pageOf<Row, Item>(page: { rows: Row[]; nextCursor: string | null }, toItem: (row: Row) => Item): Page<Item> {
  return { items: page.rows.map(toItem), nextCursor: page.nextCursor };
}

/**
 * A row's place in the order, as JSON numbers the cursor can carry exactly: timestamps as whole
 * microseconds (a JavaScript Date would drop them), floats as PostgreSQL's exact shortest text.
 */
function positionOf(keyset: Keyset) {
  const values = keyset.columns.map((column) =>
    column.type === 'timestamptz' ? sql`(extract(epoch from ${column.expression}) * 1000000)::int8` : column.expression,
  );
  return sql<string>`json_build_array(${sql.join(values)})::text`;
}

function asParameter(type: KeysetColumn['type'], value: KeyValue) {
  if (type === 'timestamptz') return sql`(timestamptz 'epoch' + ${value}::int8 * interval '1 microsecond')`;
  return type === 'float8' ? sql`${value}::float8` : sql`${value}::int4`;
}

const comparison = (direction: KeysetColumn['direction']) => sql.raw(direction === 'desc' ? '<' : '>');

/** Rows strictly after the position, in the keyset's order. */
function isAfter(keyset: Keyset, position: KeyValue[]): RawBuilder<boolean> {
  const { columns } = keyset;
  const parameters = columns.map((column, i) => asParameter(column.type, position[i]!));
  const direction = columns[0]!.direction;
  if (columns.every((column) => column.direction === direction)) {
    // One row comparison, which an index on the same columns can serve.
    return sql<boolean>`(${sql.join(columns.map((column) => column.expression))}) ${comparison(direction)} (${sql.join(parameters)})`;
  }
  // Mixed directions: past the first column, or level with it and past on the next, and so on.
  const terms = columns.map((column, i) => {
    const level = columns.slice(0, i).map((earlier, j) => sql`${earlier.expression} = ${parameters[j]}`);
    return sql`(${sql.join([...level, sql`${column.expression} ${comparison(column.direction)} ${parameters[i]}`], sql` AND `)})`;
  });
  return sql<boolean>`(${sql.join(terms, sql` OR `)})`;
}

function encodeCursor(keyset: Keyset, position: KeyValue[]): string {
  return Buffer.from(JSON.stringify([keyset.list, ...position])).toString('base64url');
}

const fitsType: Record<KeysetColumn['type'], (value: unknown) => boolean> = {
  timestamptz: (value) => Number.isSafeInteger(value),
  float8: (value) => typeof value === 'number' && Number.isFinite(value),
  int4: (value) => Number.isInteger(value) && (value as number) >= INT4_MIN && (value as number) <= INT4_MAX,
};

/** A cursor this list wrote, read back; anything else (malformed, or another list's) is 400 naming cursor. */
function decodeCursor(keyset: Keyset, cursor: string): KeyValue[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const fits =
    Array.isArray(parsed) &&
    parsed[0] === keyset.list &&
    parsed.length === keyset.columns.length + 1 &&
    keyset.columns.every((column, i) => fitsType[column.type](parsed[i + 1]));
  if (!fits) throw badInput('cursor', BAD_CURSOR_MESSAGE);
  return (parsed as unknown[]).slice(1) as KeyValue[];
}
