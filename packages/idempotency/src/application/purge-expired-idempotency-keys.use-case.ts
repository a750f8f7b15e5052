import { ResultAsync, type Clock } from '@tuma/kernel';
import type { IdempotencyKeyStore } from './idempotency-key-store.port.ts';

/** Records deleted per statement: short statements, so a large backlog never holds locks long. */
export const PURGE_CHUNK = 1_000;

/** Deletes every record past its 24 hours, a chunk at a time; answers how many. Run periodically by the workers. */
export class PurgeExpiredIdempotencyKeys {
  constructor(
    private readonly store: IdempotencyKeyStore,
    private readonly clock: Clock,
  ) {}

  execute(): ResultAsync<number, never> {
    return ResultAsync.fromSafePromise(this.purge());
  }

  private async purge(): Promise<number> {
    const now = this.clock.now();
    let total = 0;
    for (;;) {
      const deleted = await this.store.purgeExpired(now, PURGE_CHUNK);
      total += deleted;
      if (deleted < PURGE_CHUNK) return total;
    }
  }
}
