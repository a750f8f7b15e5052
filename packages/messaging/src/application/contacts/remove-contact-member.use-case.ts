import { atomically, err, errAsync, ok, ResultAsync, type Clock, type NotFoundError, type UnitOfWork } from '@tuma/kernel';
import { contactListNotFound, contactNotFound } from '../../domain/contacts/contact-errors.ts';
import type { ContactListRepository } from './contact-list.repository.port.ts';
import { readPhoneField, type InvalidPhoneField } from '../../domain/numbers/read-phone-field.ts';

export interface RemoveContactMemberInput {
  readonly accountId: string;
  readonly listId: number;
  /** As in a URL path: international format, the `+` may be left out (see `readPhoneField`). */
  readonly phone: string;
}

/** Takes a number off one of the account's lists: `not_found` for another account's list, or a number not in it. */
export class RemoveContactMember {
  constructor(
    private readonly lists: ContactListRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(input: RemoveContactMemberInput): ResultAsync<void, NotFoundError | InvalidPhoneField> {
    const { accountId, listId } = input;
    return ResultAsync.fromSafePromise(this.lists.find(accountId, listId)).andThen((list) => {
      if (!list) return errAsync(contactListNotFound(listId));
      const phone = readPhoneField(input.phone, 'phone', { plusOptional: true });
      if (phone.isErr()) return errAsync(phone.error);
      const { e164 } = phone.value;
      return atomically(this.unitOfWork, async () =>
        (await this.lists.removeMember(accountId, listId, e164, this.clock.now())) ? ok(undefined) : err(contactNotFound(e164)),
      );
    });
  }
}
