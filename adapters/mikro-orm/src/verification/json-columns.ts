import type { Json } from '../database/tables.ts';

/**
 * tables.ts types a json column with a default as `Generated<Json>`, a ColumnType inside a
 * ColumnType: Kysely then selects and inserts it as that wrapper rather than as `unknown` and JSON
 * text (scripts/table-types.ts would have to unwrap it). These casts say what the drivers do.
 */
export const parsedJson = <T>(value: Json): T => value as unknown as T;

export const jsonText = (value: unknown): Json => JSON.stringify(value) as unknown as Json;
