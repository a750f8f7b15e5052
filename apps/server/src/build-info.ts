import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What runs: the product's version (package.json) and the commit it was built from, when known. */
export interface BuildInfo {
  readonly version: string;
  readonly commit: string | null;
}

/** apps/server, from src/ (the sources, through tsx) as from dist/ (the build). */
const SERVER_DIR = join(import.meta.dirname, '..');
/** Written by `npm run build` (scripts/build.ts): the commit of the sources it compiled. */
export const BUILD_RECORD = join(SERVER_DIR, 'dist', 'build.json');

/**
 * The build's version and commit: the commit `npm run build` recorded, or, run from the sources,
 * the checkout's HEAD; null where neither is known (an image built without `TUMA_COMMIT`).
 */
export function buildInfo(): BuildInfo {
  const { version } = JSON.parse(readFileSync(join(SERVER_DIR, '..', '..', 'package.json'), 'utf8')) as { version: string };
  const fromSources = import.meta.filename.endsWith('.ts');
  return { version, commit: fromSources ? checkoutHead() : recordedCommit() };
}

function recordedCommit(): string | null {
  try {
    return (JSON.parse(readFileSync(BUILD_RECORD, 'utf8')) as { commit: string | null }).commit;
  } catch {
    return null;
  }
}

/** HEAD of the checkout the sources are in; null outside one, or without git. */
export function checkoutHead(): string | null {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: SERVER_DIR, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
  } catch {
    return null;
  }
}
