import type { Clock, NotFoundError, ResultAsync } from '@tuma/kernel';
import { findBroadcastView, type BroadcastView } from './broadcast-view.ts';
import type { BroadcastRepository } from './broadcast.repository.port.ts';

/** `GET /v1/broadcasts/{id}`: a broadcast of the account with its status and progress. */
export class GetBroadcast {
  constructor(
    private readonly broadcasts: BroadcastRepository,
    private readonly clock: Clock,
  ) {}

  execute(input: { readonly accountId: string; readonly id: string }): ResultAsync<BroadcastView, NotFoundError> {
    return findBroadcastView(this.broadcasts, input, this.clock);
  }
}
