/** What a send can be refused for besides validation, wallet and not-found errors. */
import type { DomainError } from '@tuma/kernel';

/** The same text went to the same number less than 5 minutes ago (409). */
export interface DuplicateMessageError extends DomainError {
  readonly type: 'duplicate_message';
  readonly duplicateOf: string;
}

/** A (rendered) text needs more segments than the cap (413). */
export interface MessageTooLongError extends DomainError {
  readonly type: 'message_too_long';
  readonly field: string;
  readonly segments: number;
  readonly maxSegments: number;
}

/** An unroutable recipient: the input as given and why. */
export interface UnroutableSample {
  readonly to: string;
  readonly reason: string;
}

/** No active route serves the number's country, or the chosen route serves another one (400). */
export interface UnroutableError extends DomainError {
  readonly type: 'unroutable';
  readonly field: string;
  readonly countries: readonly string[];
  /** Up to 10 of the recipients concerned (bulk sends), and how many there are. */
  readonly unroutable?: readonly UnroutableSample[];
  readonly unroutableCount?: number;
}

/** The sender ID is not approved for some destination countries of a bulk send (403). */
export interface SenderIdNotApprovedError extends DomainError {
  readonly type: 'sender_id_not_approved';
  readonly senderId: string;
  readonly countries: readonly string[];
}

/** A bulk send with nobody left to send to (400). */
export interface NoRecipientsError extends DomainError {
  readonly type: 'no_recipients';
  readonly field: string;
}

/** Only messages still waiting for their time can be cancelled (409). */
export interface NotCancellableError extends DomainError {
  readonly type: 'not_cancellable';
  readonly status: string;
}

export type SendError = DuplicateMessageError | MessageTooLongError | UnroutableError | SenderIdNotApprovedError | NoRecipientsError | NotCancellableError | QuietHoursError;

export const duplicateMessage = (id: string): DuplicateMessageError => ({
  type: 'duplicate_message',
  duplicateOf: id,
  message: `The same text was sent to this number less than 5 minutes ago (${id})`,
});

export const messageTooLong = (field: string, segments: number, maxSegments: number): MessageTooLongError => ({
  type: 'message_too_long',
  field,
  segments,
  maxSegments,
  message: `${field}: the message needs ${segments} segments; at most ${maxSegments} are allowed`,
});

export const unroutable = (field: string, countries: readonly string[], message: string, samples?: { all: readonly UnroutableSample[] }): UnroutableError => ({
  type: 'unroutable',
  field,
  countries,
  message,
  ...(samples ? { unroutable: samples.all.slice(0, UNROUTABLE_SAMPLES), unroutableCount: samples.all.length } : {}),
});

/** How many unroutable recipients a bulk answer lists (spec: bulk pre-check). */
export const UNROUTABLE_SAMPLES = 10;

export const senderIdNotApproved = (senderId: string, countries: readonly string[]): SenderIdNotApprovedError => ({
  type: 'sender_id_not_approved',
  senderId,
  countries,
  message: `Sender ID ${senderId} is not approved for ${countries.join(', ')}`,
});

export const noRecipients = (message = 'No recipients to send to'): NoRecipientsError => ({ type: 'no_recipients', field: 'recipients', message });

export const notCancellable = (status: string): NotCancellableError => ({
  type: 'not_cancellable',
  status,
  message: `Only a scheduled message that has not been sent can be cancelled; this one is ${status}`,
});

/**
 * A promotional send (or bulk) that arrives in its recipients' quiet hours with `quiet_hours:
 * "reject"`, or to a market whose promotional hours never open (422).
 */
export interface QuietHoursError extends DomainError {
  readonly type: 'quiet_hours';
  /** The countries of the recipients in quiet hours. */
  readonly countries: readonly string[];
  /** When the earliest of them opens (ISO 8601); null when their hours never open. */
  readonly nextOpening: string | null;
}

export const quietHours = (countries: readonly string[], nextOpening: Date | null): QuietHoursError => ({
  type: 'quiet_hours',
  countries,
  nextOpening: nextOpening?.toISOString() ?? null,
  message:
    nextOpening === null
      ? `Promotional messages are never sent to ${countries.join(', ')}`
      : `Recipients in ${countries.join(', ')} are in quiet hours: promotional messages may go from ${nextOpening.toISOString()}`,
});
