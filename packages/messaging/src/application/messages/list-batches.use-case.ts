import { checkLimit, err, ok, ResultAsync, type Result, type ValidationError } from '@tuma/kernel';
import type { BatchRepository, MessageBatch } from '../../domain/messages/message-batch.ts';
import { inScope, type KeyScope } from '../../domain/messages/key-scope.ts';
import type { BatchTotals, MessageRepository } from './message.repository.port.ts';

export const BATCH_LIST_MAX_LIMIT = 100;

/** A batch with its progress (as `GetBatch` counts it: members not written yet are `queued`). */
export interface BatchSummary extends BatchTotals {
  readonly batch: MessageBatch;
}

export interface BatchList {
  readonly batches: readonly BatchSummary[];
  readonly hasMore: boolean;
}

/**
 * The account's bulk sends, newest first, each with its counts per status; a test scope sees its
 * test batches only, as `GetBatch` finds them (the console's batch list; the API has no list route).
 */
export class ListBatches {
  constructor(
    private readonly messages: MessageRepository,
    private readonly batches: BatchRepository,
  ) {}

  execute(scope: KeyScope, page: number, limit: number): ResultAsync<BatchList, ValidationError> {
    return new ResultAsync(
      (async (): Promise<Result<BatchList, ValidationError>> => {
        const checked = checkLimit(limit, BATCH_LIST_MAX_LIMIT);
        if (checked.isErr()) return err(checked.error);
        const found = (await this.batches.list(scope.accountId, Math.max(0, page) * limit, limit + 1)).filter((batch) => inScope(scope, batch));
        const shown = found.slice(0, limit);
        const batches = await Promise.all(
          shown.map(async (batch) => {
            const written = await this.messages.batchTotals(scope.accountId, batch.id);
            const kept = batch.total - written.total;
            const counts = kept > 0 ? { ...written.counts, queued: (written.counts.queued ?? 0) + kept } : written.counts;
            return { batch, total: batch.total, counts, cost: batch.cost };
          }),
        );
        return ok({ batches, hasMore: found.length > limit });
      })(),
    );
  }
}
