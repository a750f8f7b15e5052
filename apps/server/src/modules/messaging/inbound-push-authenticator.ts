import { err, notFound, type Clock } from '@tuma/kernel';
import type { InboundPushAuthenticator } from '@tuma/koa-adapter';
import { headerValue, type TimestampedSignatures } from '@tuma/webhooks';

/** The header aggregators sign their pushes in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const INBOUND_SIGNATURE_HEADER = 'Tuma-Signature';

/**
 * Pushes to /api/inbound/{provider} are authentic when signed with that provider's secret
 * (INBOUND_SECRETS), in the scheme of Tuma's other signed inbound webhooks (`@tuma/webhooks`):
 * within 300 s of our clock, compared in constant time. A provider without a secret does not exist
 * (404), so the endpoint is closed until one is configured. docs/inbound.md.
 */
export function inboundPushAuthenticator(secrets: Readonly<Record<string, string>>, signatures: TimestampedSignatures, clock: Clock): InboundPushAuthenticator {
  return (provider, rawBody, headers) => {
    const secret = Object.hasOwn(secrets, provider) ? secrets[provider] : undefined;
    if (secret === undefined) return err(notFound('inbound_provider', provider));
    return signatures.verify({ header: headerValue(headers, INBOUND_SIGNATURE_HEADER), headerName: INBOUND_SIGNATURE_HEADER, rawBody, secret, now: clock.now() });
  };
}
