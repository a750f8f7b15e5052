import type { DomainError } from '@tuma/kernel';
import type { EmailStatus, EmailTag } from '../emails/email.aggregate.ts';
import type { MailAddress } from '../emails/mail-address.ts';
import type { ContactData } from '../contacts/mail-contact.ts';

/**
 * Where each recipient of a broadcast is: `pending` (snapshotted, no email yet), `queued` (its
 * email written: the email's own status says the rest), skipped because the contact unsubscribed
 * (at the send, or before its email was written) or the address is on the suppression list, or
 * `cancelled` with the broadcast before its email was written.
 */
export const BROADCAST_RECIPIENT_STATES = ['pending', 'queued', 'skipped_unsubscribed', 'skipped_suppressed', 'cancelled'] as const;
export type BroadcastRecipientState = (typeof BROADCAST_RECIPIENT_STATES)[number];

/** Recipients one dispatch job turns into emails. */
export const BROADCAST_CHUNK = 500;

/** A send to every contact of a list, as accepted: the message with its placeholders. */
export interface BroadcastSnapshot {
  /** `bc_<ULID>`. */
  readonly id: string;
  readonly accountId: string;
  readonly listId: string;
  /** The verified domain of `from` (null for a confirmed sender address), as for one email. */
  readonly domainId: string | null;
  readonly from: MailAddress;
  readonly replyTo: readonly MailAddress[];
  readonly subject: string;
  readonly html: string | null;
  readonly text: string | null;
  readonly tags: readonly EmailTag[];
  readonly scheduledAt: Date | null;
  readonly cancelledAt: Date | null;
  readonly createdAt: Date;
}

/** One recipient as snapshotted from the list when the broadcast was accepted. */
export interface BroadcastRecipient {
  /** 0-based, in the list's order. */
  readonly seq: number;
  readonly contactId: string;
  readonly email: string;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly data: ContactData;
}

/** How many recipients the snapshot took, and how many of them it skipped. */
export interface BroadcastAudience {
  readonly recipients: number;
  readonly pending: number;
  readonly skippedUnsubscribed: number;
  readonly skippedSuppressed: number;
}

/** Where a broadcast's recipients are: by state and, for those with an email, by the email's status. */
export interface BroadcastProgress {
  readonly states: Readonly<Record<BroadcastRecipientState, number>>;
  readonly emails: Readonly<Partial<Record<EmailStatus, number>>>;
}

/** Where the recipients of a broadcast just accepted are: pending or skipped, no email yet. */
export const acceptedProgress = (audience: BroadcastAudience): BroadcastProgress => ({
  states: { pending: audience.pending, queued: 0, skipped_unsubscribed: audience.skippedUnsubscribed, skipped_suppressed: audience.skippedSuppressed, cancelled: 0 },
  emails: {},
});

export type BroadcastStatus = 'scheduled' | 'sending' | 'sent' | 'cancelled';

/** `scheduled` before its time, `sending` while recipients wait for their email or for the transport, then `sent`; `cancelled` once cancelled. */
export function broadcastStatus(broadcast: BroadcastSnapshot, progress: BroadcastProgress, now: Date): BroadcastStatus {
  if (broadcast.cancelledAt) return 'cancelled';
  if (progress.states.pending > 0) return broadcast.scheduledAt && broadcast.scheduledAt.getTime() > now.getTime() ? 'scheduled' : 'sending';
  return (progress.emails.queued ?? 0) + (progress.emails.scheduled ?? 0) > 0 ? 'sending' : 'sent';
}

export interface BroadcastNotCancellableError extends DomainError {
  readonly type: 'not_cancellable';
  readonly status: BroadcastStatus;
}

export const broadcastNotCancellable = (status: BroadcastStatus): BroadcastNotCancellableError => ({
  type: 'not_cancellable',
  status,
  message: `Only a broadcast with recipients still waiting for their email can be cancelled; this one is ${status}`,
});
