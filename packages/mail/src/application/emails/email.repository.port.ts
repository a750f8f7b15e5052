import type { EmailEvent, EmailSnapshot, EmailStatus } from '../../domain/emails/email.aggregate.ts';

/** `GET /emails`: newest first; `after` (an email id, the cursor) or `offset` pages through. */
export interface EmailQuery {
  readonly accountId: string;
  readonly status?: EmailStatus;
  /** A recipient (To, Cc or Bcc), lower-case. */
  readonly to?: string;
  /** The sender's address, lower-case. */
  readonly from?: string;
  readonly tag?: { readonly name: string; readonly value?: string };
  readonly since?: Date;
  readonly until?: Date;
  /** Text in the subject, case aside. */
  readonly q?: string;
  readonly after?: string;
  readonly offset?: number;
  readonly limit: number;
}

/** An email as accepted, with the first event of its timeline (`queued` or `scheduled`). */
export interface NewEmail {
  readonly email: EmailSnapshot;
  readonly first: EmailEvent;
}

export interface EmailRepository {
  /** New emails (a send's one, a broadcast chunk's hundreds): one statement for the emails, one for their first events. */
  add(emails: readonly NewEmail[]): Promise<void>;
  find(accountId: string, id: string): Promise<EmailSnapshot | undefined>;
  /** Any account's (a receipt's read). */
  findById(id: string): Promise<EmailSnapshot | undefined>;
  /** Any account's, those that exist (the delivery jobs' read, one statement for a batch). */
  findByIds(ids: readonly string[]): Promise<readonly EmailSnapshot[]>;
  /** The emails that exist, their rows locked until the unit of work ends (outcomes of one email arrive together), in id order as every locker takes them. */
  lock(ids: readonly string[]): Promise<readonly EmailSnapshot[]>;
  /** Their status and message id, one statement. */
  save(emails: readonly EmailSnapshot[]): Promise<void>;
  /** Adds the events not recorded yet (one per email, type and recipient: retried jobs repeat them); answers those added. */
  addEvents(events: readonly EmailEvent[]): Promise<readonly EmailEvent[]>;
  /** The timeline, oldest first. */
  events(emailId: string): Promise<readonly EmailEvent[]>;
  list(query: EmailQuery): Promise<readonly EmailSnapshot[]>;
}
