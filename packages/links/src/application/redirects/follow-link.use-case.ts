import { errAsync, notFound, okAsync, ResultAsync, type Clock, type NotFoundError } from '@tuma/kernel';
import { Link, type LinkDestination } from '../../domain/links/link.aggregate.ts';
import type { RecordClick, Visit } from '../clicks/record-click.use-case.ts';
import type { LinkRepository } from '../links/link.repository.port.ts';

/** A short URL: a slug on the default short domain, or on a verified branded domain (`domainId`, from the request's Host). */
export interface ShortPath {
  readonly slug: string;
  /** The branded domain (`BrandedHosts.domainOf`); absent or null for the default short domain. */
  readonly domainId?: string | null;
}

/**
 * A click on a short URL (docs/links.md, "Redirects"): where it goes now (the target with its
 * UTM, the expired URL or nothing, or the password page). A click that reaches the target is
 * recorded, off the request path; an expired link or the password page records none.
 */
export class FollowLink {
  constructor(
    private readonly links: LinkRepository,
    private readonly recordClick: RecordClick,
    private readonly clock: Clock,
  ) {}

  /** Without a visit (a HEAD request), no click is recorded. */
  execute(path: ShortPath, visit?: Visit): ResultAsync<LinkDestination, NotFoundError> {
    return ResultAsync.fromSafePromise(this.links.findBySlug(path.domainId ?? null, path.slug)).andThen((found) => {
      if (!found) return errAsync(notFound('link', path.slug));
      const destination = Link.rehydrate(found).destinationAt(this.clock.now());
      if (destination.kind === 'redirect' && visit) this.recordClick.execute(found, visit);
      return okAsync(destination);
    });
  }
}
