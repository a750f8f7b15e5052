import type { ConversationSummary, InboundAddition, InboundMessage, InboundMessageRepository, MessageDirection, MessageStatus, ThreadMessage } from '@tuma/messaging';
import type { Database } from '../database/database.ts';
import { CONVERSATIONS, FIND_BY_CARRIER_ID, INSERT_INBOUND, LAST_SENDER, THREAD } from './inbound-sql.ts';

interface InboundRow {
  id: string;
  account_id: string | null;
  phone: string;
  recipient: string;
  text: string;
  carrier: string;
  carrier_message_id: string | null;
  received_at: Date | string;
}

interface ThreadRow {
  id: string;
  text: string;
  direction: string;
  status: string;
  at: Date | string;
}

interface ConversationRow {
  phone: string;
  text: string;
  direction: string;
  at: Date | string;
}

const inboundFromRow = (row: InboundRow): InboundMessage => ({
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
   * Two statements when the carrier id was seen: the insert, then a read of the stored message. The
   * read must be a statement of its own: after `on conflict` waited for a concurrent insert to
   * commit, only a new statement sees that row.
   */
  async add(message: InboundMessage): Promise<InboundAddition> {
    const em = this.database.em;
    const inserted = await em.execute<{ id: string }[]>(INSERT_INBOUND, [
      message.id,
      message.accountId,
      message.from,
      message.to,
      message.text,
      message.carrier,
      message.carrierMessageId,
      message.receivedAt.toISOString(),
    ]);
    if (inserted.length === 1) return { message, added: true };
    const [stored] = await em.execute<InboundRow[]>(FIND_BY_CARRIER_ID, [message.carrier, message.carrierMessageId]);
    if (!stored) throw new Error(`Inbound message ${message.carrier}/${message.carrierMessageId} was neither inserted nor found`);
    return { message: inboundFromRow(stored), added: false };
  }

  async lastSenderTo(phone: string): Promise<string | null> {
    const [row] = await this.database.em.execute<{ account_id: string }[]>(LAST_SENDER, [phone]);
    return row?.account_id ?? null;
  }

  async conversations(accountId: string, limit: number): Promise<readonly ConversationSummary[]> {
    const rows = await this.database.em.execute<ConversationRow[]>(CONVERSATIONS, [accountId, accountId, accountId, limit]);
    return rows.map((row) => ({ phone: row.phone, lastText: row.text, lastDirection: row.direction as MessageDirection, lastAt: new Date(row.at) }));
  }

  async thread(accountId: string, phone: string, limit: number): Promise<readonly ThreadMessage[]> {
    const rows = await this.database.em.execute<ThreadRow[]>(THREAD, [accountId, phone, limit, accountId, phone, limit, limit]);
    return rows.map((row) => ({ id: row.id, text: row.text, direction: row.direction as MessageDirection, status: row.status as MessageStatus, createdAt: new Date(row.at) }));
  }
}
