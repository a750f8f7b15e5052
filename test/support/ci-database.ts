/**
 * CI helper: `create` makes a fresh database on the local PostgreSQL and prints its URL
 * (exit 3 when no server answers); `drop <name>` removes it and the files' databases made from it.
 */
import pg from 'pg';
import { dropFileDatabases, withDatabase } from './file-databases.ts';

const server = process.env.CI_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const [command, name] = process.argv.slice(2);

const client = new pg.Client({ connectionString: server, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
} catch (error) {
  console.error(`PostgreSQL at ${server} does not answer: ${(error as Error).message}`);
  process.exit(3);
}
try {
  if (command === 'create') {
    const database = `tuma_ci_${Date.now()}_${process.pid}`;
    await client.query(`create database ${database}`);
    console.log(withDatabase(server, database));
  } else if (command === 'drop' && name && /^tuma_ci_\d+_\d+$/.test(name)) {
    await dropFileDatabases(client, name);
    await client.query(`drop database if exists ${name} with (force)`);
  } else {
    console.error('usage: ci-database.ts create | drop <tuma_ci_...>');
    process.exitCode = 2;
  }
} finally {
  await client.end();
}
