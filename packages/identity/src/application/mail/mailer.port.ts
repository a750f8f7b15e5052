export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
}

/** Sends the service's own mail (verification, reset, invites): a local outbox by default, SMTP when configured. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
