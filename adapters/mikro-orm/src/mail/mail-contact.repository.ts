import { sql, type Selectable } from 'kysely';
import { conflict, err, ok, type ConflictError, type Result } from '@tuma/kernel';
import type { ContactPage, ContactQuery, ContactsWritten, ContactWrite, MailContact, MailContactChanges, MailContactList, MailContactListView, MailContactRepository } from '@tuma/mail';
import type { Database } from '../database/database.ts';
import type { MailContactListTable, MailContactTable } from '../database/tables.ts';
import { CONTACT_WRITE_CHUNK, setUnsubscribed, upsertContacts } from './mail-contact-sql.ts';
import { isUniqueViolation } from '../database/unique-violation.ts';

/** A contact's columns: all but `position`. */
const CONTACT_COLUMNS = ['id', 'list_id', 'email', 'first_name', 'last_name', 'data', 'unsubscribed', 'created_at', 'updated_at'] as const;

const listOf = (row: Selectable<MailContactListTable> & { readonly contact_count: number; readonly unsubscribed_count: number }): MailContactListView => ({
  id: row.id,
  accountId: row.account_id,
  name: row.name,
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
  contactCount: row.contact_count,
  unsubscribedCount: row.unsubscribed_count,
});

const contactOf = (row: Pick<Selectable<MailContactTable>, (typeof CONTACT_COLUMNS)[number]>): MailContact => ({
  id: row.id,
  listId: row.list_id,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  data: row.data as Record<string, string>,
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

  /** A taken name (by `lower(name)`, per account) makes the insert do nothing, even against a concurrent insert. */
  async insertList(list: MailContactList): Promise<Result<MailContactListView, ConflictError>> {
    const inserted = await this.database.query
      .insertInto('mail_contact_list')
      .values({ id: list.id, account_id: list.accountId, name: list.name, created_at: list.createdAt, updated_at: list.updatedAt })
      .onConflict((onConflict) => onConflict.expression(sql`account_id, lower(name)`).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted ? ok({ ...list, contactCount: 0, unsubscribedCount: 0 }) : err(nameTaken(list.name));
  }

  /** In a savepoint of the caller's transaction (or one of its own): a name clash loses only it. */
  async renameList(accountId: string, id: string, name: string, at: Date): Promise<Result<MailContactListView | undefined, ConflictError>> {
    try {
      await this.database.em.transactional(() => this.database.query.updateTable('mail_contact_list').set({ name, updated_at: at }).where('id', '=', id).where('account_id', '=', accountId).execute());
    } catch (error) {
      if (isUniqueViolation(error)) return err(nameTaken(name));
      throw error;
    }
    return ok(await this.findList(accountId, id));
  }

  async findList(accountId: string, id: string): Promise<MailContactListView | undefined> {
    const row = await this.listViews().where('l.id', '=', id).where('l.account_id', '=', accountId).executeTakeFirst();
    return row && listOf(row);
  }

  async lists(accountId: string, page: { readonly after?: string; readonly limit: number }): Promise<readonly MailContactListView[]> {
    const rows = await this.listViews()
      .where('l.account_id', '=', accountId)
      .$if(page.after !== undefined, (select) => select.where('l.id', '<', page.after!))
      .orderBy('l.id', 'desc')
      .limit(page.limit)
      .execute();
    return rows.map(listOf);
  }

  async deleteList(accountId: string, id: string): Promise<boolean> {
    const deleted = await this.database.query.deleteFrom('mail_contact_list').where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
    return deleted.numDeletedRows === 1n;
  }

  async upsert(accountId: string, listId: string, contacts: readonly ContactWrite[], at: Date, newId: () => string): Promise<ContactsWritten | undefined> {
    return this.database.em.transactional(async () => {
      const found = contacts.length === 0 ? await this.owned(accountId, listId) : await this.touchList(accountId, listId, at);
      if (!found) return undefined;
      let added = 0;
      let updated = 0;
      for (let start = 0; start < contacts.length; start += CONTACT_WRITE_CHUNK) {
        const chunk = contacts.slice(start, start + CONTACT_WRITE_CHUNK).map((c) => [newId(), c.email, c.firstName, c.lastName, c.data]);
        const { rows } = await upsertContacts(listId, at.toISOString(), JSON.stringify(chunk)).execute(this.database.query);
        added += rows[0]!.added;
        updated += rows[0]!.updated;
      }
      const given = contacts.filter((c) => c.unsubscribed !== undefined).map((c) => [c.email, c.unsubscribed]);
      if (given.length > 0) await setUnsubscribed(listId, JSON.stringify(given)).execute(this.database.query);
      return { added, updated };
    });
  }

  async contactPage(accountId: string, listId: string, query: ContactQuery): Promise<ContactPage | undefined> {
    if (!(await this.owned(accountId, listId))) return undefined;
    const like = query.q ? `%${likeEscaped(query.q)}%` : undefined;
    const matching = this.database.query
      .selectFrom('mail_contact as c')
      .where('c.list_id', '=', listId)
      .$if(like !== undefined, (select) => select.where(sql<boolean>`(c.email ilike ${like} escape '\\' or c.first_name ilike ${like} escape '\\' or c.last_name ilike ${like} escape '\\')`))
      .$if(query.unsubscribed !== undefined, (select) => select.where('c.unsubscribed', '=', query.unsubscribed!));
    const rows = await matching.select(CONTACT_COLUMNS).orderBy('c.position').limit(query.limit).offset(query.offset).execute();
    const count = await matching.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
    return { contacts: rows.map(contactOf), total: count.total };
  }

  async findContact(accountId: string, listId: string, idOrEmail: string): Promise<MailContact | undefined> {
    const row = await this.database.query
      .selectFrom('mail_contact as c')
      .innerJoin('mail_contact_list as l', 'l.id', 'c.list_id')
      .select(CONTACT_COLUMNS.map((column) => `c.${column}` as const))
      .where('c.list_id', '=', listId)
      .where('l.account_id', '=', accountId)
      .where((eb) => eb.or([eb('c.id', '=', idOrEmail), eb('c.email', '=', idOrEmail.toLowerCase())]))
      .executeTakeFirst();
    return row && contactOf(row);
  }

  async updateContact(accountId: string, listId: string, contactId: string, changes: MailContactChanges, at: Date): Promise<MailContact | undefined> {
    return this.database.em.transactional(async () => {
      if (!(await this.touchList(accountId, listId, at))) return undefined;
      const row = await this.database.query
        .updateTable('mail_contact')
        .set({
          updated_at: at,
          ...(changes.firstName !== undefined && { first_name: changes.firstName?.trim() || null }),
          ...(changes.lastName !== undefined && { last_name: changes.lastName?.trim() || null }),
          ...(changes.data !== undefined && { data: JSON.stringify(changes.data) }),
          ...(changes.unsubscribed !== undefined && { unsubscribed: changes.unsubscribed }),
        })
        .where('id', '=', contactId)
        .where('list_id', '=', listId)
        .returning(CONTACT_COLUMNS)
        .executeTakeFirst();
      return row && contactOf(row);
    });
  }

  async deleteContact(accountId: string, listId: string, contactId: string, at: Date): Promise<boolean> {
    return this.database.em.transactional(async () => {
      if (!(await this.touchList(accountId, listId, at))) return false;
      const deleted = await this.database.query.deleteFrom('mail_contact').where('id', '=', contactId).where('list_id', '=', listId).executeTakeFirst();
      return deleted.numDeletedRows === 1n;
    });
  }

  /** Marks a contact unsubscribed (its `updated_at` moves only when it changes); true when the contact exists. */
  async unsubscribe(contactId: string, at: Date): Promise<boolean> {
    const unsubscribed = await this.database.query
      .updateTable('mail_contact')
      .set({ updated_at: sql<string>`case when unsubscribed then updated_at else ${at.toISOString()}::timestamptz end`, unsubscribed: true })
      .where('id', '=', contactId)
      .executeTakeFirst();
    return unsubscribed.numUpdatedRows === 1n;
  }

  /** The lists with their counts. */
  private listViews() {
    return this.database.query
      .selectFrom('mail_contact_list as l')
      .selectAll('l')
      .select([
        sql<number>`(select count(*)::int from mail_contact c where c.list_id = l.id)`.as('contact_count'),
        sql<number>`(select count(*)::int from mail_contact c where c.list_id = l.id and c.unsubscribed)`.as('unsubscribed_count'),
      ]);
  }

  /** Moves the list's `updated_at`, locking its row to the end of the transaction; false when the account has no such list. */
  private async touchList(accountId: string, listId: string, at: Date): Promise<boolean> {
    const touched = await this.database.query.updateTable('mail_contact_list').set({ updated_at: at }).where('id', '=', listId).where('account_id', '=', accountId).executeTakeFirst();
    return touched.numUpdatedRows === 1n;
  }

  private async owned(accountId: string, listId: string): Promise<boolean> {
    const row = await this.database.query.selectFrom('mail_contact_list').select('id').where('id', '=', listId).where('account_id', '=', accountId).executeTakeFirst();
    return row !== undefined;
  }
}
