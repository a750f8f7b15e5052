import { err, errAsync, fieldError, ok, ResultAsync, type ValidationError } from '@tuma/kernel';
import type { BlockedHosts } from '../../domain/links/blocked-hosts.ts';
import type { DestinationCheck } from './destination-check.port.ts';

/**
 * Screens a link's target (docs/links.md, "URL screening"): http or https only, no host of the
 * blocklist or of our own short domains (a loop), then the SSRF guard. A refusal is a 422 naming
 * the field (`url`, or `expired_url`). The URL is kept as written, fragment included (WHATWG-normalised).
 */
export class TargetScreen {
  constructor(
    private readonly blocked: BlockedHosts,
    /** Our own short domains' hosts (known once the server listens). */
    private readonly ownHosts: () => readonly string[],
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
    if (this.blocked.with(this.ownHosts()).blocks(url.hostname)) return errAsync(fieldError(field, `Refused: ${url.hostname} is blocked (a known-bad host, or one of our short domains)`));
    return ResultAsync.fromSafePromise(this.destinations.check(url.href)).andThen((checked) => (checked.isOk() ? ok(url.href) : err(fieldError(field, checked.error))));
  }
}
