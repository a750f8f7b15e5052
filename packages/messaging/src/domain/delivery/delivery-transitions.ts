/**
 * The transition table of outbound message statuses and the one function that applies an event
 * to a delivery state. docs/message-statuses.md shows the table and the reasons.
 *
 * Our own events (dispatched, carrier_accepted, retry_scheduled, failed, rejected) in a status
 * that does not allow them are refused: they are bugs or races of the caller, and it must know.
 * Receipts come from carriers, out of order and more than once: one that cannot move the message
 * forward is ignored, never an error. Repeating one of our own events with the same data is
 * ignored too, so at-least-once jobs can apply them again.
 */
import { err, ok, type DomainError, type Result } from '@tuma/kernel';
import type { DeliveryEvent, DeliveryEventType } from './delivery-event.ts';
import { receiptErrorCode, receiptOutcome, type DeliveryReceipt } from './delivery-receipt.ts';
import type { DeliveryState } from './delivery-state.ts';
import { isFinalStatus, type OutboundMessageStatus } from './message-status.ts';
import { settleParts } from './multipart-outcome.ts';

/**
 * Statuses each event can lead to from each status. A missing entry means the event is refused in
 * that status; an entry listing the status itself includes "ignored" (nothing changes).
 */
export const DELIVERY_TRANSITIONS: Readonly<
  Record<OutboundMessageStatus, Readonly<Partial<Record<DeliveryEventType, readonly OutboundMessageStatus[]>>>>
> = {
  queued: { dispatched: ['sent'], failed: ['failed'], rejected: ['rejected'], receipt: ['queued'] },
  sent: { carrier_accepted: ['submitted', 'delivered'], retry_scheduled: ['queued'], failed: ['failed'], receipt: ['sent', 'failed'] },
  submitted: { carrier_accepted: ['submitted'], failed: ['failed'], receipt: ['submitted', 'delivered', 'failed'] },
  delivered: { carrier_accepted: ['delivered'], receipt: ['delivered'] },
  failed: { carrier_accepted: ['failed'], failed: ['failed'], receipt: ['failed'] },
  rejected: { rejected: ['rejected'], receipt: ['rejected'] },
};

export interface IllegalStatusTransition extends DomainError {
  readonly type: 'illegal_status_transition';
  readonly from: OutboundMessageStatus;
  readonly event: DeliveryEventType;
}

/**
 * Why an event changed nothing: a repeat (`duplicate`), the message is final (`final`), a receipt
 * that settles nothing (`intermediate`), a receipt for a message not submitted (`not_submitted`)
 * or for a part the message does not have (`unknown_part`).
 */
export type IgnoredBecause = 'duplicate' | 'final' | 'intermediate' | 'not_submitted' | 'unknown_part';

export type DeliveryTransition =
  | { readonly state: DeliveryState; readonly changed: true }
  | { readonly state: DeliveryState; readonly changed: false; readonly ignored: IgnoredBecause };

type Applied = Result<DeliveryTransition, IllegalStatusTransition>;

export function applyDeliveryEvent(state: DeliveryState, event: DeliveryEvent): Applied {
  switch (event.type) {
    case 'dispatched':
      return state.status === 'queued' ? changed({ ...state, status: 'sent', sentAt: event.at }) : illegal(state, event.type);
    case 'carrier_accepted':
      return accept(state, event.carrierMessageIds, event.at);
    case 'retry_scheduled':
      if (state.status !== 'sent') return illegal(state, event.type);
      return changed({ ...state, status: 'queued', retryCount: state.retryCount + 1, errorCode: event.errorCode });
    case 'failed':
      if (state.status === 'failed' && state.errorCode === event.errorCode) return ignored(state, 'duplicate');
      if (isFinalStatus(state.status)) return illegal(state, event.type);
      return changed({ ...state, status: 'failed', errorCode: event.errorCode, failedAt: event.at });
    case 'rejected':
      if (state.status === 'rejected' && state.errorCode === event.errorCode) return ignored(state, 'duplicate');
      if (state.status !== 'queued') return illegal(state, event.type);
      return changed({ ...state, status: 'rejected', errorCode: event.errorCode, failedAt: event.at });
    case 'receipt':
      return ok(applyReceipt(state, event.receipt));
  }
}

/** Applies events in order; stops at the first refusal. */
export function applyDeliveryEvents(state: DeliveryState, events: readonly DeliveryEvent[]): Result<DeliveryState, IllegalStatusTransition> {
  let current = state;
  for (const event of events) {
    const applied = applyDeliveryEvent(current, event);
    if (applied.isErr()) return err(applied.error);
    current = applied.value.state;
  }
  return ok(current);
}

function accept(state: DeliveryState, ids: readonly string[], at: Date): Applied {
  if (ids.length === 0 || new Set(ids).size !== ids.length || ids.some((id) => id.length === 0)) {
    return illegal(state, 'carrier_accepted', 'a carrier acceptance needs one distinct, non-empty id per part');
  }
  const recorded = state.carrierMessageIds;
  if (recorded.length > 0) {
    const same = recorded.length === ids.length && recorded.every((id, index) => id === ids[index]);
    return same && state.status !== 'sent' ? ignored(state, 'duplicate') : illegal(state, 'carrier_accepted', 'carrier ids are already recorded');
  }
  // A failure receipt may beat the acceptance (it is then matched by our message id): keep the ids.
  const earlyFailure = state.status === 'failed' && state.partOutcomes.length > 0;
  if (state.status !== 'sent' && !earlyFailure) return illegal(state, 'carrier_accepted');
  const accepted: DeliveryState = { ...state, carrierMessageIds: [...ids], submittedAt: at };
  if (earlyFailure) return changed(accepted);
  return changed(settle({ ...accepted, status: 'submitted', errorCode: null }));
}

function applyReceipt(state: DeliveryState, receipt: DeliveryReceipt): DeliveryTransition {
  if (isFinalStatus(state.status)) return { state, changed: false, ignored: 'final' };
  if (state.status === 'queued') return { state, changed: false, ignored: 'not_submitted' };
  const outcome = receiptOutcome(receipt.state);
  if (outcome === 'pending') return { state, changed: false, ignored: 'intermediate' };
  const id = receipt.carrierMessageId;
  if (state.carrierMessageIds.length > 0 && !state.carrierMessageIds.includes(id)) return { state, changed: false, ignored: 'unknown_part' };
  if (state.partOutcomes.some((part) => part.carrierMessageId === id)) return { state, changed: false, ignored: 'duplicate' };
  const part = { carrierMessageId: id, outcome, errorCode: receiptErrorCode(receipt), at: receipt.receivedAt };
  return { state: settle({ ...state, partOutcomes: [...state.partOutcomes, part] }), changed: true };
}

/** Moves a sent or submitted message to the status its parts' outcomes give it. */
function settle(state: DeliveryState): DeliveryState {
  const settled = settleParts(state.carrierMessageIds, state.partOutcomes);
  switch (settled.status) {
    case 'delivered':
      return { ...state, status: 'delivered', deliveredAt: settled.at };
    case 'failed':
      return { ...state, status: 'failed', errorCode: settled.errorCode ?? 'unknown_error', failedAt: settled.at };
    case 'pending':
      return state;
  }
}

const changed = (state: DeliveryState): Applied => ok({ state, changed: true });

const ignored = (state: DeliveryState, because: IgnoredBecause): Applied => ok({ state, changed: false, ignored: because });

function illegal(state: DeliveryState, event: DeliveryEventType, reason?: string): Applied {
  const detail = reason ? `: ${reason}` : '';
  return err({
    type: 'illegal_status_transition',
    from: state.status,
    event,
    message: `A ${state.status} message cannot take the event ${event}${detail}`,
  });
}
