/**
 * `npm run lint:openapi`: writes the OpenAPI document of every API a real server serves (embedded
 * database in memory, the hosted checkout and the Stripe provider's routes alike) and lints them
 * with Redocly (redocly.yaml: recommended-strict, warnings are errors). Exits non-zero on any problem, so no document can drift unnoticed in CI.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_NAMES } from '@tuma/koa-adapter';
import { servedOpenApiDocuments } from './served-openapi.ts';

const documents = await servedOpenApiDocuments();
const dir = mkdtempSync(join(tmpdir(), 'tuma-openapi-'));
const files: string[] = [];
for (const api of API_NAMES) {
  const file = join(dir, `${api}.openapi.json`);
  writeFileSync(file, documents[api]);
  files.push(file);
}

const lint = spawnSync(process.execPath, [join('node_modules', '@redocly', 'cli', 'bin', 'cli.js'), 'lint', ...files, '--config', 'redocly.yaml', '--format', 'stylish'], {
  stdio: 'inherit',
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
});
rmSync(dir, { recursive: true, force: true });
process.exit(lint.status ?? 1);
