/**
 * An outbound SMS as it is stored: who sent it, to whom, what it cost and where it is on its way
 * (`delivery`, moved only by `applyDeliveryEvent`). Immutable: changes give a new value.
 */
import type { Money, Result } from '@tuma/kernel';
import type { DeliveryEvent } from '../delivery/delivery-event.ts';
import type { DeliveryState } from '../delivery/delivery-state.ts';
import { applyDeliveryEvent, type IllegalStatusTransition } from '../delivery/delivery-transitions.ts';
import type { SmsEncoding } from '../segmenting/segmenter.ts';

/** `live` messages are charged and go to a carrier; `test` ones (test keys) do neither. */
export const MESSAGE_ENVIRONMENTS = ['live', 'test'] as const;
export type MessageEnvironment = (typeof MESSAGE_ENVIRONMENTS)[number];

/**
 * `promotional` traffic waits for its recipient's promotional hours (docs/quiet-hours.md);
 * `transactional` (the default, and every OTP) is never held back.
 */
export const MESSAGE_CATEGORIES = ['transactional', 'promotional'] as const;
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[number];

export interface OutboundMessage {
  readonly id: string;
  readonly accountId: string;
  /** The key that sent it (for spend per key), null when sent by the platform itself. */
  readonly apiKeyId: string | null;
  readonly environment: MessageEnvironment;
  /** The bulk send it belongs to, and its 0-based position there. */
  readonly batchId: string | null;
  readonly batchSeq: number | null;
  /** E.164. */
  readonly phone: string;
  /** ISO alpha-2 of `phone`. */
  readonly country: string;
  readonly routeCode: string;
  readonly senderId: string;
  /** The text sent (after smart encoding, when it replaced look-alikes). */
  readonly text: string;
  /** The text as the caller gave it when smart encoding changed it; null when `text` is it. */
  readonly originalText: string | null;
  readonly category: MessageCategory;
  readonly encoding: SmsEncoding;
  readonly segments: number;
  /** In the route currency. */
  readonly pricePerSegment: Money;
  /** segments x pricePerSegment, in the route currency. */
  readonly routeCost: Money;
  /** What the wallet pays for it, in the wallet currency (zero when rejected before charging). */
  readonly cost: Money;
  /** The ledger entry its cost was taken from (its own, or its batch's); null when nothing was charged. */
  readonly chargeEntryId: string | null;
  /** When it is due; null for "now". */
  readonly scheduledAt: Date | null;
  readonly createdAt: Date;
  /** The gateway that took (or last tried) it; null before its first submission. */
  readonly carrier: string | null;
  readonly delivery: DeliveryState;
}

/**
 * Whether a message's cost goes back to the wallet, had it been charged: it was refused before
 * sending or cancelled (`rejected`), or it failed before the carrier took it.
 */
export function refundsItsCost(message: OutboundMessage): boolean {
  const { status, carrierMessageIds, partOutcomes } = message.delivery;
  if (status === 'rejected') return true;
  // A receipt (even one that beat the acceptance) proves the carrier took it.
  return status === 'failed' && carrierMessageIds.length === 0 && partOutcomes.length === 0;
}

/** Whether the wallet gets the cost of this message back (the rule of docs/message-statuses.md, "Refunds"). */
export function isRefundable(message: OutboundMessage): boolean {
  return message.chargeEntryId !== null && message.cost.isPositive() && refundsItsCost(message);
}

/** The message after `event` (see `applyDeliveryEvent`), with whether it changed. */
export function applyToMessage(message: OutboundMessage, event: DeliveryEvent): Result<{ message: OutboundMessage; changed: boolean }, IllegalStatusTransition> {
  return applyDeliveryEvent(message.delivery, event).map(({ state, changed }) => ({ message: changed ? { ...message, delivery: state } : message, changed }));
}
