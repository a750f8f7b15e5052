import { errAsync, okAsync, ResultAsync, validationError, type Clock, type NotFoundError, type ValidationError } from '@tuma/kernel';
import { contactFieldIssues, type MailContact, type MailContactChanges } from '../../domain/contacts/mail-contact.ts';
import { mailContactNotFound } from '../../domain/contacts/mail-contact-list.ts';
import { findContact, type MailContactRef } from './mail-contact-refs.ts';
import type { MailContactRepository } from './mail-contact.repository.port.ts';

/** `PATCH /v1/contacts/lists/{id}/contacts/{contact}`: at least one field changed (names, data, unsubscribed). */
export class UpdateMailContact {
  constructor(
    private readonly repository: MailContactRepository,
    private readonly clock: Clock,
  ) {}

  execute(input: MailContactRef & { readonly changes: MailContactChanges }): ResultAsync<MailContact, ValidationError | NotFoundError> {
    const issues = contactFieldIssues(input.changes);
    if (Object.values(input.changes).every((value) => value === undefined)) issues.push({ path: '', message: 'Give at least one of first_name, last_name, data, unsubscribed' });
    if (issues.length > 0) return errAsync(validationError(issues));
    return findContact(this.repository, input).andThen((contact) =>
      ResultAsync.fromSafePromise(this.repository.updateContact(input.accountId, input.listId, contact.id, input.changes, this.clock.now())).andThen((updated) =>
        updated ? okAsync(updated) : errAsync(mailContactNotFound(input.contact)),
      ),
    );
  }
}
