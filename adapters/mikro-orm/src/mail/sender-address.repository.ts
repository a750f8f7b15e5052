import type { SenderAddressRepository, SenderAddressSnapshot } from '@tuma/mail';
import type { Database } from '../database/database.ts';

interface SenderAddressRow {
  readonly id: string;
  readonly account_id: string;
  readonly email: string;
  readonly name: string | null;
  readonly status: SenderAddressSnapshot['status'];
  readonly confirmed_at: string | null;
  readonly created_at: string;
}

const COLUMNS = 'id, account_id, email, name, status, confirmed_at::text as confirmed_at, created_at::text as created_at';

const fromRow = (row: SenderAddressRow): SenderAddressSnapshot => ({
  id: row.id,
  accountId: row.account_id,
  email: row.email,
  name: row.name,
  status: row.status,
  confirmedAt: row.confirmed_at === null ? null : new Date(row.confirmed_at),
  createdAt: new Date(row.created_at),
});

/** Sender addresses in `mail_sender_address`, an address once per account: one statement per read and write. */
export class MikroOrmSenderAddressRepository implements SenderAddressRepository {
  constructor(private readonly database: Database) {}

  async add(a: SenderAddressSnapshot): Promise<boolean> {
    const added = await this.database.em.execute<{ id: string }[]>(
      `insert into mail_sender_address (id, account_id, email, name, status, confirmed_at, created_at) values (?, ?, ?, ?, ?, ?::timestamptz, ?::timestamptz)
        on conflict (account_id, email) do nothing returning id`,
      [a.id, a.accountId, a.email, a.name, a.status, a.confirmedAt?.toISOString() ?? null, a.createdAt.toISOString()],
    );
    return added.length === 1;
  }

  async save(a: SenderAddressSnapshot): Promise<void> {
    const saved = await this.database.em.execute<{ id: string }[]>('update mail_sender_address set status = ?, confirmed_at = ?::timestamptz where id = ? returning id', [
      a.status,
      a.confirmedAt?.toISOString() ?? null,
      a.id,
    ]);
    if (saved.length !== 1) throw new Error(`Sender address ${a.id} was never added`);
  }

  async find(accountId: string, id: string): Promise<SenderAddressSnapshot | undefined> {
    return (await this.rows(`select ${COLUMNS} from mail_sender_address where id = ? and account_id = ?`, [id, accountId]))[0];
  }

  async findByEmail(accountId: string, email: string): Promise<SenderAddressSnapshot | undefined> {
    return (await this.rows(`select ${COLUMNS} from mail_sender_address where account_id = ? and email = ?`, [accountId, email]))[0];
  }

  list(accountId: string): Promise<readonly SenderAddressSnapshot[]> {
    return this.rows(`select ${COLUMNS} from mail_sender_address where account_id = ? order by id desc`, [accountId]);
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    return (await this.database.em.execute<{ id: string }[]>('delete from mail_sender_address where id = ? and account_id = ? returning id', [id, accountId])).length === 1;
  }

  private async rows(sql: string, values: unknown[]): Promise<SenderAddressSnapshot[]> {
    return (await this.database.em.execute<SenderAddressRow[]>(sql, values)).map(fromRow);
  }
}
