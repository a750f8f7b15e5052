import type { MailAddress } from './mail-transport.port.ts';

/** A message the embedded outbox kept instead of delivering, as it would have reached the recipients. */
export interface OutboxMessage {
  readonly emailId: string;
  /** The `Message-ID` the outbox gave it. */
  readonly messageId: string;
  readonly from: MailAddress;
  /** Every recipient (To, Cc and Bcc), lower-case. */
  readonly recipients: readonly string[];
  readonly subject: string;
  readonly returnPath: string;
  /** The whole message as it would have left (RFC 5322, DKIM-signed). */
  readonly raw: string;
  readonly createdAt: Date;
}

/** The outbox transport's store: so that a test or the operator reads what "was sent". */
export interface MailOutbox {
  add(message: OutboxMessage): Promise<void>;
  /** Newest first; with `recipient` (lower-case), the messages sent to it. */
  list(query: { readonly recipient?: string; readonly limit: number }): Promise<readonly OutboxMessage[]>;
}
