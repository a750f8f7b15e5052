import type { MailTransport, OutgoingMail, RelayedMail, TransportResult } from '@tuma/mail';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { MessageBuilder, type BuiltMessage } from './message-builder.ts';

/** What nodemailer's errors carry of the server's answer. */
interface SmtpError extends Error {
  readonly code?: string;
  readonly responseCode?: number;
}

/**
 * `MAIL_TRANSPORT=smtp`: a relay at `SMTP_URL` (`smtp://user:pass@host:587`, `smtps://...`) over one
 * pool of connections per process (nodemailer's: 5 connections, 100 messages each; the URL's query,
 * `?maxConnections=10`, changes them). A connection per message would cost a TCP and TLS handshake
 * and an SMTP greeting each time. Each message is built and signed (`MessageBuilder`) before it
 * takes a connection, which then only carries its bytes.
 */
export class SmtpMailTransport implements MailTransport {
  private readonly transporter: Transporter<SMTPTransport.SentMessageInfo>;
  private readonly builder = new MessageBuilder();

  constructor(url: string) {
    this.transporter = nodemailer.createTransport({ url, pool: true } as SMTPPool.Options);
  }

  async send(mail: OutgoingMail): Promise<TransportResult> {
    return this.deliver(await this.builder.outgoing(mail));
  }

  async relay(mail: RelayedMail): Promise<TransportResult> {
    return this.deliver(await this.builder.relayed(mail));
  }

  private async deliver(message: BuiltMessage): Promise<TransportResult> {
    try {
      const info = await this.transporter.sendMail({ raw: message.raw, envelope: { from: message.envelope.from, to: [...message.envelope.to] } });
      return { kind: 'accepted', messageId: message.messageId, refusedRecipients: info.rejected.map(String) };
    } catch (error) {
      const { responseCode, code, message } = error as SmtpError;
      // Only a 5xx answer is final; no connection, a timeout or a 4xx may go through later.
      if (responseCode !== undefined && responseCode >= 500) return { kind: 'refused', permanence: 'permanent', reason: message };
      if (responseCode !== undefined || code !== undefined) return { kind: 'refused', permanence: 'temporary', reason: message };
      throw error;
    }
  }

  close(): void {
    this.transporter.close();
  }
}
