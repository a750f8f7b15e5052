import type { Forward, ForwardAttempt, ForwardLogEntry, ForwardLogQuery, ForwardOutcome, ForwardRepository } from '@tuma/mail';
import type { Database } from '../database/database.ts';

interface ForwardRow {
  id: string;
  account_id: string;
  domain_id: string;
  domain_name: string;
  alias: string;
  to_address: string;
  created_at: Date | string;
}

interface AttemptRow {
  id: string;
  account_id: string;
  forward_id: string | null;
  domain_id: string;
  recipient: string;
  to_address: string;
  envelope_from: string;
  return_path: string;
  original_from: string | null;
  message_id: string | null;
  subject: string | null;
  outcome: ForwardOutcome;
  error: string | null;
  received_at: Date | string;
  settled_at: Date | string | null;
  raw?: string | null;
}

const FORWARD_COLUMNS = 'id, account_id, domain_id, domain_name, alias, to_address, created_at';
const LOG_COLUMNS = 'id, account_id, forward_id, domain_id, recipient, to_address, envelope_from, return_path, original_from, message_id, subject, outcome, error, received_at, settled_at';

const forwardOf = (row: ForwardRow): Forward => ({
  id: row.id,
  accountId: row.account_id,
  domainId: row.domain_id,
  domainName: row.domain_name,
  alias: row.alias,
  to: row.to_address,
  createdAt: new Date(row.created_at),
});

const entryOf = (row: AttemptRow): ForwardLogEntry => ({
  id: row.id,
  accountId: row.account_id,
  forwardId: row.forward_id,
  domainId: row.domain_id,
  recipient: row.recipient,
  to: row.to_address,
  envelopeFrom: row.envelope_from,
  returnPath: row.return_path,
  originalFrom: row.original_from,
  messageId: row.message_id,
  subject: row.subject,
  outcome: row.outcome,
  error: row.error,
  receivedAt: new Date(row.received_at),
  settledAt: row.settled_at === null ? null : new Date(row.settled_at),
});

/** Text from a message, as PostgreSQL's text takes it (no NUL). */
const text = (value: string | null): string | null => value && value.replace(/\u0000/g, '');

/** Forwards in `mail_forward`, their log in `mail_forward_attempt` (the message as bytea, passed as base64 so that both drivers agree). */
export class MikroOrmForwardRepository implements ForwardRepository {
  constructor(private readonly database: Database) {}

  async add(f: Forward): Promise<boolean> {
    const added = await this.database.em.execute<{ id: string }[]>(
      `insert into mail_forward (${FORWARD_COLUMNS}) values (?, ?, ?, ?, ?, ?, ?::timestamptz) on conflict (domain_id, alias) do nothing returning id`,
      [f.id, f.accountId, f.domainId, f.domainName, f.alias, f.to, f.createdAt.toISOString()],
    );
    return added.length === 1;
  }

  async list(accountId: string): Promise<readonly Forward[]> {
    return (await this.database.em.execute<ForwardRow[]>(`select ${FORWARD_COLUMNS} from mail_forward where account_id = ? order by id desc`, [accountId])).map(forwardOf);
  }

  async find(accountId: string, id: string): Promise<Forward | undefined> {
    const [row] = await this.database.em.execute<ForwardRow[]>(`select ${FORWARD_COLUMNS} from mail_forward where id = ? and account_id = ?`, [id, accountId]);
    return row && forwardOf(row);
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    return (await this.database.em.execute<{ id: string }[]>('delete from mail_forward where id = ? and account_id = ? returning id', [id, accountId])).length === 1;
  }

  async matching(domainId: string, alias: string): Promise<Forward | undefined> {
    // The alias's own forward sorts before the catch-all ('*' = false sorts last in descending order).
    const [row] = await this.database.em.execute<ForwardRow[]>(`select ${FORWARD_COLUMNS} from mail_forward where domain_id = ? and alias in (?, '*') order by (alias = ?) desc limit 1`, [domainId, alias, alias]);
    return row && forwardOf(row);
  }

  async addAttempt(a: ForwardAttempt): Promise<void> {
    await this.database.em.execute(
      `insert into mail_forward_attempt (${LOG_COLUMNS}, raw) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::timestamptz, ?::timestamptz, decode(?, 'base64'))`,
      [
        a.id,
        a.accountId,
        a.forwardId,
        a.domainId,
        a.recipient,
        a.to,
        a.envelopeFrom,
        a.returnPath,
        text(a.originalFrom),
        text(a.messageId),
        text(a.subject),
        a.outcome,
        a.error,
        a.receivedAt.toISOString(),
        a.settledAt?.toISOString() ?? null,
        a.raw === null ? null : Buffer.from(a.raw).toString('base64'),
      ],
      'run',
    );
  }

  async findAttempt(id: string): Promise<ForwardAttempt | undefined> {
    const [row] = await this.database.em.execute<AttemptRow[]>(`select ${LOG_COLUMNS}, encode(raw, 'base64') as raw from mail_forward_attempt where id = ?`, [id]);
    return row && { ...entryOf(row), raw: row.raw ? new Uint8Array(Buffer.from(row.raw, 'base64')) : null };
  }

  async settleAttempt(id: string, outcome: Exclude<ForwardOutcome, 'pending'>, error: string | null, at: Date): Promise<boolean> {
    const settled = await this.database.em.execute<{ id: string }[]>(
      `update mail_forward_attempt set outcome = ?, error = ?, settled_at = ?::timestamptz, raw = null where id = ? and outcome = 'pending' returning id`,
      [outcome, error, at.toISOString(), id],
    );
    return settled.length === 1;
  }

  async log(query: ForwardLogQuery): Promise<readonly ForwardLogEntry[]> {
    const after = query.after === undefined ? '' : 'and id < ?';
    const rows = await this.database.em.execute<AttemptRow[]>(
      `select ${LOG_COLUMNS} from mail_forward_attempt where account_id = ? and forward_id = ? ${after} order by id desc limit ? offset ?`,
      [query.accountId, query.forwardId, ...(query.after === undefined ? [] : [query.after]), query.limit, query.offset ?? 0],
    );
    return rows.map(entryOf);
  }
}
