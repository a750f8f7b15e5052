/**
 * A PostgreSQL cluster of one test's own, to stop and start under load (outage and kill tests):
 * never the shared server on 5432. `initdb` (trust auth, no fsync) into a temporary directory,
 * `pg_ctl` on a free port of 127.0.0.1 (its Unix socket in that directory too).
 *
 *   const reason = privatePostgresMissing();           // undefined when initdb/pg_ctl/postgres are on the PATH
 *   if (reason) return skipBecause(this, reason);      // in a mocha before(): skips with the reason printed
 *   const cluster = await startPrivatePostgres();
 *   cluster.url;                                       // postgres://postgres@127.0.0.1:<port>/postgres
 *   await cluster.stop();                              // pg_ctl stop -m immediate: connections die at once
 *   await cluster.start();                             // the same port and data again; answers once it accepts
 *   await cluster.destroy();                           // stops it if it runs, removes the directory
 *
 * As root, the binaries run as the `postgres` user (PostgreSQL refuses to run as root), with a data
 * directory that user owns.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const BINARIES = ['initdb', 'pg_ctl', 'postgres'] as const;

export interface PrivatePostgres {
  /** Connection string of the cluster's `postgres` database, as the superuser `postgres` (trust). */
  readonly url: string;
  readonly port: number;
  /** Its temporary directory: the data, the socket and `server.log`. */
  readonly directory: string;
  /** Stops the cluster: `immediate` (default) kills every backend at once, as a crash does; `fast` shuts down cleanly. */
  stop(mode?: 'immediate' | 'fast'): Promise<void>;
  /** Starts it again on the same port and data; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it if it runs and removes its directory. */
  destroy(): Promise<void>;
}

const onPath = (binary: string): boolean => {
  try {
    execFileSync('sh', ['-c', `command -v ${binary}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** Why a private cluster cannot be started here (a binary missing from the PATH), or undefined when it can. */
export function privatePostgresMissing(): string | undefined {
  const missing = BINARIES.filter((binary) => !onPath(binary));
  return missing.length === 0 ? undefined : `needs PostgreSQL's ${missing.join(', ')} on the PATH to start a private cluster`;
}

/** Skips the mocha test or suite of `context`, saying why (mocha's skip takes no reason). */
export function skipBecause(context: Mocha.Context, reason: string): never {
  console.log(`      skipped: ${reason}`);
  context.skip();
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL binary, as the `postgres` user when we are root. */
function postgresCommand(binary: string, args: readonly string[]): Promise<unknown> {
  return asRoot ? run('runuser', ['-u', 'postgres', '--', binary, ...args]) : run(binary, [...args]);
}

/** Initialises and starts a private cluster (about a second). */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const directory = mkdtempSync(join(tmpdir(), 'tuma-private-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(directory, uid, gid);
  }
  const data = join(directory, 'data');
  const port = await freePort();
  await postgresCommand('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${directory} -c fsync=off -c max_connections=200`;
  let running = false;
  const start = async () => {
    await postgresCommand('pg_ctl', ['start', '-w', '-t', '60', '-D', data, '-l', join(directory, 'server.log'), '-o', options]);
    running = true;
  };
  const stop = async (mode: 'immediate' | 'fast' = 'immediate') => {
    await postgresCommand('pg_ctl', ['stop', '-w', '-t', '60', '-D', data, '-m', mode]);
    running = false;
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    directory,
    stop,
    start,
    destroy: async () => {
      if (running) await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
