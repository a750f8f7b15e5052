import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { npm, succeeded, typeScriptBlocks } from '../support/packed-install.ts';
import { ok } from '../support/responses.ts';
import { ADMIN_KEY, SIMULATOR_DELIVERS_ALL, startTestServer, type TestServer } from '../support/test-server.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const SDK = join(ROOT, 'clients', 'sdk');
const EXAMPLE = join(ROOT, 'examples', 'sdk-app');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

/** `node main.mjs` in `cwd`, without blocking this process (the server it calls runs here). */
function runNode(cwd: string, env: Record<string, string>, node = process.execPath): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, ['main.mjs'], { cwd, env: { ...process.env, NODE_OPTIONS: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/**
 * clients/sdk/README.md's promise, the way a user meets it: the SDK compiled and packed on its own
 * (into a folder of this test, not the workspace's dist/, which other files build), installed into a
 * copy of examples/sdk-app outside the repository, its README's TypeScript compiled there under
 * `strict` against the installed declarations, and the example run by plain node against a server.
 */
describe('the SDK: examples/sdk-app on the packed @tuma/sdk', function () {
  this.timeout(150_000);
  let work: string;
  let api: TestServer | undefined;

  before(() => {
    work = mkdtempSync(join(tmpdir(), 'tuma-sdk-'));
  });
  after(async () => {
    await api?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('packs dist/ only, installs, compiles its README under strict, and sends an SMS once under one key', async () => {
    const sdk = join(work, 'sdk');
    mkdirSync(sdk);
    for (const file of ['package.json', 'README.md']) copyFileSync(join(SDK, file), join(sdk, file));
    succeeded('tsc', spawnSync(process.execPath, [TSC, '-p', join(SDK, 'tsconfig.build.json'), '--outDir', join(sdk, 'dist')], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 }));
    const [packed] = JSON.parse(succeeded('npm pack', npm(['pack', '--json', '--pack-destination', work], sdk))) as { filename: string; files: { path: string }[] }[];
    const paths = packed!.files.map((f) => f.path);
    expect(paths).to.include('dist/index.js').and.include('dist/generated/sms.d.ts').and.include('README.md');
    expect(paths.filter((p) => p.startsWith('src/') || p.startsWith('test/') || p.startsWith('scripts/'))).to.deep.equal([]);

    const app = join(work, 'app');
    mkdirSync(app);
    copyFileSync(join(EXAMPLE, 'main.mjs'), join(app, 'main.mjs'));
    const example = JSON.parse(readFileSync(join(EXAMPLE, 'package.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(app, 'package.json'), JSON.stringify({ ...example, dependencies: { '@tuma/sdk': `file:${join(work, packed!.filename)}` } }, null, 2));
    succeeded('npm install', npm(['install', '--no-audit', '--no-fund', '--prefer-offline', '--no-package-lock'], app));

    const snippets = typeScriptBlocks(readFileSync(join(SDK, 'README.md'), 'utf8'));
    expect(snippets.length).to.be.at.least(3);
    snippets.forEach((code, i) => writeFileSync(join(app, `readme-${i}.ts`), code));
    const compilerOptions = { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2023', strict: true, noEmit: true, types: ['node'], typeRoots: [join(ROOT, 'node_modules', '@types')] };
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['readme-*.ts'] }));
    succeeded('tsc on the README against the installed declarations', spawnSync(process.execPath, [TSC, '-p', app], { encoding: 'utf8', timeout: 60_000 }));

    api = await startTestServer({ SIMULATOR_OUTCOMES: SIMULATOR_DELIVERS_ALL, SIMULATOR_LATENCY_MS: '5-30' });
    const account = ok(await api.request('POST', '/api/admin/accounts', { key: ADMIN_KEY, body: { email: 'sdk-app@example.com', wallet_currency: 'KES' } }), 201);
    const key = ok(await api.request('POST', `/api/admin/accounts/${account.id}/keys`, { key: ADMIN_KEY, body: { environment: 'live' } }), 201).key as string;
    ok(await api.request('POST', `/api/admin/balances/${account.id}/credit`, { key: ADMIN_KEY, body: { amount: 100, reason: 'sdk example', reference: 'sdk-app-1' } }));

    const { code, output } = await runNode(app, { TUMA_URL: api.baseUrl, TUMA_API_KEY: key });
    expect(code, output).to.equal(0);
    const sent = /^sent (msg_\w+): 1 segment\(s\), ([\d.]+) KES$/m.exec(output);
    expect(sent, output).to.not.equal(null);
    expect(output).to.include(`sent again: ${sent![1]}, replayed true`);
    expect(output).to.match(/^status: delivered$/m);
    const balance = Number(/^balance: ([\d.]+) KES$/m.exec(output)?.[1]);
    expect(balance).to.be.closeTo(100 - Number(sent![2]), 1e-9);

    // The SDK's engines say Node 20: where the machine has a Node 20 besides the project's, it runs there too.
    const node20 = '/usr/bin/node';
    if (existsSync(node20) && spawnSync(node20, ['--version'], { encoding: 'utf8' }).stdout.startsWith('v20.')) {
      const older = await runNode(app, { TUMA_URL: api.baseUrl, TUMA_API_KEY: key, ORDER: 'KE-1043' }, node20);
      expect(older.code, older.output).to.equal(0);
      expect(older.output).to.match(/^status: delivered$/m);
    }
  });
});
