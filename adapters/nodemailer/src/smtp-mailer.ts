import type { Mailer, MailMessage } from '@tuma/identity';
import { createTransport } from 'nodemailer';

export interface SmtpMailerOptions {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://...:465` (TLS from the start). */
  readonly url: string;
  /** The From header, e.g. `Tuma <no-reply@example.com>`. */
  readonly from: string;
}

/**
 * The account service's mail through an SMTP relay (nodemailer), a connection per message (nothing
 * to close). A refused or unreachable relay throws: the request that sent the mail fails with a
 * 500 rather than answering as if it went out.
 */
export class SmtpMailer implements Mailer {
  private readonly transport;

  constructor(private readonly options: SmtpMailerOptions) {
    this.transport = createTransport(options.url);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.options.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
  }
}
