import type { WalletLedger } from '@tuma/billing';
import { deliveryReports } from '../../domain/events/delivery-report.ts';
import type { EventPublisher } from '../../domain/events/webhook-event.ts';
import type { MessageRepository } from '../messages/message.repository.port.ts';
import type { OutboundMessage } from '../../domain/messages/outbound-message.ts';
import { refundMessage } from './refund-message.ts';

/** What every dispatch step does with the messages it moved: refund the failed ones that are owed it, write them, report them. */
export class DeliveryChanges {
  constructor(
    private readonly messages: MessageRepository,
    private readonly ledger: WalletLedger,
    private readonly events: EventPublisher,
  ) {}

  /** Writes the changed messages and publishes the reports of their new statuses (`rows`: as they were locked). */
  async save(rows: readonly OutboundMessage[], changed: readonly OutboundMessage[], now: Date): Promise<void> {
    await this.messages.saveDelivery(changed);
    const before = new Map(rows.map((row) => [row.id, row.delivery.status]));
    await this.events.publish(deliveryReports(changed.map((after) => ({ before: before.get(after.id) ?? null, after })), now));
  }

  /** A message just failed, its cost refunded when the refund rule says so (`isRefundable`). */
  async failed(message: OutboundMessage): Promise<OutboundMessage> {
    if (message.isRefundable()) await refundMessage(this.ledger, message);
    return message;
  }
}
