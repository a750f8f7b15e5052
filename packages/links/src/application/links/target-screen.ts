import { err, errAsync, fieldError, ok, ResultAsync, type ValidationError } from '@tuma/kernel';
import type { BlockedHosts } from '../../domain/links/blocked-hosts.ts';
import type { BrandedHosts } from '../domains/branded-hosts.ts';
import type { DestinationCheck } from './destination-check.port.ts';

/**
 * Screens a link's target (docs/links.md, "URL screening"): http or https only, no host of the
 * blocklist or of our own short domains (the default one and every account's verified branded
 * ones: a link to a short link may loop, down to a link redirecting to itself), then the SSRF guard,
 * which lets a name that does not resolve through (the target is never fetched). A refusal is a
 * 422 naming the field (`url`, or `expired_url`). The URL is kept as written, fragment included
 * (WHATWG-normalised).
 */
export class TargetScreen {
  constructor(
    private readonly blocked: BlockedHosts,
    /** The default short domain's host (known once the server listens): its subdomains are refused too. */
    private readonly ownHosts: () => readonly string[],
    /** The verified branded domains, by exact hostname (a customer's apex domain must stay a valid target for its other names). */
    private readonly brandedHosts: Pick<BrandedHosts, 'domainOf'>,
    private readonly destinations: DestinationCheck,
  ) {}

  screen(raw: string, field: string): ResultAsync<string, ValidationError> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return errAsync(fieldError(field, 'Not a URL'));
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return errAsync(fieldError(field, 'Only http and https URLs can be shortened'));
    if (url.username || url.password) return errAsync(fieldError(field, 'A URL with credentials cannot be shortened'));
    const refusedHost = fieldError(field, `Refused: ${url.hostname} is blocked (a known-bad host, or one of our short domains)`);
    if (this.blocked.with(this.ownHosts()).blocks(url.hostname)) return errAsync(refusedHost);
    return ResultAsync.fromSafePromise(this.brandedHosts.domainOf(url.hostname))
      .andThen((branded) => (branded === undefined ? ok(undefined) : err(refusedHost)))
      .andThen(() => ResultAsync.fromSafePromise(this.destinations.screen(url.href)))
      .andThen((screened) => (screened.isOk() ? ok(url.href) : err(fieldError(field, screened.error))));
  }
}
