/**
 * Where gateways hand the delivery receipts they receive. The implementation (with the delivery
 * reports work) finds the message by (carrier, carrier message id) and applies the receipt with
 * `applyDeliveryEvent`.
 *
 * `receive` resolves once the receipt is safely taken (stored or applied): a gateway acknowledges
 * the carrier only then, and on a rejection it makes the carrier send the receipt again. A receipt
 * for a message the sink cannot find yet (its acceptance is not recorded) should be kept and
 * applied later rather than rejected for ever.
 */
import type { DeliveryReceipt } from '../../domain/delivery/delivery-receipt.ts';

export interface DeliveryReceiptSink {
  receive(receipt: DeliveryReceipt): Promise<void>;
}
