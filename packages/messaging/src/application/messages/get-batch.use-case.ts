import { checkLimit, err, notFound, ok, ResultAsync, type NotFoundError, type Result, type ValidationError } from '@tuma/kernel';
import type { BatchTotals, MessageRepository } from '../../domain/messages/message.repository.port.ts';
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

/** `GET /api/messages/batch/{batch_id}`: counts, cost and a page of members; not found when it has no messages. */
export class GetBatch {
  constructor(private readonly messages: MessageRepository) {}

  execute(accountId: string, batchId: string, page: number, limit: number): ResultAsync<BatchView, NotFoundError | ValidationError> {
    return new ResultAsync(
      (async (): Promise<Result<BatchView, NotFoundError | ValidationError>> => {
        const checked = checkLimit(limit, BATCH_PAGE_MAX_LIMIT);
        if (checked.isErr()) return err(checked.error);
        const totals = await this.messages.batchTotals(accountId, batchId);
        if (totals.total === 0) return err(notFound('batch', batchId));
        const members = await this.messages.batchMembers(accountId, batchId, page, limit);
        return ok({ ...totals, batchId, page, limit, messages: members });
      })(),
    );
  }
}
