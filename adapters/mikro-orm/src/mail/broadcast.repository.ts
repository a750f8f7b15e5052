import { BROADCAST_RECIPIENT_STATES, type BroadcastAudience, type BroadcastProgress, type BroadcastRecipient, type BroadcastRecipientState, type BroadcastRepository, type BroadcastSnapshot, type EmailStatus } from '@tuma/mail';
import type { Database } from '../database/database.ts';
import { executeBound } from '../database/bound-statement.ts';

interface BroadcastRow {
  readonly id: string;
  readonly account_id: string;
  readonly list_id: string;
  readonly domain_id: string | null;
  readonly content: string;
  readonly scheduled_at: string | null;
  readonly cancelled_at: string | null;
  readonly created_at: string;
}

type StoredContent = Pick<BroadcastSnapshot, 'from' | 'replyTo' | 'subject' | 'html' | 'text' | 'tags'>;

const COLUMNS = 'id, account_id, list_id, domain_id, content::text as content, scheduled_at::text as scheduled_at, cancelled_at::text as cancelled_at, created_at::text as created_at';

const date = (text: string | null): Date | null => (text === null ? null : new Date(text));

const fromRow = (row: BroadcastRow): BroadcastSnapshot => {
  const content = JSON.parse(row.content) as StoredContent;
  return { id: row.id, accountId: row.account_id, listId: row.list_id, domainId: row.domain_id, ...content, scheduledAt: date(row.scheduled_at), cancelledAt: date(row.cancelled_at), createdAt: new Date(row.created_at) };
};

/**
 * The snapshot: every contact of the list, numbered in the list's order, skipped when unsubscribed
 * or on the account's suppression list, in one insert-select whatever the list's size (nothing of
 * the audience passes through Node). Parameters: broadcast id, account id, list id.
 */
const SNAPSHOT = `
  with taken as (
    insert into mail_broadcast_recipient (broadcast_id, seq, contact_id, email, first_name, last_name, data, state)
    select ?, (row_number() over (order by c.position) - 1)::int, c.id, c.email, c.first_name, c.last_name, c.data,
           case when c.unsubscribed then 'skipped_unsubscribed' when s.email is not null then 'skipped_suppressed' else 'pending' end
    from mail_contact c
    left join mail_suppression s on s.account_id = ? and s.email = c.email
    where c.list_id = ?
    returning state
  )
  select count(*)::int as recipients,
         (count(*) filter (where state = 'pending'))::int as pending,
         (count(*) filter (where state = 'skipped_unsubscribed'))::int as skipped_unsubscribed,
         (count(*) filter (where state = 'skipped_suppressed'))::int as skipped_suppressed
  from taken`;

/**
 * The claim: the chunk's pending recipients move on in one statement, each row locked by it, so
 * that a second attempt of the chunk (running beside a presumed-dead one, or after it) waits for
 * the first to commit and then finds them claimed. A contact unsubscribed since is skipped.
 * Parameters: broadcast id, from, to.
 */
const CLAIM = `
  update mail_broadcast_recipient r
  set state = case when exists (select 1 from mail_contact c where c.id = r.contact_id and c.unsubscribed) then 'skipped_unsubscribed' else 'queued' end
  where r.broadcast_id = ? and r.seq >= ? and r.seq < ? and r.state = 'pending'
  returning r.seq, r.state, r.contact_id, r.email, r.first_name, r.last_name, r.data::text as data`;

/** Broadcasts in `mail_broadcast` (the message as jsonb), their recipients in `mail_broadcast_recipient`. */
export class MikroOrmBroadcastRepository implements BroadcastRepository {
  constructor(private readonly database: Database) {}

  async create(broadcast: BroadcastSnapshot): Promise<BroadcastAudience> {
    const { from, replyTo, subject, html, text, tags } = broadcast;
    const content: StoredContent = { from, replyTo, subject, html, text, tags };
    await executeBound(
      this.database,
      `insert into mail_broadcast (id, account_id, list_id, domain_id, content, scheduled_at, cancelled_at, created_at) values (?, ?, ?, ?, ?::jsonb, ?::timestamptz, ?::timestamptz, ?::timestamptz)`,
      [broadcast.id, broadcast.accountId, broadcast.listId, broadcast.domainId, JSON.stringify(content), broadcast.scheduledAt?.toISOString() ?? null, broadcast.cancelledAt?.toISOString() ?? null, broadcast.createdAt.toISOString()],
    );
    const [row] = await this.database.em.execute<{ recipients: number; pending: number; skipped_unsubscribed: number; skipped_suppressed: number }[]>(SNAPSHOT, [broadcast.id, broadcast.accountId, broadcast.listId]);
    return { recipients: row!.recipients, pending: row!.pending, skippedUnsubscribed: row!.skipped_unsubscribed, skippedSuppressed: row!.skipped_suppressed };
  }

  async find(accountId: string, id: string): Promise<BroadcastSnapshot | undefined> {
    const [row] = await this.database.em.execute<BroadcastRow[]>(`select ${COLUMNS} from mail_broadcast where id = ? and account_id = ?`, [id, accountId]);
    return row && fromRow(row);
  }

  async findById(id: string): Promise<BroadcastSnapshot | undefined> {
    const [row] = await this.database.em.execute<BroadcastRow[]>(`select ${COLUMNS} from mail_broadcast where id = ?`, [id]);
    return row && fromRow(row);
  }

  async list(accountId: string, page: { readonly after?: string; readonly limit: number }): Promise<readonly BroadcastSnapshot[]> {
    const after = page.after === undefined ? '' : 'and id < ?';
    const rows = await this.database.em.execute<BroadcastRow[]>(`select ${COLUMNS} from mail_broadcast where account_id = ? ${after} order by id desc limit ?`, [
      accountId,
      ...(page.after === undefined ? [] : [page.after]),
      page.limit,
    ]);
    return rows.map(fromRow);
  }

  async claim(broadcastId: string, from: number, to: number): Promise<readonly BroadcastRecipient[]> {
    const rows = await this.database.em.execute<{ seq: number; state: string; contact_id: string; email: string; first_name: string | null; last_name: string | null; data: string }[]>(CLAIM, [broadcastId, from, to]);
    return rows
      .filter((row) => row.state === 'queued')
      .map((row) => ({ seq: Number(row.seq), contactId: row.contact_id, email: row.email, firstName: row.first_name, lastName: row.last_name, data: JSON.parse(row.data) as Record<string, string> }))
      .sort((a, b) => a.seq - b.seq);
  }

  async linkEmails(broadcastId: string, emails: readonly { readonly seq: number; readonly emailId: string }[]): Promise<void> {
    if (emails.length === 0) return;
    await executeBound(
      this.database,
      `update mail_broadcast_recipient r set email_id = l->>1 from jsonb_array_elements(?::jsonb) as l where r.broadcast_id = ? and r.seq = (l->>0)::int`,
      [JSON.stringify(emails.map((e) => [e.seq, e.emailId])), broadcastId],
    );
  }

  async cancel(broadcastId: string, at: Date): Promise<number> {
    await this.database.em.execute('update mail_broadcast set cancelled_at = ?::timestamptz where id = ? and cancelled_at is null', [at.toISOString(), broadcastId]);
    return (await this.database.em.execute<{ seq: number }[]>(`update mail_broadcast_recipient set state = 'cancelled' where broadcast_id = ? and state = 'pending' returning seq`, [broadcastId])).length;
  }

  async progress(broadcastId: string): Promise<BroadcastProgress> {
    const rows = await this.database.em.execute<{ state: BroadcastRecipientState; status: EmailStatus | null; n: number }[]>(
      `select r.state, e.status, count(*)::int as n from mail_broadcast_recipient r left join email e on e.id = r.email_id where r.broadcast_id = ? group by r.state, e.status`,
      [broadcastId],
    );
    const states = Object.fromEntries(BROADCAST_RECIPIENT_STATES.map((state) => [state, 0])) as Record<BroadcastRecipientState, number>;
    const emails: Partial<Record<EmailStatus, number>> = {};
    for (const row of rows) {
      states[row.state] += row.n;
      if (row.status) emails[row.status] = (emails[row.status] ?? 0) + row.n;
    }
    return { states, emails };
  }
}
