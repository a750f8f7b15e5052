import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { err, ok, type Result } from '@tuma/kernel';
import type { WebhookDestinations } from '@tuma/webhooks';
import { pinnedLookup } from './pinned-lookup.ts';

export interface FetchedFile {
  readonly bytes: Uint8Array;
  /** The answer's Content-Type; null when it gave none. */
  readonly contentType: string | null;
}

export interface PinnedFetchOptions {
  /** A longer body is refused (the connection cut as soon as it passes). */
  readonly maxBytes: number;
  /** For connecting and the whole body. */
  readonly timeoutMs: number;
}

/**
 * GETs a customer's URL (the mail API's attachments by `path`) under the URL policy of webhooks:
 * checked right before (HTTPS, every address public, unless an allowed host), connected to the
 * address checked (Host and SNI keep the name), no redirects, one deadline, a size cap. The answer is
 * the file, or why not, in words for the customer.
 */
export class PinnedHttpFetcher {
  constructor(private readonly destinations: WebhookDestinations) {}

  async fetch(raw: string, options: PinnedFetchOptions): Promise<Result<FetchedFile, string>> {
    const destination = await this.destinations.check(raw);
    if (destination.isErr()) return err(destination.error);
    const { url } = destination.value;
    const lookup = destination.value.exempt ? undefined : pinnedLookup(destination.value.addresses[0]!);
    const get = url.protocol === 'https' ? httpsRequest : httpRequest;
    return new Promise((resolve) => {
      let settled = false;
      const settle = (result: Result<FetchedFile, string>) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        resolve(result);
      };
      const request = get(url.href, { method: 'GET', agent: false, ...(lookup ? { lookup } : {}) }, (response) => {
        const status = response.statusCode ?? 0;
        if (status !== 200) {
          response.resume();
          return settle(err(status >= 300 && status < 400 ? `Answered ${status}: redirects are not followed` : `Answered ${status}`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            request.destroy();
            return settle(err(`Larger than ${options.maxBytes} bytes`));
          }
          chunks.push(chunk);
        });
        response.on('end', () => settle(ok({ bytes: new Uint8Array(Buffer.concat(chunks)), contentType: response.headers['content-type'] ?? null })));
        response.on('error', (error) => settle(err(error.message)));
      });
      const deadline = setTimeout(() => {
        request.destroy();
        settle(err(`Not fetched within ${options.timeoutMs / 1000} s`));
      }, options.timeoutMs);
      request.on('error', (error) => settle(err(error.message)));
      request.end();
    });
  }
}
