import { ResultAsync, type Clock, type UnitOfWork } from '@tuma/kernel';
import type { DeliveryReceipt } from '../../domain/delivery/delivery-receipt.ts';
import { deliveryReports } from '../../domain/events/delivery-report.ts';
import type { EventPublisher } from '../../domain/events/webhook-event.ts';
import type { MessageRepository } from '../messages/message.repository.port.ts';
import type { OutboundMessage } from '../../domain/messages/outbound-message.ts';

/** Per receipt, in input order: applied (or ignored, as the transition rules say), or its message is unknown. */
export type ReceiptApplication = 'applied' | 'unknown_message';

/**
 * Moves messages by their delivery receipts, many receipts in one unit of work: the messages are
 * locked, each receipt applied in arrival order (`applyReceipt` ignores duplicates,
 * out-of-order and late ones), and the changed messages written in one statement. A receipt is
 * matched by our message id when the gateway knows it, else by (carrier, carrier message id).
 * Failures reported by receipts are not refunded (docs/message-statuses.md, "Refunds").
 */
export class ApplyDeliveryReceipts {
  constructor(
    private readonly messages: MessageRepository,
    private readonly events: EventPublisher,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /** Never an Err: a receipt of no message of ours is an outcome (`unknown_message`), not a failure. */
  execute(receipts: readonly DeliveryReceipt[]): ResultAsync<readonly ReceiptApplication[], never> {
    return this.unitOfWork.run(() => ResultAsync.fromSafePromise(this.apply(receipts)));
  }

  private async apply(receipts: readonly DeliveryReceipt[]): Promise<ReceiptApplication[]> {
    const byId = new Map<string, OutboundMessage>();
    for (const message of await this.messages.lockByIds(receipts.flatMap((r) => (r.messageId ? [r.messageId] : [])))) byId.set(message.id, message);
    const before = new Map([...byId.values()].map((m) => [m.id, m.delivery.status]));
    const changed = new Set<string>();
    const outcomes: ReceiptApplication[] = [];
    for (const receipt of receipts) {
      const message = await this.find(receipt, byId);
      if (message && !before.has(message.id)) before.set(message.id, message.delivery.status);
      if (!message) {
        outcomes.push('unknown_message');
        continue;
      }
      const next = message.applyReceipt(receipt);
      if (next.changed) {
        byId.set(message.id, next.message);
        changed.add(message.id);
      }
      outcomes.push('applied');
    }
    const written = [...changed].map((id) => byId.get(id)!);
    await this.messages.saveDelivery(written);
    await this.events.publish(deliveryReports(written.map((after) => ({ before: before.get(after.id) ?? null, after })), this.clock.now()));
    return outcomes;
  }

  private async find(receipt: DeliveryReceipt, byId: Map<string, OutboundMessage>): Promise<OutboundMessage | undefined> {
    if (receipt.messageId) return byId.get(receipt.messageId);
    const known = [...byId.values()].find((m) => m.carrier === receipt.carrier && m.delivery.carrierMessageIds.includes(receipt.carrierMessageId));
    if (known) return known;
    const locked = await this.messages.lockByCarrierMessageId(receipt.carrier, receipt.carrierMessageId);
    if (locked) byId.set(locked.id, locked);
    return locked;
  }
}
