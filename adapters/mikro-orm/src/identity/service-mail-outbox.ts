import type { Clock } from '@tuma/kernel';
import type { Mailer, MailMessage } from '@tuma/identity';
import type { Database } from '../database/database.ts';

/** A message kept in the outbox, as the operator reads it. */
export interface OutboxMail extends MailMessage {
  readonly id: string;
  readonly createdAt: Date;
}

interface OutboxRow {
  readonly id: string | number;
  readonly recipient: string;
  readonly subject: string;
  readonly text_body: string;
  readonly html_body: string | null;
  readonly created_at: string;
}

/**
 * The embedded default `Mailer`: every message is kept in `mail_outbox` and nothing leaves the
 * machine; the operator reads them (`GET /api/admin/outbox`). Written in the sender's context, so a
 * mail sent inside a unit of work exists iff it commits.
 */
export class MikroOrmServiceMailOutbox implements Mailer {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await this.database.em.execute(
      'insert into mail_outbox (recipient, subject, text_body, html_body, created_at) values (?, ?, ?, ?, ?)',
      [message.to, message.subject, message.text, message.html ?? null, this.clock.now().toISOString()],
      'run',
    );
  }

  /** The newest messages first, to one address or to all. */
  async list(query: { readonly to?: string; readonly limit: number }): Promise<OutboxMail[]> {
    const where = query.to === undefined ? '' : 'where recipient = ?';
    const rows = await this.database.em.execute<OutboxRow[]>(
      `select id, recipient, subject, text_body, html_body, created_at::text as created_at from mail_outbox ${where} order by id desc limit ?`,
      [...(query.to === undefined ? [] : [query.to]), query.limit],
    );
    return rows.map((row) => ({
      id: String(row.id),
      to: row.recipient,
      subject: row.subject,
      text: row.text_body,
      ...(row.html_body === null ? {} : { html: row.html_body }),
      createdAt: new Date(row.created_at),
    }));
  }
}
