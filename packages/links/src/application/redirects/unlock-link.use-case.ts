import { errAsync, notFound, okAsync, ResultAsync, type Clock, type NotFoundError } from '@tuma/kernel';
import { Link, type LinkDestination } from '../../domain/links/link.aggregate.ts';
import { wrongLinkPassword, type WrongLinkPasswordError } from '../../domain/links/redirect-errors.ts';
import type { RecordClick, Visit } from '../clicks/record-click.use-case.ts';
import type { LinkPasswords } from '../links/link-passwords.port.ts';
import type { LinkRepository } from '../links/link.repository.port.ts';
import type { ShortPath } from './follow-link.use-case.ts';

/** The password page's form: the right password leads to the target (and records the click); a wrong one shows the page again. */
export class UnlockLink {
  constructor(
    private readonly links: LinkRepository,
    private readonly passwords: LinkPasswords,
    private readonly recordClick: RecordClick,
    private readonly clock: Clock,
  ) {}

  execute(path: ShortPath & { readonly password: string }, visit: Visit): ResultAsync<LinkDestination, NotFoundError | WrongLinkPasswordError> {
    return ResultAsync.fromSafePromise(this.links.findBySlug(path.domainId ?? null, path.slug)).andThen((found) => {
      if (!found) return errAsync(notFound('link', path.slug));
      const link = Link.rehydrate(found);
      const destination = link.destinationAt(this.clock.now());
      if (destination.kind !== 'password_required' || link.passwordHash === null) return okAsync(destination);
      return ResultAsync.fromSafePromise(this.passwords.verify(path.password, link.passwordHash)).andThen((right) => {
        if (!right) return errAsync(wrongLinkPassword());
        this.recordClick.execute(found, visit);
        return okAsync<LinkDestination, never>({ kind: 'redirect', location: link.target() });
      });
    });
  }
}
