/** A real `apps/server/src/main.ts` process serving the API, for process tests (several processes, kills). */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

export interface ApiProcess {
  readonly name: string;
  readonly child: ChildProcess;
  readonly exited: Promise<unknown>;
  readonly baseUrl: string;
  output(): string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts an API process (TUMA_ROLE=api, no demo account, warnings and errors logged) with `env` on top, and waits until it listens. */
export async function startApiProcess(name: string, env: Record<string, string>): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--conditions=tuma-source', '--import', 'tsx', join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, TUMA_ROLE: 'api', PORT: '0', MAIL_SUBMISSION_PORT: '0', MAIL_INBOUND_PORT: '0', HOST: '127.0.0.1', TUMA_SEED_DEMO: 'false', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 60_000;
  let port: string | undefined;
  while (!port) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${name} did not start:\n${output.slice(-4000)}`);
    port = /listening on http:\/\/localhost:(\d+)/.exec(output)?.[1];
    await sleep(100);
  }
  return { name, child, exited, baseUrl: `http://127.0.0.1:${port}`, output: () => output };
}

/** Ends every process still running (SIGTERM) and waits for them. */
export async function stopAll(processes: readonly ApiProcess[]): Promise<void> {
  for (const api of processes) if (api.child.exitCode === null && api.child.signalCode === null) api.child.kill('SIGTERM');
  await Promise.all(processes.map((api) => api.exited));
}

/** A JSON request to `baseUrl` with a bearer key: its status and body (undefined when not JSON). */
export async function callApi(baseUrl: string, method: string, path: string, key: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json().catch(() => undefined) };
}
