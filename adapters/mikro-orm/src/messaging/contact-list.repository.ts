import { sql, type Selectable } from 'kysely';
import { err, ok, type ConflictError, type NotFoundError, type Result } from '@tuma/kernel';
import {
  ContactList,
  contactListNotFound,
  duplicateContactListName,
  type ContactListDraft,
  type ContactListRepository,
  type ContactMember,
  type ContactMemberPage,
  type ContactMemberWrite,
} from '@tuma/messaging';
import type { Database } from '../database/database.ts';
import type { ContactListTable } from '../database/tables.ts';
import { isUniqueViolation } from '../database/unique-violation.ts';
import { addMembers, MEMBER_WRITE_CHUNK, membersOf, ownedLists, removeMember } from './contact-sql.ts';

function storedId(raw: string): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id)) throw new Error(`Contact list id ${raw} is beyond what the API can carry`);
  return id;
}

const toDomain = (row: Selectable<ContactListTable> & { member_count: number }): ContactList =>
  ContactList.rehydrate({
    id: storedId(row.id),
    accountId: row.account_id,
    name: row.name,
    description: row.description,
    memberCount: row.member_count,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  });

/** Only positive whole numbers can be list ids (others are no list of anyone's, and never reach SQL). */
const isListId = (id: number): boolean => Number.isSafeInteger(id) && id > 0;

/**
 * Contact lists in `contact_list`, their members in `contact`. Members are written in batches of
 * `MEMBER_WRITE_CHUNK` per statement and read by `membersOf` in two statements whatever their number.
 */
export class MikroOrmContactListRepository implements ContactListRepository {
  constructor(private readonly database: Database) {}

  /** A taken name (by `lower(name)`, per account) makes the insert do nothing, even against a concurrent insert. */
  async insert(draft: ContactListDraft): Promise<Result<ContactList, ConflictError>> {
    const row = await this.database.query
      .insertInto('contact_list')
      .values({ account_id: draft.accountId, name: draft.name, description: draft.description, created_at: draft.createdAt, updated_at: draft.updatedAt })
      .onConflict((oc) => oc.expression(sql`account_id, lower(name)`).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row ? ok(ContactList.rehydrate({ ...draft, id: storedId(row.id), memberCount: 0 })) : err(duplicateContactListName(draft.name));
  }

  /**
   * In a transaction of its own, or a savepoint inside the caller's: a name clash fails the
   * statement, and only the savepoint is lost, not the caller's transaction.
   */
  async update(list: ContactList): Promise<Result<ContactList, ConflictError | NotFoundError>> {
    const { id, accountId, name, description, updatedAt } = list.toSnapshot();
    let changed: bigint;
    try {
      const updated = await this.database.em.transactional(() =>
        this.database.query.updateTable('contact_list').set({ name, description, updated_at: updatedAt }).where('id', '=', String(id)).where('account_id', '=', accountId).executeTakeFirst(),
      );
      changed = updated.numUpdatedRows;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return err(duplicateContactListName(name));
    }
    const stored = changed === 0n ? undefined : await this.find(accountId, id);
    return stored ? ok(stored) : err(contactListNotFound(id));
  }

  async find(accountId: string, id: number): Promise<ContactList | undefined> {
    const row = await this.listsOf(accountId).where('id', '=', String(id)).executeTakeFirst();
    return row && toDomain(row);
  }

  async list(accountId: string, limit: number): Promise<readonly ContactList[]> {
    return (await this.listsOf(accountId).orderBy('id', 'desc').limit(limit).execute()).map(toDomain);
  }

  async delete(accountId: string, id: number): Promise<boolean> {
    const removed = await this.database.query.deleteFrom('contact_list').where('id', '=', String(id)).where('account_id', '=', accountId).executeTakeFirst();
    return removed.numDeletedRows > 0n;
  }

  /**
   * All or nothing, in a transaction of its own or a savepoint of the caller's. Touching the list
   * first (moving its `updated_at`) locks its row, so writes to one list queue behind each other
   * and the list cannot be deleted under them.
   */
  async addMembers(accountId: string, listId: number, members: readonly ContactMember[], at: Date): Promise<Result<ContactMemberWrite, NotFoundError>> {
    const when = at.toISOString();
    return this.database.em.transactional(async () => {
      const db = this.database.query;
      const found =
        members.length === 0
          ? await db.selectFrom('contact_list').select('id').where('id', '=', String(listId)).where('account_id', '=', accountId).executeTakeFirst()
          : await db.updateTable('contact_list').set({ updated_at: when }).where('id', '=', String(listId)).where('account_id', '=', accountId).returning('id').executeTakeFirst();
      if (!found) return err(contactListNotFound(listId));
      const write = { added: 0, updated: 0 };
      for (let start = 0; start < members.length; start += MEMBER_WRITE_CHUNK) {
        const { rows } = await addMembers(listId, when, members.slice(start, start + MEMBER_WRITE_CHUNK)).execute(db);
        write.added += rows[0]!.added;
        write.updated += rows[0]!.updated;
      }
      return ok(write);
    });
  }

  async memberPage(accountId: string, listId: number, page: number, limit: number): Promise<ContactMemberPage | undefined> {
    const db = this.database.query;
    const list = await db.selectFrom('contact_list').select('id').where('id', '=', String(listId)).where('account_id', '=', accountId).executeTakeFirst();
    if (!list) return undefined;
    const ofList = db.selectFrom('contact').where('list_id', '=', String(listId));
    const rows = await ofList.selectAll().orderBy('position', 'asc').limit(limit).offset(page * limit).execute();
    const counted = await ofList.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
    const members = rows.map((row) => ({
      phone: row.phone,
      country: row.country,
      name: row.name,
      vars: row.vars as Record<string, string>,
      createdAt: new Date(row.created_at),
      updatedAt: new Date(row.updated_at),
    }));
    return { members, total: counted.total };
  }

  async removeMember(accountId: string, listId: number, phone: string, at: Date): Promise<boolean> {
    const { rows } = await removeMember(listId, accountId, phone, at.toISOString()).execute(this.database.query);
    return rows.length > 0;
  }

  async membersOf(accountId: string, listIds: readonly number[]): Promise<Result<readonly ContactMember[], NotFoundError>> {
    const ids = [...new Set(listIds)];
    if (ids.length === 0) return ok([]);
    const owned = await ownedLists(accountId, ids.filter(isListId)).execute(this.database.query);
    const ownedIds = new Set(owned.rows.map((row) => storedId(row.id)));
    const missing = ids.find((id) => !ownedIds.has(id));
    if (missing !== undefined) return err(contactListNotFound(missing));
    const { rows } = await membersOf(ids).execute(this.database.query);
    return ok(rows.map((row) => ({ phone: row.phone, country: row.country, name: row.name, vars: row.vars as Record<string, string> })));
  }

  /** The account's lists with their member counts. */
  private listsOf(accountId: string) {
    return this.database.query
      .selectFrom('contact_list')
      .selectAll()
      .select(sql<number>`(select count(*)::int from contact c where c.list_id = contact_list.id)`.as('member_count'))
      .where('account_id', '=', accountId);
  }
}
