import { expect } from 'chai';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
const EXAMPLE = join(ROOT, 'examples', 'embed-sms');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

/** npm as the test runs it (npm test sets npm_execpath), else the one on PATH. */
function npm(args: string[], cwd: string): SpawnSyncReturns<string> {
  const cli = process.env.npm_execpath;
  const [command, argv] = cli && cli.endsWith('.js') ? [process.execPath, [cli, ...args]] : ['npm', args];
  return spawnSync(command, argv, { cwd, encoding: 'utf8', timeout: 120_000, env: { ...process.env, NODE_OPTIONS: '' } });
}

function succeeded(what: string, run: SpawnSyncReturns<string>): string {
  expect(run.status, `${what}\n${run.stdout}\n${run.stderr}`).to.equal(0);
  return run.stdout;
}

/**
 * docs/embedding.md's promise, checked the way an embedder meets it: the workspaces built and
 * packed, the tarballs installed into a copy of examples/embed-sms outside the repository, and the
 * example run by plain `node` (no tsx, no source condition). A broken exports map, a file missing
 * from a tarball or a `.ts` import left in the JavaScript fails it.
 */
describe('embedding: examples/embed-sms on the packed packages', function () {
  this.timeout(150_000);
  let work: string;

  before(() => {
    work = mkdtempSync(join(tmpdir(), 'tuma-embed-'));
  });
  after(() => {
    rmSync(work, { recursive: true, force: true });
  });

  it('builds, packs, installs and runs with plain node: an SMS sent, its DLR delivered, the ledger read', () => {
    succeeded('npm run build', npm(['run', 'build'], ROOT));

    const example = JSON.parse(readFileSync(join(EXAMPLE, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const workspaces = Object.values(example.dependencies).map((spec) => spec.replace(/^file:\.\.\/\.\.\//, ''));
    expect(workspaces).to.include('packages/messaging');
    const tarballs = join(work, 'tarballs');
    mkdirSync(tarballs);
    const packed = JSON.parse(succeeded('npm pack', npm(['pack', '--json', '--pack-destination', tarballs, ...workspaces.flatMap((w) => ['--workspace', w])], ROOT))) as {
      name: string;
      filename: string;
      files: { path: string }[];
    }[];
    expect(packed.map((p) => p.name).sort()).to.deep.equal(Object.keys(example.dependencies).sort());
    for (const pkg of packed) {
      const paths = pkg.files.map((f) => f.path);
      expect(paths, pkg.name).to.include('dist/index.js').and.include('dist/index.d.ts');
      expect(paths.filter((p) => p.startsWith('src/')), pkg.name).to.deep.equal([]);
    }

    const app = join(work, 'app');
    mkdirSync(app);
    copyFileSync(join(EXAMPLE, 'main.mjs'), join(app, 'main.mjs'));
    const dependencies = Object.fromEntries(packed.map((p) => [p.name, `file:${join(tarballs, p.filename)}`]));
    writeFileSync(join(app, 'package.json'), JSON.stringify({ ...example, dependencies }, null, 2));
    succeeded('npm install', npm(['install', '--no-audit', '--no-fund', '--prefer-offline', '--no-package-lock'], app));

    const run = spawnSync(process.execPath, ['main.mjs'], { cwd: app, encoding: 'utf8', timeout: 30_000, env: { ...process.env, NODE_OPTIONS: '' } });
    const output = succeeded('node main.mjs', run);
    expect(output).to.match(/^wallet credited: 100\.000000 KES$/m);
    const id = /^sent (msg_\w+): 1 segment\(s\), 0\.800000 KES, status queued$/m.exec(output)?.[1];
    expect(id, output).to.be.a('string');
    expect(output).to.include(`carrier received ${id} for +254712345678`);
    expect(output).to.match(new RegExp(`^DLR applied: ${id} delivered at \\d{4}-`, 'm'));
    expect(output).to.match(/^ledger: 2 entries$/m);
    expect(output).to.match(/^ {2}debit -0\.800000 KES .* balance 99\.200000$/m);
    expect(output).to.match(/^ {2}credit 100\.000000 KES \(welcome credit\) balance 100\.000000$/m);

    // The `types` condition: a TypeScript embedder gets the real declarations (an `any` would leave
    // the @ts-expect-error lines unused, which is an error).
    writeFileSync(
      join(app, 'typed.ts'),
      [
        "import { Money } from '@tuma/kernel';",
        "import { SendMessage, type CarrierGateway } from '@tuma/messaging';",
        "import { InMemoryCatalogue } from '@tuma/messaging/testing';",
        "const price: Money = Money.parse('1', 'KES')._unsafeUnwrap();",
        '// @ts-expect-error a Result is not a string',
        "export const wrong: string = Money.parse('1', 'KES');",
        '// @ts-expect-error a catalogue is not a number',
        'export const notANumber: number = new InMemoryCatalogue();',
        'export type Gateway = CarrierGateway;',
        'export const execute: SendMessage["execute"] | undefined = undefined;',
        'export { price };',
      ].join('\n'),
    );
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2023', strict: true, noEmit: true, skipLibCheck: true, types: [] }, files: ['typed.ts'] }),
    );
    succeeded('tsc on the installed declarations', spawnSync(process.execPath, [TSC, '-p', app], { encoding: 'utf8', timeout: 30_000 }));
  });
});
