/** Builders for delivery tests: receipts and states reached through the public transitions. */
import { applyDeliveryEvents, queuedDelivery, type DeliveryReceipt, type DeliveryState, type ReceiptState } from '../../src/delivery.ts';

export const T0 = new Date('2026-11-20T10:00:00.000Z');
export const at = (seconds: number): Date => new Date(T0.getTime() + seconds * 1000);

export function receipt(carrierMessageId: string, state: ReceiptState, overrides: Partial<DeliveryReceipt> = {}): DeliveryReceipt {
  return {
    carrier: 'test',
    carrierMessageId,
    messageId: null,
    partIndex: null,
    state,
    errorCode: null,
    carrierErrorCode: null,
    submittedAt: null,
    doneAt: null,
    receivedAt: at(60),
    ...overrides,
  };
}

/** A message the carrier accepted in `ids.length` parts. */
export function submittedWith(...ids: string[]): DeliveryState {
  return applyDeliveryEvents(queuedDelivery(), [
    { type: 'dispatched', at: at(1) },
    { type: 'carrier_accepted', carrierMessageIds: ids, at: at(2) },
  ])._unsafeUnwrap();
}

export function sent(): DeliveryState {
  return applyDeliveryEvents(queuedDelivery(), [{ type: 'dispatched', at: at(1) }])._unsafeUnwrap();
}
