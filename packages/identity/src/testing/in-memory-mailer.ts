import type { Mailer, MailMessage } from '../application/mail/mailer.port.ts';

/** Keeps every message sent, in order: tests read the tokens out of them. */
export class InMemoryMailer implements Mailer {
  readonly sent: MailMessage[] = [];

  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }

  /** The last message to `to`, if any. */
  lastTo(to: string): MailMessage | undefined {
    return this.sent.findLast((message) => message.to === to);
  }
}
