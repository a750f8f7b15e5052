import type { SignedTokens } from '../signing/signed-tokens.ts';

/** How long a confirmation link holds: a week, since the mailbox may be a colleague's who reads it later. */
export const CONFIRMATION_TTL_MS = 7 * 24 * 3600 * 1000;

export interface ConfirmationClaim {
  readonly accountId: string;
  readonly senderAddressId: string;
  /** The address it was sent to: a link still holds only for that address under that id. */
  readonly email: string;
  readonly expiresAt: Date;
}

/** The signed tokens of confirmation links (`SignedTokens`, purpose `sender-address`): nothing is stored for them. */
export class ConfirmationTokens {
  constructor(private readonly tokens: SignedTokens) {}

  sign(claim: ConfirmationClaim): string {
    return this.tokens.sign('sender-address', [claim.accountId, claim.senderAddressId, claim.email, claim.expiresAt.getTime()].join('\n'));
  }

  /** The claim of a token we signed that has not expired at `now`. */
  read(token: string, now: Date): ConfirmationClaim | undefined {
    const [accountId, senderAddressId, email, expires, ...rest] = this.tokens.read('sender-address', token)?.split('\n') ?? [];
    const expiresAt = new Date(Number(expires));
    if (!accountId || !senderAddressId || !email || rest.length > 0 || Number.isNaN(expiresAt.getTime()) || expiresAt.getTime() <= now.getTime()) return undefined;
    return { accountId, senderAddressId, email, expiresAt };
  }
}
