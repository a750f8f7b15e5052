/** An address as a message carries it: the address and, optionally, the name shown for it. */
export interface MailAddress {
  readonly address: string;
  /** The display name (`"Amina" <amina@example.com>`). */
  readonly name?: string;
}

/** What every form of an email carries alike (as asked for, as stored, as handed to the transport): recipients and body. */
export interface MailParts {
  readonly to: readonly MailAddress[];
  readonly cc: readonly MailAddress[];
  readonly bcc: readonly MailAddress[];
  readonly replyTo: readonly MailAddress[];
  readonly subject: string;
  readonly html: string | null;
  readonly text: string | null;
  /** Extra headers, as given (`X-Entity-Ref-ID`, `List-Unsubscribe`). */
  readonly headers: Readonly<Record<string, string>>;
}
