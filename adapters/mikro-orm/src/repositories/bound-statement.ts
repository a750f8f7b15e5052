import type { Database } from '../database/database.ts';

/**
 * Runs a statement with `?` placeholders whose parameters are large (bulk JSON, kept audiences).
 * `em.execute` inlines parameters into the SQL text, escaping them one character at a time: for
 * megabytes that costs more than the statement itself. Inside a transaction (every unit of work)
 * they go as bind parameters (`$1`, `$2`, ...) on the transaction's connection instead.
 */
export async function executeBound(database: Database, sql: string, parameters: readonly unknown[]): Promise<void> {
  const transaction = database.transactionExecutor();
  if (!transaction) {
    await database.em.execute(sql, [...parameters]);
    return;
  }
  let index = 0;
  await transaction.executeSql(
    sql.replace(/\?/g, () => `$${++index}`),
    [...parameters],
  );
}
