/**
 * `jsonb_to_recordset` of a JSON array parameter with its row count as the parameter after it, for
 * statements that join a batch's rows to a table by key: PostgreSQL assumes 100 rows from a
 * set-returning function, and for a table of a few thousand rows it then plans a scan of the whole
 * table and a hash join rather than a look-up per row. The `limit` tells it how many there are.
 */
export const countedRecordset = (alias: string, columns: string): string => `(select * from jsonb_to_recordset(?::jsonb) as counted (${columns}) limit ?) as ${alias}`;

/** The parameters of a `countedRecordset`: the rows as JSON, then their count. */
export const recordsetParameters = (records: readonly object[]): [string, number] => [JSON.stringify(records), records.length];
