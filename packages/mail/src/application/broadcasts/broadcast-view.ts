import { errAsync, notFound, ResultAsync, type Clock, type NotFoundError } from '@tuma/kernel';
import { broadcastStatus, type BroadcastProgress, type BroadcastSnapshot, type BroadcastStatus } from '../../domain/broadcasts/broadcast.ts';
import type { BroadcastRepository } from './broadcast.repository.port.ts';

/** A broadcast as read: with its status and where its recipients are. */
export interface BroadcastView {
  readonly broadcast: BroadcastSnapshot;
  readonly status: BroadcastStatus;
  readonly progress: BroadcastProgress;
}

/** The broadcast's view now (its progress read from its recipients). */
export async function viewOf(broadcasts: BroadcastRepository, broadcast: BroadcastSnapshot, clock: Clock): Promise<BroadcastView> {
  const progress = await broadcasts.progress(broadcast.id);
  return { broadcast, progress, status: broadcastStatus(broadcast, progress, clock.now()) };
}

/** A broadcast of the account, as read now; another account's is not found. */
export function findBroadcastView(broadcasts: BroadcastRepository, input: { readonly accountId: string; readonly id: string }, clock: Clock): ResultAsync<BroadcastView, NotFoundError> {
  return ResultAsync.fromSafePromise(broadcasts.find(input.accountId, input.id)).andThen((broadcast) =>
    broadcast ? ResultAsync.fromSafePromise(viewOf(broadcasts, broadcast, clock)) : errAsync(notFound('broadcast', input.id)),
  );
}
