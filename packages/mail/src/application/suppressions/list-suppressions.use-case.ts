import type { ResultAsync } from '@tuma/kernel';
import type { Suppression } from '../../domain/suppressions/suppression.ts';
import { pageOf, type Page } from '../paging.ts';
import type { SuppressionList, SuppressionQuery } from './suppression-list.port.ts';

/** `GET /suppressions`: the account's suppressed addresses, newest first, a page at a time. */
export class ListSuppressions {
  constructor(private readonly suppressions: SuppressionList) {}

  execute(query: SuppressionQuery): ResultAsync<Page<Suppression>, never> {
    return pageOf((limit) => this.suppressions.list({ ...query, limit }), query.limit);
  }
}
