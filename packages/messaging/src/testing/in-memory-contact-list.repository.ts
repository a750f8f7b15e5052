import { err, ok, type ConflictError, type NotFoundError, type Result } from '@tuma/kernel';
import { UndoableMap } from '@tuma/kernel/testing';
import { contactListNotFound, duplicateContactListName } from '../domain/contacts/contact-errors.ts';
import { ContactList, contactListNameKey, type ContactListDraft } from '../domain/contacts/contact-list.aggregate.ts';
import type { ContactListRepository, ContactMemberPage, ContactMemberWrite } from '../application/contacts/contact-list.repository.port.ts';
import type { StoredContactMember } from '../domain/contacts/contact-member.ts';
import type { ContactMember } from '../application/contacts/contact-source.port.ts';

interface StoredList extends ContactListDraft {
  readonly id: number;
  /** By number; a Map keeps insertion order, which is the members' order (one map shared by the list's revisions, its writes undone one by one). */
  readonly members: UndoableMap<string, StoredContactMember>;
}

const publicMember = ({ phone, country, name, vars }: StoredContactMember): ContactMember => ({ phone, country, name, vars });

/** Contact lists held in memory: for embedding the core and for tests. Ids count up from 1 across accounts. */
export class InMemoryContactListRepository implements ContactListRepository {
  private readonly lists = new UndoableMap<number, StoredList>();
  private lastId = 0;

  async insert(draft: ContactListDraft): Promise<Result<ContactList, ConflictError>> {
    if (this.nameTaken(draft.accountId, draft.name)) return err(duplicateContactListName(draft.name));
    const stored: StoredList = { ...draft, id: ++this.lastId, members: new UndoableMap() };
    this.lists.set(stored.id, stored);
    return ok(toDomain(stored));
  }

  async update(list: ContactList): Promise<Result<ContactList, ConflictError | NotFoundError>> {
    const stored = this.owned(list.accountId, list.id);
    if (!stored) return err(contactListNotFound(list.id));
    if (this.nameTaken(list.accountId, list.name, list.id)) return err(duplicateContactListName(list.name));
    const revised: StoredList = { ...stored, name: list.name, description: list.description, updatedAt: list.updatedAt };
    this.lists.set(list.id, revised);
    return ok(toDomain(revised));
  }

  async find(accountId: string, id: number): Promise<ContactList | undefined> {
    const stored = this.owned(accountId, id);
    return stored && toDomain(stored);
  }

  async list(accountId: string, limit: number): Promise<readonly ContactList[]> {
    return [...this.lists.values()]
      .filter((stored) => stored.accountId === accountId)
      .sort((a, b) => b.id - a.id)
      .slice(0, limit)
      .map(toDomain);
  }

  async delete(accountId: string, id: number): Promise<boolean> {
    return this.owned(accountId, id) !== undefined && this.lists.delete(id);
  }

  async addMembers(accountId: string, listId: number, members: readonly ContactMember[], at: Date): Promise<Result<ContactMemberWrite, NotFoundError>> {
    const stored = this.owned(accountId, listId);
    if (!stored) return err(contactListNotFound(listId));
    if (new Set(members.map((member) => member.phone)).size !== members.length) throw new Error('addMembers takes distinct numbers');
    let added = 0;
    for (const member of members) {
      const existing = stored.members.get(member.phone);
      if (!existing) added++;
      stored.members.set(member.phone, { ...member, vars: { ...member.vars }, createdAt: existing?.createdAt ?? at, updatedAt: at });
    }
    if (members.length > 0) this.lists.set(listId, { ...stored, updatedAt: at });
    return ok({ added, updated: members.length - added });
  }

  async memberPage(accountId: string, listId: number, page: number, limit: number): Promise<ContactMemberPage | undefined> {
    const stored = this.owned(accountId, listId);
    if (!stored) return undefined;
    const members = [...stored.members.values()].slice(page * limit, (page + 1) * limit);
    return { members, total: stored.members.size };
  }

  async removeMember(accountId: string, listId: number, phone: string, at: Date): Promise<boolean> {
    const stored = this.owned(accountId, listId);
    if (!stored?.members.delete(phone)) return false;
    this.lists.set(listId, { ...stored, updatedAt: at });
    return true;
  }

  async membersOf(accountId: string, listIds: readonly number[]): Promise<Result<readonly ContactMember[], NotFoundError>> {
    const lists: StoredList[] = [];
    for (const id of new Set(listIds)) {
      const stored = this.owned(accountId, id);
      if (!stored) return err(contactListNotFound(id));
      lists.push(stored);
    }
    return ok(lists.flatMap((stored) => [...stored.members.values()].map(publicMember)));
  }

  private owned(accountId: string, id: number): StoredList | undefined {
    const stored = this.lists.get(id);
    return stored?.accountId === accountId ? stored : undefined;
  }

  private nameTaken(accountId: string, name: string, exceptId?: number): boolean {
    const key = contactListNameKey(name);
    return [...this.lists.values()].some((stored) => stored.accountId === accountId && stored.id !== exceptId && contactListNameKey(stored.name) === key);
  }
}

function toDomain({ members, ...list }: StoredList): ContactList {
  return ContactList.rehydrate({ ...list, memberCount: members.size });
}
