import { PGlite, types } from '@electric-sql/pglite';

export interface SqlRows {
  rows: Record<string, unknown>[];
  affectedRows: number;
}

/** One holder of the single PGlite session at a time. */
export interface SessionLease {
  run(sql: string, params?: readonly unknown[]): Promise<SqlRows>;
  release(): void;
}

/** Queries waiting longer than this for the session fail loudly instead of hanging. */
const LEASE_WAIT_MS = 60_000;

// Match node-postgres: int8 as string, dates and intervals as raw text (MikroORM parses them itself).
const RAW = (value: string) => value;
const PARSERS = {
  [types.INT8]: RAW,
  [types.DATE]: RAW,
  [types.TIMESTAMP]: RAW,
  [types.TIMESTAMPTZ]: RAW,
  [types.INTERVAL]: RAW,
};

/**
 * Embedded PostgreSQL is a single session. Every user of it - MikroORM through the Kysely dialect
 * and pg-boss through its db adapter - takes a lease from this FIFO queue, so protocol messages and
 * transactions never interleave. A transaction holds its lease from BEGIN to COMMIT/ROLLBACK; any
 * statement that belongs to it must run on that lease (on PostgreSQL it would be another connection).
 */
export class SerializedPglite {
  private tail: Promise<void> = Promise.resolve();

  private constructor(readonly db: PGlite) {}

  /** `image` (a `dump()`) starts the database as a copy of another instead of an empty cluster. */
  static async open(dataDir: string, image?: Blob): Promise<SerializedPglite> {
    const db = await PGlite.create(dataDir === 'memory://' ? undefined : dataDir, { parsers: PARSERS, ...(image ? { loadDataDir: image } : {}) });
    return new SerializedPglite(db);
  }

  /** The whole data directory as an uncompressed tarball, between transactions. */
  async dump(): Promise<Blob> {
    const lease = await this.lease();
    try {
      return await this.db.dumpDataDir('none');
    } finally {
      lease.release();
    }
  }

  async lease(): Promise<SessionLease> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const previous = this.tail;
    this.tail = previous.then(() => released);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Waited ${LEASE_WAIT_MS} ms for the embedded database session`)), LEASE_WAIT_MS);
    });
    try {
      await Promise.race([previous, timeout]);
    } catch (error) {
      // Give our place up when the holder before us finishes, so the queue keeps moving.
      void previous.then(release);
      throw error;
    } finally {
      clearTimeout(timer);
    }
    let open = true;
    return {
      run: (sql, params) => {
        if (!open) throw new Error('Embedded database lease used after release');
        return this.execute(sql, params);
      },
      release: () => {
        if (!open) return;
        open = false;
        release();
      },
    };
  }

  /** Runs one statement (or one parameterless script) on its own lease. */
  async run(sql: string, params?: readonly unknown[]): Promise<SqlRows> {
    const lease = await this.lease();
    try {
      return await lease.run(sql, params);
    } finally {
      lease.release();
    }
  }

  async close(): Promise<void> {
    const lease = await this.lease();
    try {
      await this.db.close();
    } finally {
      lease.release();
    }
  }

  private async execute(sql: string, params?: readonly unknown[]): Promise<SqlRows> {
    if (params && params.length > 0) {
      const result = await this.db.query<Record<string, unknown>>(sql, params as unknown[]);
      return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
    }
    // Without parameters the statement may be a script (migrations, pg-boss DDL): use the simple protocol.
    const results = await this.db.exec(sql);
    return {
      rows: results.flatMap((result) => result.rows as Record<string, unknown>[]),
      affectedRows: results.reduce((sum, result) => sum + (result.affectedRows ?? 0), 0),
    };
  }
}
