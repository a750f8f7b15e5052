import { checkLimit, err, notFound, ok, ResultAsync, type NotFoundError, type Result, type ValidationError } from '@tuma/kernel';
import type { BatchRepository } from '../../domain/messages/message-batch.ts';
import type { BatchTotals, MessageRepository } from './message.repository.port.ts';
import { inScope, type KeyScope } from '../../domain/messages/key-scope.ts';
import type { OutboundMessage } from '../../domain/messages/outbound-message.ts';

export const BATCH_PAGE_MAX_LIMIT = 200;
export const BATCH_PAGE_DEFAULT_LIMIT = 50;

export interface BatchView extends BatchTotals {
  readonly batchId: string;
  readonly page: number;
  readonly limit: number;
  /** Newest first. */
  readonly messages: readonly OutboundMessage[];
}

/**
 * `GET /api/messages/batch/{batch_id}`: counts, cost and a page of members; not found when the
 * account has no such batch. Members not written as messages yet (their dispatch job has not run)
 * count as `queued`, at their cost.
 */
export class GetBatch {
  constructor(
    private readonly messages: MessageRepository,
    private readonly batches: BatchRepository,
  ) {}

  execute(scope: KeyScope, batchId: string, page: number, limit: number): ResultAsync<BatchView, NotFoundError | ValidationError> {
    return new ResultAsync(
      (async (): Promise<Result<BatchView, NotFoundError | ValidationError>> => {
        const checked = checkLimit(limit, BATCH_PAGE_MAX_LIMIT);
        if (checked.isErr()) return err(checked.error);
        const { accountId } = scope;
        const batch = await this.batches.find(accountId, batchId);
        if (!batch || !inScope(scope, batch)) return err(notFound('batch', batchId));
        const written = await this.messages.batchTotals(accountId, batchId);
        const kept = batch.total - written.total;
        const counts = kept > 0 ? { ...written.counts, queued: (written.counts.queued ?? 0) + kept } : written.counts;
        const members = await this.messages.batchMembers(accountId, batchId, page, limit);
        return ok({ total: batch.total, counts, cost: batch.cost, batchId, page, limit, messages: members });
      })(),
    );
  }
}
