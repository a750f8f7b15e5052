/**
 * Rate limiter cost: requests per second of a keyed GET (`/api/auth/me`) through a TumaServer
 * (TUMA_ROLE=api) on PostgreSQL with the limiter off, on the in-process store (memory) and on the
 * shared PostgreSQL store (reservations of a tenth of a window), in the same run, interleaved; the
 * limit is high enough (RATE_LIMIT_PER_SECOND=5000, burst 10000) that nothing is refused. Then
 * the limiter alone: `take()` calls per second on one key, in memory, on PostgreSQL with
 * reservations, and on PostgreSQL with one store round trip per request (what a plain
 * RateLimiterPostgres does), which is the trade-off docs/decisions.md (issue 12) weighs.
 * Run: `npm run bench -- rate-limit`. Uses DATABASE_URL's server and a scratch database.
 */
import { FlexibleRateLimiter } from '@tuma/rate-limiter-flexible-adapter';
import { RateLimitPolicy, type RateLimiter } from '@tuma/rate-limits';
import { Database } from '@tuma/mikro-orm-adapter';
import { jsonLogger, loadConfig, TumaServer } from '@tuma/server';
import { call } from './support/http-call.ts';
import { withScratchDatabase } from './support/scratch-database.ts';

const ADMIN_KEY = 'bench-operator-key-0123456789-abcdef';
const CLIENTS = 32;
const WARM_UP_MS = 1_000;
const MEASURE_MS = 4_000;
const ROUNDS = 3;
const VARIANTS = { off: { RATE_LIMIT_ENABLED: 'false' }, memory: { RATE_LIMIT_STORE: 'memory' }, postgres: { RATE_LIMIT_STORE: 'postgres' } } as const;

/** `workers` loops of `step` for the warm-up, then counted for the measured window: steps per second, and latency percentiles. */
async function drive(workers: number, step: () => Promise<boolean>): Promise<{ rate: number; p50: number; p99: number; failed: number }> {
  const measureFrom = performance.now() + WARM_UP_MS;
  const stopAt = measureFrom + MEASURE_MS;
  const latencies: number[] = [];
  let failed = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < stopAt) {
        const started = performance.now();
        const ok = await step();
        if (started >= measureFrom && performance.now() < stopAt) {
          latencies.push(performance.now() - started);
          if (!ok) failed++;
        }
      }
    }),
  );
  latencies.sort((x, y) => x - y);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rate: latencies.length / (MEASURE_MS / 1000), p50: at(0.5), p99: at(0.99), failed };
}

const fmt = (rate: number) => `${Math.round(rate).toLocaleString('en-US')}/s`;

export default async function (): Promise<void> {
  await withScratchDatabase(async (url) => {
    const migrated = await Database.open({ url, dataDir: 'memory://', poolSize: 1 });
    await migrated.migrate();
    await migrated.close();
    const env = (variant: keyof typeof VARIANTS) =>
      loadConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: url,
        ADMIN_API_KEY: ADMIN_KEY,
        TUMA_ROLE: 'api',
        LOG_LEVEL: 'silent',
        RATE_LIMIT_PER_SECOND: '5000',
        RATE_LIMIT_BURST: '10000',
        RATE_LIMIT_IP_PER_SECOND: '100000',
        ...VARIANTS[variant],
      });
    let key: string | undefined;
    const results: Record<string, { rate: number; p50: number; p99: number; failed: number }[]> = {};
    console.log(`PostgreSQL, GET /api/auth/me with one live key over ${CLIENTS} connections, ${WARM_UP_MS} ms warm-up, ${MEASURE_MS} ms measured, ${ROUNDS} rounds interleaved`);
    for (let round = 0; round < ROUNDS; round++) {
      for (const variant of Object.keys(VARIANTS) as (keyof typeof VARIANTS)[]) {
        const tuma = new TumaServer(env(variant), jsonLogger('silent'));
        try {
          const baseUrl = `http://127.0.0.1:${(await tuma.start()).port}`;
          if (!key) {
            const account = await call(baseUrl, 'POST', '/api/admin/accounts', ADMIN_KEY, { email: 'rate@bench.example' });
            key = (await call(baseUrl, 'POST', `/api/admin/accounts/${account.body.id}/keys`, ADMIN_KEY, { environment: 'live' })).body.key as string;
          }
          const liveKey = key;
          const measured = await drive(CLIENTS, async () => (await call(baseUrl, 'GET', '/api/auth/me', liveKey)).status === 200);
          (results[variant] ??= []).push(measured);
        } finally {
          await tuma.stop();
        }
      }
    }
    const off = [...results.off!].sort((x, y) => x.rate - y.rate)[Math.floor(ROUNDS / 2)]!.rate;
    for (const [variant, runs] of Object.entries(results)) {
      const sorted = [...runs].sort((x, y) => x.rate - y.rate);
      const median = sorted[Math.floor(sorted.length / 2)]!;
      console.log(
        `  limiter ${variant.padEnd(8)} ${runs.map((r) => fmt(r.rate)).join(', ').padEnd(24)} median ${fmt(median.rate)} (${((median.rate / off) * 100).toFixed(0)}% of off's), p50 ${median.p50.toFixed(1)} ms, p99 ${median.p99.toFixed(1)} ms, refused ${runs.reduce((n, r) => n + r.failed, 0)}`,
      );
    }

    console.log(`The limiter alone: take() on one key (policy 1,000,000/s: nothing refused), ${CLIENTS} callers`);
    const unlimited = RateLimitPolicy.create({ perSecond: 1_000_000 })._unsafeUnwrap();
    const limiters: [string, () => RateLimiter & { close?: () => Promise<void> }][] = [
      ['memory', () => FlexibleRateLimiter.inMemory()],
      ['postgres, reservations of 1/10 window', () => FlexibleRateLimiter.onPostgres(url)],
      ['postgres, one round trip per take', () => FlexibleRateLimiter.onPostgres(url, { leaseShare: 0 })],
    ];
    for (const [name, make] of limiters) {
      const limiter = make();
      try {
        // The per-take store: the same high limit, lease 1 (leaseShare 0), so each take is a round trip.
        const measured = await drive(CLIENTS, async () => (await limiter.take(`key:bench-${name.length}`, unlimited)).allowed);
        console.log(`  ${name.padEnd(40)} ${fmt(measured.rate)}, p50 ${(measured.p50 * 1000).toFixed(0)} µs, p99 ${(measured.p99 * 1000).toFixed(0)} µs`);
      } finally {
        await limiter.close?.();
      }
    }
  });
}
