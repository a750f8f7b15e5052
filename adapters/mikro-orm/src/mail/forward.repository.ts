import { sql, type Selectable } from 'kysely';
import type { Forward, ForwardAttempt, ForwardLogEntry, ForwardLogQuery, ForwardOutcome, ForwardRepository } from '@tuma/mail';
import type { Database } from '../database/database.ts';
import type { MailForwardAttemptTable, MailForwardTable } from '../database/tables.ts';

/** The log's columns: all but the message. */
const LOG_COLUMNS = ['id', 'account_id', 'forward_id', 'domain_id', 'recipient', 'to_address', 'envelope_from', 'return_path', 'original_from', 'message_id', 'subject', 'outcome', 'error', 'received_at', 'settled_at'] as const;

const forwardOf = (row: Selectable<MailForwardTable>): Forward => ({
  id: row.id,
  accountId: row.account_id,
  domainId: row.domain_id,
  domainName: row.domain_name,
  alias: row.alias,
  to: row.to_address,
  createdAt: new Date(row.created_at),
});

const entryOf = (row: Pick<Selectable<MailForwardAttemptTable>, (typeof LOG_COLUMNS)[number]>): ForwardLogEntry => ({
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
  outcome: row.outcome as ForwardOutcome,
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
    const added = await this.database.query
      .insertInto('mail_forward')
      .values({ id: f.id, account_id: f.accountId, domain_id: f.domainId, domain_name: f.domainName, alias: f.alias, to_address: f.to, created_at: f.createdAt })
      .onConflict((conflict) => conflict.columns(['domain_id', 'alias']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return added !== undefined;
  }

  async list(accountId: string): Promise<readonly Forward[]> {
    return (await this.forwards().where('account_id', '=', accountId).orderBy('id', 'desc').execute()).map(forwardOf);
  }

  async find(accountId: string, id: string): Promise<Forward | undefined> {
    const row = await this.forwards().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
    return row && forwardOf(row);
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    const removed = await this.database.query.deleteFrom('mail_forward').where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
    return removed.numDeletedRows === 1n;
  }

  async matching(domainId: string, alias: string): Promise<Forward | undefined> {
    // The alias's own forward sorts before the catch-all ('*' = false sorts last in descending order).
    const row = await this.forwards()
      .where('domain_id', '=', domainId)
      .where('alias', 'in', [alias, '*'])
      .orderBy(sql`(alias = ${alias})`, 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && forwardOf(row);
  }

  async addAttempt(a: ForwardAttempt): Promise<void> {
    await this.database.query
      .insertInto('mail_forward_attempt')
      .values({
        id: a.id,
        account_id: a.accountId,
        forward_id: a.forwardId,
        domain_id: a.domainId,
        recipient: a.recipient,
        to_address: a.to,
        envelope_from: a.envelopeFrom,
        return_path: a.returnPath,
        original_from: text(a.originalFrom),
        message_id: text(a.messageId),
        subject: text(a.subject),
        outcome: a.outcome,
        error: a.error,
        received_at: a.receivedAt,
        settled_at: a.settledAt,
        raw: a.raw === null ? null : sql<Uint8Array>`decode(${Buffer.from(a.raw).toString('base64')}, 'base64')`,
      })
      .execute();
  }

  async findAttempt(id: string): Promise<ForwardAttempt | undefined> {
    const row = await this.database.query
      .selectFrom('mail_forward_attempt')
      .select(LOG_COLUMNS)
      .select(sql<string | null>`encode(raw, 'base64')`.as('raw'))
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { ...entryOf(row), raw: row.raw ? new Uint8Array(Buffer.from(row.raw, 'base64')) : null };
  }

  async settleAttempt(id: string, outcome: Exclude<ForwardOutcome, 'pending'>, error: string | null, at: Date): Promise<boolean> {
    const settled = await this.database.query
      .updateTable('mail_forward_attempt')
      .set({ outcome, error, settled_at: at, raw: null })
      .where('id', '=', id)
      .where('outcome', '=', 'pending')
      .executeTakeFirst();
    return settled.numUpdatedRows === 1n;
  }

  async log(query: ForwardLogQuery): Promise<readonly ForwardLogEntry[]> {
    const rows = await this.database.query
      .selectFrom('mail_forward_attempt')
      .select(LOG_COLUMNS)
      .where('account_id', '=', query.accountId)
      .where('forward_id', '=', query.forwardId)
      .$if(query.after !== undefined, (select) => select.where('id', '<', query.after!))
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset(query.offset ?? 0)
      .execute();
    return rows.map(entryOf);
  }

  private forwards() {
    return this.database.query.selectFrom('mail_forward').selectAll();
  }
}
