/**
 * `npm run lint:openapi`: writes the OpenAPI document of every API a real server serves (embedded
 * database in memory, the hosted checkout and the Stripe provider's routes alike) and lints them
 * with Redocly (redocly.yaml). Exits non-zero on any error, so no document can drift unnoticed in CI.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_NAMES } from '@tuma/koa-adapter';
import { jsonLogger, loadConfig, TumaServer } from '@tuma/server';

const server = new TumaServer(
  loadConfig({ PORT: '0', HOST: '127.0.0.1', TUMA_DATA_DIR: 'memory://', TUMA_SEED_DEMO: 'false', ADMIN_API_KEY: 'openapi-lint-operator-key-0123456789' }),
  jsonLogger('silent'),
);
const { apis } = await server.start();
const dir = mkdtempSync(join(tmpdir(), 'tuma-openapi-'));
const files: string[] = [];
for (const api of API_NAMES) {
  const file = join(dir, `${api}.openapi.json`);
  writeFileSync(file, await (await fetch(`http://127.0.0.1:${apis![api].port}${apis![api].basePath}/openapi.json`)).text());
  files.push(file);
}
await server.stop();

const lint = spawnSync(process.execPath, [join('node_modules', '@redocly', 'cli', 'bin', 'cli.js'), 'lint', ...files, '--config', 'redocly.yaml', '--format', 'stylish'], {
  stdio: 'inherit',
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
});
rmSync(dir, { recursive: true, force: true });
process.exit(lint.status ?? 1);
