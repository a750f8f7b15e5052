import { sql } from 'kysely';
import { Email, type EmailEvent, type EmailQuery, type EmailRepository, type EmailSnapshot, type NewEmail } from '@tuma/mail';
import { countedRecordset } from '../database/counted-recordset.ts';
import type { Database } from '../database/database.ts';
import { EMAIL_COLUMNS, emailOf, emailRow, eventOf, eventRow } from './email-rows.ts';

/** `%`, `_` and `\` of a search are literal. */
const likeEscaped = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Emails in `email` and their timelines in `email_event`: one statement per read and write. */
export class MikroOrmEmailRepository implements EmailRepository {
  constructor(private readonly database: Database) {}

  async add(emails: readonly NewEmail[]): Promise<void> {
    if (emails.length === 0) return;
    await this.database.query
      .insertInto('email')
      .values(emails.map(({ email }) => emailRow(email, Email.rehydrate(email).recipients)))
      .execute();
    await this.addEvents(emails.map(({ first }) => first));
  }

  async find(accountId: string, id: string): Promise<EmailSnapshot | undefined> {
    const row = await this.emails().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
    return row && emailOf(row);
  }

  async findById(id: string): Promise<EmailSnapshot | undefined> {
    const row = await this.emails().where('id', '=', id).executeTakeFirst();
    return row && emailOf(row);
  }

  async findByIds(ids: readonly string[]): Promise<readonly EmailSnapshot[]> {
    if (ids.length === 0) return [];
    const rows = await this.emails().where('id', 'in', ids).execute();
    return rows.map(emailOf);
  }

  async lock(ids: readonly string[]): Promise<readonly EmailSnapshot[]> {
    if (!this.database.em.isInTransaction()) throw new Error('Locking an email needs a unit of work');
    if (ids.length === 0) return [];
    const rows = await this.emails().where('id', 'in', ids).orderBy('id').forUpdate().execute();
    return rows.map(emailOf);
  }

  async save(emails: readonly EmailSnapshot[]): Promise<void> {
    if (emails.length === 0) return;
    const records = emails.map((email) => ({ id: email.id, status: email.status, message_id: email.messageId, updated_at: email.updatedAt }));
    await sql`update email e set status = r.status, message_id = r.message_id, updated_at = r.updated_at
      from ${countedRecordset(records, 'id varchar, status varchar, message_id varchar, updated_at timestamptz')}
      where e.id = r.id`.execute(this.database.query);
  }

  /** An email's events are a few per recipient: one row of values each. */
  async addEvents(events: readonly EmailEvent[]): Promise<readonly EmailEvent[]> {
    if (events.length === 0) return [];
    const rows = await this.database.query
      .insertInto('email_event')
      .values(events.map(eventRow))
      .onConflict((conflict) => conflict.doNothing())
      .returningAll()
      .execute();
    return rows.map(eventOf);
  }

  async events(emailId: string): Promise<readonly EmailEvent[]> {
    const rows = await this.database.query.selectFrom('email_event').selectAll().where('email_id', '=', emailId).orderBy('at').orderBy('recipient').orderBy('type').execute();
    return rows.map(eventOf);
  }

  async list(query: EmailQuery): Promise<readonly EmailSnapshot[]> {
    const { status, to, from, tag, since, until, q, after } = query;
    const rows = await this.emails()
      .where('account_id', '=', query.accountId)
      .$if(Boolean(status), (select) => select.where('status', '=', status!))
      .$if(Boolean(to), (select) => select.where('recipients', '@>', sql<unknown>`${JSON.stringify([to])}::jsonb`))
      .$if(Boolean(from), (select) => select.where('from_address', '=', from!))
      .$if(Boolean(tag), (select) => select.where('tags', '@>', sql<unknown>`${JSON.stringify([tag!.value === undefined ? { name: tag!.name } : tag])}::jsonb`))
      .$if(Boolean(since), (select) => select.where('created_at', '>=', since!.toISOString()))
      .$if(Boolean(until), (select) => select.where('created_at', '<', until!.toISOString()))
      .$if(Boolean(q), (select) => select.where(sql<boolean>`subject ilike ${`%${likeEscaped(q!)}%`} escape '\\'`))
      .$if(Boolean(after), (select) => select.where('id', '<', after!))
      // Ids are time-ordered (ULIDs): newest first is id order, and the cursor is the last id seen.
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset(query.offset ?? 0)
      .execute();
    return rows.map(emailOf);
  }

  private emails() {
    return this.database.query.selectFrom('email').select(EMAIL_COLUMNS);
  }
}
