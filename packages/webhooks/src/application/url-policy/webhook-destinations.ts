import { err, ok, type Result } from '@tuma/kernel';
import type { AllowedHosts } from '../../domain/url-policy/allowed-hosts.ts';
import { isLocalhostName, readWebhookUrl, type WebhookUrl } from '../../domain/url-policy/webhook-url.ts';
import type { AddressPolicy } from './address-policy.port.ts';
import type { HostResolver, ResolvedAddress } from './host-resolver.port.ts';

/** A destination a webhook may connect to: an allowed host (no address rule), or the checked addresses to connect to. */
export type WebhookDestination =
  | { readonly url: WebhookUrl; readonly exempt: true }
  | { readonly url: WebhookUrl; readonly exempt: false; readonly addresses: readonly ResolvedAddress[] };

/**
 * The webhook URL policy (docs/webhooks.md, "URL policy"), the same at configuration time and at
 * connection time: an http(s) URL whose host is in `WEBHOOK_ALLOW_HOSTS`, or whose host is not a
 * `localhost` name and whose every address (the literal one, or all A and AAAA records of the
 * name) the address policy allows. A sender connects to one of the addresses returned, never to a
 * name resolved again (DNS rebinding).
 */
export class WebhookDestinations {
  constructor(
    private readonly policy: AddressPolicy,
    private readonly resolver: HostResolver,
    private readonly allowed: AllowedHosts,
  ) {}

  /** The destination of `raw`, or why a webhook may not go there (for a 422 or an attempt's error); a name that does not resolve is refused. */
  async check(raw: string): Promise<Result<WebhookDestination, string>> {
    return this.judge(raw, true);
  }

  /**
   * The same rule for a URL the server never fetches (a short link's target, which the visitor's
   * browser follows): a name that does not resolve (not yet, or not from here) is let through;
   * loopback names and blocked addresses, literal or resolved, are refused as by `check`.
   */
  async screen(raw: string): Promise<Result<{ readonly url: WebhookUrl }, string>> {
    return this.judge(raw, false);
  }

  private async judge(raw: string, mustResolve: boolean): Promise<Result<WebhookDestination, string>> {
    const read = readWebhookUrl(raw);
    if (read.isErr()) return err(read.error);
    const url = read.value;
    if (this.allowed.allows(url)) return ok({ url, exempt: true });
    if (isLocalhostName(url.host)) return err(`Refused: ${url.host} is a loopback name`);
    if (url.literal !== null) {
      const reason = this.policy.blockedReason(url.host, url.literal);
      return reason ? err(`Refused: ${url.host} is ${reason}`) : ok({ url, exempt: false, addresses: [{ address: url.host, family: url.literal }] });
    }
    const resolved = await this.resolver.addresses(url.host);
    const addresses = resolved.isOk() ? resolved.value : [];
    if (mustResolve && resolved.isErr()) return err(`Refused: ${url.host} does not resolve (${resolved.error})`);
    if (mustResolve && addresses.length === 0) return err(`Refused: ${url.host} has no address`);
    for (const { address, family } of addresses) {
      const reason = this.policy.blockedReason(address, family);
      if (reason) return err(`Refused: ${url.host} resolves to ${address}, ${reason}`);
    }
    return ok({ url, exempt: false, addresses });
  }
}
