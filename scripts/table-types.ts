/**
 * The TypeScript shape of every table the migrations make, read from a migrated database: the
 * `Tables` interface the stores' Kysely queries are typed by (adapters/mikro-orm/src/database/tables.ts).
 * `npm run db:types` rewrites it after a migration; a test fails while it is out of date.
 */
import type { Database } from '@tuma/mikro-orm-adapter';

export const TABLE_TYPES_PATH = 'adapters/mikro-orm/src/database/tables.ts';

interface ColumnInfo {
  table_name: string;
  column_name: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
  is_identity: 'YES' | 'NO';
}

/** What both drivers hand back for a column type (int8, numeric and times as text: see serialized-pglite.ts). */
const SELECTED: Record<string, string> = {
  text: 'string', varchar: 'string', bpchar: 'string', uuid: 'string', citext: 'string',
  int2: 'number', int4: 'number', float4: 'number', float8: 'number',
  int8: 'string', numeric: 'string',
  bool: 'boolean',
  timestamptz: 'Timestamp', timestamp: 'Timestamp', date: 'string', interval: 'string',
  json: 'Json', jsonb: 'Json',
  bytea: 'Uint8Array', inet: 'string',
};

function typeOf(udt: string, table: string, column: string): string {
  if (udt.startsWith('_')) return `${typeOf(udt.slice(1), table, column)}[]`;
  const type = SELECTED[udt];
  if (!type) throw new Error(`${table}.${column}: no TypeScript type for column type ${udt}; add it to scripts/table-types.ts`);
  return type;
}

const HEADER = `/**
 * Every table of the schema as the migrations leave it, written by \`npm run db:types\` from a
 * migrated database (scripts/table-types.ts) - do not edit by hand. Columns with a default are
 * \`Generated\` (optional on insert).
 */
import type { ColumnType, Generated } from 'kysely';

/** A timestamp as PostgreSQL prints it (both drivers leave times as text); written as a Date or an ISO string. */
export type Timestamp = ColumnType<string, Date | string, Date | string>;
/** json and jsonb arrive parsed; they are written as JSON text. */
export type Json = ColumnType<unknown, string, string>;
`;

/** The column types written one way and read another (HEADER's aliases), as select / insert / update. */
const SPLIT: Record<string, readonly [string, string, string]> = { Timestamp: ['string', 'Date | string', 'Date | string'], Json: ['unknown', 'string', 'string'] };

/** A column's type: optional on insert when it has a default (`Generated` nests no ColumnType, so those are spelt out). */
function columnType(type: string, nullable: boolean, defaulted: boolean): string {
  const orNull = (t: string) => (nullable ? `${t} | null` : t);
  const split = SPLIT[type];
  if (!defaulted) return orNull(type);
  if (!split) return `Generated<${orNull(type)}>`;
  const [selected, inserted, updated] = split.map(orNull);
  return `ColumnType<${selected}, ${inserted} | undefined, ${updated}>`;
}

const pascal = (name: string): string => name.replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

export async function tableTypesSource(database: Database): Promise<string> {
  const columns = await database.em.execute<ColumnInfo[]>(
    `select table_name, column_name, udt_name, is_nullable, column_default, is_identity
       from information_schema.columns
      where table_schema = 'public' and table_name not like 'mikro_orm_%'
      order by table_name, ordinal_position`,
  );
  const tables = new Map<string, ColumnInfo[]>();
  for (const column of columns) tables.set(column.table_name, [...(tables.get(column.table_name) ?? []), column]);
  const interfaces = [...tables].map(([table, cols]) => {
    const fields = cols.map((c) => `  ${c.column_name}: ${columnType(typeOf(c.udt_name, table, c.column_name), c.is_nullable === 'YES', c.column_default !== null || c.is_identity === 'YES')};`);
    return `export interface ${pascal(table)}Table {\n${fields.join('\n')}\n}\n`;
  });
  const index = [...tables.keys()].map((table) => `  ${table}: ${pascal(table)}Table;`);
  return `${HEADER}\n${interfaces.join('\n')}\nexport interface Tables {\n${index.join('\n')}\n}\n`;
}
