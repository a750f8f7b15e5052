import { errAsync, notFound, okAsync, ResultAsync, type NotFoundError } from '@tuma/kernel';
import type { LinkOwner } from '../link-owner.ts';
import type { LinkSnapshot } from '../../domain/links/link.aggregate.ts';
import type { LinkRepository } from './link.repository.port.ts';

/** A link of the account, in the caller's environment; another account's is not found (404). */
export class GetLink {
  constructor(private readonly links: LinkRepository) {}

  execute(input: LinkOwner & { readonly id: string }): ResultAsync<LinkSnapshot, NotFoundError> {
    return ResultAsync.fromSafePromise(this.links.find(input.accountId, input.environment, input.id)).andThen((link) => (link ? okAsync(link) : errAsync(notFound('link', input.id))));
  }
}
