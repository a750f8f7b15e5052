/** A real `apps/server/src/main.ts` process running the job workers (TUMA_ROLE=worker), for process tests that kill one mid-way. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
/** Jobs of a killed worker are taken over within seconds, not minutes (the API process of the test takes it too). */
export const JOB_TAKEOVER_ENV = { JOB_HEARTBEAT_SECONDS: '10', JOB_SUPERVISE_SECONDS: '1' };
const WORKER_ENV = {
  TUMA_ROLE: 'worker',
  TUMA_SEED_DEMO: 'false',
  ADMIN_API_KEY: '',
  LOG_LEVEL: 'info',
  JOB_POLLING_SECONDS: '0.5',
  SHUTDOWN_TIMEOUT_MS: '10000',
  ...JOB_TAKEOVER_ENV,
};

export interface WorkerProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts a worker process with `env` on top of the worker settings (DATABASE_URL among them). */
export function startWorkerProcess(env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, ['--conditions=tuma-source', '--import', 'tsx', join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...WORKER_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, exited, output: () => output };
}

/** Waits for the worker's `started` log line (a minute at most; its output when it exits or takes longer). */
export async function waitForStart(worker: WorkerProcess, name: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  let exited = false;
  void worker.exited.then(() => (exited = true));
  while (!worker.output().includes('"msg":"started"')) {
    if (exited || Date.now() > deadline) throw new Error(`${name} did not start:\n${worker.output().slice(-4000)}`);
    await sleep(100);
  }
}
