import type { NotFoundError, ResultAsync } from '@tuma/kernel';
import type { MailContactListView } from '../../domain/contacts/mail-contact-list.ts';
import { findContactList, type MailContactListRef } from './mail-contact-refs.ts';
import type { MailContactRepository } from './mail-contact.repository.port.ts';

/** `GET /v1/contacts/lists/{id}`: one of the account's lists; another account's is `not_found`. */
export class GetMailContactList {
  constructor(private readonly repository: MailContactRepository) {}

  execute(input: MailContactListRef): ResultAsync<MailContactListView, NotFoundError> {
    return findContactList(this.repository, input);
  }
}
