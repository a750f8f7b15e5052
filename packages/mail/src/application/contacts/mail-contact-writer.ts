import { atomically, err, newId, ok, type Clock, type NotFoundError, type ResultAsync, type UnitOfWork } from '@tuma/kernel';
import { contactListNotFound } from '../../domain/contacts/mail-contact-list.ts';
import type { MailContactListRef } from './mail-contact-refs.ts';
import type { ContactsWritten, MailContactRepository } from './mail-contact.repository.port.ts';

/**
 * Writes of many contacts (the add and import use cases), by the rules of the SMS contact lists
 * (docs/contacts.md): upserted by address, all or nothing in one unit of work, the list's 404 when
 * it is gone. Callers read and check their contacts first, so that no transaction waits on parsing.
 */
export class MailContactWriter {
  constructor(
    private readonly repository: MailContactRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  write(list: MailContactListRef, contacts: Parameters<MailContactRepository['upsert']>[2]): ResultAsync<ContactsWritten, NotFoundError> {
    const now = this.clock.now();
    return atomically(this.unitOfWork, async () => {
      const written = await this.repository.upsert(list.accountId, list.listId, contacts, now, () => newId('ct', now));
      return written ? ok(written) : err(contactListNotFound(list.listId));
    });
  }
}
