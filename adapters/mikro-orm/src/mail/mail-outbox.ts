import { sql, type Selectable } from 'kysely';
import type { MailOutbox, OutboxMessage } from '@tuma/mail';
import type { Database } from '../database/database.ts';
import type { MailOutboxMessageTable } from '../database/tables.ts';
import { textsOf } from '../database/bound-texts.ts';

const messageOf = (row: Selectable<MailOutboxMessageTable>): OutboxMessage => ({
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
    await this.database.query
      .insertInto('mail_outbox_message')
      .values({
        message_id: m.messageId,
        email_id: m.emailId,
        from_address: m.from.address,
        from_name: m.from.name ?? null,
        // The recipients travel as JSON: how a JS array binds differs between pg and the PGlite dialect, text does not.
        recipients: sql<string[]>`array(select ${textsOf(m.recipients)})`,
        subject: m.subject,
        return_path: m.returnPath,
        raw: m.raw,
        created_at: m.createdAt,
      })
      .execute();
  }

  async list(query: { readonly recipient?: string; readonly limit: number }): Promise<readonly OutboxMessage[]> {
    const rows = await this.database.query
      .selectFrom('mail_outbox_message')
      .selectAll()
      .$if(query.recipient !== undefined, (select) => select.where(sql<boolean>`recipients @> array[${query.recipient}]::text[]`))
      .orderBy('created_at', 'desc')
      .orderBy('message_id', 'desc')
      .limit(query.limit)
      .execute();
    return rows.map(messageOf);
  }
}
