import { errAsync, notFound, okAsync, ResultAsync, type Clock, type NotFoundError } from '@tuma/kernel';
import type { MailContactRepository } from '../contacts/mail-contact.repository.port.ts';
import type { UnsubscribeClaim, UnsubscribeTokens } from './unsubscribe-tokens.ts';

const unknownLink = (): NotFoundError => notFound('unsubscribe_link', 'token');

/**
 * The unsubscribe link of a broadcast's message (RFC 8058). `check` only reads the token (the
 * confirmation page of a GET: mail scanners prefetch links, so a GET must change nothing);
 * `confirm` marks the contact unsubscribed (the one-click POST, or the page's button). A token that
 * does not verify is `not_found`; one whose contact was deleted since unsubscribes nothing and says
 * so no differently (the address is on no list of ours any more).
 */
export class Unsubscribe {
  constructor(
    private readonly tokens: UnsubscribeTokens,
    private readonly contacts: MailContactRepository,
    private readonly clock: Clock,
  ) {}

  check(token: string): ResultAsync<UnsubscribeClaim, NotFoundError> {
    const claim = this.tokens.read(token);
    return claim ? okAsync(claim) : errAsync(unknownLink());
  }

  confirm(token: string): ResultAsync<UnsubscribeClaim, NotFoundError> {
    return this.check(token).andThen((claim) => ResultAsync.fromSafePromise(this.contacts.unsubscribe(claim.contactId, this.clock.now())).map(() => claim));
  }
}
