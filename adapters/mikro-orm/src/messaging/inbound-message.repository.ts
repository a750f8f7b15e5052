import { sql, type Selectable } from 'kysely';
import type { ConversationSummary, InboundAddition, InboundMessage, InboundMessageRepository, MessageStatus, ThreadMessage } from '@tuma/messaging';
import type { Database } from '../database/database.ts';
import type { InboundMessageTable } from '../database/tables.ts';
import { conversationsStatement, threadStatement } from './inbound-sql.ts';

const inboundFromRow = (row: Selectable<InboundMessageTable>): InboundMessage => ({
  id: row.id,
  accountId: row.account_id,
  from: row.phone,
  to: row.recipient,
  text: row.text,
  carrier: row.carrier,
  carrierMessageId: row.carrier_message_id,
  receivedAt: new Date(row.received_at),
});

/** Inbound messages in `inbound_message`; conversations join them with `message` in SQL. */
export class MikroOrmInboundMessageRepository implements InboundMessageRepository {
  constructor(private readonly database: Database) {}

  /**
   * Inserts unless the carrier delivered this message id before (a concurrent insert of it
   * included). Two statements when it did: the insert, then a read of the stored message. The read
   * must be a statement of its own: after `on conflict` waited for a concurrent insert to commit,
   * only a new statement sees that row.
   */
  async add(message: InboundMessage): Promise<InboundAddition> {
    const inserted = await this.database.query
      .insertInto('inbound_message')
      .values({
        id: message.id,
        account_id: message.accountId,
        phone: message.from,
        recipient: message.to,
        text: message.text,
        carrier: message.carrier,
        carrier_message_id: message.carrierMessageId,
        received_at: message.receivedAt,
      })
      .onConflict((conflict) => conflict.columns(['carrier', 'carrier_message_id']).where('carrier_message_id', 'is not', null).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return { message, added: true };
    const stored = await this.database.query
      .selectFrom('inbound_message')
      .selectAll()
      .where('carrier', '=', message.carrier)
      .where('carrier_message_id', '=', message.carrierMessageId)
      .executeTakeFirst();
    if (!stored) throw new Error(`Inbound message ${message.carrier}/${message.carrierMessageId} was neither inserted nor found`);
    return { message: inboundFromRow(stored), added: false };
  }

  /** Rejected messages never left us: nobody answers them. */
  async lastSenderTo(phone: string): Promise<string | null> {
    const row = await this.database.query
      .selectFrom('message as m')
      .select('m.account_id')
      .where('m.phone', '=', phone)
      .where('m.environment', '=', sql.lit('live'))
      .where('m.status', '<>', sql.lit('rejected'))
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', (ob) => ob.collate('C').desc())
      .limit(1)
      .executeTakeFirst();
    return row?.account_id ?? null;
  }

  async conversations(accountId: string, limit: number): Promise<readonly ConversationSummary[]> {
    const { rows } = await conversationsStatement(accountId, limit).execute(this.database.query);
    return rows.map((row) => ({ phone: row.phone, lastText: row.text, lastDirection: row.direction, lastAt: new Date(row.at) }));
  }

  async thread(accountId: string, phone: string, limit: number): Promise<readonly ThreadMessage[]> {
    const { rows } = await threadStatement(accountId, phone, limit).execute(this.database.query);
    return rows.map((row) => ({ id: row.id, text: row.text, direction: row.direction, status: row.status as MessageStatus, createdAt: new Date(row.at) }));
  }
}
