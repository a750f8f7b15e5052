import { atomically, errAsync, ResultAsync, type Clock, type NotFoundError, type UnitOfWork, type ValidationError } from '@tuma/kernel';
import { contactListNotFound } from '../../domain/contacts/contact-errors.ts';
import type { ContactListRepository, ContactMemberWrite } from './contact-list.repository.port.ts';
import { readContactMembers, type ContactMemberError, type ContactMemberInput } from '../../domain/contacts/contact-member.ts';

export interface AddContactMembersInput {
  readonly accountId: string;
  readonly listId: number;
  /** 1 to 1000 members, numbers in international format. */
  readonly members: readonly ContactMemberInput[];
}

export interface ContactMembersAdded extends ContactMemberWrite {
  /** Members left out because their number is not valid. */
  readonly errors: readonly ContactMemberError[];
}

export type AddContactMembersError = ValidationError | NotFoundError;

/**
 * Adds members to one of the account's lists; a number already in the list gets the new name and
 * variables. Another account's list is `not_found`; see `readContactMembers` for what is refused.
 */
export class AddContactMembers {
  constructor(
    private readonly lists: ContactListRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(input: AddContactMembersInput): ResultAsync<ContactMembersAdded, AddContactMembersError> {
    const { accountId, listId } = input;
    return ResultAsync.fromSafePromise(this.lists.find(accountId, listId)).andThen((list) => {
      if (!list) return errAsync(contactListNotFound(listId));
      const batch = readContactMembers(input.members);
      if (batch.isErr()) return errAsync(batch.error);
      const { members, errors } = batch.value;
      return atomically(this.unitOfWork, () => this.lists.addMembers(accountId, listId, members, this.clock.now()))
        .map((write) => ({ ...write, errors }));
    });
  }
}
