import { errAsync, notFound, okAsync, ResultAsync, type Clock, type NotFoundError, type ValidationError } from '@tuma/kernel';
import { slugTaken, type SlugTakenError } from '../../domain/links/link-errors.ts';
import { Link, type LinkEnvironment, type LinkSnapshot } from '../../domain/links/link.aggregate.ts';
import type { LinkFields, LinkInput } from './link-input.ts';
import type { LinkRepository } from './link.repository.port.ts';

export type UpdateLinkInput = LinkFields & { readonly accountId: string; readonly environment: LinkEnvironment; readonly id: string };

/** Changes a link of the account: the fields given only, screened as on create; a new slug must be free (409). */
export class UpdateLink {
  constructor(
    private readonly links: LinkRepository,
    private readonly input: LinkInput,
    private readonly clock: Clock,
  ) {}

  execute(input: UpdateLinkInput): ResultAsync<LinkSnapshot, NotFoundError | ValidationError | SlugTakenError> {
    return ResultAsync.fromSafePromise(this.links.find(input.accountId, input.environment, input.id)).andThen((found) => {
      if (!found) return errAsync(notFound('link', input.id));
      return this.input.changes(input, input).andThen((changes) => {
        const link = Link.rehydrate(found);
        link.change(changes, this.clock.now());
        const saved = link.toSnapshot();
        return ResultAsync.fromSafePromise(this.links.save(saved)).andThen((ok) => (ok ? okAsync(saved) : errAsync(slugTaken(saved.slug))));
      });
    });
  }
}
