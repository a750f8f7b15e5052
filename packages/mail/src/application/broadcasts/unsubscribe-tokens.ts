import type { MailPublicUrl } from '../mail-public-url.ts';
import type { SignedTokens } from '../signing/signed-tokens.ts';

/** What an unsubscribe link says: this contact, reached by this broadcast. */
export interface UnsubscribeClaim {
  readonly contactId: string;
  readonly broadcastId: string;
}

const PURPOSE = 'unsubscribe';

/**
 * The tokens of unsubscribe links (`{mail_url}/u/<token>`), signed with the mail token key like the
 * tracking links (`SignedTokens`, purpose `unsubscribe`: no tracking or confirmation token passes
 * for one). Nothing is stored per link, and they do not expire: RFC 8058 links must keep working
 * for as long as the message can be read.
 */
export class UnsubscribeTokens {
  constructor(
    private readonly tokens: SignedTokens,
    private readonly publicUrl: MailPublicUrl,
  ) {}

  sign(claim: UnsubscribeClaim): string {
    return this.tokens.sign(PURPOSE, `${claim.contactId}\n${claim.broadcastId}`);
  }

  url(claim: UnsubscribeClaim): string {
    return `${this.publicUrl.baseUrl()}/u/${this.sign(claim)}`;
  }

  read(token: string): UnsubscribeClaim | undefined {
    const payload = this.tokens.read(PURPOSE, token);
    const [contactId, broadcastId, ...rest] = payload?.split('\n') ?? [];
    return contactId && broadcastId && rest.length === 0 ? { contactId, broadcastId } : undefined;
  }
}
