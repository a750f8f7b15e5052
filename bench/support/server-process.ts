/**
 * Benchmarked servers as processes of their own (a real `apps/server/src/main.ts`, or the bare Koa
 * baseline), so that the load generator in the bench process does not share their event loop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The checkout whose server is measured: this one, or BENCH_SERVER_ROOT (another checkout, with its own `npm ci`). */
export const SERVER_ROOT = process.env.BENCH_SERVER_ROOT || join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const TUMA_MAIN = join(SERVER_ROOT, 'apps/server/src/main.ts');
export const BARE_KOA = join(dirname(fileURLToPath(import.meta.url)), 'bare-koa.ts');

export interface ServerProcess {
  readonly baseUrl: string;
  readonly pid: number;
  stop(): Promise<void>;
}

/** What says a process is ready: a server's "listening on" line, or a worker's `started` log line. */
const LISTENING = /listening on http:\/\/localhost:(\d+)/;
const STARTED = /"msg":"started"/;

/**
 * Starts `script` with `env` (and `nodeOptions`, e.g. `--cpu-prof`), its output to `<logDir>/<name>.log`,
 * and waits for its "listening on" line (or, for a process that serves no HTTP, its `started` log
 * line: its `baseUrl` is then empty).
 */
export async function startServerProcess(script: string, env: Record<string, string>, logDir: string, name: string, nodeOptions: readonly string[] = []): Promise<ServerProcess> {
  const logFile = join(logDir, `${name}.log`);
  const out = openSync(logFile, 'w');
  const child: ChildProcess = spawn(process.execPath, [...nodeOptions, '--conditions=tuma-source', '--import', 'tsx', script], {
    cwd: SERVER_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const output = readFileSync(logFile, 'utf8');
    const port = LISTENING.exec(output)?.[1];
    if (port || (env.TUMA_ROLE === 'worker' && STARTED.test(output))) {
      return {
        baseUrl: port ? `http://127.0.0.1:${port}` : '',
        pid: child.pid!,
        stop: async () => {
          child.kill('SIGTERM');
          await exited;
        },
      };
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${name} did not start:\n${readFileSync(logFile, 'utf8').slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A Tuma server process on `databaseUrl` (no demo account, `LOG_LEVEL=info` to its log file), with `env` on top. */
export const startTumaProcess = (databaseUrl: string, env: Record<string, string>, logDir: string, nodeOptions: readonly string[] = [], name = 'server'): Promise<ServerProcess> =>
  startServerProcess(TUMA_MAIN, { DATABASE_URL: databaseUrl, PORT: '0', MAIL_SUBMISSION_PORT: '0', MAIL_INBOUND_PORT: '0', HOST: '127.0.0.1', TUMA_SEED_DEMO: 'false', LOG_LEVEL: 'info', ...env }, logDir, name, nodeOptions);

/** `node --cpu-prof` options when BENCH_CPU_PROF names a folder: the server writes its CPU profile there when it stops. */
export const profileOptions = (): string[] => (process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []);

/** A process's resident memory in MiB (Linux). */
export function rssMiB(pid: number): number {
  const kib = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Math.round(Number(kib) / 1024);
}
