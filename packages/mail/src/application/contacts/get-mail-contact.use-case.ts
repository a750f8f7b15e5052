import type { NotFoundError, ResultAsync } from '@tuma/kernel';
import type { MailContact } from '../../domain/contacts/mail-contact.ts';
import { findContact, type MailContactRef } from './mail-contact-refs.ts';
import type { MailContactRepository } from './mail-contact.repository.port.ts';

/** `GET /v1/contacts/lists/{id}/contacts/{contact}`: by id or by address. */
export class GetMailContact {
  constructor(private readonly repository: MailContactRepository) {}

  execute(input: MailContactRef): ResultAsync<MailContact, NotFoundError> {
    return findContact(this.repository, input);
  }
}
