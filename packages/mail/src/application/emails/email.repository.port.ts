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

export interface EmailRepository {
  /** A new email with the first event of its timeline. */
  add(email: EmailSnapshot, event: EmailEvent): Promise<void>;
  find(accountId: string, id: string): Promise<EmailSnapshot | undefined>;
  /** Any account's (the delivery job's read). */
  findById(id: string): Promise<EmailSnapshot | undefined>;
  /** The email, its row locked until the unit of work ends (outcomes of one email arrive together). */
  lock(id: string): Promise<EmailSnapshot | undefined>;
  /** Its status and message id. */
  save(email: EmailSnapshot): Promise<void>;
  /** Adds the events not recorded yet (one per email, type and recipient: retried jobs repeat them); answers those added. */
  addEvents(events: readonly EmailEvent[]): Promise<readonly EmailEvent[]>;
  /** The timeline, oldest first. */
  events(emailId: string): Promise<readonly EmailEvent[]>;
  list(query: EmailQuery): Promise<readonly EmailSnapshot[]>;
}
