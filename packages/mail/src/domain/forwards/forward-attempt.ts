/** What became of one message a forward took: `pending` until its job runs, then one of the others. */
export const FORWARD_OUTCOMES = ['pending', 'delivered', 'failed', 'loop'] as const;
export type ForwardOutcome = (typeof FORWARD_OUTCOMES)[number];

/**
 * One message re-sent by a forward (its log, `GET /forwards/{id}/log`), or one bounce relayed back
 * to the sender of forwarded mail (`forwardId` null: in no forward's log). The message is kept
 * (`raw`) only until it is settled.
 */
export interface ForwardAttempt {
  /** `fwl_...` */
  readonly id: string;
  readonly accountId: string;
  /** Null for a bounce relayed to the original sender. */
  readonly forwardId: string | null;
  /** The verified domain whose key signs it. */
  readonly domainId: string;
  /** The address the mail came to (one of ours). */
  readonly recipient: string;
  /** Where it is re-sent. */
  readonly to: string;
  /** The envelope sender it came with (empty for a bounce). */
  readonly envelopeFrom: string;
  /** The envelope sender it leaves with: the SRS address, or empty for a bounce. */
  readonly returnPath: string;
  /** The message's own `From`, `Message-ID` and `Subject`. */
  readonly originalFrom: string | null;
  readonly messageId: string | null;
  readonly subject: string | null;
  readonly outcome: ForwardOutcome;
  /** Why it failed or looped; the next hop's reply. */
  readonly error: string | null;
  readonly receivedAt: Date;
  readonly settledAt: Date | null;
  /** The message to send (trace headers added); null once settled. */
  readonly raw: Uint8Array | null;
}

/** A log entry as the API lists it: without the message. */
export type ForwardLogEntry = Omit<ForwardAttempt, 'raw'>;
