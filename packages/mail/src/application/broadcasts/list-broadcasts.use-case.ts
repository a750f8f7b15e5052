import { ResultAsync, type Clock } from '@tuma/kernel';
import type { Page } from '../paging.ts';
import { viewOf, type BroadcastView } from './broadcast-view.ts';
import type { BroadcastRepository } from './broadcast.repository.port.ts';

/** `GET /v1/broadcasts`: newest first, with each one's counts (a page holds at most 100). */
export class ListBroadcasts {
  constructor(
    private readonly broadcasts: BroadcastRepository,
    private readonly clock: Clock,
  ) {}

  execute(input: { readonly accountId: string; readonly after?: string; readonly limit: number }): ResultAsync<Page<BroadcastView>, never> {
    return ResultAsync.fromSafePromise(
      (async () => {
        const rows = await this.broadcasts.list(input.accountId, { after: input.after, limit: input.limit + 1 });
        const items = await Promise.all(rows.slice(0, input.limit).map((broadcast) => viewOf(this.broadcasts, broadcast, this.clock)));
        return { items, next: rows.length > input.limit ? items[items.length - 1]!.broadcast.id : null };
      })(),
    );
  }
}
