/**
 * A closed-loop load generator in a worker thread (its own event loop, so the server under test
 * does not share one with its clients): `connections` clients each send the next request as soon
 * as the previous one is answered, for `seconds`. Requests come from `requestAt(i, context)`: its
 * source is evaluated in the worker, so it uses nothing but its arguments. Answers: count, req/s, latency percentiles, and the
 * statuses seen.
 */
import { Worker } from 'node:worker_threads';

export interface LoadRequest {
  readonly method: string;
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

export interface LoadResult {
  readonly requests: number;
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly statuses: Record<string, number>;
}

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { baseUrl, connections, seconds, requestSource, context } = workerData;
const requestAt = eval('(' + requestSource + ')');
(async () => {
  const latencies = [];
  const statuses = {};
  let next = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, async () => {
    while (performance.now() < until) {
      const request = requestAt(next++, context);
      const t0 = performance.now();
      const response = await fetch(baseUrl + request.path, { method: request.method, headers: request.headers, body: request.body });
      await response.arrayBuffer();
      latencies.push(performance.now() - t0);
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    }
  }));
  const elapsed = performance.now() - started;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  parentPort.postMessage({ requests: latencies.length, perSecond: latencies.length / (elapsed / 1000), p50: at(0.5), p99: at(0.99), statuses });
})();
`;

export function load<C>(baseUrl: string, connections: number, seconds: number, requestAt: (i: number, context: C) => LoadRequest, context: C): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { baseUrl, connections, seconds, requestSource: requestAt.toString(), context } });
    worker.once('message', (result: LoadResult) => {
      void worker.terminate();
      resolve(result);
    });
    worker.once('error', reject);
  });
}

export const formatLoad = (result: LoadResult): string =>
  `${Math.round(result.perSecond).toLocaleString('en-US')} req/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms (${Object.entries(result.statuses)
    .map(([status, count]) => `${count} x ${status}`)
    .join(', ')})`;
