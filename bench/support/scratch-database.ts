/** A throw-away PostgreSQL database for a benchmark. */
import pg from 'pg';

/** Waits until no session uses the database, so dropping it kills no pool mid-close. */
async function waitUntilUnused(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { rows } = await admin.query<{ sessions: number }>('select count(*)::int as sessions from pg_stat_activity where datname = $1', [name]);
    if (rows[0]?.sessions === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Creates a fresh database on the server of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * runs `work` with its URL and an administrative client, and drops it afterwards. When PostgreSQL
 * does not answer it prints that the benchmark is skipped.
 */
export async function withScratchDatabase(work: (url: string, admin: pg.Client) => Promise<void>): Promise<void> {
  const server = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: server, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`skipped: PostgreSQL at ${server} is not reachable (${(error as Error).message})`);
    return;
  }
  const scratch = `tuma_bench_${Date.now()}_${process.pid}`;
  await admin.query(`create database ${scratch}`);
  const url = new URL(server);
  url.pathname = `/${scratch}`;
  try {
    await work(url.toString(), admin);
  } finally {
    await waitUntilUnused(admin, scratch);
    await admin.query(`drop database if exists ${scratch} with (force)`);
    await admin.end();
  }
}

/** Gathers the planner's statistics of the database at `url`, as autovacuum does within a minute of a new table's first rows. */
export async function analyze(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

/** Waits until the database at `url` has no message left `queued` (the workers have dispatched every one). */
export async function drained(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    while ((await client.query<{ n: number }>(`select count(*)::int as n from message where status = 'queued'`)).rows[0]!.n > 0) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await client.end();
  }
}
