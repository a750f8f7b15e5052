/**
 * One status for a message sent in several parts, from its parts' receipts.
 *
 * The rule: a message is `failed` as soon as any part failed (the first failure to arrive gives the
 * error code and `failed_at`): the recipient cannot read it whole. It is `delivered` when every
 * part is delivered (`delivered_at` is when the last part's receipt arrived). Otherwise it is still
 * pending. The result does not depend on the order receipts arrive in, except which failure's
 * code is reported when several parts fail.
 */
import type { DeliveryErrorCode } from './delivery-error-codes.ts';
import type { PartOutcome } from './delivery-state.ts';

export type MultipartOutcome =
  | { readonly status: 'delivered'; readonly at: Date }
  | { readonly status: 'failed'; readonly errorCode: DeliveryErrorCode | null; readonly at: Date }
  | { readonly status: 'pending' };

/**
 * `carrierMessageIds` are the message's parts, or empty when the carrier's ids are not recorded yet
 * (then a failure still settles the message, a delivery cannot).
 */
export function settleParts(carrierMessageIds: readonly string[], outcomes: readonly PartOutcome[]): MultipartOutcome {
  const known = carrierMessageIds.length === 0 ? outcomes : outcomes.filter((o) => carrierMessageIds.includes(o.carrierMessageId));
  const failure = known.find((o) => o.outcome === 'failed');
  if (failure) return { status: 'failed', errorCode: failure.errorCode, at: failure.at };
  if (carrierMessageIds.length === 0) return { status: 'pending' };
  const delivered = new Map(known.filter((o) => o.outcome === 'delivered').map((o) => [o.carrierMessageId, o.at]));
  if (!carrierMessageIds.every((id) => delivered.has(id))) return { status: 'pending' };
  const last = Math.max(...[...delivered.values()].map((at) => at.getTime()));
  return { status: 'delivered', at: new Date(last) };
}
