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
