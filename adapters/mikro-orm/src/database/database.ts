import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { RequestContext } from '@mikro-orm/core';
import { CompiledQuery, type Kysely } from 'kysely';
import pg from 'pg';
import { prepareRepeatedStatements } from './prepared-statements.ts';
import { releaseEndedConnections } from './release-ended-connections.ts';
import { MIGRATIONS } from '../migrations/index.ts';
import { NotificationChannel } from './notification-channel.ts';
import { mikroOrmClientUrl } from './client-url.ts';
import { DataDirLock } from './data-dir-lock.ts';
import { PgliteDialect } from './pglite-kysely-dialect.ts';
import { SerializedPglite } from './serialized-pglite.ts';
import type { Tables } from './tables.ts';

export interface DatabaseConfig {
  /** postgres://... selects PostgreSQL; absent selects embedded PGlite. */
  readonly url?: string;
  /** Embedded data directory, or `memory://`. */
  readonly dataDir: string;
  readonly poolSize?: number;
  /** Repeated statements as named prepared statements (`prepareRepeatedStatements`); default true. */
  readonly preparedStatements?: boolean;
  readonly debug?: boolean;
  /**
   * Embedded only: start as a copy of another embedded database (its `embeddedImage()`), in about a
   * tenth of the time an empty one takes to initialise; the test suite gives every file one this way.
   */
  readonly embeddedImage?: Blob;
}

/** What pg-boss (or any raw SQL user) needs: run one statement, get rows back; LISTEN where the executor can. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
  listen?(channel: string, onNotification: (payload: string) => void, onReconnect: () => void): Promise<{ close(): Promise<void> }>;
}

export type DatabaseKind = 'pglite' | 'postgresql';

/** What every connection of the PostgreSQL pool gets. */
function onPoolCreated(pool: pg.Pool, config: DatabaseConfig): void {
  releaseEndedConnections(pool);
  if (config.preparedStatements ?? true) prepareRepeatedStatements(pool);
}

/**
 * The application's database: MikroORM over PostgreSQL or embedded PGlite, one code path.
 * Migrations are applied by `migrate()`; units of work run through `orm.em` contexts.
 */
export class Database {
  private constructor(
    readonly orm: MikroORM,
    readonly kind: DatabaseKind,
    readonly url: string | undefined,
    private readonly embedded: SerializedPglite | undefined,
    private readonly lock: DataDirLock | undefined,
  ) {}

  /** Throws DataDirInUseError when another process has the embedded data directory open. */
  static async open(config: DatabaseConfig): Promise<Database> {
    const lock = config.url || config.dataDir === 'memory://' ? undefined : DataDirLock.acquire(config.dataDir);
    try {
      return await Database.connect(config, lock);
    } catch (error) {
      lock?.release();
      throw error;
    }
  }

  private static async connect(config: DatabaseConfig, lock: DataDirLock | undefined): Promise<Database> {
    const embedded = config.url ? undefined : await SerializedPglite.open(config.dataDir, config.embeddedImage);
    const orm = await MikroORM.init({
      // No entity classes: every store's statements are Kysely's over the generated Tables (docs/architecture.md).
      entities: [],
      discovery: { warnWhenNoEntities: false },
      ...(embedded
        ? { dbName: 'postgres', driverOptions: new PgliteDialect(embedded) }
        : { clientUrl: mikroOrmClientUrl(config.url!), pool: { max: config.poolSize ?? 10 }, driverOptions: { onPoolCreated: (pool: pg.Pool) => onPoolCreated(pool, config) } }),
      extensions: [Migrator],
      migrations: { migrationsList: MIGRATIONS, transactional: true, allOrNothing: true, snapshot: false, silent: true },
      debug: config.debug ?? false,
      allowGlobalContext: false,
    });
    return new Database(orm, embedded ? 'pglite' : 'postgresql', config.url, embedded, lock);
  }

  /**
   * Applies the pending migrations. On PostgreSQL, processes of a fleet starting together take
   * turns (a session advisory lock on a connection of its own): the first migrates, the others
   * then find nothing to do.
   */
  async migrate(): Promise<void> {
    if (!this.url) return void (await this.orm.migrator.up());
    const client = new pg.Client({ connectionString: this.url });
    await client.connect();
    try {
      await client.query(`select pg_advisory_lock(hashtextextended('tuma.migrations', 0))`);
      await this.orm.migrator.up();
    } finally {
      await client.end();
    }
  }

  /** Runs `work` in a fresh identity map, as every request, job and command does. */
  withContext<T>(work: () => PromiseLike<T>): Promise<T> {
    return RequestContext.create(this.orm.em, async () => await work());
  }

  /**
   * Typed statements (Kysely over the generated `Tables`, see docs/architecture.md), sent with bind
   * parameters on the connection of the unit of work open in the current context if any, else on a
   * pooled one.
   */
  get query(): Kysely<Tables> {
    return this.orm.em.getKysely<Tables>();
  }

  get em(): EntityManager {
    return this.orm.em;
  }

  /** The embedded session (PGlite), for what needs it beyond SQL (notifications); undefined on PostgreSQL. */
  get embeddedSession(): SerializedPglite | undefined {
    return this.embedded;
  }

  /**
   * The executor for statements outside any transaction: the serialized session when embedded;
   * undefined on PostgreSQL, where pg-boss keeps a pool of its own.
   */
  standaloneExecutor(): SqlExecutor | undefined {
    const embedded = this.embedded;
    if (!embedded) return undefined;
    return {
      async executeSql(text, values) {
        return embedded.run(text, values);
      },
      // Heard after the statement that sent it returns, not within it: a chain of jobs woken by
      // their enqueues on this one in-memory session would otherwise never yield to timers and I/O.
      listen: (channel, onNotification, onReconnect) =>
        NotificationChannel.open(this, channel, { notified: (payload) => setImmediate(onNotification, payload), interrupted: () => undefined, resumed: onReconnect }),
    };
  }

  /** The executor of the transaction open in the current context, if any. */
  transactionExecutor(): SqlExecutor | undefined {
    const trx = this.openTransaction();
    if (!trx) return undefined;
    return {
      async executeSql(text, values) {
        const result = await trx.executeQuery(CompiledQuery.raw(text, values ?? []));
        return { rows: [...result.rows] };
      },
    };
  }

  /** The transaction of the unit of work open in the current context, if any. */
  private openTransaction(): Kysely<unknown> | undefined {
    return this.orm.em.getContext(false).getTransactionContext<Kysely<unknown>>();
  }

  /** A copy of the embedded database, for `open({ embeddedImage })`; PostgreSQL copies a database with CREATE DATABASE ... TEMPLATE instead. */
  async embeddedImage(): Promise<Blob> {
    if (!this.embedded) throw new Error('Only an embedded database has an image');
    return this.embedded.dump();
  }

  async ping(): Promise<boolean> {
    const check = await this.orm.em.getConnection().checkConnection();
    return check.ok;
  }

  async close(): Promise<void> {
    await this.orm.close(true);
    await this.embedded?.close();
    this.lock?.release();
  }
}
