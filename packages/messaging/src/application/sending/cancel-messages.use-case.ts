import { sumCosts, type WalletLedger } from '@tuma/billing';
import { err, notFound, ok, ResultAsync, type Clock, type Money, type NotFoundError, type Result, type UnitOfWork } from '@tuma/kernel';
import { deliveryReports } from '../../domain/events/delivery-report.ts';
import type { EventPublisher } from '../../domain/events/webhook-event.ts';
import type { BatchAudience } from './batch-audience.port.ts';
import type { BatchRepository } from '../../domain/messages/message-batch.ts';
import type { MessageRepository } from '../messages/message.repository.port.ts';
import { inScope, type KeyScope } from '../../domain/messages/key-scope.ts';
import type { OutboundMessage } from '../../domain/messages/outbound-message.ts';
import { notCancellable, type NotCancellableError } from '../../domain/messages/send-errors.ts';
import { legalTransition } from './legal-transition.ts';
import { refundMessage } from './refund-message.ts';

export interface CancelledBatch {
  readonly batchId: string;
  /** Members cancelled by this call. */
  readonly cancelled: number;
  /** What went back to the wallet (zero for test batches). */
  readonly refunded: Money;
}

/**
 * Cancels what has not been handed to a carrier yet: a `queued` message (scheduled, waiting for a
 * retry, or not picked up yet), or every still-queued member of a batch. Cancelled messages become
 * `rejected` with `cancelled` and their cost goes back to the wallet: per message for a single
 * message, in one refund of the sum for a batch. Jobs that come for them later find them final.
 */
export class CancelMessages {
  constructor(
    private readonly messages: MessageRepository,
    private readonly batches: BatchRepository,
    private readonly audience: BatchAudience,
    private readonly ledger: WalletLedger,
    private readonly events: EventPublisher,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  cancelMessage(scope: KeyScope, id: string): ResultAsync<OutboundMessage, NotFoundError | NotCancellableError> {
    return this.unitOfWork.run(() =>
      new ResultAsync(
        (async (): Promise<Result<OutboundMessage, NotFoundError | NotCancellableError>> => {
          const [message] = (await this.messages.lockByIds([id])).filter((m) => inScope(scope, m));
          if (!message) return err(notFound('message', id));
          if (message.delivery.status !== 'queued') return err(notCancellable(message.delivery.status));
          const cancelled = this.cancel(message);
          await refundMessage(this.ledger, cancelled);
          await this.saveCancelled([cancelled]);
          return ok(cancelled);
        })(),
      ),
    );
  }

  cancelBatch(scope: KeyScope, batchId: string): ResultAsync<CancelledBatch, NotFoundError> {
    return this.unitOfWork.run(() =>
      new ResultAsync(
        (async (): Promise<Result<CancelledBatch, NotFoundError>> => {
          const { accountId } = scope;
          const batch = await this.batches.find(accountId, batchId);
          if (!batch || !inScope(scope, batch)) return err(notFound('batch', batchId));
          // Members not written as messages yet are written now, to be cancelled like the others.
          await this.audience.materialize(batchId, 0, batch.total - 1);
          const members = await this.messages.lockBatchRange(batchId, 0, batch.total - 1);
          const cancelled = members.filter((m) => m.delivery.status === 'queued').map((m) => this.cancel(m));
          const refunded = sumCosts(
            cancelled.map((m) => m.cost),
            batch.cost.currency,
          );
          if (batch.chargeEntryId && refunded.isPositive()) {
            const refund = await this.ledger.refund({
              accountId,
              entryId: batch.chargeEntryId,
              amount: refunded,
              reason: `Cancelled ${cancelled.length} messages of bulk SMS ${batchId}`,
              reference: `cancel:${batchId}:${cancelled[0]!.id}`,
            });
            if (refund.isErr()) throw new Error(`Refunding the cancelled members of ${batchId} failed: ${refund.error.message}`);
          }
          await this.saveCancelled(cancelled);
          return ok({ batchId, cancelled: cancelled.length, refunded: batch.chargeEntryId ? refunded : refunded.multiply(0) });
        })(),
      ),
    );
  }

  /** Cancelled messages were `queued`: they are written and reported as `rejected`. */
  private async saveCancelled(cancelled: readonly OutboundMessage[]): Promise<void> {
    await this.messages.saveDelivery(cancelled);
    await this.events.publish(deliveryReports(cancelled.map((after) => ({ before: 'queued' as const, after })), this.clock.now()));
  }

  private cancel(message: OutboundMessage): OutboundMessage {
    return legalTransition(message.id, message.reject('cancelled', this.clock.now()));
  }
}
