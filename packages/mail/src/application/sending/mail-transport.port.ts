import type { MailAddress, MailParts } from '../../domain/emails/mail-address.ts';

export type { MailAddress };

export interface MailAttachment {
  readonly filename: string;
  readonly content: Uint8Array;
  /** Guessed from the file name when absent. */
  readonly contentType?: string;
  /** Makes it inline, referred to as `cid:<contentId>` from the HTML. */
  readonly contentId?: string;
}

/** How a message is signed: the key of the domain it is sent from (docs/mail.md, "DKIM"). */
export interface DkimSigning {
  readonly domainName: string;
  readonly selector: string;
  /** PKCS#8 PEM, opened for this send only. */
  readonly privateKey: string;
}

/** A message ready to leave: every header decided, signed with its domain's key, bounces to its return path. */
export interface OutgoingMail extends MailParts {
  /** Ours (the email's id): outcomes name it. */
  readonly id: string;
  readonly from: MailAddress;
  readonly attachments: readonly MailAttachment[];
  /** The envelope sender (SMTP `MAIL FROM`), which the receiver writes as `Return-Path`. */
  readonly returnPath: string;
  /** None for a confirmed sender address's mail, which has no domain of ours to sign for. */
  readonly dkim: DkimSigning | null;
}

/**
 * What the next hop said. `accepted` names the `Message-ID` written into the message and the
 * recipients it refused while taking the rest; `refused` took nothing: `temporary` may succeed on
 * a retry (4xx, no connection), `permanent` will not (5xx).
 */
export type TransportResult =
  | { readonly kind: 'accepted'; readonly messageId: string; readonly refusedRecipients: readonly string[] }
  | { readonly kind: 'refused'; readonly permanence: 'temporary' | 'permanent'; readonly reason: string };

/**
 * A message re-sent as it came (a forward, docs/mail.md "Forwards"): its own bytes, headers and all,
 * signed with our domain's key, to one recipient, from the envelope sender given (an SRS address,
 * or empty for a bounce).
 */
export interface RelayedMail {
  /** Ours (the forward attempt's id). */
  readonly id: string;
  readonly raw: Uint8Array;
  readonly envelopeFrom: string;
  readonly to: string;
  readonly dkim: DkimSigning;
  /** The message's `From` and `Subject`, as the outbox lists them. */
  readonly from: string | null;
  readonly subject: string | null;
}

/** Hands a message to the next hop: a relay, or the embedded outbox (`MAIL_TRANSPORT`). */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<TransportResult>;
  /** Re-sends a message as it came; the answer reads as `send`'s (its `messageId` is the message's own). */
  relay(mail: RelayedMail): Promise<TransportResult>;
}
