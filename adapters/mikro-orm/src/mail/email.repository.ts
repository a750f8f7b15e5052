import { Email, type EmailEvent, type EmailQuery, type EmailRepository, type EmailSnapshot } from '@tuma/mail';
import type { Database } from '../database/database.ts';
import { EMAIL_COLUMNS, emailFromRow, emailValues, eventFromRow, INSERT_EMAIL, type EmailEventRow, type EmailRow } from './email-rows.ts';

const EVENT_COLUMNS = 'email_id, type, recipient, at::text as at, reason';

/** `%`, `_` and `\` of a search are literal. */
const likeEscaped = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Emails in `email` and their timelines in `email_event`: one statement per read and write. */
export class MikroOrmEmailRepository implements EmailRepository {
  constructor(private readonly database: Database) {}

  async add(email: EmailSnapshot, event: EmailEvent): Promise<void> {
    await this.database.em.execute(INSERT_EMAIL, emailValues(email, Email.rehydrate(email).recipients));
    await this.addEvents([event]);
  }

  async find(accountId: string, id: string): Promise<EmailSnapshot | undefined> {
    return (await this.rows(`select ${EMAIL_COLUMNS} from email where id = ? and account_id = ?`, [id, accountId]))[0];
  }

  async findById(id: string): Promise<EmailSnapshot | undefined> {
    return (await this.rows(`select ${EMAIL_COLUMNS} from email where id = ?`, [id]))[0];
  }

  async lock(id: string): Promise<EmailSnapshot | undefined> {
    if (!this.database.em.isInTransaction()) throw new Error('Locking an email needs a unit of work');
    return (await this.rows(`select ${EMAIL_COLUMNS} from email where id = ? for update`, [id]))[0];
  }

  async save(email: EmailSnapshot): Promise<void> {
    await this.database.em.execute('update email set status = ?, message_id = ?, updated_at = ?::timestamptz where id = ?', [email.status, email.messageId, email.updatedAt.toISOString(), email.id]);
  }

  async addEvents(events: readonly EmailEvent[]): Promise<readonly EmailEvent[]> {
    if (events.length === 0) return [];
    const values = events.flatMap((event) => [event.emailId, event.type, event.recipient ?? '', event.at.toISOString(), event.reason]);
    const rows = await this.database.em.execute<EmailEventRow[]>(
      `insert into email_event (email_id, type, recipient, at, reason) values ${events.map(() => '(?, ?, ?, ?::timestamptz, ?)').join(', ')}
        on conflict do nothing returning ${EVENT_COLUMNS}`,
      values,
    );
    return rows.map(eventFromRow);
  }

  async events(emailId: string): Promise<readonly EmailEvent[]> {
    const rows = await this.database.em.execute<EmailEventRow[]>(`select ${EVENT_COLUMNS} from email_event where email_id = ? order by email_event.at, recipient, type`, [emailId]);
    return rows.map(eventFromRow);
  }

  list(query: EmailQuery): Promise<readonly EmailSnapshot[]> {
    const where = ['account_id = ?'];
    const values: unknown[] = [query.accountId];
    const add = (condition: string, ...params: unknown[]) => {
      where.push(condition);
      values.push(...params);
    };
    if (query.status) add('status = ?', query.status);
    if (query.to) add('recipients @> ?::jsonb', JSON.stringify([query.to]));
    if (query.from) add('from_address = ?', query.from);
    if (query.tag) add('tags @> ?::jsonb', JSON.stringify([query.tag.value === undefined ? { name: query.tag.name } : query.tag]));
    if (query.since) add('created_at >= ?::timestamptz', query.since.toISOString());
    if (query.until) add('created_at < ?::timestamptz', query.until.toISOString());
    if (query.q) add(`subject ilike ? escape '\\'`, `%${likeEscaped(query.q)}%`);
    if (query.after) add('id < ?', query.after);
    values.push(query.limit, query.offset ?? 0);
    // Ids are time-ordered (ULIDs): newest first is id order, and the cursor is the last id seen.
    return this.rows(`select ${EMAIL_COLUMNS} from email where ${where.join(' and ')} order by id desc limit ? offset ?`, values);
  }

  private async rows(sql: string, values: unknown[]): Promise<EmailSnapshot[]> {
    return (await this.database.em.execute<EmailRow[]>(sql, values)).map(emailFromRow);
  }
}
