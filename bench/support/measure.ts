/** One row of an HTTP bench: autocannon's closed loop, after a warm-up, as requests a second and latency. */
import autocannon from 'autocannon';

export interface Row {
  readonly perSecond: number;
  /** Requests answered in the warm-up before the measured seconds. */
  readonly warmUpRequests: number;
  readonly p50: number;
  readonly p99: number;
  /** `N x status`, and errors. */
  readonly statuses: string;
}

export const BENCH_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
export const WARM_UP_SECONDS = 2;

export async function measure(url: string, connections: number, requests?: autocannon.Request[]): Promise<Row> {
  const options = { url, connections, ...(requests ? { requests } : {}) };
  const warmUp = await autocannon({ ...options, duration: WARM_UP_SECONDS });
  const result = await autocannon({ ...options, duration: BENCH_SECONDS });
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([status, { count }]) => `${count} x ${status}`)
    .join(', ');
  return { perSecond: result.requests.total / BENCH_SECONDS, warmUpRequests: warmUp.requests.total, p50: result.latency.p50, p99: result.latency.p99, statuses: statuses + (result.errors ? `, ${result.errors} errors` : '') };
}

export const formatRow = (row: Row): string => `${Math.round(row.perSecond).toLocaleString('en-US')} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms (${row.statuses})`;

/** The middle value (the upper one of an even count). */
export const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
