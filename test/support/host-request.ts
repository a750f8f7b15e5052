/** A request to the shared port naming another `Host` (a branded domain), as a proxy in front would send it. */
import { request } from 'node:http';

export interface HostResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
}

export function hostRequest(baseUrl: string, host: string, path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<HostResponse> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method: options.method ?? 'GET', headers: { ...options.headers, Host: host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}
