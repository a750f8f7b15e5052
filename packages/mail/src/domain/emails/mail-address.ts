/** An address as a message carries it: the address and, optionally, the name shown for it. */
export interface MailAddress {
  readonly address: string;
  /** The display name (`"Amina" <amina@example.com>`). */
  readonly name?: string;
}
