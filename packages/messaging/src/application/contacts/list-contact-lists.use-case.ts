import { checkLimit, ResultAsync, type ValidationError } from '@tuma/kernel';
import { CONTACT_LISTS_DEFAULT_LIMIT, CONTACT_LISTS_MAX_LIMIT, type ContactList } from '../../domain/contacts/contact-list.aggregate.ts';
import type { ContactListRepository } from './contact-list.repository.port.ts';

export interface ListContactListsInput {
  readonly accountId: string;
  /** 1 to 500; 100 when absent. */
  readonly limit?: number;
}

/** The account's contact lists, newest first. */
export class ListContactLists {
  constructor(private readonly lists: ContactListRepository) {}

  execute(input: ListContactListsInput): ResultAsync<readonly ContactList[], ValidationError> {
    const limit = input.limit ?? CONTACT_LISTS_DEFAULT_LIMIT;
    return checkLimit(limit, CONTACT_LISTS_MAX_LIMIT).asyncAndThen((checked) => ResultAsync.fromSafePromise(this.lists.list(input.accountId, checked)));
  }
}
