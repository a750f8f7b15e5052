/**
 * Every test file its own database, so that nothing one file leaves running (a job, a flush, a
 * server still stopping) can reach the next one's rows:
 * - embedded PGlite (the default): a copy, loaded in about half a second, of one migrated database
 *   this process made first;
 * - PostgreSQL (DATABASE_URL, the run's database migrated once by `mochaGlobalSetup`): a database per
 *   file created from it as a template. For the file's time DATABASE_URL names the file's database,
 *   so the server processes a file starts use it too.
 * test/support/suite-hooks.ts opens and ends them (mocha runs a root hook once per file in parallel
 * mode, once per run in serial mode). Within a file, suites isolate by truncating (`truncateAll`).
 */
import pg from 'pg';
import { Database } from '@tuma/mikro-orm-adapter';
import { dropFileDatabases, fileDatabaseName, withDatabase } from './file-databases.ts';

/**
 * This process's files' databases, kept on globalThis: a test file may load this module as a second
 * instance beside the hooks' one (tsx's require and import paths), and both must see one state.
 */
interface FileDatabases {
  /** The database `npm run test:db` was given (CI: a fresh one), before any file's took its place; null on PGlite. */
  readonly runUrl: string | null;
  image?: Promise<Blob>;
  fileUrl?: string;
  files: number;
  current?: Promise<Database>;
}
const state = ((globalThis as Record<symbol, unknown>)[Symbol.for('tuma.test-database')] ??= { runUrl: process.env.DATABASE_URL || null, files: 0 }) as FileDatabases;
const runUrl = state.runUrl ?? undefined;

export const databaseKind = (): 'postgresql' | 'pglite' => (runUrl ? 'postgresql' : 'pglite');

/** The current file's database, opened on first use. */
export function testDatabase(): Promise<Database> {
  // Between files (a previous file's stray work) there is none: no run-wide database is shared on PostgreSQL.
  if (runUrl && !state.fileUrl) return Promise.reject(new Error('testDatabase() outside a test file (between files, or suite-hooks.ts not loaded)'));
  state.current ??= openFileDatabase();
  return state.current;
}

function openFileDatabase(): Promise<Database> {
  if (state.fileUrl) return openMigrated({ url: state.fileUrl });
  state.image ??= (async () => {
    const first = await openMigrated({});
    try {
      return await first.embeddedImage();
    } finally {
      await first.close();
    }
  })();
  return state.image.then((embeddedImage) => openDatabase({ embeddedImage }));
}

const openDatabase = (config: { url?: string; embeddedImage?: Blob }): Promise<Database> => Database.open({ dataDir: 'memory://', poolSize: 20, ...config });

async function openMigrated({ url }: { url?: string }): Promise<Database> {
  const database = await openDatabase({ url });
  await database.migrate();
  return database;
}

/** Once per run on PostgreSQL: the run's database migrated, to be the files' template. */
export async function migrateRunDatabase(): Promise<void> {
  if (!runUrl) return;
  await (await openMigrated({ url: runUrl })).close();
}

/** A file begins: on PostgreSQL, its own database from the template, named by DATABASE_URL. */
export async function beginFileDatabase(): Promise<void> {
  await closeCurrent(); // one a previous file's stray work opened after that file ended is not this file's
  if (!runUrl) return;
  const name = fileDatabaseName(databaseName(runUrl), process.pid, ++state.files);
  await onServer((client) => client.query(`create database ${name} template ${databaseName(runUrl)}`));
  state.fileUrl = withDatabase(runUrl, name);
  process.env.DATABASE_URL = state.fileUrl;
}

/** A file ends: its database closed (and on PostgreSQL dropped, cutting what still holds a connection). */
export async function endFileDatabase(): Promise<void> {
  await closeCurrent();
  if (!state.fileUrl) return;
  const name = databaseName(state.fileUrl);
  state.fileUrl = undefined;
  process.env.DATABASE_URL = runUrl;
  await onServer((client) => client.query(`drop database if exists ${name} with (force)`));
}

async function closeCurrent(): Promise<void> {
  const open = state.current;
  state.current = undefined;
  if (open) await (await open.catch(() => undefined))?.close();
}

/** Once per run on PostgreSQL: drops files' databases a killed worker left behind. */
export async function dropLeftFileDatabases(): Promise<void> {
  if (!runUrl) return;
  await onServer((client) => dropFileDatabases(client, databaseName(runUrl)));
}

const databaseName = (url: string): string => new URL(url).pathname.slice(1);

/** Runs `work` on a connection to the server's maintenance database (never a file's or the template). */
async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(runUrl!, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Empties every application table (not the migration log); pg-boss keeps its own schema. The
 * truncate locks every table: a server of the same file still finishing background work (a flush,
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
