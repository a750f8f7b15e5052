import type { Database } from './database.ts';

/**
 * Runs a statement with `?` placeholders whose parameters are large (bulk JSON, kept audiences, a
 * flush's click columns) and returns its rows. `em.execute` inlines parameters into the SQL text,
 * escaping them one character at a time: for megabytes that costs more than the statement itself.
 * They go as bind parameters (`$1`, `$2`, ...) instead, on the connection of the unit of work open
 * in the context, else on a pooled one (`Database.executeBound`).
 */
export function executeBound<T = Record<string, unknown>>(database: Database, sql: string, parameters: readonly unknown[]): Promise<T[]> {
  let index = 0;
  return database.executeBound<T>(
    sql.replace(/\?/g, () => `$${++index}`),
    parameters,
  );
}
