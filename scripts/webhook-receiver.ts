/**
 * A local webhook receiver for trying Tuma's webhooks offline: prints every event it gets and
 * whether its X-Webhook-Signature matches the signing secret (docs/webhooks.md).
 *
 *   npm run webhook-receiver -- --port 4000 --secret whsec_...
 *
 * The server must be started with WEBHOOK_ALLOW_HOSTS=127.0.0.1:4000, since loopback addresses are
 * otherwise refused as webhook destinations.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

export interface ReceivedEvent {
  readonly path: string;
  readonly id: string | undefined;
  /** Null when no secret was given to check against. */
  readonly authentic: boolean | null;
  readonly body: string;
}

/** Constant-time check of `sha256=<hex>` over the raw body (the shape receivers should copy). */
export function isAuthentic(rawBody: Buffer, signature: string | undefined, secret: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`);
  const given = Buffer.from(signature ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function startWebhookReceiver(options: {
  readonly port: number;
  readonly secret: string | undefined;
  readonly onEvent: (event: ReceivedEvent) => void;
}): Promise<{ readonly server: Server; readonly url: string }> {
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const signature = request.headers['x-webhook-signature'];
    options.onEvent({
      path: request.url ?? '/',
      id: request.headers['x-webhook-id'] as string | undefined,
      authentic: options.secret === undefined ? null : isAuthentic(raw, typeof signature === 'string' ? signature : undefined, options.secret),
      body: raw.toString('utf8'),
    });
    response.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const describe = (event: ReceivedEvent): string => {
  const verdict = event.authentic === null ? 'signature not checked (no --secret)' : event.authentic ? 'signature OK' : 'SIGNATURE MISMATCH';
  return `${new Date().toISOString()} ${event.path} ${event.id ?? '(no X-Webhook-ID)'} ${verdict}\n${event.body}\n`;
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '4000' }, secret: { type: 'string' } } });
  const { url } = await startWebhookReceiver({
    port: Number(values.port),
    secret: values.secret ?? process.env.WEBHOOK_SIGNING_SECRET,
    onEvent: (event) => process.stdout.write(describe(event)),
  });
  process.stdout.write(`Listening for webhooks on ${url} (Ctrl-C to stop)\n`);
}
