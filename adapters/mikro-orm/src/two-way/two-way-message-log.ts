import { sql, type Selectable } from 'kysely';
import type { TwoWayDirection, TwoWayMessage, TwoWayMessageLog } from '@tuma/two-way';
import type { Database } from '../database/database.ts';
import { storedMoney } from '../database/stored-money.ts';
import type { TwoWayMessageTable } from '../database/tables.ts';

const messageOf = (row: Selectable<TwoWayMessageTable>): TwoWayMessage => ({
  id: row.id,
  serviceId: Number(row.service_id),
  direction: row.direction as TwoWayDirection,
  from: row.sender,
  to: row.recipient,
  text: row.text,
  keyword: row.keyword,
  phone: row.phone,
  status: row.status,
  billed: row.billed,
  cost: storedMoney(row.cost, row.currency, `cost of two-way message ${row.id}`),
  autoReply: row.auto_reply,
  createdAt: new Date(row.created_at),
});

/** The services' message log in `two_way_message`. */
export class MikroOrmTwoWayMessageLog implements TwoWayMessageLog {
  constructor(private readonly database: Database) {}

  async record(m: TwoWayMessage): Promise<void> {
    await this.database.query
      .insertInto('two_way_message')
      .values({
        id: m.id, service_id: String(m.serviceId), direction: m.direction, sender: m.from, recipient: m.to, text: m.text, keyword: m.keyword, phone: m.phone,
        status: m.status, billed: m.billed, cost: m.cost.toDecimalString(), currency: m.cost.currency, auto_reply: m.autoReply, created_at: m.createdAt,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  async list(serviceId: number, limit: number): Promise<{ readonly messages: readonly TwoWayMessage[]; readonly total: number }> {
    const rows = await this.database.query
      .selectFrom('two_way_message as t')
      // An outbound message shows the status its `message` row has now (delivered, failed, ...).
      .leftJoin('message as m', (join) => join.onRef('m.id', '=', 't.id').on('t.direction', '=', sql.lit('outbound')))
      .select((eb) => [
        't.id', 't.service_id', 't.direction', 't.sender', 't.recipient', 't.text', 't.keyword', 't.phone', eb.fn.coalesce('m.status', 't.status').as('status'),
        't.billed', 't.cost', 't.currency', 't.auto_reply', 't.created_at', eb.fn.countAll<string>().over().as('total'),
      ])
      .where('t.service_id', '=', String(serviceId))
      .orderBy('t.created_at', 'desc')
      .orderBy(sql`t.id collate "C"`, 'desc')
      .limit(limit)
      .execute();
    if (rows.length > 0) return { messages: rows.map(messageOf), total: Number(rows[0]!.total) };
    const count = await this.database.query.selectFrom('two_way_message').select((eb) => eb.fn.countAll<string>().as('total')).where('service_id', '=', String(serviceId)).executeTakeFirst();
    return { messages: [], total: Number(count?.total ?? 0) };
  }
}
