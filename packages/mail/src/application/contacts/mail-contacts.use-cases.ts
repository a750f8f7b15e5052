import { atomically, err, errAsync, newId, ok, okAsync, ResultAsync, validationError, type Clock, type ConflictError, type NotFoundError, type TooManyRowsError, type UnitOfWork, type ValidationError } from '@tuma/kernel';
import { contactFieldIssues, readContactBatch, type ContactInputError, type MailContact, type MailContactChanges, type MailContactInput } from '../../domain/contacts/mail-contact.ts';
import { readMailContactFile, type MailContactRowError } from '../../domain/contacts/mail-contact-file.ts';
import { contactListName, contactListNotFound, mailContactNotFound, type MailContactListView } from '../../domain/contacts/mail-contact-list.ts';
import { pageOf, type Page } from '../paging.ts';
import type { ContactPage, ContactQuery, ContactsWritten, MailContactRepository } from './mail-contact.repository.port.ts';

/** Row errors an import reports in full; `errorCount` counts them all (as the SMS import). */
export const MAIL_CONTACT_IMPORT_ERRORS_SHOWN = 100;

export interface ContactsAdded extends ContactsWritten {
  /** Contacts left out: their address is not one. */
  readonly errors: readonly ContactInputError[];
}

export interface MailContactImport extends ContactsWritten {
  /** Contacts written: distinct addresses of the rows without errors. */
  readonly imported: number;
  /** Rows whose address an earlier row of the file had (the last row of an address wins). */
  readonly duplicates: number;
  readonly errorCount: number;
  /** The first `MAIL_CONTACT_IMPORT_ERRORS_SHOWN` row errors, in file order. */
  readonly errors: readonly MailContactRowError[];
}

interface ListRef {
  readonly accountId: string;
  readonly listId: string;
}

interface ContactRef extends ListRef {
  /** `ct_...` or an address (any case). */
  readonly contact: string;
}

/**
 * `/v1/contacts/lists`: an account's lists of mail contacts and the contacts in them (docs/mail.md,
 * "Contacts and broadcasts"), by the rules of the SMS contact lists (docs/contacts.md): writes of
 * many contacts all or nothing in one unit of work, invalid addresses reported and left out, a CSV
 * file read before the unit of work starts so that no transaction waits on parsing.
 */
export class MailContacts {
  constructor(
    private readonly repository: MailContactRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  createList(input: { readonly accountId: string; readonly name: string }): ResultAsync<MailContactListView, ValidationError | ConflictError> {
    const name = contactListName(input.name);
    if (name.isErr()) return errAsync(name.error);
    const now = this.clock.now();
    return new ResultAsync(this.repository.insertList({ id: newId('cl', now), accountId: input.accountId, name: name.value, createdAt: now, updatedAt: now }));
  }

  listLists(input: { readonly accountId: string; readonly after?: string; readonly limit: number }): ResultAsync<Page<MailContactListView>, never> {
    return pageOf((limit) => this.repository.lists(input.accountId, { after: input.after, limit }), input.limit);
  }

  getList({ accountId, listId }: ListRef): ResultAsync<MailContactListView, NotFoundError> {
    return ResultAsync.fromSafePromise(this.repository.findList(accountId, listId)).andThen((list) => (list ? okAsync(list) : errAsync(contactListNotFound(listId))));
  }

  renameList(input: ListRef & { readonly name: string }): ResultAsync<MailContactListView, ValidationError | ConflictError | NotFoundError> {
    const name = contactListName(input.name);
    if (name.isErr()) return errAsync(name.error);
    return new ResultAsync(this.repository.renameList(input.accountId, input.listId, name.value, this.clock.now())).andThen((list) => (list ? okAsync(list) : errAsync(contactListNotFound(input.listId))));
  }

  deleteList({ accountId, listId }: ListRef): ResultAsync<void, NotFoundError> {
    return ResultAsync.fromSafePromise(this.repository.deleteList(accountId, listId)).andThen((deleted) => (deleted ? okAsync(undefined) : errAsync(contactListNotFound(listId))));
  }

  /** 1 to 1000 contacts, upserted by address (any case). */
  addContacts(input: ListRef & { readonly contacts: readonly MailContactInput[] }): ResultAsync<ContactsAdded, ValidationError | NotFoundError> {
    const batch = readContactBatch(input.contacts);
    if (batch.isErr()) return errAsync(batch.error);
    const { contacts, errors } = batch.value;
    return this.write(input, contacts).map((written) => ({ ...written, errors }));
  }

  /** One contact, upserted by address: the contact as stored, or a 422 naming `email` when the address is not one. */
  addContact(input: ListRef & { readonly contact: MailContactInput }): ResultAsync<MailContact, ValidationError | NotFoundError> {
    const batch = readContactBatch([input.contact], 'contact');
    if (batch.isErr()) return errAsync(validationError(batch.error.details.map((issue) => ({ ...issue, path: issue.path.replace(/^contact\.0\./, '') }))));
    const [contact] = batch.value.contacts;
    if (!contact) return errAsync(validationError([{ path: 'email', message: `${input.contact.email} is not an email address` }]));
    return this.write(input, [contact]).andThen(() => ResultAsync.fromSafePromise(this.repository.findContact(input.accountId, input.listId, contact.email))).andThen((stored) => (stored ? okAsync(stored) : errAsync(contactListNotFound(input.listId))));
  }

  /** A CSV file (docs/mail.md): the rows without errors written all or nothing. */
  importContacts(input: ListRef & { readonly csv: string }): ResultAsync<MailContactImport, ValidationError | TooManyRowsError | NotFoundError> {
    return ResultAsync.fromSafePromise(this.repository.findList(input.accountId, input.listId)).andThen((list) => {
      if (!list) return errAsync(contactListNotFound(input.listId));
      const file = readMailContactFile(input.csv);
      if (file.isErr()) return errAsync(file.error);
      const { contacts, duplicates, errors } = file.value;
      return this.write(input, contacts).map((written) => ({ ...written, imported: contacts.length, duplicates, errorCount: errors.length, errors: errors.slice(0, MAIL_CONTACT_IMPORT_ERRORS_SHOWN) }));
    });
  }

  listContacts(input: ListRef & ContactQuery): ResultAsync<ContactPage, NotFoundError> {
    const { accountId, listId, ...query } = input;
    return ResultAsync.fromSafePromise(this.repository.contactPage(accountId, listId, query)).andThen((page) => (page ? okAsync(page) : errAsync(contactListNotFound(listId))));
  }

  getContact(input: ContactRef): ResultAsync<MailContact, NotFoundError> {
    return this.contact(input);
  }

  updateContact(input: ContactRef & { readonly changes: MailContactChanges }): ResultAsync<MailContact, ValidationError | NotFoundError> {
    const issues = contactFieldIssues(input.changes);
    if (Object.values(input.changes).every((value) => value === undefined)) issues.push({ path: '', message: 'Give at least one of first_name, last_name, data, unsubscribed' });
    if (issues.length > 0) return errAsync(validationError(issues));
    return this.contact(input).andThen((contact) =>
      ResultAsync.fromSafePromise(this.repository.updateContact(input.accountId, input.listId, contact.id, input.changes, this.clock.now())).andThen((updated) =>
        updated ? okAsync(updated) : errAsync(mailContactNotFound(input.contact)),
      ),
    );
  }

  deleteContact(input: ContactRef): ResultAsync<void, NotFoundError> {
    return this.contact(input).andThen((contact) =>
      ResultAsync.fromSafePromise(this.repository.deleteContact(input.accountId, input.listId, contact.id, this.clock.now())).andThen((deleted) => (deleted ? okAsync(undefined) : errAsync(mailContactNotFound(input.contact)))),
    );
  }

  /** The list's 404 before the contact's: another account's list is never told apart from a missing one. */
  private contact({ accountId, listId, contact }: ContactRef): ResultAsync<MailContact, NotFoundError> {
    return this.getList({ accountId, listId }).andThen(() =>
      ResultAsync.fromSafePromise(this.repository.findContact(accountId, listId, contact)).andThen((found) => (found ? okAsync(found) : errAsync(mailContactNotFound(contact)))),
    );
  }

  private write(list: ListRef, contacts: Parameters<MailContactRepository['upsert']>[2]): ResultAsync<ContactsWritten, NotFoundError> {
    const now = this.clock.now();
    return atomically(this.unitOfWork, async () => {
      const written = await this.repository.upsert(list.accountId, list.listId, contacts, now, () => newId('ct', now));
      return written ? ok(written) : err(contactListNotFound(list.listId));
    });
  }
}
