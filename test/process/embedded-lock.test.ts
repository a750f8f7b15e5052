import { expect } from 'chai';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ADMIN = 'embedded-lock-operator-key-0123456789';

/** The environment of an embedded-database process on `dataDir` (no DATABASE_URL, whatever the suite runs on). */
const embeddedEnv = (dataDir: string): NodeJS.ProcessEnv => {
  const { DATABASE_URL: _unused, ...env } = process.env;
  return { ...env, PORT: '0', HOST: '127.0.0.1', TUMA_DATA_DIR: dataDir, TUMA_SEED_DEMO: 'false', ADMIN_API_KEY: ADMIN, LOG_LEVEL: 'warn' };
};

function cli(dataDir: string, ...args: string[]): { code: number | null; out: string; err: string } {
  const run = spawnSync(process.execPath, ['--conditions=tuma-source', '--import', 'tsx', 'apps/cli/src/main.ts', ...args], { env: embeddedEnv(dataDir), encoding: 'utf8', timeout: 60_000 });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

async function startServer(dataDir: string): Promise<{ child: ChildProcess; port: string; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, ['--conditions=tuma-source', '--import', 'tsx', 'apps/server/src/main.ts'], { env: embeddedEnv(dataDir), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const port = /listening on http:\/\/localhost:(\d+)/.exec(output)?.[1];
    if (port) return { child, port, exited };
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`The server did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Two processes on one embedded data directory each keep their own copy of the database, and one
 * loses its writes: the CLI "created" accounts that never existed. Now the second opener is refused.
 */
describe('embedded database: one process per data directory', function () {
  this.timeout(180_000);
  let dataDir: string;

  before(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'tuma-lock-'));
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses the CLI and a second server while a server runs, writing nothing, and lets the CLI in once it stopped', async () => {
    const server = await startServer(dataDir);
    try {
      const refused = cli(dataDir, 'accounts:create', '--email', 'lost@example.com', '--json');
      expect(refused.code, refused.err).to.equal(3);
      expect(refused.err).to.contain(`pid ${server.child.pid}`).and.contain('admin API');
      expect(refused.out).to.not.contain('acc_');

      const second = spawnSync(process.execPath, ['--conditions=tuma-source', '--import', 'tsx', 'apps/server/src/main.ts'], { env: embeddedEnv(dataDir), encoding: 'utf8', timeout: 60_000 });
      expect(second.status, second.stderr).to.equal(1);
      expect(second.stderr).to.contain(`pid ${server.child.pid}`);

      const viaApi = await fetch(`http://127.0.0.1:${server.port}/api/admin/accounts`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${ADMIN}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'kept@example.com' }),
      });
      expect(viaApi.status).to.equal(201);
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).to.equal(0);
    }

    const created = cli(dataDir, 'accounts:create', '--email', 'after@example.com', '--json');
    expect(created.code, created.err).to.equal(0);
    const account = JSON.parse(created.out) as { id: string };
    const key = cli(dataDir, 'keys:create', '--account', account.id, '--environment', 'live', '--json');
    expect(key.code, key.err).to.equal(0);
    expect(JSON.parse(key.out).key).to.match(/^svc_live_/);
    const listed = cli(dataDir, 'accounts:list', '--json');
    const emails = (JSON.parse(listed.out).accounts as { email: string }[]).map((a) => a.email);
    expect(emails).to.include.members(['kept@example.com', 'after@example.com']);
    expect(emails).to.not.include('lost@example.com');
  });

  it('takes over the lock of a process that died without releasing it', () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeFileSync(join(dataDir, 'tuma.lock'), JSON.stringify({ pid: Number(dead.stdout), startedAt: '2026-01-01T00:00:00.000Z', command: 'killed -9' }));
    const created = cli(dataDir, 'accounts:create', '--email', 'stale@example.com', '--json');
    expect(created.code, created.err).to.equal(0);
  });
});
