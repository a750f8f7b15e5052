import type { Result } from '@tuma/kernel';

/**
 * The SSRF guard a target must pass: the webhook engine's URL policy (`WebhookDestinations` of
 * @tuma/webhooks fits as is): an http(s) URL whose host is no loopback, private or metadata
 * address, and whose name resolves only to allowed addresses. The error says why, for the 422.
 */
export interface DestinationCheck {
  /** The URL as the policy read it (canonical host), or why it is refused. */
  check(raw: string): Promise<Result<{ readonly url: URL }, string>>;
}
