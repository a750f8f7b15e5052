import { sql, type RawBuilder } from 'kysely';

/**
 * A batch's records as the relation `alias` (`jsonb_to_recordset` of one JSON parameter, read as
 * `columns`), with their count as its limit, for statements that join a batch's rows to a table by
 * key: PostgreSQL assumes 100 rows from a set-returning function, and for a table of a few thousand
 * rows it then plans a scan of the whole table and a hash join rather than a look-up per row. The
 * `limit` tells it how many there are.
 */
export const countedRecordset = (records: readonly object[], columns: string, alias = 'r'): RawBuilder<unknown> =>
  sql`(select * from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as counted (${sql.raw(columns)}) limit ${records.length}) as ${sql.raw(alias)}`;
