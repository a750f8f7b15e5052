/**
 * `npm run build`: JavaScript and .d.ts of every workspace (packages/*, adapters/*, apps/*) in its
 * dist/, which the `default` and `types` conditions of its `exports` map point at (the
 * `tuma-source` condition points the dev loop, tests and the type check at the sources instead).
 * Each workspace compiles against the dist/ of the workspaces it imports, so they are built in
 * dependency order, the independent ones side by side.
 *
 *   npm run build             every workspace
 *   npm run build -- kernel   only these (by folder or package name), after what they depend on
 *
 * apps/server/dist/build.json records the commit built (TUMA_COMMIT, else the checkout's HEAD).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILD_RECORD, checkoutHead } from '../apps/server/src/build-info.ts';

const ROOT = join(import.meta.dirname, '..');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

interface Workspace {
  readonly dir: string;
  readonly name: string;
  readonly internal: readonly string[];
}

function workspaces(): Workspace[] {
  const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
  const found: { dir: string; name: string; deps: string[] }[] = [];
  for (const pattern of root.workspaces) {
    const parent = pattern.replace(/\/\*$/, '');
    for (const entry of readdirSync(join(ROOT, parent), { withFileTypes: true })) {
      const dir = join(parent, entry.name);
      if (!entry.isDirectory() || !existsSync(join(ROOT, dir, 'tsconfig.build.json'))) continue;
      const pkg = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) as { name: string; dependencies?: Record<string, string> };
      found.push({ dir, name: pkg.name, deps: Object.keys(pkg.dependencies ?? {}) });
    }
  }
  const names = new Set(found.map((w) => w.name));
  return found.map((w) => ({ dir: w.dir, name: w.name, internal: w.deps.filter((d) => names.has(d)) }));
}

/** The workspaces asked for and everything they depend on, in levels: each level needs only earlier ones. */
function levels(all: Workspace[], wanted: readonly string[]): Workspace[][] {
  const byName = new Map(all.map((w) => [w.name, w]));
  const selected = new Set<string>();
  const add = (name: string): void => {
    if (selected.has(name)) return;
    selected.add(name);
    for (const dep of byName.get(name)!.internal) add(dep);
  };
  for (const want of wanted) {
    const match = all.find((w) => w.name === want || w.dir === want || w.dir.endsWith(`/${want}`));
    if (!match) throw new Error(`No workspace ${want}`);
    add(match.name);
  }
  if (wanted.length === 0) for (const w of all) add(w.name);

  const done = new Set<string>();
  const result: Workspace[][] = [];
  while (done.size < selected.size) {
    const level = [...selected].map((n) => byName.get(n)!).filter((w) => !done.has(w.name) && w.internal.every((d) => done.has(d)));
    if (level.length === 0) throw new Error('Workspace dependency cycle');
    level.forEach((w) => done.add(w.name));
    result.push(level);
  }
  return result;
}

function compile(workspace: Workspace): Promise<void> {
  rmSync(join(ROOT, workspace.dir, 'dist'), { recursive: true, force: true });
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TSC, '-p', join(workspace.dir, 'tsconfig.build.json')], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${workspace.dir}: tsc exited with ${code}\n${output}`))));
  });
}

const started = Date.now();
let built = 0;
for (const level of levels(workspaces(), process.argv.slice(2))) {
  await Promise.all(level.map(compile));
  built += level.length;
  console.log(`built ${level.map((w) => w.dir).join(', ')}`);
}
// What /health names as the build's commit: TUMA_COMMIT where the sources come without git (an image's build).
if (existsSync(join(BUILD_RECORD, '..'))) writeFileSync(BUILD_RECORD, `${JSON.stringify({ commit: process.env.TUMA_COMMIT || checkoutHead() })}\n`);
console.log(`${built} workspaces built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
