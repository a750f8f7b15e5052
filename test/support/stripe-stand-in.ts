/**
 * A local stand-in for Stripe's API (node:http on a random port): answers
 * `POST /v1/checkout/sessions` like Stripe does, records every request, and builds signed
 * webhook deliveries the way Stripe signs them.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeDigests } from '@tuma/crypto-adapter';
import { TimestampedSignatures } from '@tuma/webhooks';

const signatures = new TimestampedSignatures(new NodeDigests());

export interface RecordedStripeRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string | string[] | undefined>;
  /** The form body, decoded: `line_items[0][price_data][currency]` -> `usd`. */
  readonly form: Record<string, string>;
}

export interface StripeSession {
  readonly id: string;
  readonly url: string;
  readonly amount_total: number;
  readonly currency: string;
  readonly client_reference_id: string | undefined;
  readonly metadata: Record<string, string>;
}

export interface StripeStandIn {
  readonly baseUrl: string;
  readonly requests: RecordedStripeRequest[];
  readonly sessions: StripeSession[];
  /** The next create answers with this HTTP status and Stripe error body. */
  refuseNext(status: number, message: string): void;
  /** A signed `checkout.session.*` event for a session, as Stripe would deliver it. */
  event(type: string, session: StripeSession, overrides?: Record<string, unknown>): { id: string; body: string };
  close(): Promise<void>;
}

export const STAND_IN_SECRET_KEY = 'sk_test_standin_0123456789';
export const STAND_IN_WEBHOOK_SECRET = 'whsec_standin_0123456789abcdef';

export const stripeSignature = (body: string, at: Date = new Date(), secret = STAND_IN_WEBHOOK_SECRET): string => signatures.header(secret, body, at);

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: RecordedStripeRequest[] = [];
  const sessions: StripeSession[] = [];
  let refusal: { status: number; message: string } | undefined;
  let events = 0;

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, form });
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${STAND_IN_SECRET_KEY}`) return answer(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions') return answer(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
      if (refusal) {
        const { status, message } = refusal;
        refusal = undefined;
        return answer(status, { error: { type: 'invalid_request_error', message } });
      }
      const id = `cs_test_standin${sessions.length + 1}`;
      const session: StripeSession = {
        id,
        url: `https://checkout.stripe.com/c/pay/${id}`,
        amount_total: Number(form['line_items[0][price_data][unit_amount]']) * Number(form['line_items[0][quantity]']),
        currency: form['line_items[0][price_data][currency]'] ?? '',
        client_reference_id: form.client_reference_id,
        metadata: { top_up_id: form['metadata[top_up_id]'] ?? '', account_id: form['metadata[account_id]'] ?? '' },
      };
      sessions.push(session);
      answer(200, { object: 'checkout.session', mode: 'payment', status: 'open', payment_status: 'unpaid', ...session });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    refuseNext(status, message) {
      refusal = { status, message };
    },
    event(type, session, overrides = {}) {
      events += 1;
      const id = `evt_standin${events}`;
      const object = { object: 'checkout.session', status: 'complete', payment_status: 'paid', ...session, ...overrides };
      const body = JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });
      return { id, body };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
