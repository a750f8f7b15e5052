import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { BENCH_ADMIN_KEY, BENCH_SERVER_ENV } from './support/bench-server.ts';
import { call } from './support/http-call.ts';
import { startTumaProcess } from './support/server-process.ts';
import { withScratchDatabase } from './support/scratch-database.ts';
export default async function (): Promise<void> {
  await withScratchDatabase(async (url) => {
    const logDir = mkdtempSync(join(tmpdir(), 'tuma-bench-'));
    const tuma = await startTumaProcess(url, { ...BENCH_SERVER_ENV, TUMA_ROLE: 'all', WEBHOOK_ALLOW_HOSTS: 'shop.example' }, logDir, ['--cpu-prof', '--cpu-prof-dir=/tmp/tuma-prof']);
    const base = tuma.baseUrl;
    const account = await call(base, 'POST', '/api/admin/accounts', BENCH_ADMIN_KEY, { email: 'links-bench@example.com' });
    const key = (await call(base, 'POST', `/api/admin/accounts/${account.body.id}/links-keys`, BENCH_ADMIN_KEY, { name: 'bench' })).body.key as string;
    await call(base, 'POST', '/links/v1/links', key, { url: 'https://shop.example/x', slug: 'bench' });
    const r = await autocannon({ url: `${base}/s/bench`, connections: 32, duration: 15, headers: { 'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1' } });
    console.log(r.requests.total / 15);
    await tuma.stop();
  });
}
