import type { SignedTokens } from '../signing/signed-tokens.ts';

/** What a tracking link says: an open of an email, or a click of one of its links. */
export type TrackingClaim = { readonly kind: 'open'; readonly emailId: string } | { readonly kind: 'click'; readonly emailId: string; readonly url: string };

/**
 * The tokens of tracking links, signed (`SignedTokens`) for their kind: the email id and, for a
 * click, the URL. An open token is no click token, and a token read back is exactly what one of
 * our emails carried, so a click can only lead where one of our emails linked.
 */
export class TrackingTokens {
  constructor(private readonly tokens: SignedTokens) {}

  sign(claim: TrackingClaim): string {
    return this.tokens.sign(`tracking:${claim.kind}`, claim.kind === 'open' ? claim.emailId : `${claim.emailId}\n${claim.url}`);
  }

  read(kind: TrackingClaim['kind'], token: string): TrackingClaim | undefined {
    const payload = this.tokens.read(`tracking:${kind}`, token);
    if (payload === undefined || payload === '') return undefined;
    if (kind === 'open') return { kind, emailId: payload };
    const newline = payload.indexOf('\n');
    return newline === -1 ? undefined : { kind, emailId: payload.slice(0, newline), url: payload.slice(newline + 1) };
  }
}
