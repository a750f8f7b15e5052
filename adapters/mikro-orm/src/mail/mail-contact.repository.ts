import { conflict, err, ok, type ConflictError, type Result } from '@tuma/kernel';
import type { ContactPage, ContactQuery, ContactsWritten, ContactWrite, MailContact, MailContactChanges, MailContactList, MailContactListView, MailContactRepository } from '@tuma/mail';
import type { Database } from '../database/database.ts';
import { executeBound } from '../database/bound-statement.ts';
import { CONTACT_COLUMNS, CONTACT_WRITE_CHUNK, INSERT_LIST, LIST_COLUMNS, SET_UNSUBSCRIBED, TOUCH_LIST, UNSUBSCRIBE, UPSERT_CONTACTS } from './mail-contact-sql.ts';
import { isUniqueViolation } from '../database/unique-violation.ts';

interface ListRow {
  readonly id: string;
  readonly account_id: string;
  readonly name: string;
  readonly created_at: string;
  readonly updated_at: string;
  readonly contact_count: number;
  readonly unsubscribed_count: number;
}

interface ContactRow {
  readonly id: string;
  readonly list_id: string;
  readonly email: string;
  readonly first_name: string | null;
  readonly last_name: string | null;
  readonly data: string;
  readonly unsubscribed: boolean;
  readonly created_at: string;
  readonly updated_at: string;
}

const listFromRow = (row: ListRow): MailContactListView => ({
  id: row.id,
  accountId: row.account_id,
  name: row.name,
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
  contactCount: row.contact_count,
  unsubscribedCount: row.unsubscribed_count,
});

const contactFromRow = (row: ContactRow): MailContact => ({
  id: row.id,
  listId: row.list_id,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  data: JSON.parse(row.data) as Record<string, string>,
  unsubscribed: row.unsubscribed,
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

const nameTaken = (name: string): ConflictError => conflict('contact_list', `A contact list named "${name}" already exists (names are unique per account, in any case)`);

/** `%`, `_` and `\` of a search are literal. */
const likeEscaped = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Mail contact lists in `mail_contact_list`, contacts in `mail_contact`: contacts written in
 * batches of `CONTACT_WRITE_CHUNK` per statement, after the list's row is touched (locked to the
 * commit: writes to one list queue behind each other, and the list is not deleted under them).
 */
export class MikroOrmMailContactRepository implements MailContactRepository {
  constructor(private readonly database: Database) {}

  async insertList(list: MailContactList): Promise<Result<MailContactListView, ConflictError>> {
    const inserted = await this.database.em.execute<{ id: string }[]>(INSERT_LIST, [list.id, list.accountId, list.name, list.createdAt.toISOString(), list.updatedAt.toISOString()]);
    return inserted.length === 1 ? ok({ ...list, contactCount: 0, unsubscribedCount: 0 }) : err(nameTaken(list.name));
  }

  /** In a savepoint of the caller's transaction (or one of its own): a name clash loses only it. */
  async renameList(accountId: string, id: string, name: string, at: Date): Promise<Result<MailContactListView | undefined, ConflictError>> {
    try {
      await this.database.em.transactional((em) => em.execute('update mail_contact_list set name = ?, updated_at = ?::timestamptz where id = ? and account_id = ?', [name, at.toISOString(), id, accountId]));
    } catch (error) {
      if (isUniqueViolation(error)) return err(nameTaken(name));
      throw error;
    }
    return ok(await this.findList(accountId, id));
  }

  async findList(accountId: string, id: string): Promise<MailContactListView | undefined> {
    const [row] = await this.database.em.execute<ListRow[]>(`select ${LIST_COLUMNS} from mail_contact_list l where l.id = ? and l.account_id = ?`, [id, accountId]);
    return row && listFromRow(row);
  }

  async lists(accountId: string, page: { readonly after?: string; readonly limit: number }): Promise<readonly MailContactListView[]> {
    const after = page.after === undefined ? '' : 'and l.id < ?';
    const rows = await this.database.em.execute<ListRow[]>(`select ${LIST_COLUMNS} from mail_contact_list l where l.account_id = ? ${after} order by l.id desc limit ?`, [
      accountId,
      ...(page.after === undefined ? [] : [page.after]),
      page.limit,
    ]);
    return rows.map(listFromRow);
  }

  async deleteList(accountId: string, id: string): Promise<boolean> {
    return (await this.database.em.execute<{ id: string }[]>('delete from mail_contact_list where id = ? and account_id = ? returning id', [id, accountId])).length === 1;
  }

  async upsert(accountId: string, listId: string, contacts: readonly ContactWrite[], at: Date, newId: () => string): Promise<ContactsWritten | undefined> {
    const when = at.toISOString();
    return this.database.em.transactional(async () => {
      const found = contacts.length === 0 ? await this.database.em.execute('select id from mail_contact_list where id = ? and account_id = ?', [listId, accountId]) : await this.database.em.execute(TOUCH_LIST, [when, listId, accountId]);
      if (found.length === 0) return undefined;
      let added = 0;
      let updated = 0;
      for (let start = 0; start < contacts.length; start += CONTACT_WRITE_CHUNK) {
        const chunk = contacts.slice(start, start + CONTACT_WRITE_CHUNK).map((c) => [newId(), c.email, c.firstName, c.lastName, c.data]);
        const [counts] = await executeBound<{ added: number; updated: number }>(this.database, UPSERT_CONTACTS, [listId, when, when, JSON.stringify(chunk)]);
        added += counts!.added;
        updated += counts!.updated;
      }
      const given = contacts.filter((c) => c.unsubscribed !== undefined).map((c) => [c.email, c.unsubscribed]);
      if (given.length > 0) await executeBound(this.database, SET_UNSUBSCRIBED, [JSON.stringify(given), listId]);
      return { added, updated };
    });
  }

  async contactPage(accountId: string, listId: string, query: ContactQuery): Promise<ContactPage | undefined> {
    if (!(await this.owned(accountId, listId))) return undefined;
    const where = ['c.list_id = ?'];
    const values: unknown[] = [listId];
    if (query.q) {
      const like = `%${likeEscaped(query.q)}%`;
      where.push(`(c.email ilike ? escape '\\' or c.first_name ilike ? escape '\\' or c.last_name ilike ? escape '\\')`);
      values.push(like, like, like);
    }
    if (query.unsubscribed !== undefined) {
      where.push('c.unsubscribed = ?');
      values.push(query.unsubscribed);
    }
    const rows = await this.database.em.execute<ContactRow[]>(`select ${CONTACT_COLUMNS} from mail_contact c where ${where.join(' and ')} order by c.position limit ? offset ?`, [...values, query.limit, query.offset]);
    const [count] = await this.database.em.execute<{ total: number }[]>(`select count(*)::int as total from mail_contact c where ${where.join(' and ')}`, values);
    return { contacts: rows.map(contactFromRow), total: count!.total };
  }

  async findContact(accountId: string, listId: string, idOrEmail: string): Promise<MailContact | undefined> {
    const [row] = await this.database.em.execute<ContactRow[]>(
      `select ${CONTACT_COLUMNS} from mail_contact c join mail_contact_list l on l.id = c.list_id
        where c.list_id = ? and l.account_id = ? and (c.id = ? or c.email = ?)`,
      [listId, accountId, idOrEmail, idOrEmail.toLowerCase()],
    );
    return row && contactFromRow(row);
  }

  async updateContact(accountId: string, listId: string, contactId: string, changes: MailContactChanges, at: Date): Promise<MailContact | undefined> {
    const sets: string[] = ['updated_at = ?::timestamptz'];
    const values: unknown[] = [at.toISOString()];
    const set = (column: string, value: unknown) => {
      sets.push(column);
      values.push(value);
    };
    if (changes.firstName !== undefined) set('first_name = ?', changes.firstName?.trim() || null);
    if (changes.lastName !== undefined) set('last_name = ?', changes.lastName?.trim() || null);
    if (changes.data !== undefined) set('data = ?::jsonb', JSON.stringify(changes.data));
    if (changes.unsubscribed !== undefined) set('unsubscribed = ?', changes.unsubscribed);
    return this.database.em.transactional(async () => {
      if ((await this.database.em.execute(TOUCH_LIST, [at.toISOString(), listId, accountId])).length === 0) return undefined;
      const [row] = await this.database.em.execute<ContactRow[]>(`update mail_contact c set ${sets.join(', ')} where c.id = ? and c.list_id = ? returning ${CONTACT_COLUMNS}`, [...values, contactId, listId]);
      return row && contactFromRow(row);
    });
  }

  async deleteContact(accountId: string, listId: string, contactId: string, at: Date): Promise<boolean> {
    return this.database.em.transactional(async () => {
      if ((await this.database.em.execute(TOUCH_LIST, [at.toISOString(), listId, accountId])).length === 0) return false;
      return (await this.database.em.execute<{ id: string }[]>('delete from mail_contact where id = ? and list_id = ? returning id', [contactId, listId])).length === 1;
    });
  }

  async unsubscribe(contactId: string, at: Date): Promise<boolean> {
    return (await this.database.em.execute<{ id: string }[]>(UNSUBSCRIBE, [at.toISOString(), contactId])).length === 1;
  }

  private async owned(accountId: string, listId: string): Promise<boolean> {
    return (await this.database.em.execute('select 1 as found from mail_contact_list where id = ? and account_id = ?', [listId, accountId])).length === 1;
  }
}
