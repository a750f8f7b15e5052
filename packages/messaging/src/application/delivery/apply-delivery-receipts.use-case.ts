import { ResultAsync, type Clock, type UnitOfWork } from '@tuma/kernel';
import type { DeliveryReceipt } from '../../domain/delivery/delivery-receipt.ts';
import { deliveryReports } from '../../domain/events/delivery-report.ts';
import type { EventPublisher } from '../../domain/events/webhook-event.ts';
import type { DeliveryChange, MessageRepository } from '../messages/message.repository.port.ts';
import type { OutboundMessage } from '../../domain/messages/outbound-message.ts';

/** Per receipt, in input order: applied (or ignored, as the transition rules say), or its message is unknown. */
export type ReceiptApplication = 'applied' | 'unknown_message';

/** How a pass over receipts reads their messages: as they are, or under their rows' locks. */
interface MessageReads {
  byIds(ids: readonly string[]): Promise<readonly OutboundMessage[]>;
  byCarrierMessageId(carrier: string, carrierMessageId: string): Promise<OutboundMessage | undefined>;
}

/** A pass's outcomes per receipt, the message each matched, and the messages it moved (before, after). */
interface Applied {
  readonly outcomes: ReceiptApplication[];
  readonly matched: (string | undefined)[];
  readonly changes: DeliveryChange[];
}

/**
 * Moves messages by their delivery receipts, many receipts in one unit of work: each receipt
 * applied in arrival order (`applyReceipt` ignores duplicates, out-of-order and late ones) to its
 * message, matched by our message id when the gateway knows it, else by (carrier, carrier message
 * id). The messages are read without locks and each moved one written only where its row is still
 * as read (one statement: a row lock would be a WAL record of its own per receipt); the receipts of
 * a message something else wrote meanwhile (the dispatcher recording its acceptance, another batch
 * of receipts) are applied again under its row's lock. Failures reported by receipts are not
 * refunded (docs/message-statuses.md, "Refunds").
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
    const read = await this.applied(receipts, {
      byIds: (ids) => this.messages.findByIds(ids),
      byCarrierMessageId: (carrier, id) => this.messages.findByCarrierMessageId(carrier, id),
    });
    const written = await this.messages.saveDeliveryIfUnchanged(read.changes);
    await this.report(read.changes.filter(({ before }) => written.has(before.id)));
    const missed = new Set(read.changes.flatMap(({ before }) => (written.has(before.id) ? [] : [before.id])));
    if (missed.size === 0) return read.outcomes;
    const again = receipts.flatMap((_, index) => (missed.has(read.matched[index]!) ? [index] : []));
    const locked = await this.applied(
      again.map((index) => receipts[index]!),
      { byIds: (ids) => this.messages.lockByIds(ids), byCarrierMessageId: (carrier, id) => this.messages.lockByCarrierMessageId(carrier, id) },
    );
    await this.messages.saveDelivery(locked.changes.map(({ after }) => after));
    await this.report(locked.changes);
    const outcomes = [...read.outcomes];
    again.forEach((index, at) => (outcomes[index] = locked.outcomes[at]!));
    return outcomes;
  }

  private async applied(receipts: readonly DeliveryReceipt[], reads: MessageReads): Promise<Applied> {
    const byId = new Map<string, OutboundMessage>();
    for (const message of await reads.byIds(receipts.flatMap((r) => (r.messageId ? [r.messageId] : [])))) byId.set(message.id, message);
    const before = new Map(byId);
    const changed = new Set<string>();
    const outcomes: ReceiptApplication[] = [];
    const matched: (string | undefined)[] = [];
    for (const receipt of receipts) {
      const message = await this.find(receipt, byId, reads);
      matched.push(message?.id);
      if (!message) {
        outcomes.push('unknown_message');
        continue;
      }
      if (!before.has(message.id)) before.set(message.id, message);
      const next = message.applyReceipt(receipt);
      if (next.changed) {
        byId.set(message.id, next.message);
        changed.add(message.id);
      }
      outcomes.push('applied');
    }
    // In id order, as every locker and conditional writer of messages takes their rows.
    const changes = [...changed].sort().map((id) => ({ before: before.get(id)!, after: byId.get(id)! }));
    return { outcomes, matched, changes };
  }

  private report(changes: readonly DeliveryChange[]): Promise<void> {
    return this.events.publish(deliveryReports(changes.map(({ before, after }) => ({ before: before.delivery.status, after })), this.clock.now()));
  }

  private async find(receipt: DeliveryReceipt, byId: Map<string, OutboundMessage>, reads: MessageReads): Promise<OutboundMessage | undefined> {
    if (receipt.messageId) return byId.get(receipt.messageId);
    const known = [...byId.values()].find((m) => m.carrier === receipt.carrier && m.delivery.carrierMessageIds.includes(receipt.carrierMessageId));
    if (known) return known;
    const found = await reads.byCarrierMessageId(receipt.carrier, receipt.carrierMessageId);
    if (found) byId.set(found.id, found);
    return found;
  }
}
