import { transact, type Clock, type UnitOfWork } from '@tuma/kernel';
import type { MessageRepository } from '../messages/message.repository.port.ts';
import type { OutboundMessage } from '../../domain/messages/outbound-message.ts';
import type { BatchAudience } from './batch-audience.port.ts';
import type { DeliveryChanges } from './delivery-changes.ts';
import type { DispatchReport } from './dispatch-report.ts';
import { legalTransition } from './legal-transition.ts';

/**
 * The messages that can no longer be sent, failed with `dispatch_failed` and refunded where
 * everyone sees them, never left charged and queued for ever: a caller's own submissions it died
 * before recording, and a bulk chunk that still cannot be written on its last retry.
 */
export class FailUndispatched {
  constructor(
    private readonly messages: MessageRepository,
    private readonly audience: BatchAudience,
    private readonly changes: DeliveryChanges,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /**
   * In the caller's unit of work: each message still `queued` (its sender died before submitting)
   * or `sent` (it died waiting for the carrier's answer); the text to send it again died with the
   * sender. The ids of those failed.
   */
  async unsent(messageIds: readonly string[]): Promise<string[]> {
    const rows = await this.messages.lockByIds(messageIds);
    const failed = await this.fail(rows, (m) => m.delivery.status === 'queued' || m.delivery.status === 'sent');
    return failed.map((message) => message.id);
  }

  /** A batch range's members written as they can be, then the still-queued ones failed, each once. */
  batchRange(batchId: string, fromSeq: number, toSeq: number): Promise<DispatchReport> {
    return transact(this.unitOfWork, async () => {
      await this.audience.makeStorable(batchId, fromSeq, toSeq);
      await this.audience.materialize(batchId, fromSeq, toSeq);
      const rows = await this.messages.lockBatchRange(batchId, fromSeq, toSeq);
      const failed = await this.fail(rows, (m) => m.delivery.status === 'queued');
      return { submitted: 0, accepted: 0, retried: 0, failed: failed.length };
    });
  }

  private async fail(rows: readonly OutboundMessage[], failing: (message: OutboundMessage) => boolean): Promise<OutboundMessage[]> {
    const now = this.clock.now();
    const failed: OutboundMessage[] = [];
    for (const row of rows.filter(failing)) failed.push(await this.changes.failed(legalTransition(row.id, row.fail('dispatch_failed', now))));
    await this.changes.save(rows, failed, now);
    return failed;
  }
}
