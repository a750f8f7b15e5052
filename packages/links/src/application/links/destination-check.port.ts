import type { Result } from '@tuma/kernel';

/**
 * The SSRF guard: the webhook engine's URL policy (`WebhookDestinations` of @tuma/webhooks fits as
 * is): an http(s) URL whose host is no loopback, private or metadata address, literal or resolved.
 * The error says why, for the 422.
 */
export interface DestinationCheck {
  /** For a URL the server will fetch (a click webhook): its name must also resolve. The URL as the policy read it (canonical host), or why it is refused. */
  check(raw: string): Promise<Result<{ readonly url: URL }, string>>;
  /** For a link's target, which only the visitor's browser follows: a name that does not resolve (yet) is let through. */
  screen(raw: string): Promise<Result<unknown, string>>;
}
