import { checkLimit, errAsync, ResultAsync, type ValidationError } from '@tuma/kernel';
import type { LinkOwner } from '../link-owner.ts';
import type { LinkSnapshot } from '../../domain/links/link.aggregate.ts';
import type { LinkListFilter, LinkRepository } from './link.repository.port.ts';

/** The most links one page lists (the spec's `limit` max 200). */
export const MAX_LINKS_PAGE = 200;

/** The account's links of the caller's environment, newest first, filtered and paged. */
export class ListLinks {
  constructor(private readonly links: LinkRepository) {}

  execute(input: LinkOwner & LinkListFilter): ResultAsync<readonly LinkSnapshot[], ValidationError> {
    const limit = checkLimit(input.limit, MAX_LINKS_PAGE);
    if (limit.isErr()) return errAsync(limit.error);
    const { accountId, environment, ...filter } = input;
    return ResultAsync.fromSafePromise(this.links.list(accountId, environment, filter));
  }
}
