import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a tracking link says: an open of an email, or a click of one of its links. */
export type TrackingClaim = { readonly kind: 'open'; readonly emailId: string } | { readonly kind: 'click'; readonly emailId: string; readonly url: string };

const MAC_BYTES = 16;

/**
 * The tokens of tracking links: `<payload>.<mac>` in base64url, the payload the email id (and, for
 * a click, the URL), the MAC an HMAC-SHA256 (first 128 bits) under the server's mail token key of
 * the kind and the payload. A token is only ever read back through `read`: a token altered in any
 * byte, made without the key, or of the other kind, reads as nothing, so a click can only lead
 * where one of our emails linked.
 */
export class TrackingTokens {
  constructor(private readonly key: () => Buffer) {}

  sign(claim: TrackingClaim): string {
    const payload = claim.kind === 'open' ? claim.emailId : `${claim.emailId}\n${claim.url}`;
    return `${Buffer.from(payload, 'utf8').toString('base64url')}.${this.mac(claim.kind, payload).toString('base64url')}`;
  }

  read(kind: TrackingClaim['kind'], token: string): TrackingClaim | undefined {
    const [encoded, mac, ...rest] = token.split('.');
    if (!encoded || !mac || rest.length > 0) return undefined;
    const payload = Buffer.from(encoded, 'base64url').toString('utf8');
    const given = Buffer.from(mac, 'base64url');
    // base64url decoding skips what is not in its alphabet: the token must be exactly what `sign` writes.
    if (given.length !== MAC_BYTES || given.toString('base64url') !== mac || Buffer.from(payload, 'utf8').toString('base64url') !== encoded) return undefined;
    if (!timingSafeEqual(given, this.mac(kind, payload))) return undefined;
    if (kind === 'open') return { kind, emailId: payload };
    const newline = payload.indexOf('\n');
    return newline === -1 ? undefined : { kind, emailId: payload.slice(0, newline), url: payload.slice(newline + 1) };
  }

  private mac(kind: TrackingClaim['kind'], payload: string): Buffer {
    return createHmac('sha256', this.key()).update(`mail-tracking:${kind}\n${payload}`).digest().subarray(0, MAC_BYTES);
  }
}
