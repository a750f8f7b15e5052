/** A real HTTP server on 127.0.0.1 (port 0) that keeps every webhook POSTed to it: for the suites of outbound webhooks. */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  /** The body as sent: what the signature covers. */
  readonly raw: string;
  readonly body: any;
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** `127.0.0.1:<port>`, for WEBHOOK_ALLOW_HOSTS. */
  readonly host: string;
  readonly received: ReceivedWebhook[];
  /** Status codes to answer per path, in turn; 2xx once none is left. */
  readonly script: Record<string, number[]>;
  close(): Promise<void>;
}

/** `answerAfterMs`: each POST is kept this long before its answer (deliveries in flight, for kill tests). */
export async function startWebhookReceiver(options: { readonly answerAfterMs?: number } = {}): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const script: Record<string, number[]> = {};
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const path = req.url!;
      received.push({ path, headers: req.headers, raw, body: JSON.parse(raw) });
      const status = script[path]?.shift() ?? 204;
      if (options.answerAfterMs) setTimeout(() => res.writeHead(status).end(), options.answerAfterMs);
      else res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: `http://${host}`, host, received, script, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
