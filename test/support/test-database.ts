/**
 * One database per test process: embedded PGlite in memory by default, or the PostgreSQL named by
 * DATABASE_URL (CI points it at a fresh database). Suites isolate by truncating between tests.
 */
import { Database } from '@tuma/mikro-orm-adapter';

let shared: Promise<Database> | undefined;

export function testDatabase(): Promise<Database> {
  shared ??= (async () => {
    const database = await Database.open({ url: process.env.DATABASE_URL || undefined, dataDir: 'memory://', poolSize: 20 });
    await database.migrate();
    return database;
  })();
  return shared;
}

export const databaseKind = (): 'postgresql' | 'pglite' => (process.env.DATABASE_URL ? 'postgresql' : 'pglite');

/**
 * Empties every application table (not the migration log); pg-boss keeps its own schema. The
 * truncate locks every table: a previous suite's server still finishing background work (a flush,
 * a job) may lock two of them in the other order, and PostgreSQL then aborts one side of the
 * deadlock. Ours is tried again.
 */
export async function truncateAll(database: Database): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await truncateOnce(database);
    } catch (error) {
      if (attempt >= 5 || !/deadlock detected/.test(String((error as Error).message))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

async function truncateOnce(database: Database): Promise<void> {
  await database.withContext(async () => {
    const tables = (await database.em.getConnection().execute(
      `select tablename from pg_tables where schemaname = 'public' and tablename <> 'mikro_orm_migrations'`,
    )) as { tablename: string }[];
    if (tables.length === 0) return;
    await database.em.getConnection().execute(`truncate table ${tables.map((t) => `"${t.tablename}"`).join(', ')} cascade`);
  });
}

after(async () => {
  if (shared) await (await shared).close();
});
