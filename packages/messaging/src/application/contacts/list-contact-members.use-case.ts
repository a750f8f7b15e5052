import { checkListPage, errAsync, okAsync, ResultAsync, type NotFoundError, type ValidationError } from '@tuma/kernel';
import { contactListNotFound } from '../../domain/contacts/contact-errors.ts';
import type { ContactListRepository, ContactMemberPage } from './contact-list.repository.port.ts';
import { CONTACT_MEMBERS_DEFAULT_LIMIT, CONTACT_MEMBERS_MAX_LIMIT } from '../../domain/contacts/contact-member.ts';

export interface ListContactMembersInput {
  readonly accountId: string;
  readonly listId: number;
  /** 0-based; 0 when absent. */
  readonly page?: number;
  /** 1 to 1000; 100 when absent. */
  readonly limit?: number;
}

/** One page of a list's members in the order they were added; another account's list is `not_found`. */
export class ListContactMembers {
  constructor(private readonly lists: ContactListRepository) {}

  execute(input: ListContactMembersInput): ResultAsync<ContactMemberPage, ValidationError | NotFoundError> {
    return checkListPage(input.page ?? 0, input.limit ?? CONTACT_MEMBERS_DEFAULT_LIMIT, CONTACT_MEMBERS_MAX_LIMIT).asyncAndThen(({ page, limit }) =>
      ResultAsync.fromSafePromise(this.lists.memberPage(input.accountId, input.listId, page, limit)).andThen((found) =>
        found ? okAsync(found) : errAsync(contactListNotFound(input.listId)),
      ),
    );
  }
}
