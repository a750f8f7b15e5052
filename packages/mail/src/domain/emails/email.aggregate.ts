import { err, ok, type DomainError, type Result } from '@tuma/kernel';
import type { MailAddress, MailParts } from './mail-address.ts';
import { SUPPRESSED } from '../suppressions/suppression.ts';

/**
 * Where an email is: `scheduled` (waiting for its time, cancellable), `queued` (handed to the
 * delivery job), `sent` (a server took it), then what became of it: `delivered`, `bounced`,
 * `complained`, `failed`; or `cancelled` before it left.
 */
export const EMAIL_STATUSES = ['scheduled', 'queued', 'sent', 'delivered', 'bounced', 'complained', 'failed', 'cancelled'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** What a recipient did with a delivered email (tracking, docs/mail.md): on the timeline, without changing the status. */
export const ENGAGEMENT_EVENTS = ['opened', 'clicked'] as const;
export type EngagementEvent = (typeof ENGAGEMENT_EVENTS)[number];

/** The timeline's entries: the status changes, per recipient where delivery tells them apart, and opens and clicks. */
export const EMAIL_EVENT_TYPES = [...EMAIL_STATUSES, ...ENGAGEMENT_EVENTS] as const;
export type EmailEventType = (typeof EMAIL_EVENT_TYPES)[number];

const isStatus = (type: EmailEventType): type is EmailStatus => (EMAIL_STATUSES as readonly string[]).includes(type);

export interface EmailEvent {
  readonly emailId: string;
  readonly type: EmailEventType;
  /** The recipient a delivery outcome is about; null for the email's own steps (queued, scheduled, cancelled). */
  readonly recipient: string | null;
  readonly at: Date;
  /** Why, for `bounced` and `failed`; the link, for `clicked`. */
  readonly reason: string | null;
}

export interface EmailTag {
  readonly name: string;
  readonly value: string;
}

/** An attachment as stored until the email leaves: its bytes in base64. */
export interface StoredAttachment {
  readonly filename: string;
  readonly content: string;
  readonly contentType: string | null;
}

export interface EmailSnapshot extends MailParts {
  readonly id: string;
  readonly accountId: string;
  /** The verified domain of `from`, whose key signs it; null when `from` is a confirmed sender address instead. */
  readonly domainId: string | null;
  readonly from: MailAddress;
  readonly attachments: readonly StoredAttachment[];
  readonly tags: readonly EmailTag[];
  readonly status: EmailStatus;
  /** The `Message-ID` the transport wrote, once it took the email. */
  readonly messageId: string | null;
  readonly scheduledAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface NotCancellableError extends DomainError {
  readonly type: 'not_cancellable';
  readonly status: EmailStatus;
}

/**
 * How far along a status is: an outcome arriving late (at-least-once jobs, a `sent` after the
 * `delivered` it preceded) never takes the email back; the latest final outcome wins (a
 * complaint after delivery), and nothing follows a cancellation.
 */
const PROGRESS: Record<EmailStatus, number> = { scheduled: 0, queued: 0, sent: 1, delivered: 2, bounced: 2, complained: 2, failed: 2, cancelled: 3 };

export class Email {
  private constructor(private state: EmailSnapshot) {}

  static compose(input: Omit<EmailSnapshot, 'status' | 'messageId' | 'updatedAt'>, now: Date): Email {
    const waits = input.scheduledAt !== null && input.scheduledAt.getTime() > now.getTime();
    return new Email({ ...input, scheduledAt: waits ? input.scheduledAt : null, status: waits ? 'scheduled' : 'queued', messageId: null, updatedAt: now });
  }

  static rehydrate(snapshot: EmailSnapshot): Email {
    return new Email(snapshot);
  }

  get id(): string {
    return this.state.id;
  }

  get status(): EmailStatus {
    return this.state.status;
  }

  /** Every address the message goes to, lower-case, once each. */
  get recipients(): readonly string[] {
    const { to, cc, bcc } = this.state;
    return [...new Set([...to, ...cc, ...bcc].map((recipient) => recipient.address.toLowerCase()))];
  }

  /** Whether the delivery job should still hand it on (not cancelled, not taken by a transport already). */
  get awaitsDelivery(): boolean {
    return this.state.status === 'queued' || this.state.status === 'scheduled';
  }

  /** Only a scheduled email whose time has not come is cancelled: one being delivered is out of reach. */
  cancel(now: Date): Result<EmailEvent, NotCancellableError> {
    const { status, scheduledAt } = this.state;
    if (status !== 'scheduled' || scheduledAt === null || scheduledAt.getTime() <= now.getTime()) {
      return err({ type: 'not_cancellable', status, message: `Only a scheduled email can be cancelled before its time; this one is ${status}` });
    }
    return ok(this.apply({ emailId: this.state.id, type: 'cancelled', recipient: null, at: now, reason: null }));
  }

  /** The transport took it (its `Message-ID`). */
  accepted(messageId: string, now: Date): void {
    this.state = { ...this.state, messageId, updatedAt: now };
  }

  /** Moves the status along with an event (never backwards; opens and clicks leave it); returns the event. */
  apply(event: EmailEvent): EmailEvent {
    const { type } = event;
    if (isStatus(type) && PROGRESS[type] >= PROGRESS[this.state.status] && this.state.status !== 'cancelled') this.state = { ...this.state, status: type, updatedAt: event.at };
    return event;
  }

  /**
   * Drops the recipients on the account's suppression list: a `failed` event each (reason
   * `suppressed`). The others still go, so the status stays; when every recipient is dropped there
   * is nothing left to deliver and the email is `failed`.
   */
  dropSuppressed(suppressed: ReadonlySet<string>, at: Date): readonly EmailEvent[] {
    const dropped = this.recipients.filter((recipient) => suppressed.has(recipient));
    const events = dropped.map((recipient): EmailEvent => ({ emailId: this.state.id, type: 'failed', recipient, at, reason: SUPPRESSED }));
    if (dropped.length === this.recipients.length && this.awaitsDelivery) this.state = { ...this.state, status: 'failed', updatedAt: at };
    return events;
  }

  toSnapshot(): EmailSnapshot {
    return this.state;
  }
}
