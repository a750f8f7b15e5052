/**
 * An outbound SMS: who sent it, to whom, what it cost and where it is on its way (`delivery`).
 * Immutable: every transition gives a new message (the one before is what reports and the
 * unchanged-row check compare with).
 */
import { Money, newId, type Result } from '@tuma/kernel';
import type { DeliveryErrorCode } from '../delivery/delivery-error-codes.ts';
import type { DeliveryEvent } from '../delivery/delivery-event.ts';
import type { DeliveryReceipt } from '../delivery/delivery-receipt.ts';
import { queuedDelivery, type DeliveryState } from '../delivery/delivery-state.ts';
import { applyDeliveryEvent, type IllegalStatusTransition } from '../delivery/delivery-transitions.ts';
import { decideAfterRefusal, type RetryPolicy, type SubmissionRefusal } from '../delivery/retry-policy.ts';
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

/** A message as it is stored: what `rehydrate` takes and every message's fields. */
export interface OutboundMessageSnapshot {
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

/** A message accepted now: queued, with no gateway yet; its id is minted from `createdAt`. */
export type NewOutboundMessage = Omit<OutboundMessageSnapshot, 'id' | 'carrier' | 'delivery'>;

/** The message after an event, and whether the event changed it (a repeat or a late receipt does not). */
export interface MessageTransition {
  readonly message: OutboundMessage;
  readonly changed: boolean;
}

/** What a refused submission led to: another attempt after `delayMs`, or the message failed. */
export type AfterRefusal = { readonly message: OutboundMessage; readonly retry: true; readonly delayMs: number } | { readonly message: OutboundMessage; readonly retry: false };

/**
 * The moves of an outbound message (docs/message-statuses.md, `DELIVERY_TRANSITIONS`):
 *
 *   queued -----dispatch---------------------------------> sent       (a submission attempt starts; `carrier` set)
 *   queued -----optOut-----------------------------------> rejected   (at its creation, nothing charged)
 *   queued -----reject-----------------------------------> rejected   (cancelled: refunded)
 *   queued -----fail-------------------------------------> failed     (no route, dispatch_failed: refunded)
 *   sent -------accept-----------------------------------> submitted  (or delivered: its receipts came first)
 *   sent -------afterRefusal, retries left---------------> queued     (retry_count + 1)
 *   sent -------afterRefusal with none left, or fail-----> failed     (refunded: the carrier never took it)
 *   sent -------applyReceipt, a failure by our id--------> failed     (not refunded: the carrier had it)
 *   submitted --applyReceipt, every part settled---------> delivered | failed (`expired` and the like: not refunded)
 *   submitted --fail-------------------------------------> failed
 *   failed -----accept, after such an early failure------> failed     (its carrier ids recorded)
 *
 * `delivered`, `failed` and `rejected` are final. Our own events in a status that does not allow
 * them are refused (`illegal_status_transition`); a repeat of one with the same data, and a
 * receipt that settles nothing, change nothing. `charged` and the refund rule (`isRefundable`)
 * are about its cost, not its status.
 */
export class OutboundMessage implements OutboundMessageSnapshot {
  readonly id: string;
  readonly accountId: string;
  readonly apiKeyId: string | null;
  readonly environment: MessageEnvironment;
  readonly batchId: string | null;
  readonly batchSeq: number | null;
  readonly phone: string;
  readonly country: string;
  readonly routeCode: string;
  readonly senderId: string;
  readonly text: string;
  readonly originalText: string | null;
  readonly category: MessageCategory;
  readonly encoding: SmsEncoding;
  readonly segments: number;
  readonly pricePerSegment: Money;
  readonly routeCost: Money;
  readonly cost: Money;
  readonly chargeEntryId: string | null;
  readonly scheduledAt: Date | null;
  readonly createdAt: Date;
  readonly carrier: string | null;
  readonly delivery: DeliveryState;

  /** `from` with the fields a transition changes given apart: one object per change, and none in between. */
  private constructor(from: NewOutboundMessage, id: string, delivery: DeliveryState, carrier: string | null, chargeEntryId: string | null, cost: Money) {
    this.id = id;
    this.accountId = from.accountId;
    this.apiKeyId = from.apiKeyId;
    this.environment = from.environment;
    this.batchId = from.batchId;
    this.batchSeq = from.batchSeq;
    this.phone = from.phone;
    this.country = from.country;
    this.routeCode = from.routeCode;
    this.senderId = from.senderId;
    this.text = from.text;
    this.originalText = from.originalText;
    this.category = from.category;
    this.encoding = from.encoding;
    this.segments = from.segments;
    this.pricePerSegment = from.pricePerSegment;
    this.routeCost = from.routeCost;
    this.cost = cost;
    this.chargeEntryId = chargeEntryId;
    this.scheduledAt = from.scheduledAt;
    this.createdAt = from.createdAt;
    this.carrier = carrier;
    this.delivery = delivery;
  }

  /** A message accepted now (a send, or a member of a bulk send): `queued`. */
  static create(input: NewOutboundMessage): OutboundMessage {
    return new OutboundMessage(input, newId('msg', input.createdAt), queuedDelivery(), null, input.chargeEntryId, input.cost);
  }

  /** A stored message, as the repositories read it. */
  static rehydrate(snapshot: OutboundMessageSnapshot): OutboundMessage {
    return new OutboundMessage(snapshot, snapshot.id, snapshot.delivery, snapshot.carrier, snapshot.chargeEntryId, snapshot.cost);
  }

  /** Its cost taken from the wallet by ledger entry `entryId`. */
  charged(entryId: string): OutboundMessage {
    return this.with(this.delivery, this.carrier, entryId);
  }

  /** Its recipient opted out: kept as `rejected` at its creation (so it is visible), nothing charged. */
  optOut(): Result<OutboundMessage, IllegalStatusTransition> {
    return applyDeliveryEvent(this.delivery, { type: 'rejected', errorCode: 'opted_out', at: this.createdAt }).map(
      ({ state }) => this.with(state, this.carrier, this.chargeEntryId, Money.zero(this.cost.currency)),
    );
  }

  /** A submission attempt starts, through the gateway named `carrier`: `sent`. */
  dispatch(carrier: string, at: Date): Result<OutboundMessage, IllegalStatusTransition> {
    return applyDeliveryEvent(this.delivery, { type: 'dispatched', at }).map(({ state }) => this.with(state, carrier));
  }

  /** The carrier took it, one id per part. */
  accept(carrierMessageIds: readonly string[], at: Date): Result<MessageTransition, IllegalStatusTransition> {
    return this.apply({ type: 'carrier_accepted', carrierMessageIds, at });
  }

  /** The carrier refused its `sent` attempt: queued for another one under `policy`, or failed. */
  afterRefusal(refusal: SubmissionRefusal, at: Date, policy: RetryPolicy): Result<AfterRefusal, IllegalStatusTransition> {
    const decision = decideAfterRefusal(this.delivery, refusal, at, policy);
    return this.apply(decision.event).map(({ message }) => (decision.retry ? { message, retry: true, delayMs: decision.delayMs } : { message, retry: false }));
  }

  /** It cannot go on (no route when due, never written or submitted). */
  fail(errorCode: DeliveryErrorCode, at: Date): Result<OutboundMessage, IllegalStatusTransition> {
    return this.apply({ type: 'failed', errorCode, at }).map(({ message }) => message);
  }

  /** Refused before any submission (a cancellation). */
  reject(errorCode: DeliveryErrorCode, at: Date): Result<OutboundMessage, IllegalStatusTransition> {
    return this.apply({ type: 'rejected', errorCode, at }).map(({ message }) => message);
  }

  /** A delivery receipt for one of its parts: never refused, ignored when it settles nothing. */
  applyReceipt(receipt: DeliveryReceipt): MessageTransition {
    const applied = this.apply({ type: 'receipt', receipt });
    // The transition rules never refuse a receipt; an Err would be a bug there.
    if (applied.isErr()) throw new Error(`${this.id}: ${applied.error.message}`);
    return applied.value;
  }

  /**
   * Whether its cost goes back to the wallet, had it been charged: it was refused before sending
   * or cancelled (`rejected`), or it failed before the carrier took it.
   */
  refundsItsCost(): boolean {
    const { status, carrierMessageIds, partOutcomes } = this.delivery;
    if (status === 'rejected') return true;
    // A receipt (even one that beat the acceptance) proves the carrier took it.
    return status === 'failed' && carrierMessageIds.length === 0 && partOutcomes.length === 0;
  }

  /** Whether the wallet gets its cost back (the rule of docs/message-statuses.md, "Refunds"). */
  isRefundable(): boolean {
    return this.chargeEntryId !== null && this.cost.isPositive() && this.refundsItsCost();
  }

  private apply(event: DeliveryEvent): Result<MessageTransition, IllegalStatusTransition> {
    return applyDeliveryEvent(this.delivery, event).map(({ state, changed }) => ({ message: changed ? this.with(state) : this, changed }));
  }

  private with(delivery: DeliveryState, carrier = this.carrier, chargeEntryId = this.chargeEntryId, cost = this.cost): OutboundMessage {
    return new OutboundMessage(this, this.id, delivery, carrier, chargeEntryId, cost);
  }
}
