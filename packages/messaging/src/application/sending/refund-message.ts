import type { WalletLedger } from '@tuma/billing';
import type { OutboundMessage } from '../../domain/messages/outbound-message.ts';

/**
 * Gives a message's cost back to the wallet, once (reference `refund:<message id>`), in the
 * current unit of work. From its own charge or its share of its batch's charge.
 */
export async function refundMessage(ledger: WalletLedger, message: OutboundMessage): Promise<void> {
  if (message.chargeEntryId === null || !message.cost.isPositive()) return;
  const refunded = await ledger.refund({
    accountId: message.accountId,
    entryId: message.chargeEntryId,
    amount: message.cost,
    reason: `Refund of SMS ${message.id} to ${message.phone}: ${message.delivery.errorCode ?? message.delivery.status}`,
    reference: `refund:${message.id}`,
  });
  // A refund that cannot be made is a broken invariant (the charge exists and covers the cost).
  if (refunded.isErr()) throw new Error(`Refunding ${message.id} failed: ${refunded.error.message}`);
}
