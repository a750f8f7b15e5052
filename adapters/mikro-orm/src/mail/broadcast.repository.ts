import { sql, type Selectable } from 'kysely';
import { BROADCAST_RECIPIENT_STATES, type BroadcastAudience, type BroadcastProgress, type BroadcastRecipient, type BroadcastRecipientState, type BroadcastRepository, type BroadcastSnapshot, type EmailStatus } from '@tuma/mail';
import type { Database } from '../database/database.ts';
import type { MailBroadcastRecipientTable, MailBroadcastTable } from '../database/tables.ts';

type StoredContent = Pick<BroadcastSnapshot, 'from' | 'replyTo' | 'subject' | 'html' | 'text' | 'tags'>;

const date = (text: string | null): Date | null => (text === null ? null : new Date(text));

const broadcastOf = (row: Selectable<MailBroadcastTable>): BroadcastSnapshot => ({
  id: row.id,
  accountId: row.account_id,
  listId: row.list_id,
  domainId: row.domain_id,
  ...(row.content as StoredContent),
  scheduledAt: date(row.scheduled_at),
  cancelledAt: date(row.cancelled_at),
  createdAt: new Date(row.created_at),
});

const recipientOf = (row: Pick<Selectable<MailBroadcastRecipientTable>, 'seq' | 'contact_id' | 'email' | 'first_name' | 'last_name' | 'data'>): BroadcastRecipient => ({
  seq: row.seq,
  contactId: row.contact_id,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  data: row.data as Record<string, string>,
});

/** Broadcasts in `mail_broadcast` (the message as jsonb), their recipients in `mail_broadcast_recipient`. */
export class MikroOrmBroadcastRepository implements BroadcastRepository {
  constructor(private readonly database: Database) {}

  /**
   * The snapshot: every contact of the list, numbered in the list's order, skipped when unsubscribed
   * or on the account's suppression list, in one insert-select whatever the list's size (nothing of
   * the audience passes through Node).
   */
  async create(broadcast: BroadcastSnapshot): Promise<BroadcastAudience> {
    const { from, replyTo, subject, html, text, tags } = broadcast;
    const content: StoredContent = { from, replyTo, subject, html, text, tags };
    await this.database.query
      .insertInto('mail_broadcast')
      .values({
        id: broadcast.id,
        account_id: broadcast.accountId,
        list_id: broadcast.listId,
        domain_id: broadcast.domainId,
        content: JSON.stringify(content),
        scheduled_at: broadcast.scheduledAt,
        cancelled_at: broadcast.cancelledAt,
        created_at: broadcast.createdAt,
      })
      .execute();
    const { rows } = await sql<{ recipients: number; pending: number; skipped_unsubscribed: number; skipped_suppressed: number }>`
      with taken as (
        insert into mail_broadcast_recipient (broadcast_id, seq, contact_id, email, first_name, last_name, data, state)
        select ${broadcast.id}, (row_number() over (order by c.position) - 1)::int, c.id, c.email, c.first_name, c.last_name, c.data,
               case when c.unsubscribed then 'skipped_unsubscribed' when s.email is not null then 'skipped_suppressed' else 'pending' end
        from mail_contact c
        left join mail_suppression s on s.account_id = ${broadcast.accountId} and s.email = c.email
        where c.list_id = ${broadcast.listId}
        returning state
      )
      select count(*)::int as recipients,
             (count(*) filter (where state = 'pending'))::int as pending,
             (count(*) filter (where state = 'skipped_unsubscribed'))::int as skipped_unsubscribed,
             (count(*) filter (where state = 'skipped_suppressed'))::int as skipped_suppressed
      from taken`.execute(this.database.query);
    const row = rows[0]!;
    return { recipients: row.recipients, pending: row.pending, skippedUnsubscribed: row.skipped_unsubscribed, skippedSuppressed: row.skipped_suppressed };
  }

  async find(accountId: string, id: string): Promise<BroadcastSnapshot | undefined> {
    const row = await this.broadcasts().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
    return row && broadcastOf(row);
  }

  async findById(id: string): Promise<BroadcastSnapshot | undefined> {
    const row = await this.broadcasts().where('id', '=', id).executeTakeFirst();
    return row && broadcastOf(row);
  }

  async list(accountId: string, page: { readonly after?: string; readonly limit: number }): Promise<readonly BroadcastSnapshot[]> {
    const rows = await this.broadcasts()
      .where('account_id', '=', accountId)
      .$if(page.after !== undefined, (select) => select.where('id', '<', page.after!))
      .orderBy('id', 'desc')
      .limit(page.limit)
      .execute();
    return rows.map(broadcastOf);
  }

  /**
   * The claim: the chunk's pending recipients move on in one statement, each row locked by it, so
   * that a second attempt of the chunk (running beside a presumed-dead one, or after it) waits for
   * the first to commit and then finds them claimed. A contact unsubscribed since is skipped.
   */
  async claim(broadcastId: string, from: number, to: number): Promise<readonly BroadcastRecipient[]> {
    const { rows } = await sql<Pick<Selectable<MailBroadcastRecipientTable>, 'seq' | 'state' | 'contact_id' | 'email' | 'first_name' | 'last_name' | 'data'>>`
      update mail_broadcast_recipient r
      set state = case when exists (select 1 from mail_contact c where c.id = r.contact_id and c.unsubscribed) then 'skipped_unsubscribed' else 'queued' end
      where r.broadcast_id = ${broadcastId} and r.seq >= ${from} and r.seq < ${to} and r.state = 'pending'
      returning r.seq, r.state, r.contact_id, r.email, r.first_name, r.last_name, r.data`.execute(this.database.query);
    return rows
      .filter((row) => row.state === 'queued')
      .map(recipientOf)
      .sort((a, b) => a.seq - b.seq);
  }

  /** The links travel as one JSON parameter, `[seq, email id]` each. */
  async linkEmails(broadcastId: string, emails: readonly { readonly seq: number; readonly emailId: string }[]): Promise<void> {
    if (emails.length === 0) return;
    await sql`
      update mail_broadcast_recipient r set email_id = l->>1 from jsonb_array_elements(${JSON.stringify(emails.map((e) => [e.seq, e.emailId]))}::jsonb) as l
      where r.broadcast_id = ${broadcastId} and r.seq = (l->>0)::int`.execute(this.database.query);
  }

  async cancel(broadcastId: string, at: Date): Promise<number> {
    await this.database.query.updateTable('mail_broadcast').set({ cancelled_at: at }).where('id', '=', broadcastId).where('cancelled_at', 'is', null).execute();
    const cancelled = await this.database.query
      .updateTable('mail_broadcast_recipient')
      .set({ state: 'cancelled' })
      .where('broadcast_id', '=', broadcastId)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    return Number(cancelled.numUpdatedRows);
  }

  async progress(broadcastId: string): Promise<BroadcastProgress> {
    const rows = await this.database.query
      .selectFrom('mail_broadcast_recipient as r')
      .leftJoin('email as e', 'e.id', 'r.email_id')
      .select(['r.state', 'e.status', sql<number>`count(*)::int`.as('n')])
      .where('r.broadcast_id', '=', broadcastId)
      .groupBy(['r.state', 'e.status'])
      .execute();
    const states = Object.fromEntries(BROADCAST_RECIPIENT_STATES.map((state) => [state, 0])) as Record<BroadcastRecipientState, number>;
    const emails: Partial<Record<EmailStatus, number>> = {};
    for (const row of rows) {
      states[row.state as BroadcastRecipientState] += row.n;
      if (row.status) emails[row.status as EmailStatus] = (emails[row.status as EmailStatus] ?? 0) + row.n;
    }
    return { states, emails };
  }

  private broadcasts() {
    return this.database.query.selectFrom('mail_broadcast').selectAll();
  }
}
