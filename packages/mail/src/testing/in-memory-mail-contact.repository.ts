import { conflict, err, ok, type ConflictError, type Result } from '@tuma/kernel';
import { UndoableMap } from '@tuma/kernel/testing';
import type { ContactPage, ContactQuery, ContactsWritten, MailContactRepository } from '../application/contacts/mail-contact.repository.port.ts';
import type { ContactWrite, MailContact, MailContactChanges } from '../domain/contacts/mail-contact.ts';
import type { MailContactList, MailContactListView } from '../domain/contacts/mail-contact-list.ts';

const nameTaken = (name: string): ConflictError => conflict('contact_list', `A contact list named "${name}" already exists (names are unique per account, in any case)`);

/** Contact lists and their contacts in maps; contacts in insertion order (a Map keeps it). */
export class InMemoryMailContactRepository implements MailContactRepository {
  private readonly listRows = new UndoableMap<string, MailContactList>();
  /** Per list: contacts by address (each list's own map, so that its rows' writes are undone one by one). */
  private readonly contactRows = new UndoableMap<string, UndoableMap<string, MailContact>>();

  async insertList(list: MailContactList): Promise<Result<MailContactListView, ConflictError>> {
    if (this.nameTaken(list.accountId, list.name, list.id)) return err(nameTaken(list.name));
    this.listRows.set(list.id, list);
    this.contactRows.set(list.id, new UndoableMap());
    return ok(this.view(list));
  }

  async renameList(accountId: string, id: string, name: string, at: Date): Promise<Result<MailContactListView | undefined, ConflictError>> {
    const list = this.owned(accountId, id);
    if (!list) return ok(undefined);
    if (this.nameTaken(accountId, name, id)) return err(nameTaken(name));
    const renamed = { ...list, name, updatedAt: at };
    this.listRows.set(id, renamed);
    return ok(this.view(renamed));
  }

  async findList(accountId: string, id: string): Promise<MailContactListView | undefined> {
    const list = this.owned(accountId, id);
    return list && this.view(list);
  }

  async lists(accountId: string, page: { readonly after?: string; readonly limit: number }): Promise<readonly MailContactListView[]> {
    return [...this.listRows.values()]
      .filter((list) => list.accountId === accountId && (page.after === undefined || list.id < page.after))
      .sort((a, b) => (a.id < b.id ? 1 : -1))
      .slice(0, page.limit)
      .map((list) => this.view(list));
  }

  async deleteList(accountId: string, id: string): Promise<boolean> {
    if (!this.owned(accountId, id)) return false;
    this.listRows.delete(id);
    this.contactRows.delete(id);
    return true;
  }

  async upsert(accountId: string, listId: string, contacts: readonly ContactWrite[], at: Date, newId: () => string): Promise<ContactsWritten | undefined> {
    const list = this.owned(accountId, listId);
    if (!list) return undefined;
    const rows = this.contactRows.get(listId)!;
    let added = 0;
    for (const write of contacts) {
      const existing = rows.get(write.email);
      if (!existing) added++;
      rows.set(write.email, {
        id: existing?.id ?? newId(),
        listId,
        email: write.email,
        firstName: write.firstName,
        lastName: write.lastName,
        data: write.data,
        unsubscribed: write.unsubscribed ?? existing?.unsubscribed ?? false,
        createdAt: existing?.createdAt ?? at,
        updatedAt: at,
      });
    }
    if (contacts.length > 0) this.listRows.set(listId, { ...list, updatedAt: at });
    return { added, updated: contacts.length - added };
  }

  async contactPage(accountId: string, listId: string, query: ContactQuery): Promise<ContactPage | undefined> {
    if (!this.owned(accountId, listId)) return undefined;
    const q = query.q?.toLowerCase();
    const matching = [...this.contactRows.get(listId)!.values()].filter(
      (c) => (q === undefined || [c.email, c.firstName ?? '', c.lastName ?? ''].some((text) => text.toLowerCase().includes(q))) && (query.unsubscribed === undefined || c.unsubscribed === query.unsubscribed),
    );
    return { contacts: matching.slice(query.offset, query.offset + query.limit), total: matching.length };
  }

  async findContact(accountId: string, listId: string, idOrEmail: string): Promise<MailContact | undefined> {
    if (!this.owned(accountId, listId)) return undefined;
    const rows = this.contactRows.get(listId)!;
    return rows.get(idOrEmail.toLowerCase()) ?? [...rows.values()].find((c) => c.id === idOrEmail);
  }

  async updateContact(accountId: string, listId: string, contactId: string, changes: MailContactChanges, at: Date): Promise<MailContact | undefined> {
    const contact = await this.findContact(accountId, listId, contactId);
    if (!contact) return undefined;
    const changed: MailContact = {
      ...contact,
      ...(changes.firstName === undefined ? {} : { firstName: changes.firstName?.trim() || null }),
      ...(changes.lastName === undefined ? {} : { lastName: changes.lastName?.trim() || null }),
      ...(changes.data === undefined ? {} : { data: changes.data }),
      ...(changes.unsubscribed === undefined ? {} : { unsubscribed: changes.unsubscribed }),
      updatedAt: at,
    };
    this.contactRows.get(listId)!.set(contact.email, changed);
    this.listRows.set(listId, { ...this.listRows.get(listId)!, updatedAt: at });
    return changed;
  }

  async deleteContact(accountId: string, listId: string, contactId: string, at: Date): Promise<boolean> {
    const contact = await this.findContact(accountId, listId, contactId);
    if (!contact) return false;
    this.contactRows.get(listId)!.delete(contact.email);
    this.listRows.set(listId, { ...this.listRows.get(listId)!, updatedAt: at });
    return true;
  }

  async unsubscribe(contactId: string, at: Date): Promise<boolean> {
    for (const rows of this.contactRows.values()) {
      for (const contact of rows.values()) {
        if (contact.id !== contactId) continue;
        if (!contact.unsubscribed) rows.set(contact.email, { ...contact, unsubscribed: true, updatedAt: at });
        return true;
      }
    }
    return false;
  }

  /** The contacts of a list in insertion order (what a broadcast snapshots). */
  contactsOf(listId: string): readonly MailContact[] {
    return [...(this.contactRows.get(listId)?.values() ?? [])];
  }

  private owned(accountId: string, id: string): MailContactList | undefined {
    const list = this.listRows.get(id);
    return list?.accountId === accountId ? list : undefined;
  }

  private nameTaken(accountId: string, name: string, except: string): boolean {
    return [...this.listRows.values()].some((list) => list.accountId === accountId && list.id !== except && list.name.toLowerCase() === name.toLowerCase());
  }

  private view(list: MailContactList): MailContactListView {
    const contacts = [...this.contactRows.get(list.id)!.values()];
    return { ...list, contactCount: contacts.length, unsubscribedCount: contacts.filter((c) => c.unsubscribed).length };
  }
}
