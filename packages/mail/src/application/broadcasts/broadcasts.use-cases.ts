import { errAsync, notFound, ResultAsync, type Clock, type NotFoundError } from '@tuma/kernel';
import { broadcastNotCancellable, broadcastStatus, type BroadcastNotCancellableError, type BroadcastProgress, type BroadcastSnapshot, type BroadcastStatus } from '../../domain/broadcasts/broadcast.ts';
import type { Page } from '../paging.ts';
import type { BroadcastRepository } from './broadcast.repository.port.ts';

/** A broadcast as read: with its status and where its recipients are. */
export interface BroadcastView {
  readonly broadcast: BroadcastSnapshot;
  readonly status: BroadcastStatus;
  readonly progress: BroadcastProgress;
}

const broadcastNotFound = (id: string): NotFoundError => notFound('broadcast', id);

/** `GET /v1/broadcasts`, `GET /v1/broadcasts/{id}` and `POST /v1/broadcasts/{id}/cancel`. */
export class Broadcasts {
  constructor(
    private readonly broadcasts: BroadcastRepository,
    private readonly clock: Clock,
  ) {}

  get(accountId: string, id: string): ResultAsync<BroadcastView, NotFoundError> {
    return ResultAsync.fromSafePromise(this.broadcasts.find(accountId, id)).andThen((broadcast) => (broadcast ? ResultAsync.fromSafePromise(this.view(broadcast)) : errAsync(broadcastNotFound(id))));
  }

  /** Newest first, with each one's counts (a page holds at most 100). */
  list(input: { readonly accountId: string; readonly after?: string; readonly limit: number }): ResultAsync<Page<BroadcastView>, never> {
    return ResultAsync.fromSafePromise(
      (async () => {
        const rows = await this.broadcasts.list(input.accountId, { after: input.after, limit: input.limit + 1 });
        const items = await Promise.all(rows.slice(0, input.limit).map((broadcast) => this.view(broadcast)));
        return { items, next: rows.length > input.limit ? items[items.length - 1]!.broadcast.id : null };
      })(),
    );
  }

  /**
   * Stops the recipients still waiting for their email (all of them before `scheduled_at`); the
   * emails already written go on (each may still be cancelled as an email while scheduled).
   * `not_cancellable` once none waits or when cancelled already.
   */
  cancel(accountId: string, id: string): ResultAsync<BroadcastView, NotFoundError | BroadcastNotCancellableError> {
    return this.get(accountId, id).andThen((view) => {
      if (view.status === 'cancelled' || view.progress.states.pending === 0) return errAsync(broadcastNotCancellable(view.status));
      return ResultAsync.fromSafePromise(this.broadcasts.cancel(id, this.clock.now())).andThen(() => this.get(accountId, id));
    });
  }

  private async view(broadcast: BroadcastSnapshot): Promise<BroadcastView> {
    const progress = await this.broadcasts.progress(broadcast.id);
    return { broadcast, progress, status: broadcastStatus(broadcast, progress, this.clock.now()) };
  }
}
