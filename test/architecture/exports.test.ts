import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

interface Manifest {
  name: string;
  license?: string;
  engines?: { node?: string };
  exports?: Record<string, Record<string, string> | string>;
  files?: string[];
}

const workspaces = ['packages', 'adapters', 'apps', 'clients'].flatMap((top) =>
  readdirSync(join(root, top))
    .map((name) => join(top, name))
    .filter((dir) => existsSync(join(root, dir, 'package.json'))),
);

describe('architecture: package exports (docs/embedding.md)', () => {
  it('every workspace exports its sources under `tuma-source` (first) and its build otherwise, and packs dist/', () => {
    expect(workspaces.length).to.be.greaterThan(10);
    for (const dir of workspaces) {
      const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as Manifest;
      expect(manifest.files, dir).to.deep.equal(['dist']);
      expect(existsSync(join(root, dir, 'tsconfig.build.json')), `${dir}/tsconfig.build.json`).to.equal(true);
      for (const [subpath, entry] of Object.entries(manifest.exports ?? {})) {
        const where = `${dir} exports ${subpath}`;
        expect(entry, where).to.be.an('object');
        const conditions = entry as Record<string, string>;
        expect(Object.keys(conditions), where).to.deep.equal(['tuma-source', 'types', 'default']);
        const source = conditions['tuma-source']!;
        expect(source, where).to.match(/^\.\/src\/.+\.ts$/);
        expect(existsSync(join(root, dir, source)), `${where}: ${source}`).to.equal(true);
        const built = source.replace(/^\.\/src\//, './dist/').replace(/\.ts$/, '');
        expect(conditions.types, where).to.equal(`${built}.d.ts`);
        expect(conditions.default, where).to.equal(`${built}.js`);
      }
    }
  });

  it('every workspace has a README, the licence and the Node it needs (engines)', () => {
    for (const dir of workspaces) {
      const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as Manifest;
      expect(existsSync(join(root, dir, 'README.md')), `${dir}/README.md`).to.equal(true);
      expect(readFileSync(join(root, dir, 'README.md'), 'utf8'), dir).to.match(new RegExp(`^# ${manifest.name}\\n`));
      expect(manifest.license, dir).to.equal('Apache-2.0');
      expect(manifest.engines?.node, dir).to.match(/^>=\d+(\.\d+)?$/);
    }
  });

  it('tests run on the sources (node runs with --conditions=tuma-source), never on a stale build', () => {
    const require = createRequire(import.meta.url);
    for (const specifier of ['@tuma/kernel', '@tuma/messaging/testing', '@tuma/server']) {
      expect(require.resolve(specifier), specifier).to.match(/\/src\/[^/]+(\/[^/]+)*\.ts$/);
    }
  });
});
