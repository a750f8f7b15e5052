/** Tuma servers for benchmarks: PostgreSQL, the simulator answering fast and always delivering, no throughput limit (in this process: no logs). */
import { jsonLogger, loadConfig, TumaServer, type ServerConfig } from '@tuma/server';
import { call } from './http-call.ts';

export const BENCH_ADMIN_KEY = 'bench-operator-key-0123456789-abcdef';

/** What every benchmarked server runs with: the simulator answering fast and always delivering, no throughput limit. */
export const BENCH_SERVER_ENV: Readonly<Record<string, string>> = {
  ADMIN_API_KEY: BENCH_ADMIN_KEY,
  SIMULATOR_LATENCY_MS: '5-30',
  SIMULATOR_OUTCOMES: 'delivered=1',
  ROUTE_THROUGHPUT_PER_SECOND: '100000',
  WEBHOOK_SECRET_KEY: Buffer.alloc(32, 1).toString('base64'),
  // Rate limits on (their cost is part of every request), too high to refuse a benchmark's load.
  RATE_LIMIT_PER_SECOND: '1000000',
  RATE_LIMIT_IP_PER_SECOND: '1000000',
};

export async function startBenchServer(databaseUrl: string, env: Record<string, string> = {}): Promise<{ tuma: TumaServer; baseUrl: string; config: ServerConfig }> {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    ...BENCH_SERVER_ENV,
    ...env,
  });
  const tuma = new TumaServer(config, jsonLogger('silent'));
  return { tuma, baseUrl: `http://127.0.0.1:${(await tuma.start()).port}`, config };
}

/** An account with a live key and plenty of credit. */
export async function benchAccount(baseUrl: string, email: string, walletCurrency?: string): Promise<{ id: string; key: string }> {
  const created = await call(baseUrl, 'POST', '/api/admin/accounts', BENCH_ADMIN_KEY, { email, ...(walletCurrency ? { wallet_currency: walletCurrency } : {}) });
  const key = await call(baseUrl, 'POST', `/api/admin/accounts/${created.body.id}/keys`, BENCH_ADMIN_KEY, { environment: 'live' });
  const credited = await call(baseUrl, 'POST', `/api/admin/balances/${created.body.id}/credit`, BENCH_ADMIN_KEY, { amount: '100000000', reason: 'bench', reference: `bench-${email}` });
  if (credited.status !== 200) throw new Error(`Credit answered ${credited.status}`);
  return { id: created.body.id, key: key.body.key };
}
