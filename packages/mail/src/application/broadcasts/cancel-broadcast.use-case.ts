import { errAsync, ResultAsync, type Clock, type NotFoundError } from '@tuma/kernel';
import { broadcastNotCancellable, type BroadcastNotCancellableError } from '../../domain/broadcasts/broadcast.ts';
import { findBroadcastView, type BroadcastView } from './broadcast-view.ts';
import type { BroadcastRepository } from './broadcast.repository.port.ts';

/**
 * `POST /v1/broadcasts/{id}/cancel`: stops the recipients still waiting for their email (all of
 * them before `scheduled_at`); the emails already written go on (each may still be cancelled as an
 * email while scheduled). `not_cancellable` once none waits or when cancelled already.
 */
export class CancelBroadcast {
  constructor(
    private readonly broadcasts: BroadcastRepository,
    private readonly clock: Clock,
  ) {}

  execute(input: { readonly accountId: string; readonly id: string }): ResultAsync<BroadcastView, NotFoundError | BroadcastNotCancellableError> {
    return findBroadcastView(this.broadcasts, input, this.clock).andThen((view) => {
      if (view.status === 'cancelled' || view.progress.states.pending === 0) return errAsync(broadcastNotCancellable(view.status));
      return ResultAsync.fromSafePromise(this.broadcasts.cancel(input.id, this.clock.now())).andThen(() => findBroadcastView(this.broadcasts, input, this.clock));
    });
  }
}
