import { Database } from '@tuma/mikro-orm-adapter';
import type { ServerConfig } from './config.ts';

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(config: ServerConfig): Promise<Database> {
  const database = await Database.open({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize, preparedStatements: config.databasePreparedStatements });
  await database.migrate();
  return database;
}
