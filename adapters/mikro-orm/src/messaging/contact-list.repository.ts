import { UniqueConstraintViolationException, type InferEntity } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
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
import { ContactListRecord } from './contact-list.entity.ts';
import { ContactRecord } from './contact.entity.ts';
import { executeBound } from '../database/bound-statement.ts';
import { ADD_MEMBERS, INSERT_LIST, LIST_EXISTS, MEMBER_WRITE_CHUNK, MEMBERS_OF, OWNED_LISTS, REMOVE_MEMBER, TOUCH_LIST, type MemberRow } from './contact-sql.ts';

type ListRow = InferEntity<typeof ContactListRecord>;

const toDomain = (row: ListRow): ContactList =>
  ContactList.rehydrate({
    id: row.id,
    accountId: row.accountId,
    name: row.name,
    description: row.description ?? null,
    memberCount: row.memberCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  });

const toMember = (row: MemberRow): ContactMember => ({ phone: row.phone, country: row.country, name: row.name, vars: JSON.parse(row.vars) as Record<string, string> });

function storedId(raw: string): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id)) throw new Error(`Contact list id ${raw} is beyond what the API can carry`);
  return id;
}

/** Only positive whole numbers can be list ids (others are no list of anyone's, and never reach SQL). */
const isListId = (id: number): boolean => Number.isSafeInteger(id) && id > 0;

/**
 * Contact lists in `contact_list`, their members in `contact`. Members are written in batches of
 * `MEMBER_WRITE_CHUNK` per statement and read by `membersOf` in two statements whatever their number.
 */
export class MikroOrmContactListRepository implements ContactListRepository {
  constructor(private readonly database: Database) {}

  private get em(): EntityManager {
    return this.database.em;
  }

  async insert(draft: ContactListDraft): Promise<Result<ContactList, ConflictError>> {
    const params = [draft.accountId, draft.name, draft.description, draft.createdAt.toISOString(), draft.updatedAt.toISOString()];
    const [row] = await this.em.execute<{ id: string }[]>(INSERT_LIST, params);
    return row ? ok(ContactList.rehydrate({ ...draft, id: storedId(row.id), memberCount: 0 })) : err(duplicateContactListName(draft.name));
  }

  /**
   * In a transaction of its own, or a savepoint inside the caller's: a name clash fails the
   * statement, and only the savepoint is lost, not the caller's transaction.
   */
  async update(list: ContactList): Promise<Result<ContactList, ConflictError | NotFoundError>> {
    const { id, accountId, name, description, updatedAt } = list.toSnapshot();
    let changed: number;
    try {
      changed = await this.em.transactional((em) => em.nativeUpdate(ContactListRecord, { id, accountId }, { name, description, updatedAt }));
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      return err(duplicateContactListName(name));
    }
    const stored = changed === 0 ? undefined : await this.find(accountId, id);
    return stored ? ok(stored) : err(contactListNotFound(id));
  }

  async find(accountId: string, id: number): Promise<ContactList | undefined> {
    const row = await this.em.findOne(ContactListRecord, { id, accountId }, { refresh: true });
    return row ? toDomain(row) : undefined;
  }

  async list(accountId: string, limit: number): Promise<readonly ContactList[]> {
    const rows = await this.em.find(ContactListRecord, { accountId }, { orderBy: { id: 'desc' }, limit, refresh: true });
    return rows.map(toDomain);
  }

  async delete(accountId: string, id: number): Promise<boolean> {
    return (await this.em.nativeDelete(ContactListRecord, { id, accountId })) > 0;
  }

  /**
   * All or nothing, in a transaction of its own or a savepoint of the caller's. Touching the list
   * first locks its row, so writes to one list queue behind each other and the list cannot be
   * deleted under them.
   */
  async addMembers(accountId: string, listId: number, members: readonly ContactMember[], at: Date): Promise<Result<ContactMemberWrite, NotFoundError>> {
    const when = at.toISOString();
    return this.em.transactional(async (em) => {
      const found = members.length === 0 ? await em.execute(LIST_EXISTS, [listId, accountId]) : await em.execute(TOUCH_LIST, [when, listId, accountId]);
      if (found.length === 0) return err(contactListNotFound(listId));
      const write = { added: 0, updated: 0 };
      for (let start = 0; start < members.length; start += MEMBER_WRITE_CHUNK) {
        const chunk = members.slice(start, start + MEMBER_WRITE_CHUNK).map((m) => [m.phone, m.country, m.name, m.vars]);
        const [counts] = await executeBound<ContactMemberWrite>(this.database, ADD_MEMBERS, [listId, when, when, JSON.stringify(chunk)]);
        write.added += counts!.added;
        write.updated += counts!.updated;
      }
      return ok(write);
    });
  }

  async memberPage(accountId: string, listId: number, page: number, limit: number): Promise<ContactMemberPage | undefined> {
    if ((await this.em.count(ContactListRecord, { id: listId, accountId })) === 0) return undefined;
    const [rows, total] = await this.em.findAndCount(ContactRecord, { listId }, { orderBy: { position: 'asc' }, limit, offset: page * limit, refresh: true });
    const members = rows.map((row) => ({ phone: row.phone, country: row.country, name: row.name ?? null, vars: row.vars, createdAt: row.createdAt, updatedAt: row.updatedAt }));
    return { members, total };
  }

  async removeMember(accountId: string, listId: number, phone: string, at: Date): Promise<boolean> {
    return (await this.em.execute(REMOVE_MEMBER, [listId, accountId, phone, at.toISOString()])).length > 0;
  }

  async membersOf(accountId: string, listIds: readonly number[]): Promise<Result<readonly ContactMember[], NotFoundError>> {
    const ids = [...new Set(listIds)];
    if (ids.length === 0) return ok([]);
    const owned = await this.em.execute<{ id: string }[]>(OWNED_LISTS, [accountId, JSON.stringify(ids.filter(isListId))]);
    const ownedIds = new Set(owned.map((row) => storedId(row.id)));
    const missing = ids.find((id) => !ownedIds.has(id));
    if (missing !== undefined) return err(contactListNotFound(missing));
    return ok((await this.em.execute<MemberRow[]>(MEMBERS_OF, [JSON.stringify(ids)])).map(toMember));
  }
}
