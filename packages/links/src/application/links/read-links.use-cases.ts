import { checkLimit, errAsync, notFound, okAsync, ResultAsync, type NotFoundError, type ValidationError } from '@tuma/kernel';
import type { LinkEnvironment, LinkSnapshot } from '../../domain/links/link.aggregate.ts';
import type { LinkListFilter, LinkRepository } from './link.repository.port.ts';

/** The most links one page lists (the spec's `limit` max 200). */
export const MAX_LINKS_PAGE = 200;

interface Owner {
  readonly accountId: string;
  readonly environment: LinkEnvironment;
}

/** A link of the account, in the caller's environment; another account's is not found (404). */
export class GetLink {
  constructor(private readonly links: LinkRepository) {}

  execute(input: Owner & { readonly id: string }): ResultAsync<LinkSnapshot, NotFoundError> {
    return ResultAsync.fromSafePromise(this.links.find(input.accountId, input.environment, input.id)).andThen((link) => (link ? okAsync(link) : errAsync(notFound('link', input.id))));
  }
}

/** The account's links of the caller's environment, newest first, filtered and paged. */
export class ListLinks {
  constructor(private readonly links: LinkRepository) {}

  execute(input: Owner & LinkListFilter): ResultAsync<readonly LinkSnapshot[], ValidationError> {
    const limit = checkLimit(input.limit, MAX_LINKS_PAGE);
    if (limit.isErr()) return errAsync(limit.error);
    const { accountId, environment, ...filter } = input;
    return ResultAsync.fromSafePromise(this.links.list(accountId, environment, filter));
  }
}

/** Deletes a link of the account: its short URL answers 404 from then on. */
export class DeleteLink {
  constructor(private readonly links: LinkRepository) {}

  execute(input: Owner & { readonly id: string }): ResultAsync<void, NotFoundError> {
    return ResultAsync.fromSafePromise(this.links.remove(input.accountId, input.environment, input.id)).andThen((removed) => (removed ? okAsync(undefined) : errAsync(notFound('link', input.id))));
  }
}
