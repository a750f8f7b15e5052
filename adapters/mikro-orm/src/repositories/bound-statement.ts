import type { Database } from '../database/database.ts';

/**
 * Runs a statement whose only parameter (its one `?`) is a large JSON document. `em.execute`
 * inlines parameters into the SQL text, escaping them one character at a time: for the megabytes
 * of a bulk write that costs more than the statement itself. Inside a transaction (every unit of
 * work) the document goes as a bind parameter (`$1`) on the transaction's connection instead.
 */
export async function writeJsonParameter(database: Database, sql: string, json: string): Promise<void> {
  const transaction = database.transactionExecutor();
  if (transaction) await transaction.executeSql(sql.replace('?', '$1'), [json]);
  else await database.em.execute(sql, [json]);
}
