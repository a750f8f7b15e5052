import type { Database } from '../database/database.ts';

/**
 * Runs a statement with `?` placeholders whose parameters are large (bulk JSON, kept audiences) and
 * returns its rows. `em.execute` inlines parameters into the SQL text, escaping them one character
 * at a time: for megabytes that costs more than the statement itself. Inside a transaction (every
 * unit of work) they go as bind parameters (`$1`, `$2`, ...) on the transaction's connection instead.
 */
export async function executeBound<T = Record<string, unknown>>(database: Database, sql: string, parameters: readonly unknown[]): Promise<T[]> {
  const transaction = database.transactionExecutor();
  if (!transaction) return database.em.execute<T[]>(sql, [...parameters]);
  let index = 0;
  const { rows } = await transaction.executeSql(
    sql.replace(/\?/g, () => `$${++index}`),
    [...parameters],
  );
  return rows as T[];
}
