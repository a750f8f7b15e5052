import type { TwoWayDirection, TwoWayMessage, TwoWayMessageLog } from '@tuma/two-way';
import type { Database } from '../database/database.ts';
import { storedMoney } from '../database/stored-money.ts';

interface MessageRow {
  readonly id: string;
  readonly service_id: string;
  readonly direction: TwoWayDirection;
  readonly sender: string;
  readonly recipient: string;
  readonly text: string;
  readonly keyword: string | null;
  readonly phone: string;
  readonly status: string;
  readonly billed: boolean | null;
  readonly cost: string;
  readonly currency: string;
  readonly auto_reply: boolean;
  readonly created_at: string;
  readonly total: string;
}

const fromRow = (row: MessageRow): TwoWayMessage => ({
  id: row.id,
  serviceId: Number(row.service_id),
  direction: row.direction,
  from: row.sender,
  to: row.recipient,
  text: row.text,
  keyword: row.keyword,
  phone: row.phone,
  status: row.status,
  billed: row.billed,
  cost: storedMoney(String(row.cost), row.currency, `cost of two-way message ${row.id}`),
  autoReply: row.auto_reply,
  createdAt: new Date(row.created_at),
});

const INSERT = `insert into two_way_message (id, service_id, direction, sender, recipient, text, keyword, phone, status, billed, cost, currency, auto_reply, created_at)
  values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::timestamptz) on conflict (id) do nothing`;

// An outbound message shows the status its `message` row has now (delivered, failed, ...).
const LIST = `select t.id, t.service_id::text as service_id, t.direction, t.sender, t.recipient, t.text, t.keyword, t.phone, coalesce(m.status, t.status) as status,
  t.billed, t.cost::text as cost, t.currency, t.auto_reply, t.created_at::text as created_at, count(*) over ()::text as total
  from two_way_message t left join message m on m.id = t.id and t.direction = 'outbound'
  where t.service_id = ? order by t.created_at desc, t.id collate "C" desc limit ?`;

/** The services' message log in `two_way_message`. */
export class MikroOrmTwoWayMessageLog implements TwoWayMessageLog {
  constructor(private readonly database: Database) {}

  async record(m: TwoWayMessage): Promise<void> {
    const values = [m.id, m.serviceId, m.direction, m.from, m.to, m.text, m.keyword, m.phone, m.status, m.billed, m.cost.toDecimalString(), m.cost.currency, m.autoReply, m.createdAt.toISOString()];
    await this.database.em.execute(INSERT, values, 'run');
  }

  async list(serviceId: number, limit: number): Promise<{ readonly messages: readonly TwoWayMessage[]; readonly total: number }> {
    const rows = await this.database.em.execute<MessageRow[]>(LIST, [serviceId, limit]);
    if (rows.length > 0) return { messages: rows.map(fromRow), total: Number(rows[0]!.total) };
    const [count] = await this.database.em.execute<{ total: string }[]>('select count(*)::text as total from two_way_message where service_id = ?', [serviceId]);
    return { messages: [], total: Number(count?.total ?? 0) };
  }
}
