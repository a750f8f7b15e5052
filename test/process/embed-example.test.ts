import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withoutComments } from '../architecture/dependency-rules.ts';
import { npm, succeeded, typeScriptBlocks } from '../support/packed-install.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const EXAMPLES = ['embed-sms', 'embed-tuma'].map((name) => join(ROOT, 'examples', name));
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

/** `node <file>` in `cwd` (plain node: no tsx, no source condition); its output. */
function runExample(cwd: string, file: string, env: Record<string, string> = {}): string {
  return succeeded(`node ${file}`, spawnSync(process.execPath, [file], { cwd, encoding: 'utf8', timeout: 60_000, env: { ...process.env, NODE_OPTIONS: '', ...env } }));
}

/**
 * docs/embedding.md's promise, checked the way an embedder meets it: the workspaces built and
 * packed, the tarballs installed into a folder outside the repository, examples/embed-sms and
 * examples/embed-tuma run there by plain `node`, and the TypeScript of docs/embedding.md compiled
 * there under `strict` against the installed declarations. A broken exports map, a file missing
 * from a tarball, a `.ts` import left in the JavaScript or a snippet that no longer compiles fails it.
 */
describe('embedding: the examples and docs/embedding.md on the packed packages', function () {
  this.timeout(180_000);
  let work: string;

  before(() => {
    work = mkdtempSync(join(tmpdir(), 'tuma-embed-'));
  });
  after(() => {
    rmSync(work, { recursive: true, force: true });
  });

  it('builds, packs, installs, runs both examples with plain node and compiles the docs\' TypeScript under strict', () => {
    succeeded('npm run build', npm(['run', 'build'], ROOT));

    const examples = EXAMPLES.map((dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> });
    const wanted = Object.assign({}, ...examples.map((example) => example.dependencies)) as Record<string, string>;
    const workspaces = [...new Set(Object.values(wanted).map((spec) => spec.replace(/^file:\.\.\/\.\.\//, '')))];
    expect(workspaces).to.include('packages/messaging').and.include('apps/embedded');
    const tarballs = join(work, 'tarballs');
    mkdirSync(tarballs);
    const packed = JSON.parse(succeeded('npm pack', npm(['pack', '--json', '--pack-destination', tarballs, ...workspaces.flatMap((w) => ['--workspace', w])], ROOT))) as {
      name: string;
      filename: string;
      files: { path: string }[];
    }[];
    expect(packed.map((p) => p.name).sort()).to.deep.equal(Object.keys(wanted).sort());
    for (const pkg of packed) {
      const paths = pkg.files.map((f) => f.path);
      expect(paths, pkg.name).to.include('dist/index.js').and.include('dist/index.d.ts').and.include('README.md');
      expect(paths.filter((p) => p.startsWith('src/') || p.startsWith('test/')), pkg.name).to.deep.equal([]);
    }

    const app = join(work, 'app');
    mkdirSync(app);
    for (const dir of EXAMPLES) copyFileSync(join(dir, 'main.mjs'), join(app, `${dir.split('/').pop()}.mjs`));
    const dependencies = Object.fromEntries(packed.map((p) => [p.name, `file:${join(tarballs, p.filename)}`]));
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'embedding-app', private: true, type: 'module', dependencies }, null, 2));
    succeeded('npm install', npm(['install', '--no-audit', '--no-fund', '--prefer-offline', '--no-package-lock'], app));

    // examples/embed-sms: the SMS core from its factory, on in-memory ports, with a carrier of its own.
    const sms = runExample(app, 'embed-sms.mjs');
    expect(sms).to.match(/^wallet credited: 100\.000000 KES$/m);
    const id = /^sent (msg_\w+): 1 segment\(s\), 0\.800000 KES, status queued$/m.exec(sms)?.[1];
    expect(id, sms).to.be.a('string');
    expect(sms).to.include(`carrier received ${id} for +254712345678`);
    expect(sms).to.match(new RegExp(`^DLR applied: ${id} delivered at \\d{4}-`, 'm'));
    expect(sms).to.match(/^ledger: 2 entries$/m);
    expect(sms).to.match(/^ {2}debit -0\.800000 KES .* balance 99\.200000$/m);
    expect(sms).to.match(/^ {2}credit 100\.000000 KES \(welcome credit\) balance 100\.000000$/m);

    // examples/embed-tuma: createTuma with the FakeCarrier, SMS and Verify, in memory and on embedded PGlite.
    for (const env of [{}, { TUMA_STORE: 'pglite', TUMA_DATA_DIR: join(work, 'data') }] as Record<string, string>[]) {
      const tuma = runExample(app, 'embed-tuma.mjs', env);
      const sent = /^carrier took (msg_\w+): 1 segment\(s\)$/m.exec(tuma)?.[1];
      expect(sent, tuma).to.be.a('string');
      expect(tuma).to.match(new RegExp(`^message ${sent}: delivered, 0\\.800000 KES$`, 'm'));
      expect(tuma).to.match(/^verification ver_\w+: approved$/m);
      expect(tuma).to.match(/^balance: 98\.400000 KES$/m);
    }

    // The docs' TypeScript, and the `types` condition: a TypeScript embedder gets the real
    // declarations (an `any` would leave the @ts-expect-error lines unused, which is an error).
    const snippets = typeScriptBlocks(readFileSync(join(ROOT, 'docs', 'embedding.md'), 'utf8'));
    expect(snippets.length).to.be.at.least(4);
    snippets.forEach((code, i) => writeFileSync(join(app, `embedding-${i}.ts`), code));
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
    // No @types/node: the domain packages' declarations must not need Node's (Buffer, node: modules).
    const compilerOptions = { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2023', lib: ['es2023', 'dom'], strict: true, noEmit: true, skipLibCheck: true, types: [] };
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['typed.ts', 'embedding-*.ts'] }));
    succeeded('tsc on the installed declarations', spawnSync(process.execPath, [TSC, '-p', app], { encoding: 'utf8', timeout: 60_000 }));
    const domainDeclarations = packed.filter((p) => !/-adapter$|embedded$/.test(p.name)).flatMap((p) => p.files.filter((f) => f.path.endsWith('.d.ts')).map((f) => join(app, 'node_modules', p.name, f.path)));
    const nodeTypes = domainDeclarations.filter((file) => /\bBuffer\b|from ['"]node:/.test(withoutComments(readFileSync(file, 'utf8'))));
    expect(nodeTypes.map((file) => file.slice(app.length))).to.deep.equal([]);
  });
});
