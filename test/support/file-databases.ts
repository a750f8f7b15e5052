/** The names and URLs of the test runs' PostgreSQL databases and the files' own, made from the run's (test-database.ts). */
import type pg from 'pg';

/** `url` with its database named `name`. */
export function withDatabase(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

export const fileDatabaseName = (runName: string, pid: number, file: number): string => `${runName}_f${pid}_${file}`;

/** Drops every file database of the run `runName` still there (a killed worker's, a killed run's). */
export async function dropFileDatabases(client: pg.Client, runName: string): Promise<void> {
  const left = await client.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`${runName}\\_f%`]);
  for (const { datname } of left.rows) await client.query(`drop database if exists ${datname} with (force)`);
}
