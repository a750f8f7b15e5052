import { expect } from 'chai';
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { privatePostgresMissing, startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres.ts';
import { INSTALL_STEPS, START_COMMAND } from '../support/production-install.ts';

/**
 * Acceptance (issue 33): production runs the built JavaScript on plain Node 24, without the dev
 * dependencies (tsx among them), as docs/deployment.md and the Dockerfile do it: in a clean copy of
 * this checkout `npm ci`, `npm run build`, `npm prune --omit=dev`, then `npm run cli:prod` and
 * `npm run start:prod` on a PostgreSQL of its own (a private cluster; on an embedded data directory
 * where PostgreSQL's binaries are missing). Node 24 is this run's own (`process.execPath`): the
 * pruned install has none, as a `node:24-slim` image brings its own. The timings are printed
 * (docs/performance.md keeps them), not asserted: this host's speed moves from hour to hour.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const ADMIN = 'production-install-operator-key-0123456789';
const run = promisify(execFile);
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(2)} s`;

/** The checkout's files as they are in the work tree (edits not yet committed too), without what git ignores. */
function copyCheckout(into: string): void {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files) {
    if (!existsSync(join(ROOT, file))) continue; // deleted in the work tree, not yet in the index
    mkdirSync(dirname(join(into, file)), { recursive: true });
    cpSync(join(ROOT, file), join(into, file));
  }
}

describe('the production install: built JavaScript on plain Node, no dev dependencies', function () {
  this.timeout(900_000);
  let app: string;
  let cluster: PrivatePostgres | undefined;
  const servers: ChildProcess[] = [];
  /** Node 24 first on the PATH, as in the image: `npm run` and the scripts it runs use it. */
  let env: NodeJS.ProcessEnv;

  before(async () => {
    app = mkdtempSync(join(tmpdir(), 'tuma-production-'));
    copyCheckout(app);
    const { DATABASE_URL: _suite, ...inherited } = process.env;
    env = { ...inherited, PATH: `${dirname(process.execPath)}:${process.env.PATH}`, ADMIN_API_KEY: ADMIN, PORT: '0', HOST: '127.0.0.1', MAIL_SUBMISSION_PORT: '0', MAIL_INBOUND_PORT: '0', TUMA_DATA_DIR: join(app, '.data'), LOG_LEVEL: 'info' };
    if (!privatePostgresMissing()) {
      cluster = await startPrivatePostgres();
      env.DATABASE_URL = cluster.url;
    }
  });
  after(async () => {
    for (const server of servers) if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    await cluster?.destroy();
    rmSync(app, { recursive: true, force: true });
  });

  const npm = (args: string[], extra: NodeJS.ProcessEnv = {}) => run('npm', args, { cwd: app, env: { ...env, ...extra }, maxBuffer: 64 * 1024 * 1024 });
  const cli = (...args: string[]) => run(process.execPath, ['apps/cli/dist/main.js', ...args], { cwd: app, env });

  async function start(): Promise<{ child: ChildProcess; baseUrl: string; output: () => string; took: string }> {
    const began = performance.now();
    const [command, ...args] = START_COMMAND;
    const child = spawn(command, args, { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] });
    servers.push(child);
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 120_000;
    for (;;) {
      const port = /listening on http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port) return { child, baseUrl: `http://127.0.0.1:${port}`, output: () => output, took: seconds(began) };
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`start:prod did not listen:\n${output.slice(-4000)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async function stop(child: ChildProcess): Promise<void> {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited, 'stopped cleanly').to.equal(0);
  }

  it('installs, builds and prunes; the CLI and the server run from dist/ and serve a send', async () => {
    const database = cluster ? 'a private PostgreSQL cluster' : 'an embedded data directory (no PostgreSQL binaries here)';
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    for (const step of INSTALL_STEPS) {
      const began = performance.now();
      // An image's sources come without .git: the build is told its commit. The cache has every package a checkout's install fetched.
      await npm(step[0] === 'ci' ? [...step, '--prefer-offline'] : [...step], { TUMA_COMMIT: commit });
      console.log(`      npm ${step.join(' ')} ${seconds(began)}`);
    }
    // (mocha, chai and fast-check stay: optional peers of the packages' testing entries, never loaded by the server.)
    for (const devOnly of ['tsx', 'esbuild', 'typescript', 'node', '@redocly/cli', 'playwright-core']) expect(existsSync(join(app, 'node_modules', devOnly)), `${devOnly} pruned`).to.equal(false);

    let began = performance.now();
    const help = await cli('--help');
    console.log(`      cli --help ${seconds(began)}`);
    expect(help.stdout).to.contain('Tuma operator CLI').and.contain('accounts:create');
    const helpThroughNpm = await npm(['run', '--silent', 'cli:prod', '--', '--help']);
    expect(helpThroughNpm.stdout).to.equal(help.stdout);

    const first = await start();
    console.log(`      start:prod on ${database}, migrating it: listening after ${first.took}`);
    await stop(first.child);

    began = performance.now();
    const account = JSON.parse((await cli('accounts:create', '--email', 'ops@example.co.ke', '--wallet-currency', 'KES', '--json')).stdout) as { id: string };
    const key = JSON.parse((await cli('keys:create', '--account', account.id, '--environment', 'test', '--json')).stdout) as { key: string };
    console.log(`      two CLI commands on the database ${seconds(began)}`);

    const second = await start();
    console.log(`      start:prod again, the database migrated: listening after ${second.took}`);
    const health = (await (await fetch(`${second.baseUrl}/health`)).json()) as { build: { version: string; commit: string | null } };
    const product = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(health).to.deep.equal({ status: 'ok', version: '1.0.0', build: { version: product.version, commit } });
    const sent = await fetch(`${second.baseUrl}/api/messages/send`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key.key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ to: '+254712345678', text: 'Habari from the built server' }),
    });
    const body = (await sent.json()) as { id?: string };
    expect(sent.status, JSON.stringify(body)).to.equal(200);
    expect(body.id).to.match(/^msg_[0-9A-Z]{26}$/);
    await stop(second.child);
  });
});
