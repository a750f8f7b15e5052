import type { MailOutbox, OutboxMessage } from '@tuma/mail';
import type { Database } from '../database/database.ts';

interface OutboxRow {
  readonly message_id: string;
  readonly email_id: string;
  readonly from_address: string;
  readonly from_name: string | null;
  readonly recipients: string[];
  readonly subject: string;
  readonly return_path: string;
  readonly raw: string;
  readonly created_at: string;
}

const COLUMNS = 'message_id, email_id, from_address, from_name, recipients, subject, return_path, raw, created_at';

// The recipients travel as JSON: how a JS array binds differs between pg and the PGlite dialect, text does not.
const ADD = `insert into mail_outbox_message (${COLUMNS})
  values (?, ?, ?, ?, array(select jsonb_array_elements_text(?::jsonb)), ?, ?, ?, ?::timestamptz)`;

const fromRow = (row: OutboxRow): OutboxMessage => ({
  emailId: row.email_id,
  messageId: row.message_id,
  from: row.from_name === null ? { address: row.from_address } : { address: row.from_address, name: row.from_name },
  recipients: row.recipients,
  subject: row.subject,
  returnPath: row.return_path,
  raw: row.raw,
  createdAt: new Date(row.created_at),
});

/** The embedded outbox's messages in `mail_outbox_message`, found by recipient through a GIN index on the array. */
export class MikroOrmMailOutbox implements MailOutbox {
  constructor(private readonly database: Database) {}

  async add(m: OutboxMessage): Promise<void> {
    await this.database.em.execute(ADD, [
      m.messageId,
      m.emailId,
      m.from.address,
      m.from.name ?? null,
      JSON.stringify(m.recipients),
      m.subject,
      m.returnPath,
      m.raw,
      m.createdAt.toISOString(),
    ]);
  }

  async list(query: { readonly recipient?: string; readonly limit: number }): Promise<readonly OutboxMessage[]> {
    const select = `select message_id, email_id, from_address, from_name, recipients, subject, return_path, raw, created_at::text as created_at from mail_outbox_message`;
    const rows =
      query.recipient === undefined
        ? await this.database.em.execute<OutboxRow[]>(`${select} order by created_at desc, message_id desc limit ?`, [query.limit])
        : await this.database.em.execute<OutboxRow[]>(`${select} where recipients @> array[?]::text[] order by created_at desc, message_id desc limit ?`, [query.recipient, query.limit]);
    return rows.map(fromRow);
  }
}
