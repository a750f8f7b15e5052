/**
 * Short-link redirects (issue 17): `GET /s/{slug}` of a real server process on PostgreSQL, click
 * recording on (every click classified, buffered and flushed each second), next to a bare Koa 302
 * handler in the same run, at 32 connections. Goal: >= 60% of bare Koa's redirects/s, p99 < 5 ms.
 * After the rows, the clicks counted for the link say whether recording kept up (bots are not
 * counted: the load says it is a browser).
 *
 * Run: `npm run bench redirect` (DATABASE_URL's server, default the local PostgreSQL; a scratch
 * database). BENCH_SECONDS sets each measurement (default 8, after 2 s of warm-up); BENCH_ROUNDS
 * how many times each row is measured, the rows taking turns (default 3): the median is shown.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_ADMIN_KEY, BENCH_SERVER_ENV } from './support/bench-server.ts';
import { call } from './support/http-call.ts';
import { formatRow, measure, type Row } from './support/measure.ts';
import { BARE_KOA, SERVER_ROOT, startServerProcess, startTumaProcess } from './support/server-process.ts';
import { withScratchDatabase } from './support/scratch-database.ts';

const CONNECTIONS = 32;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET = 'https://shop.example/spring?ref=sms';
const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

export default async function (): Promise<void> {
  await withScratchDatabase(async (url) => {
    const logDir = mkdtempSync(join(tmpdir(), 'tuma-bench-'));
    const bare = await startServerProcess(BARE_KOA, { BARE_KOA_REDIRECT: TARGET }, logDir, 'bare-koa');
    // shop.example stands for a public host (it does not resolve here); rate limits on, too high to refuse the load.
    const tuma = await startTumaProcess(url, { ...BENCH_SERVER_ENV, TUMA_ROLE: 'all', WEBHOOK_ALLOW_HOSTS: 'shop.example' }, logDir);
    try {
      const base = tuma.baseUrl;
      const account = await call(base, 'POST', '/api/admin/accounts', BENCH_ADMIN_KEY, { email: 'links-bench@example.com' });
      const key = (await call(base, 'POST', `/api/admin/accounts/${account.body.id}/links-keys`, BENCH_ADMIN_KEY, { name: 'bench' })).body.key as string;
      const link = await call(base, 'POST', '/links/v1/links', key, { url: TARGET, slug: 'bench', utm: { source: 'sms', campaign: 'bench' } });
      if (link.status !== 201) throw new Error(`POST /links/v1/links answered ${link.status}: ${JSON.stringify(link.body)}`);
      const headers = { 'User-Agent': BROWSER, Referer: 'https://news.example/article' };

      console.log(`${CONNECTIONS} connections, ${ROUNDS} rounds; server: ${SERVER_ROOT}, PostgreSQL, LOG_LEVEL=info to a file, clicks recorded`);
      const rows: [string, string][] = [
        ['baseline: bare Koa, one 302 handler', `${bare.baseUrl}/bench`],
        ['GET /health of the same app (no database)', `${base}/health`],
        ['GET /s/{slug} (302, UTM merged, click recorded)', `${base}/s/bench`],
      ];
      const results: Row[][] = rows.map(() => []);
      for (let round = 0; round < ROUNDS; round++) {
        for (const [index, [, target]] of rows.entries()) results[index]!.push(await measure(target, CONNECTIONS, [{ method: 'GET', headers }]));
      }
      const median = (measured: Row[]) => [...measured].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(measured.length / 2)]!;
      for (const [index, [name]] of rows.entries()) console.log(`${name}: ${formatRow(median(results[index]!))}`);
      const [bareRow, , tumaRow] = results.map(median);
      console.log(`redirects: ${Math.round((100 * tumaRow!.perSecond) / bareRow!.perSecond)}% of bare Koa`);

      await new Promise((resolve) => setTimeout(resolve, 2500));
      const counted = await call(base, 'GET', `/links/v1/links/${link.body.id}`, key);
      const answered = results[2]!.reduce((sum, row) => sum + Number(/(\d+) x 302/.exec(row.statuses)?.[1] ?? 0), 0);
      console.log(`clicks counted for the link: ${counted.body.clicks} (measured 302s: ${answered}, plus warm-ups)`);
    } finally {
      await tuma.stop();
      await bare.stop();
      rmSync(logDir, { recursive: true, force: true });
    }
  });
}
