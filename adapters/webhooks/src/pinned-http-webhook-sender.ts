import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { WebhookAttemptOutcome, WebhookDestinations, WebhookPost, WebhookSender } from '@tuma/webhooks';
import { pinnedLookup } from './pinned-lookup.ts';

/** A 3xx is a failed attempt: redirects are not followed (their target never went through the URL policy). */
const errorOf = (response: IncomingMessage): string | null => {
  const status = response.statusCode ?? 0;
  if (status >= 300 && status < 400) return `Redirect not followed (${status}${response.headers.location ? ` to ${response.headers.location}` : ''})`;
  return null;
};

export interface PinnedHttpWebhookSenderOptions {
  readonly destinations: WebhookDestinations;
}

/**
 * POSTs webhook attempts with node:http(s). The destination is checked again right before each
 * attempt (URL policy, DNS lookup, every address allowed) and the connection goes to the address
 * checked, through a `lookup` that returns it, while the Host header and TLS SNI keep the URL's
 * name. One connection per attempt (no pooled socket skips the check), no redirects, one deadline
 * (the post's, from its profile) for connecting and the answer's status.
 */
export class PinnedHttpWebhookSender implements WebhookSender {
  constructor(private readonly options: PinnedHttpWebhookSenderOptions) {}

  async post(post: WebhookPost): Promise<WebhookAttemptOutcome> {
    const { timeoutMs } = post;
    const started = performance.now();
    const outcome = (statusCode: number | null, error: string | null): WebhookAttemptOutcome => ({ statusCode, error, latencyMs: Math.round(performance.now() - started) });
    const destination = await this.options.destinations.check(post.url);
    if (destination.isErr()) return outcome(null, destination.error);
    const { url } = destination.value;
    const lookup = destination.value.exempt ? undefined : pinnedLookup(destination.value.addresses[0]!);
    const send = url.protocol === 'https' ? httpsRequest : httpRequest;
    return new Promise((resolve) => {
      let settled = false;
      const settle = (statusCode: number | null, error: string | null) => {
        if (settled) return;
        settled = true;
        resolve(outcome(statusCode, error));
      };
      const request = send(
        url.href,
        { method: 'POST', headers: { ...post.headers, 'Content-Length': Buffer.byteLength(post.body) }, agent: false, ...(lookup ? { lookup } : {}) },
        (response) => {
          settle(response.statusCode ?? null, errorOf(response));
          response.on('close', () => clearTimeout(deadline));
          response.resume();
        },
      );
      const deadline = setTimeout(() => request.destroy(new Error(`No answer within ${timeoutMs / 1000} s`)), timeoutMs);
      request.on('error', (error) => {
        clearTimeout(deadline);
        settle(null, error.message);
      });
      request.end(post.body);
    });
  }
}
