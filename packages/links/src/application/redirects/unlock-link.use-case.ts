import { errAsync, notFound, okAsync, rateLimited, ResultAsync, whenNotBusy, type Clock, type GuessThrottle, type NotFoundError, type RateLimitedError } from '@tuma/kernel';
import { Link, type LinkDestination } from '../../domain/links/link.aggregate.ts';
import { wrongLinkPassword, type WrongLinkPasswordError } from '../../domain/links/redirect-errors.ts';
import type { RecordClick, Visit } from '../clicks/record-click.use-case.ts';
import type { LinkPasswords } from '../links/link-passwords.port.ts';
import type { LinkRepository } from '../links/link.repository.port.ts';
import type { ShortPath } from './follow-link.use-case.ts';

export type UnlockLinkError = NotFoundError | WrongLinkPasswordError | RateLimitedError;

/**
 * The password page's form: the right password leads to the target (and records the click); a wrong
 * one shows the page again. Guesses are throttled per (visitor address, link), per link and per
 * address as sign-ins are (the kernel's `GuessThrottle`, scope `link`; 429 while held back), and each
 * check takes an anonymous client's turn of the hashing pool (docs/links.md, "Passwords").
 */
export class UnlockLink {
  constructor(
    private readonly links: LinkRepository,
    private readonly passwords: LinkPasswords,
    private readonly throttle: GuessThrottle,
    private readonly recordClick: RecordClick,
    private readonly clock: Clock,
  ) {}

  execute(path: ShortPath & { readonly password: string }, visit: Visit): ResultAsync<LinkDestination, UnlockLinkError> {
    return ResultAsync.fromSafePromise(this.links.findBySlug(path.domainId ?? null, path.slug)).andThen((found) => {
      if (!found) return errAsync(notFound('link', path.slug));
      const link = Link.rehydrate(found);
      const destination = link.destinationAt(this.clock.now());
      if (destination.kind !== 'password_required' || link.passwordHash === null) return okAsync(destination);
      const passwordHash = link.passwordHash;
      return this.throttle
        .attempt(link.id, visit.address)
        .mapErr(({ retryAfter }) => rateLimited(retryAfter, `Too many wrong passwords: try again in ${retryAfter} s`))
        .andThen((attempt) =>
          whenNotBusy(this.passwords.verify(path.password, passwordHash, { client: visit.address, priority: false })).orElse((busy) =>
            ResultAsync.fromSafePromise(attempt.withdrawn()).andThen(() => errAsync(busy)),
          ).andThen((right) => {
            if (!right) return errAsync(wrongLinkPassword());
            return ResultAsync.fromSafePromise(attempt.succeeded()).map((): LinkDestination => {
              this.recordClick.execute(found, visit);
              return { kind: 'redirect', location: link.target() };
            });
          }),
        );
    });
  }
}
