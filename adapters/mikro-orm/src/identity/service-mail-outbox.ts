import type { Clock } from '@tuma/kernel';
import type { Mailer, MailMessage } from '@tuma/identity';
import type { Database } from '../database/database.ts';

/** A message kept in the outbox, as the operator reads it. */
export interface OutboxMail extends MailMessage {
  readonly id: string;
  readonly createdAt: Date;
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
    await this.database.query
      .insertInto('mail_outbox')
      .values({ recipient: message.to, subject: message.subject, text_body: message.text, html_body: message.html ?? null, created_at: this.clock.now() })
      .execute();
  }

  /** The newest messages first, to one address or to all. */
  async list(query: { readonly to?: string; readonly limit: number }): Promise<OutboxMail[]> {
    const rows = await this.database.query
      .selectFrom('mail_outbox')
      .selectAll()
      .$if(query.to !== undefined, (select) => select.where('recipient', '=', query.to!))
      .orderBy('id', 'desc')
      .limit(query.limit)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      to: row.recipient,
      subject: row.subject,
      text: row.text_body,
      ...(row.html_body === null ? {} : { html: row.html_body }),
      createdAt: new Date(row.created_at),
    }));
  }
}
