import { errAsync, notFound, okAsync, ResultAsync, type NotFoundError } from '@tuma/kernel';
import type { LinkOwner } from '../link-owner.ts';
import type { LinkRepository } from './link.repository.port.ts';

/** Deletes a link of the account: its short URL answers 404 from then on. */
export class DeleteLink {
  constructor(private readonly links: LinkRepository) {}

  execute(input: LinkOwner & { readonly id: string }): ResultAsync<void, NotFoundError> {
    return ResultAsync.fromSafePromise(this.links.remove(input.accountId, input.environment, input.id)).andThen((removed) => (removed ? okAsync(undefined) : errAsync(notFound('link', input.id))));
  }
}
